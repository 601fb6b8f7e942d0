"""Phase 2 with what it pruned: the candidates Algorithm 3 put together for a
vertex and dropped on the way to best(v).

getBest(v) extends best_{≤i-1}(v) by the candidates of the i-th child and
keeps the (n4, r4)-best (best_{≤i}(v)), and best(v) is the (n5, r5)-best of
the complete candidates; before each pruning, candidates with the same
partial yield are merged into the best of them.  :class:`BestSequenceSearch`
keeps only what survives, and reports every pruning to its observation hook
:meth:`~amrgen.decoding.beam.BestSequenceSearch.pruned`: what went in and
what came out.  :class:`RecordingSearch` notes these reports, and
:meth:`RecordingSearch.dropped` lists each candidate of a vertex that a
pruning did not keep, with the pruning that dropped it and whether it was
merged into a candidate of the same yield, pruned by (n, r), dropped for saying
a word twice in a row, or dropped as disagreeing (:mod:`amrgen.decoding.agreement`).
:func:`winner_path` gives each vertex's candidate on the path to the winner.
"""

from __future__ import annotations

from dataclasses import dataclass

from amrgen.decoding.beam import (
    AgreementStage,
    BestSequenceSearch,
    ChildStage,
    Hypothesis,
    PruneStage,
    RepeatStage,
    best_by_yield,
)
from amrgen.graph import Vertex


@dataclass(frozen=True)
class Dropped:
    """A candidate the search made for a vertex and did not keep."""

    hypothesis: Hypothesis
    stage: PruneStage
    """The pruning that dropped it: after the i-th of n children, or best(v)."""
    merged_into: Hypothesis | None = None
    """The candidate of the same partial yield it was merged into (scored at
    least as high); None when it was pruned by (n, r)."""

    @property
    def disagreeing(self) -> bool:
        """Whether an agreement dropped it (:class:`~amrgen.decoding.beam.AgreementStage`)."""
        return isinstance(self.stage, AgreementStage)

    @property
    def repeating(self) -> bool:
        """Whether it was dropped for saying a word twice in a row (:class:`~amrgen.decoding.beam.RepeatStage`)."""
        return isinstance(self.stage, RepeatStage)

    @property
    def reason(self) -> str:
        """Where and why it was dropped, as the inspector says it."""
        stage = self.stage
        if self.disagreeing:
            return "dropped before best(v): disagrees (phase-2 agreement)"
        if self.repeating:
            return f"dropped at child {stage.i} of {stage.n}: a word twice in a row"
        if self.merged_into is not None:
            where = f"at child {stage.i} of {stage.n}" if isinstance(stage, ChildStage) else "in best(v)"
            other = "a better" if self.merged_into.score > self.hypothesis.score else "an equally scored"
            return f"merged {where} into {other} candidate of the same yield"
        if isinstance(stage, ChildStage):
            return f"pruned at child {stage.i} of {stage.n} (n4, r4)"
        return "pruned from best(v) (n5, r5)"


@dataclass(frozen=True)
class Pruning:
    """One pruning of one vertex's candidates, as the search reported it."""

    stage: PruneStage
    candidates: tuple[Hypothesis, ...]
    """What went in, before candidates of the same yield were merged."""
    kept: tuple[Hypothesis, ...]
    """What came out, best first."""

    def dropped(self) -> list[Dropped]:
        """The candidates not kept, in the order they were made."""
        kept = {id(h) for h in self.kept}
        by_yield = {} if isinstance(self.stage, (AgreementStage, RepeatStage)) else best_by_yield(self.candidates)
        return [Dropped(h, self.stage, None if by_yield.get(h.words, h) is h else by_yield[h.words])
                for h in self.candidates if id(h) not in kept]


class RecordingSearch(BestSequenceSearch):
    """:class:`BestSequenceSearch` that notes every pruning, by vertex (a vertex
    that Insert-Child added under its own name)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.prunings: dict[Vertex, list[Pruning]] = {}

    def pruned(self, v: Vertex, stage: PruneStage, candidates: list[Hypothesis], kept: list[Hypothesis]) -> None:
        self.prunings.setdefault(v, []).append(Pruning(stage, tuple(candidates), tuple(kept)))

    def dropped(self, v: Vertex) -> list[Dropped]:
        """Every candidate of v that a pruning dropped: those dropped from best(v)
        first, then those of later children before earlier ones, best first
        within each."""
        found = [d for pruning in self.prunings.get(v, ()) for d in pruning.dropped()]
        return sorted(found, key=_latest_first)


def winner_path(winner: Hypothesis) -> dict[Vertex, Hypothesis]:
    """Each vertex's candidate on the path to the winner b̂: the winner and,
    recursively, the child candidates it combines."""
    path, stack = {}, [winner]
    while stack:
        h = stack.pop()
        path[h.vertex] = h
        stack.extend(h.children)
    return path


def _latest_first(d: Dropped) -> tuple:
    """best(v), then the agreement, before every child stage, child i before child i - 1 (its
    pruning before its repeated words), then the better candidate."""
    i = d.stage.i if isinstance(d.stage, (ChildStage, RepeatStage)) else None
    return (i is not None, -(i or 0), isinstance(d.stage, (AgreementStage, RepeatStage)), -d.hypothesis.score)
