"""Aligning AMR graphs with their reference realizations (thesis 4.3.1, reference §3).

For corpora that carry no alignments, :func:`align_corpus` computes A_G for
every element (G, w) of a corpus:

1. A'_wa, the statistical alignment of Pourdamghani et al. (2014) trained on
   the whole corpus (:mod:`.statistical`);
2. A_rb, the rule-based alignment after Flanigan et al. (2014) (:mod:`.rules`);
3. A = A'_wa ∪ {(v, i) ∈ A_rb | v unaligned in A'_wa} and the handwritten
   rules that turn A into A_G (:mod:`.fusion`).

Alignments are ``dict[Vertex, frozenset[int]]`` over 1-based positions of the
prepared words w' (lower-cased, punctuation removed); every one is a
contiguous span.  The result is deterministic: the same items give the same
alignments.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from amrgen.amr import Amr
from amrgen.prep.align.fusion import apply_rules, fuse
from amrgen.prep.align.rules import rule_alignment
from amrgen.prep.align.spans import Alignment
from amrgen.prep.align.statistical import statistical_alignments

AlignmentItem = tuple[Amr, Sequence[str], Sequence[str], Sequence[str]]
"""(G, w', lemmas of w', POS tags of w')."""

Progress = Callable[[int, int], None]
"""Called with (steps done, steps in all) as the work goes on."""

__all__ = [
    "Alignment",
    "AlignmentItem",
    "Progress",
    "align_corpus",
    "apply_rules",
    "fuse",
    "rule_alignment",
    "statistical_alignments",
]


def align_corpus(
    items: Sequence[AlignmentItem], *, progress: Progress | None = None
) -> list[Alignment]:
    """A_G for every item (amr, words, lemmas, pos), in order.

    ``progress`` counts two steps for training the statistical aligner (one
    per direction) and one per item aligned.
    """
    total = 2 + len(items)
    a_wa = statistical_alignments(
        [(amr, words, lemmas) for amr, words, lemmas, _ in items],
        progress=progress and (lambda done, _: progress(done, total)),
    )
    result = []
    for done, ((amr, words, lemmas, pos), statistical) in enumerate(zip(items, a_wa), start=3):
        fused = fuse(statistical, rule_alignment(amr, words, lemmas))
        result.append(apply_rules(amr, words, lemmas, pos, fused))
        if progress:
            progress(done, total)
    return result
