"""The oracle's own losses (thesis 4.3.3): which words of the reference w' the oracle's c_f lacks or
misplaces, why, and at which step of the training data algorithm (Algorithm 4) each was lost.

The oracle's output is the ceiling of everything trained on it, so each word it loses is lost for
every model. A word of w' is *realized* where a vertex of the final configuration is aligned to it
(A_G as update(B, c, t) carried it through Merges and insertions) and its realization ρ(REAL)
holds the word; each realized word is given the position in c_f where that vertex writes it. Every
other word is *lacking*, with one cause:

- :attr:`Cause.UNALIGNED`: no vertex is aligned to the word and no insertion may write it (it is
  in neither Σ_IC nor Σ_IB, and the text-based approach inserts nothing else);
- :attr:`Cause.NOT_INSERTED`: no vertex is aligned to it, an insertion could write it, but
  gold'_B(Insert-Child) and gold'_B(Insert-Between) never chose it (too far from the vertex,
  another POS between, behind another child...);
- :attr:`Cause.MERGE_NOT_IN_TABLE`: the formal oracle merged its vertex into the parent, and the
  constrained system, whose only Merge is L_M's, did something else;
- :attr:`Cause.DELETED`: the constrained system deleted a vertex aligned to it (5.1's forced
  deletions) where the formal oracle kept it;
- :attr:`Cause.ALIGNMENT_CONFLICT`: the vertex aligned to it is realized without it, because the
  word is aligned to other vertices as well or a Merge gave the vertex other words;
- :attr:`Cause.NO_TERMINAL`: the oracle stopped before a terminal configuration (c_f undefined).

A realized word is *misplaced* where it is outside a longest run of realized words that c_f writes
in the reference's order; its cause is :attr:`Cause.ORDER_FORBIDDEN` where the Reorder of its vertex
or of an ancestor is not the formal oracle's (a constraint of 5.1, or an order ≺ fixed by an
insertion, forbade the gold order), :attr:`Cause.ALIGNMENT_CONFLICT` where its vertex is aligned to
words that are not adjacent in w', and otherwise :attr:`Cause.TREE_ORDER`: the tree the oracle built
cannot write the word there (no Swap made the order projective).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from amrgen.bigraph import Bigraph
from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.oracle.oracle import CHILD_INSERTABLE, INSERT_BETWEEN_WORDS, Oracle, OracleState
from amrgen.oracle.training_data import OracleRun
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Delete, Merge, Realize, Reorder


class Cause(str, Enum):
    """Why the oracle's c_f lacks or misplaces a word of the reference."""

    UNALIGNED = "word unaligned"
    NOT_INSERTED = "not insertable by Insert-Child/Insert-Between"
    MERGE_NOT_IN_TABLE = "a Merge not in the table"
    DELETED = "deleted by the constraints"
    ALIGNMENT_CONFLICT = "an alignment conflict"
    NO_TERMINAL = "no terminal configuration"
    ORDER_FORBIDDEN = "an order the constraints forbid"
    TREE_ORDER = "an order the tree cannot give"


@dataclass(frozen=True)
class Loss:
    """A word of w' that c_f lacks (``missing``) or misplaces, its cause, and ``step``: the number of
    transitions applied before the one where it was lost (the step a session goes to)."""

    position: int
    """1-based, in w'."""
    word: str
    missing: bool
    cause: Cause
    step: int
    vertex: Vertex | None = None
    """The vertex that held or could have held the word there, where there is one."""


@dataclass(frozen=True)
class _Replay:
    """A run with the oracle's state before each step and the formal oracle's gold there."""

    configurations: list[Configuration]
    """c_0 ... c_n: before each step, and the final configuration."""
    states: list[OracleState]
    formal: list
    """gold_B(c_k) of the formal system, one per step."""
    applied: list


def _replay(oracle: Oracle, run: OracleRun) -> _Replay:
    configurations = [c for c, _ in run.pairs] + [run.final]
    states, formal = [oracle.start], []
    for k, (c, t) in enumerate(run.pairs):
        formal.append(oracle.formal_gold(states[-1], c).transition)
        states.append(oracle.update(states[-1], c, t, configurations[k + 1]))
    return _Replay(configurations, states, formal, run.transitions)


def oracle_losses(b: Bigraph, run: OracleRun, approach: Approach = Approach.TEXT,
                  system: TransitionSystem | None = None) -> list[Loss]:
    """Every word of w' the run's c_f lacks or misplaces with its cause, in reference order;
    ``run`` is :func:`~amrgen.oracle.training_data.training_data` on ``b`` with ``approach`` and
    ``system``."""
    replay = _replay(Oracle(b, approach, system), run)
    words = b.words
    realized = _realized(replay, words) if run.terminated else {}
    losses = [_lacking(replay, b, approach, i, run.terminated) for i in range(1, len(words) + 1)
              if i not in realized]
    losses += [_misplaced(replay, words, i) for i in _out_of_order(realized)]
    return sorted(losses, key=lambda loss: loss.position)


def _realized(replay: _Replay, words: Sequence[str]) -> dict[int, tuple[int, Vertex]]:
    """Word position ↦ (its position in c_f, the vertex that writes it) for the realized words."""
    final, state = replay.configurations[-1], replay.states[-1]
    real = final.rho[Key.REAL]
    _, starts = final.graph.yield_starts(real)
    result: dict[int, tuple[int, Vertex]] = {}
    for v, start in starts.items():
        tokens = str(real.get(v, "")).split()
        taken: set[int] = set()
        for i in sorted(state.aligned(v)):
            at = next((k for k, token in enumerate(tokens) if token == words[i - 1] and k not in taken), None)
            if at is not None and i not in result:
                taken.add(at)
                result[i] = (start + at, v)
    return result


def _out_of_order(realized: dict[int, tuple[int, Vertex]]) -> list[int]:
    """The realized words outside one longest subsequence that c_f writes in w''s order."""
    order = sorted(realized)
    places = [realized[i][0] for i in order]
    best: list[list[int]] = []  # best[k]: a longest increasing run of indices ending at k
    for k, place in enumerate(places):
        previous = max((best[j] for j in range(k) if places[j] < place), key=len, default=[])
        best.append([*previous, k])
    kept = {order[k] for k in max(best, key=len, default=[])}
    return [i for i in order if i not in kept]


def _lacking(replay: _Replay, b: Bigraph, approach: Approach, i: int, terminated: bool) -> Loss:
    word = b.words[i - 1]
    if not terminated:
        return Loss(i, word, True, Cause.NO_TERMINAL, len(replay.applied))
    if not any(i in replay.states[0].aligned(v) for v in b.amr.vertices):
        insertable = approach is Approach.DEPENDENCY or word in CHILD_INSERTABLE | INSERT_BETWEEN_WORDS
        step, vertex = _nearest_insertion_step(replay, i, len(b.words))
        return Loss(i, word, True, Cause.NOT_INSERTED if insertable else Cause.UNALIGNED, step, vertex)
    for k, (c, t) in enumerate(zip(replay.configurations, replay.applied)):
        if i not in replay.states[k].aligned(c.sigma1):
            continue
        gold = replay.formal[k]
        if isinstance(t, Delete) and isinstance(gold, Merge):
            return Loss(i, word, True, Cause.MERGE_NOT_IN_TABLE, k, c.sigma1)
        if isinstance(t, Merge) and t != gold:
            return Loss(i, word, True, Cause.MERGE_NOT_IN_TABLE, k, c.sigma1)
        if isinstance(t, Delete):
            return Loss(i, word, True, Cause.DELETED, k, c.sigma1)
        if isinstance(t, Realize) and word not in t.word.split():
            return Loss(i, word, True, Cause.ALIGNMENT_CONFLICT, k, c.sigma1)
    owner = next(v for v in b.amr.vertices if i in replay.states[0].aligned(v))
    return Loss(i, word, True, Cause.ALIGNMENT_CONFLICT, 0, owner)


def _nearest_insertion_step(replay: _Replay, i: int, n: int) -> tuple[int, Vertex | None]:
    """Where an insertion of word i would have been decided: the Insert-Child step of the vertex
    holding the nearest aligned word right of i (left of i where none is right of it)."""
    for j in [*range(i + 1, n + 1), *range(i - 1, 0, -1)]:
        for k, c in enumerate(replay.configurations[:-1]):
            if stage(c) is Stage.INSERT_CHILD and j in replay.states[k].aligned(c.sigma1):
                return k, c.sigma1
    return 0, None


def _misplaced(replay: _Replay, words: Sequence[str], i: int) -> Loss:
    final, state = replay.configurations[-1], replay.states[-1]
    vertex = next(v for v in final.graph.vertices if i in state.aligned(v))
    reorders = {c.sigma1: k for k, (c, t) in enumerate(zip(replay.configurations, replay.applied))
                if isinstance(t, Reorder)}
    ancestors = [vertex]
    while (parents := final.graph.parents(ancestors[-1])) and parents[0] not in ancestors:
        ancestors.append(parents[0])
    for v in ancestors:
        k = reorders.get(v)
        if k is not None and replay.applied[k] != replay.formal[k]:
            return Loss(i, words[i - 1], False, Cause.ORDER_FORBIDDEN, k, v)
    aligned = sorted(state.aligned(vertex))
    if aligned and aligned[-1] - aligned[0] + 1 != len(aligned):
        step = next((k for k, (c, t) in enumerate(zip(replay.configurations, replay.applied))
                     if isinstance(t, Realize) and c.sigma1 == vertex), 0)
        return Loss(i, words[i - 1], False, Cause.ALIGNMENT_CONFLICT, step, vertex)
    parent = ancestors[1] if len(ancestors) > 1 else vertex
    return Loss(i, words[i - 1], False, Cause.TREE_ORDER, reorders.get(parent, 0), parent)
