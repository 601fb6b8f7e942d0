"""Phase 2 with what it pruned: the candidates Algorithm 3 put together for a
vertex and dropped on the way to best(v).

getBest(v) extends best_{≤i-1}(v) by the candidates of the i-th child and
keeps the (n4, r4)-best (best_{≤i}(v)), and best(v) is the (n5, r5)-best of
the complete ones; two candidates with the same partial yield are kept
once.  :class:`BestSequenceSearch` keeps only what survives, so
:class:`RecordingSearch` notes every candidate as it is made (each
:class:`Hypothesis` comes from ``_hypothesis``) and :func:`dropped` tells
the ones that went nowhere: an incomplete candidate no later one extends,
a complete one that is not in best(v).
"""

from __future__ import annotations

from dataclasses import dataclass

from amrgen.decoding.beam import BestSequenceSearch, Hypothesis
from amrgen.graph import Vertex
from amrgen.transitions.transitions import Reorder


class RecordingSearch(BestSequenceSearch):
    """:class:`BestSequenceSearch` that keeps every candidate it makes, by vertex
    (with whether every child of the vertex is in it)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.made: dict[Vertex, list[tuple[Hypothesis, bool]]] = {}

    def _hypothesis(self, v, steps, children, left, own, right, ts, complete: bool) -> Hypothesis:
        hypothesis = super()._hypothesis(v, steps, children, left, own, right, ts, complete)
        self.made.setdefault(v, []).append((hypothesis, complete))
        return hypothesis


@dataclass(frozen=True)
class Dropped:
    """A candidate the search made for a vertex and did not keep."""

    hypothesis: Hypothesis
    combined: int
    """How many children it had combined (i of best_{≤i}(v))."""
    children: int
    """How many children its order has."""

    @property
    def stage(self) -> str:
        """Where it was dropped, as the inspector says it: a candidate made with the
        i-th child is pruned from best_{≤i}(v) or, once complete, from best(v)."""
        i, n = self.combined, self.children
        if i == n:
            return "pruned from best(v)" if n == 0 else f"pruned at child {n} of {n} or from best(v)"
        return f"pruned at child {i} of {n}" if i else "not extended"


def dropped(made: list[tuple[Hypothesis, bool]], kept: list[Hypothesis]) -> list[Dropped]:
    """The candidates of ``made`` (one vertex's, as :class:`RecordingSearch` noted them)
    that are neither in best(v) (``kept``, compared by partial yield and score)
    nor extended by a later candidate; best first."""
    extended = {_key(h.steps[:-1], h.children[:-1]) for h, _ in made if h.children}
    kept_scores = {(h.words, h.score) for h in kept}
    found = [Dropped(h, len(h.children), _children(h)) for h, complete in made
             if ((h.words, h.score) not in kept_scores if complete else _key(h.steps, h.children) not in extended)]
    return sorted(found, key=lambda d: (-d.combined, -d.hypothesis.score))


def _key(steps: tuple, children: tuple[Hypothesis, ...]) -> tuple:
    """A candidate's b(v) and which child candidates it holds (the same objects)."""
    return steps, tuple(id(child) for child in children)


def _children(h: Hypothesis) -> int:
    """The number of children in the order h's Reorder gives (0 without one)."""
    orders = [t for t, _ in h.steps if isinstance(t, Reorder)]
    return len(orders[0].sequence) - 1 if orders else 0
