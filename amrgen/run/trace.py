"""One ``--trace`` line: what generation decided for one graph (``amrgen generate --trace``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from amrgen.amr import Amr
from amrgen.decoding.generator import Generation, Generator
from amrgen.decoding.phase1 import Phase1Result

TRACE_KEYS = ("index", "id", "sentence", "error", "phase1", "phase2", "score", "postprocess", "segments")
"""The keys of a ``--trace`` line (see :func:`trace_line`)."""


def trace_line(index: int, entry_id: str, generator: Generator | None = None,
               first_phase: tuple[Amr, Phase1Result] | None = None, generation: Generation | None = None,
               error: str | None = None, pieces: Sequence[Generation] = ()) -> dict[str, Any]:
    """One ``--trace`` line: the entry, the sentence, phase 1's transitions
    (str(t) and P(t | c)), phase 2's chosen transitions b̂(v) per vertex in
    bottom-up order (Algorithm 5's traversal, a vertex Insert-Child added just
    before its parent), and the winner's score parts: θ_LM · score_LM, score_TS
    by class (Σ θ_C(t) · log p) and the total ŝ; θ_LM · score_LM of the
    postprocessed sentence and ŝ plus it, which chose the winner among best(root) where the pipeline
    re-ranks; and each postprocessing step that changed the sentence (step, before, after).  What was not reached is null;
    infinite numbers are written as strings ("-inf").

    A graph generated in segments (``pieces``) has no phase 1 or 2 of its own:
    ``segments`` lists each segment's sentence, phase1, phase2 and score, and
    ``score`` is their sum, part by part (null for a graph generated whole)."""
    line: dict[str, Any] = dict.fromkeys(TRACE_KEYS)
    line.update(index=index, id=entry_id, sentence=generation.sentence if generation else "", error=error)
    if first_phase is not None:
        line["phase1"] = _phase1(first_phase[1])
    if generation is not None and generator is not None:
        line["phase2"], line["score"] = _phase2(generation), _numbers(_score(generator, generation))
        line["postprocess"] = [vars(edit) for edit in generator.postprocess_edits(generation.final)]
    if pieces and generator is not None:
        scores = [_score(generator, piece) for piece in pieces]
        line["segments"] = [{"sentence": piece.sentence, "phase1": _phase1(piece.phase1), "phase2": _phase2(piece),
                             "score": _numbers(score)} for piece, score in zip(pieces, scores)]
        line["score"] = _numbers(_summed(scores))
    return line


def _phase1(phase1: Phase1Result) -> list[dict[str, Any]]:
    return [_step(t, p) for _, t, p in phase1.steps]


def _phase2(generation: Generation) -> list[dict[str, Any]]:
    b = generation.winner.function()
    return [{"vertex": str(v), "transitions": [_step(t, p) for t, p in b[v]]}
            for v in _bottom_up(generation) if v in b]


def _score(generator: Generator, generation: Generation) -> dict[str, Any]:
    winner = generation.winner
    return {"theta_lm_score_lm": winner.lm, "score_ts": winner.scores_by_class(generator.hyper),
            "score_ts_total": winner.ts, "total": winner.score,
            "theta_lm_score_lm_said": generation.said_lm, "said_total": generation.score}


def _summed(scores: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The score parts of several generations added up, score_TS class by class."""
    total: dict[str, Any] = {key: 0.0 for key in scores[0]}
    total["score_ts"] = {}
    for score in scores:
        for key, value in score.items():
            if key == "score_ts":
                for name, part in value.items():
                    total["score_ts"][name] = total["score_ts"].get(name, 0.0) + part
            else:
                total[key] += value
    return total


def _numbers(score: dict[str, Any]) -> dict[str, Any]:
    """A score for JSON: infinite numbers as strings."""
    return {key: {name: _number(s) for name, s in value.items()} if isinstance(value, dict) else _number(value)
            for key, value in score.items()}


def _bottom_up(generation: Generation) -> list:
    """Phase 2's traversal order, with the vertices Insert-Child added (not in
    it: they are processed inside their parent's getBest) before their parent."""
    traversed = set(generation.phase2.order)
    inserted: dict[Any, list] = {}
    stack = [generation.winner]
    while stack:
        hypothesis = stack.pop()
        for child in hypothesis.children:
            if child.vertex not in traversed:
                inserted.setdefault(hypothesis.vertex, []).append(child.vertex)
            stack.append(child)
    return [u for v in generation.phase2.order for u in (*inserted.get(v, ()), v)]


def _step(transition: Any, p: float) -> dict[str, Any]:
    return {"transition": str(transition), "p": _number(p)}


def _number(x: float) -> float | str:
    return x if math.isfinite(x) else str(x)
