"""What the Phase 2 dock shows of a session of model mode, computed without Qt:
the candidates best(v) of a vertex with the ones the search dropped, their
text column by column, why b̂ was said, and generatePartial(c, b) for a
candidate (:class:`amrgen_gui.qt.views.phase2_inspector.Phase2Inspector`
lays them out)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from amrgen.decoding.partial import generate_partial
from amrgen.graph import Vertex
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import InsertBetween, InsertChild, NoInsertion, Realize, Reorder
from amrgen_gui.state.session_cache import per_session

CLASSES = tuple(t.name for t in (Realize, InsertChild, Reorder, InsertBetween, NoInsertion))
"""The transition classes of phase 2, one score_TS column each."""
COLUMNS = ("", "#", "realization", "partial yield", "score", "θ_LM·score_LM", "score_TS", *CLASSES, "")
"""The sums first, so that they are in sight in a narrow dock; score_TS by class after them."""
MAX_DROPPED = 200
"""Dropped candidates listed per vertex (see :meth:`RecordingSearch.dropped` for the order)."""


@dataclass(frozen=True)
class Row:
    """One candidate as listed."""

    hypothesis: Any
    rank: int | None
    """Its place in best(v) (1 is the best), None when dropped."""
    stage: str
    """Where and why it was dropped (:attr:`Dropped.reason`); empty when kept."""
    on_path: bool

    def place(self) -> str:
        """Where the candidate is, in words."""
        return f"#{self.rank} of best({self.hypothesis.vertex})" if self.rank else \
            f"a candidate for {self.hypothesis.vertex} {self.stage}"


def number(x: float) -> str:
    return f"{x:.2f}" if math.isfinite(x) else ("−∞" if x < 0 else "∞")


def realization(hypothesis) -> str:
    """The word of b(v)'s first Realize (ε for the empty word), "deleted" without one."""
    for t, _ in hypothesis.steps:
        if isinstance(t, Realize):
            return t.word or "ε"
    return "deleted"


def cells(row: Row, hyper) -> list[str]:
    """What the table shows of a candidate, column by column."""
    h = row.hypothesis
    by_class = h.scores_by_class(hyper)
    return ["▶" if row.on_path else "", str(row.rank) if row.rank else "", realization(h), " ".join(h.words) or "ε",
            number(h.score), number(h.lm), number(h.ts),
            *(number(by_class[name]) if name in by_class else "" for name in CLASSES),
            "kept in best(v)" if row.rank else row.stage]


def why_said(generation, short: bool = False) -> str:
    """Why b̂ was said: its rank in best(root) by ŝ, and its score after the final
    re-ranking of the postprocessed candidates (:meth:`Generator.say`); ``short``: in
    a few words."""
    winner = generation.winner
    root = generation.phase2.best.get(generation.phase2.root, [])
    rank = 1 + sum(h.score > winner.score for h in root)
    if short:
        return (f"#{rank} of {len(root)} in best(root) by ŝ = {number(winner.score)} · said: "
                f"ŝ + θ_LM·score_LM(w̃) = {number(generation.score)}, the highest")
    return (f"It is #{rank} of {len(root)} in best(root) by its score ŝ = {number(winner.score)}; said because "
            f"ŝ + θ_LM·score_LM(w̃) of its postprocessed sentence = {number(generation.score)} is the highest "
            "(the final re-ranking).")


def left_at(session) -> int:
    """The first step whose transition is not generate(G)'s (an override)."""
    first = session.steps[0].plan
    return next(i for i, step in enumerate(session.steps[:session.position + 1]) if step.plan is not first)


def vertex_lines(generation, path: dict[Vertex, Any]) -> list[tuple[Vertex, str, int]]:
    """The vertices in the search's bottom-up order, each with its line (the words of its
    candidate on the winner's path) and how many candidates best(v) has."""
    graph = generation.phase1.configuration.graph  # G', with the copies phase 1 made
    lines = []
    for i, v in enumerate(generation.phase2.order, start=1):
        chosen = path.get(v)
        words = " ".join(chosen.words) if chosen is not None else "—"
        lines.append((v, f"{i:>2}  {v} : {graph.label(v)}   “{words}”", len(generation.phase2.best.get(v, []))))
    return lines


def candidate_rows(session, v: Vertex, on_path) -> tuple[list[Row], list]:
    """best(v) as the engine returned it, then the candidates dropped (the first
    :data:`MAX_DROPPED`, each with where and why); and every dropped one
    (:class:`amrgen.stepping.search_record.Dropped`)."""
    kept, dropped = session.best(v)
    rows = [Row(h, rank, "", h is on_path) for rank, h in enumerate(kept, start=1)]
    return rows + [Row(d.hypothesis, None, d.reason, False) for d in dropped[:MAX_DROPPED]], dropped


@per_session
def candidates(session, v: Vertex) -> tuple[list[Row], list[list[str]], list]:
    """The rows of v's table (:func:`candidate_rows`), their text (made once: a row's scores
    by class take milliseconds), and every candidate dropped."""
    rows, dropped = candidate_rows(session, v, session.winner_path.get(v))
    hyper = session.generator.generator.hyper
    return rows, [cells(row, hyper) for row in rows], dropped


def preview(session, row: Row) -> tuple[Configuration, str]:
    """generatePartial(c, b) for the phase-1 configuration c and the candidate's b, and a
    caption saying which candidate it is (the engine's errors pass through)."""
    generation = session.generation
    c = generate_partial(generation.phase1.configuration, row.hypothesis.function(), generation.phase2.numbering)
    return c, f"generatePartial(c, b) for {row.place()}: “{' '.join(row.hypothesis.words)}”"
