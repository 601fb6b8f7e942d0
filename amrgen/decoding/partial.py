"""Partial transition functions, generatePartial (Algorithm 2) and score_TS^par
(thesis 4.2.2)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

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
                     steps: list[tuple[Configuration, Transition, float]] | None = None) -> Configuration:
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
    """
    remaining = {v: list(ts) for v, ts in b.items()}
    started: set[Vertex] = set()
    c = phase2_start(c)
    while not c.is_terminal():
        checkpoint()
        s1 = c.sigma1
        todo = remaining.get(s1)
        if numbering and s1 in numbering and s1 not in started:
            started.add(s1)
            c = c.with_(inserted=numbering[s1])
        if todo:
            applied = 0
            while applied < len(todo) and todo[applied][0].applicable(c):
                t, p = todo[applied]
                if steps is not None:
                    steps.append((c, t, p))
                c = t.apply(c)
                applied += 1
            if applied == 0:
                raise ValueError(f"b({s1}) starts with {todo[0][0]}, which is not applicable")
            remaining[s1] = todo[applied:]
        else:
            c = c.with_(node_buffer=c.node_buffer[1:], child_buffer=())
    return c


def score_ts_par(sequence: Sequence[tuple[Transition, float]], theta: Mapping[str, float]) -> float:
    """score_TS^par(s) = Σ θ_C(t_i) · log p_i, with θ indexed by class name."""
    return sum(theta[t.name] * math.log(p) for t, p in sequence)
