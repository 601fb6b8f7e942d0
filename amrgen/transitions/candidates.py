"""Listing the applicable transitions of a configuration.

Merge, Realize, Insert-Child and Insert-Between take parameters from infinite
sets (any word, any annotation), so "every applicable transition" can only
mean every applicable transition among some proposed parameters.  A
:class:`Proposals` object says which words and annotations to try; the
unparametrized classes, Delete-Reentrance and Reorder are enumerated
exactly (Reorder up to a limit, since a family of k vertices has k! orders).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from amrgen.amr import concept_form
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    Delete,
    DeleteReentrance,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    NoInsertion,
    Realize,
    Reorder,
    Swap,
    Transition,
)

def _default_realizations(c: Configuration) -> list[tuple[str, SyntacticAnnotation]]:
    pos = c.rho.get(Key.POS, c.sigma1, "NN")
    return [(concept_form(c.graph.label(c.sigma1)), SyntacticAnnotation(pos=pos))]


def _default_merges(c: Configuration) -> list[tuple[str, str]]:
    (parent,) = c.graph.parents(c.sigma1)
    return [(concept_form(c.graph.label(parent)), c.rho.get(Key.POS, parent, "NN"))]


@dataclass
class Proposals:
    """The parameters to try for the classes with infinitely many instances."""

    realizations: Callable[[Configuration], list[tuple[str, SyntacticAnnotation]]] = _default_realizations
    merges: Callable[[Configuration], list[tuple[str, str]]] = _default_merges
    child_words: list[str] = field(default_factory=lambda: ["the", "a", "to", "do", "be"])
    between_words: list[str] = field(default_factory=lambda: ["of", "to", "in", "for", "on"])
    max_reorderings: int = 120


def reorderings(c: Configuration, limit: int) -> Iterator[Reorder]:
    """Up to ``limit`` Reorder candidates for σ1, first one that extends ≺
    (sorting by the number of predecessors extends any strict order)."""
    family = [c.sigma1, *c.graph.children(c.sigma1)]
    extension = tuple(c.graph.order.sequence(family))
    others = (perm for perm in itertools.permutations(family) if perm != extension)
    for perm in itertools.islice(itertools.chain([extension], others), limit):
        yield Reorder(*perm)


def candidates(c: Configuration, proposals: Proposals | None = None) -> Iterator[Transition]:
    """Transitions worth testing for applicability at c (not all of them applicable):
    those of σ1's stage (:func:`~amrgen.transitions.stages.stage`)."""
    p = proposals or Proposals()
    step = stage(c)
    if step is Stage.INSERT_BETWEEN:
        yield NoInsertion()
        for word in p.between_words:
            for side in (LEFT, RIGHT):
                yield InsertBetween(word, side)
    elif step is Stage.PREDECESSORS:
        s1, g = c.sigma1, c.graph
        for source, label, _ in g.in_edges(s1):
            yield DeleteReentrance(source, label)
        if len(g.in_edges(s1)) == 1:
            for label, pos in p.merges(c):
                yield Merge(label, pos)
            yield Swap()
        yield Delete()
        yield Keep()
    elif step is Stage.REALIZE:
        for word, annotation in p.realizations(c):
            yield Realize(word, annotation)
    elif step is Stage.INSERT_CHILD:
        for word in p.child_words:
            for side in (LEFT, RIGHT):
                yield InsertChild(word, side)
        yield NoInsertion()
    elif step is Stage.REORDER:
        yield from reorderings(c, p.max_reorderings)


def applicable_transitions(system: TransitionSystem, c: Configuration,
                           proposals: Proposals | None = None) -> list[Transition]:
    """The candidates that ``system`` can apply at c, without repeats."""
    return [t for t in dict.fromkeys(candidates(c, proposals)) if system.applicable(t, c)]
