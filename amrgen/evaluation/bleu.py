"""Case-insensitive corpus BLEU and chrF++ on tokenized text, as Section 6 scores.

BLEU is sacrebleu's with ``lowercase=True, tokenize='none'``: 1- to 4-grams,
the system output and the references are compared as given (already
tokenized), without sacrebleu's own tokenizer.  chrF++ (:func:`corpus_chrf`)
is sacrebleu's chrF with word n-grams up to 2 (``word_order=2``), the metric
AMR-to-text work reports beside BLEU, lower-cased as BLEU is.

A graph may have several references (``# ::alt-snts``): each reference of
:func:`corpus_bleu` and :func:`corpus_chrf` is a string or a sequence of
strings.  sacrebleu takes references as streams, the i-th reference of every
graph in stream i; a graph with fewer references than the most has None in
the streams it lacks, which sacrebleu leaves out (an empty string would be
counted as a reference of length 0).
"""

from __future__ import annotations

from collections.abc import Sequence

References = Sequence[str | Sequence[str]]
"""One reference per hypothesis, or several: a string or a sequence of strings each."""


def corpus_bleu(hypotheses: Sequence[str], references: References) -> float:
    """BLEU (0-100) of the hypotheses against their references."""
    streams = _streams(hypotheses, references)
    if not hypotheses:
        return 0.0
    import sacrebleu  # 0.1-0.2 s: imported where a score is asked, not by every generate (issue 18)

    return sacrebleu.corpus_bleu(list(hypotheses), streams, lowercase=True, tokenize="none", force=True).score


def corpus_chrf(hypotheses: Sequence[str], references: References) -> float:
    """chrF++ (0-100) of the hypotheses against their references."""
    streams = _streams(hypotheses, references)
    if not hypotheses:
        return 0.0
    from sacrebleu.metrics import CHRF

    return CHRF(word_order=2, lowercase=True).corpus_score(list(hypotheses), streams).score


def sentence_bleu(hypothesis: str, reference: str) -> float:
    """BLEU (0-100) of one sentence, with sacrebleu's default smoothing for sentences."""
    import sacrebleu

    return sacrebleu.sentence_bleu(hypothesis, [reference], lowercase=True, tokenize="none").score


def _streams(hypotheses: Sequence[str], references: References) -> list[list[str | None]]:
    """The references as sacrebleu's streams, padded with None (see the module docstring)."""
    if len(hypotheses) != len(references):
        raise ValueError(f"{len(hypotheses)} hypotheses but {len(references)} references")
    sets = [[reference] if isinstance(reference, str) else list(reference) for reference in references]
    if any(not references_of_one for references_of_one in sets):
        raise ValueError("a hypothesis without any reference")
    width = max((len(s) for s in sets), default=1)
    return [[s[i] if i < len(s) else None for s in sets] for i in range(width)]
