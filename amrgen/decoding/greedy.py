"""all(c) for any configuration, and the greedy generation algorithm
(Algorithm 1, generateGreedy, thesis 4.2.2).

:func:`ranked_transitions` lists the transitions the generator's models
consider at c, with P(t | c), most probable first, whatever stage σ1 is in
(Figure fig:transition-sequences): T_restr as phase 1 scores it, then
Realize, the Insert-Child step, Reorder and Insert-Between as phase 2 does.
:func:`generate_greedy` applies the first of them until c ∈ C_t: the
thesis's baseline without the language model.
"""

from __future__ import annotations

from amrgen.amr import Amr
from amrgen.decoding.phase1 import restricted_transitions
from amrgen.graph import Vertex
from amrgen.postprocess.pipeline import resolve_pipeline
from amrgen.prep.normalize import normalize_amr
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, initial
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import LEFT, RIGHT, NoInsertion, Transition


def ranked_transitions(generator, c: Configuration) -> list[tuple[Transition, float]]:
    """The transitions ``generator`` (a :class:`amrgen.decoding.generator.Generator`)
    considers at c with their probabilities, most probable first (pruned as
    the generator prunes them); empty at a terminal configuration."""
    step, probabilities = stage(c), generator.probabilities
    if step is None:
        return []
    if step is Stage.PREDECESSORS:
        return restricted_transitions(c, generator.models, generator.system)
    if step is Stage.REALIZE:
        return probabilities.realizations(c)
    if step is Stage.INSERT_CHILD:
        return probabilities.child_insertions(c)
    if step is Stage.REORDER:
        return probabilities.reorders(c)
    v, order = c.sigma1, c.graph.order
    if says_nothing(c, c.beta1):
        return [(NoInsertion(), 1.0)]  # as phase 2's search: nothing is inserted beside an empty yield
    sides = {u: LEFT if order.precedes(u, v) else RIGHT for u in c.graph.children(v)}
    return probabilities.between_insertions(c, sides)


def says_nothing(c: Configuration, v: Vertex) -> bool:
    """v and all its successors are realized as ε (or deleted) in c: the yield of v is empty."""
    return all(c.rho.get(Key.REAL, u) == "" for u in (v, *c.graph.successors(v)))


def generate_greedy(generator, amr: Amr) -> tuple[Configuration, list[tuple[Configuration, Transition, float]]]:
    """generateGreedy(G) on the normalized graph: the terminal configuration and
    the (c, t, p) applied."""
    c = initial(normalize_amr(amr).graph)
    steps = []
    while not c.is_terminal():
        ranked = ranked_transitions(generator, c)
        if not ranked:
            raise ValueError(f"no transition applies at σ1 = {c.sigma1}")
        t, p = ranked[0]
        steps.append((c, t, p))
        c = t.apply(c)
    return c, steps


GREEDY_POSTPROCESSING = ("punctuation-refined", "duplicates")
"""The postprocessing steps that need no language model: punctuation, duplicate words."""


def greedy_sentence(generator, amr: Amr) -> list[str]:
    """The tokens of generateGreedy(G), with :data:`GREEDY_POSTPROCESSING`."""
    c, _ = generate_greedy(generator, amr)
    try:
        return resolve_pipeline(GREEDY_POSTPROCESSING).run(c, generator.postprocess_context)
    except ValueError:
        raise ValueError("the greedy transition sequence leaves c_f undefined") from None
