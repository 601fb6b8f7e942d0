"""Alignments as the preparation step builds them (thesis 4.3.1).

An alignment A ⊆ V_G × [m] is kept as a map vertex ↦ the 1-based positions
of the words w' = w1 ... wm it is aligned to; a vertex aligned to nothing
is simply absent.  Every alignment this package returns is *contiguous*:
A(v) = {k, k+1, ..., k+l} for some k and l, because a vertex's realization
(Realize) is one contiguous sequence of words.
"""

from __future__ import annotations

from collections.abc import Iterable

from amrgen.graph import Vertex

Alignment = dict[Vertex, frozenset[int]]


def word_span(first: int, last: int) -> frozenset[int]:
    """{first, first+1, ..., last}."""
    return frozenset(range(first, last + 1))


def first_run(positions: Iterable[int]) -> frozenset[int]:
    """The first contiguous run of ``positions``, beginning from the left.

    This is how the thesis turns A_wa into A'_wa: all (v, i) not in the
    first contiguous sequence aligned to v are removed.
    """
    ordered = sorted(set(positions))
    run = ordered[:1]
    for position in ordered[1:]:
        if position != run[-1] + 1:
            break
        run.append(position)
    return frozenset(run)


def is_contiguous(positions: Iterable[int]) -> bool:
    """Whether the positions are {k, ..., k+l} (the empty set counts as contiguous)."""
    ordered = sorted(set(positions))
    return not ordered or ordered[-1] - ordered[0] + 1 == len(ordered)


def as_pairs(alignment: Alignment) -> set[tuple[Vertex, int]]:
    """The alignment as the thesis writes it: a set of pairs (v, i)."""
    return {(v, i) for v, positions in alignment.items() for i in positions}
