"""One corpus score: corpus BLEU and chrF++ against every reference a corpus has
(thesis Section 6; :mod:`amrgen.evaluation.bleu` computes them).

An entry's references are its ``# ::tok`` (else ``# ::snt`` without markup,
tokenized) and the paraphrases of ``# ::alt-snts``.  :func:`scored` reads them
from the corpus's entries beside the generated sentences, and
:func:`corpus_score` scores those: ``amrgen generate -b``, ``evaluate``,
``compare`` and ``tune``, the benchmarks and the application all score
through these two, so the same output gets the same figures everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from amrgen.evaluation.bleu import corpus_bleu, corpus_chrf
from amrgen.evaluation.lengths import Scored
from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import CorpusEntry, ReadError
from amrgen.prep.tokenize import alternatives_of, reference_of

Item = CorpusEntry | ReadError


def reference_tokens(item: Item) -> list[str] | None:
    """The tokenized reference of an entry, as ``amrgen oracle --bleu`` scores
    against (``# ::tok``, else ``# ::snt`` tokenized); None if it has none."""
    if isinstance(item, ReadError):
        return None
    try:
        return reference_of(item.metadata).tokens
    except CorpusFormatError:
        return None


def alternative_tokens(item: Item) -> list[list[str]]:
    """The tokenized paraphrases of an entry's reference (``# ::alt-snts``), further
    references of BLEU; none for a malformed entry."""
    return [] if isinstance(item, ReadError) else alternatives_of(item.metadata)


def scored(sentences: Sequence[str], items: Sequence[Item],
           seconds: Sequence[float | None] | None = None) -> list[Scored]:
    """Each generated sentence beside every reference of its entry (and its time),
    for the entries that have a reference (one that could not be generated counts
    with the empty sentence)."""
    times = seconds if seconds is not None else [None] * len(items)
    graphs = []
    for sentence, item, taken in zip(sentences, items, times, strict=True):
        reference = reference_tokens(item)
        if reference is not None:
            graphs.append(Scored(sentence, reference, taken, alternative_tokens(item)))
    return graphs


@dataclass(frozen=True)
class CorpusScore:
    """Corpus BLEU and chrF++ of some graphs (None for none)."""

    graphs: int
    bleu: float | None
    chrf: float | None


def corpus_score(graphs: Sequence[Scored]) -> CorpusScore:
    """Corpus BLEU and chrF++ (0-100) of the graphs against all their references."""
    if not graphs:
        return CorpusScore(0, None, None)
    hypotheses = [g.hypothesis for g in graphs]
    references = [g.references for g in graphs]
    return CorpusScore(len(graphs), corpus_bleu(hypotheses, references), corpus_chrf(hypotheses, references))
