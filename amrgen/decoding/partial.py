"""Partial transition functions, generatePartial (Algorithm 2) and score_TS^par
(thesis 4.2.2)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence

from amrgen.decoding.limits import checkpoint
from amrgen.graph import Vertex
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import Transition

PartialTransitionFunction = Mapping[Vertex, Sequence[tuple[Transition, float]]]
"""b: V ∪ V_ins ⇀ (T_AMR × [0,1])*: the transitions to apply at each vertex, with their probabilities."""


def phase2_start(c: Configuration) -> Configuration:
    """(G', σ, ε, ρ) with σ a bottom-up traversal of G', from phase 1's (G', ε, ε, ρ):
    where generatePartial (Algorithm 2) starts."""
    return c.with_(node_buffer=tuple(c.graph.bottom_up_traversal()), child_buffer=())


def generate_partial(c: Configuration, b: PartialTransitionFunction,
                     numbering: Mapping[Vertex, int] | None = None,
                     steps: list[tuple[Configuration, Transition, float]] | None = None,
                     memo: dict[tuple[int, Hashable], tuple[Configuration, Configuration]] | None = None,
                     ) -> Configuration:
    """generatePartial(c, b): process c = (G, ε, ε, ρ) bottom-up, applying at
    each vertex the transitions b assigns to it and skipping the others.

    Where b(σ1) starts with a transition outside its Domain, Algorithm 2
    would loop forever; that is reported as a ValueError instead.

    ``numbering`` names the vertices that transitions insert: when σ1's
    transitions start, the count of V_ins used so far is set to
    ``numbering[σ1]``, so that a vertex inserted at σ1 gets the name it had
    when b was put together vertex by vertex (Algorithm 3), where b also
    refers to it (its own transitions, and the Reorder of σ1).

    ``steps``, when given, receives every (c, t, p) applied, in order.

    ``memo``, when given, keeps every configuration reached by the step taken
    from another (a transition applied, or σ1 passed over): the candidates of
    one graph that agree on the first vertices reach the same configurations
    there, and a later candidate reuses them instead of applying the
    transitions again (configurations are immutable).
    """
    remaining = {v: list(ts) for v, ts in b.items()}
    started: set[Vertex] = set()
    c = phase2_start(c) if memo is None else _step(memo, c, "start", phase2_start)
    while not c.is_terminal():
        checkpoint()
        s1 = c.sigma1
        todo = remaining.get(s1)
        if numbering and s1 in numbering and s1 not in started:
            started.add(s1)
            count = numbering[s1]
            c = c.with_(inserted=count) if memo is None else _step(
                memo, c, count, lambda c, count=count: c.with_(inserted=count))
        if todo:
            applied = 0
            while applied < len(todo) and todo[applied][0].applicable(c):
                t, p = todo[applied]
                if steps is not None:
                    steps.append((c, t, p))
                c = t.apply(c) if memo is None else _step(memo, c, t, t.apply)
                applied += 1
            if applied == 0:
                raise ValueError(f"b({s1}) starts with {todo[0][0]}, which is not applicable")
            remaining[s1] = todo[applied:]
        else:
            c = _passed(c) if memo is None else _step(memo, c, "pass", _passed)
    return c


def _passed(c: Configuration) -> Configuration:
    """c with σ1 passed over (nothing of b left for it)."""
    return c.with_(node_buffer=c.node_buffer[1:], child_buffer=())


def _step(memo: dict, c: Configuration, what: Hashable, step: Callable[[Configuration], Configuration]
          ) -> Configuration:
    """step(c), which ``what`` names (a transition, a number of inserted vertices, "start", "pass")."""
    key = (id(c), what)
    known = memo.get(key)
    if known is None:
        known = memo[key] = (c, step(c))  # the key's configuration kept, so that its id stays its own
    return known[1]


def score_ts_par(sequence: Sequence[tuple[Transition, float]], theta: Mapping[str, float]) -> float:
    """score_TS^par(s) = Σ θ_C(t_i) · log p_i, with θ indexed by class name."""
    return sum(theta[t.name] * math.log(p) for t, p in sequence)
