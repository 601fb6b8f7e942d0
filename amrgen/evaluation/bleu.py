"""Case-insensitive corpus BLEU on tokenized text, as Section 6 scores.

sacrebleu with ``lowercase=True, tokenize='none'``: 1- to 4-grams, the
system output and the references are compared as given (already tokenized),
without sacrebleu's own tokenizer.
"""

from __future__ import annotations

from collections.abc import Sequence

import sacrebleu


def corpus_bleu(hypotheses: Sequence[str], references: Sequence[str]) -> float:
    """BLEU (0-100) of the hypotheses against one reference each."""
    if len(hypotheses) != len(references):
        raise ValueError(f"{len(hypotheses)} hypotheses but {len(references)} references")
    if not hypotheses:
        return 0.0
    return sacrebleu.corpus_bleu(list(hypotheses), [list(references)], lowercase=True, tokenize="none",
                                 force=True).score


def sentence_bleu(hypothesis: str, reference: str) -> float:
    """BLEU (0-100) of one sentence, with sacrebleu's default smoothing for sentences."""
    return sacrebleu.sentence_bleu(hypothesis, [reference], lowercase=True, tokenize="none").score
