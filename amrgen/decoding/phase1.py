"""Phase 1 of generation: generateGreedy_restr (thesis 4.2.2, Algorithm 1
restricted to T_restr).

T_restr holds the classes applied to a vertex before its realization is
chosen: Delete-Reentrance, Merge, Swap, Delete and Keep.  The greedy
algorithm applies, at each configuration, the most probable applicable
transition of T_restr; as the thesis modifies them for this phase, Delete
and Keep also pop σ1, so the phase ends at (G', ε, ε, ρ).

Delete-Reentrance is not scored by a model (the first-stage model knows
Delete, Merge, Swap and Keep, reference implementation §8.1): a vertex with
several incoming edges keeps the edge from its gold parent, the one closest
to the root, and each other edge moves to a copy, as the oracle does.  Nor is
the Swap of a modal concept's clause verb above it, which English requires (the
modal between the clause's subject and its verb: "the man can swim") and the
model rarely predicts: it is certain
(:func:`~amrgen.realization.clauses.raising_modal`).  Merge
is the one instance L_M allows (Section 5.1), with the model's probability
of the class Merge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from amrgen.decoding.limits import checkpoint
from amrgen.decoding.models import Models
from amrgen.ml.names import ModelName
from amrgen.oracle.oracle import gold_incoming_edge
from amrgen.realization.clauses import raising_modal
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import (
    Delete,
    DeleteReentrance,
    Keep,
    Swap,
    Transition,
)


@dataclass
class Phase1Result:
    """The configuration (G', ε, ε, ρ) reached, and each step (c, t, P(t | c))."""

    configuration: Configuration
    steps: list[tuple[Configuration, Transition, float]] = field(default_factory=list)


def restricted_transitions(c: Configuration, models: Models,
                           system: TransitionSystem) -> list[tuple[Transition, float]]:
    """The applicable t ∈ T_restr with P(t | c), most probable first (Keep first
    among equals); empty when σ1 is past stage 1 (:class:`~amrgen.transitions.stages.Stage`)."""
    if stage(c) is not Stage.PREDECESSORS:
        return []
    g, s1 = c.graph, c.sigma1
    incoming = g.in_edges(s1)
    if len(incoming) >= 2:
        kept = gold_incoming_edge(g, incoming)
        source, label, _ = next(e for e in incoming if e != kept)
        return [(DeleteReentrance(source, label), 1.0)]
    if raising_modal(g, s1) is not None and system.applicable(Swap(), c):
        return [(Swap(), 1.0)]
    probabilities = models.probabilities(ModelName.FIRST_STAGE, models.context(c))
    scored = [(t, probabilities.get(t.name, 0.0)) for t in _instances(c, models) if system.applicable(t, c)]
    return sorted(scored, key=lambda pair: -pair[1])


def restricted_transition(c: Configuration, models: Models,
                          system: TransitionSystem) -> tuple[Transition, float] | None:
    """argmax over the applicable t ∈ T_restr of P(t | c), with its probability;
    None when σ1 is past the first stage."""
    scored = restricted_transitions(c, models, system)
    return scored[0] if scored else None


def _instances(c: Configuration, models: Models) -> list[Transition]:
    """Keep, Delete, Swap and the Merge that L_M gives for σ1 and its parent."""
    merge = models.resources.merge(c)
    return [Keep(), Delete(), Swap(), *([merge] if merge else [])]


def generate_greedy_restricted(c: Configuration, models: Models, system: TransitionSystem) -> Phase1Result:
    """generateGreedy_restr: run T_restr greedily from c (normally c_s(G)) until σ = ε."""
    result = Phase1Result(c)
    while c.node_buffer:
        checkpoint()
        choice = restricted_transition(c, models, system)
        if choice is None:
            # Past the first stage (or nothing allowed): the modified Delete/Keep pop σ1.
            c = c.with_(node_buffer=c.node_buffer[1:])
            continue
        t, p = choice
        result.steps.append((c, t, p))
        c = system.apply(t, c)
        if isinstance(t, (Delete, Keep)):
            c = c.with_(node_buffer=c.node_buffer[1:])
    result.configuration = c
    return result
