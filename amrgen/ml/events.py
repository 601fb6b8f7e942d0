"""Training events of every maximum entropy model, from the oracle's training
data (thesis 4.3.2, 4.3.3 and the model split of Section 5.3 "ml").

The training data algorithm gives pairs (c, t*).  Each model learns from the
pairs of its part of the transition system, as (context, output) events:

- ``first-stage``: the class of t* ∈ {Delete, Merge, Swap, Keep} at σ1
  (Merge's label and POS come from L_M, Section 5.1);
- ``pos``, ``number``, ``denom``, ``voice``, ``tense``: α(k) of a gold
  Realize-(w, α), conditioned on the keys before k in Eq. (equ:syn4);
- ``realize``: the word sequence w of Realize-(w, α), given α (Eq. equ:rea4);
- ``insert-child``: the word of Insert-Child-(w, left), or "" for No-Insertion;
- ``insert-between-arg`` / ``insert-between-other``: ``w/side`` of
  Insert-Between-(w, side), or "" for No-Insertion, split by whether the
  edge σ1 → β1 is an ARGi edge (the thesis's separate ARG model);
- ``reorder-head`` (p_*): for every child of Reorder-(v1..vn) whether it is
  left or right of σ1;
- ``reorder-left`` / ``reorder-right`` (p_l, p_r): for every pair of children
  on the same side, whether the first (in a canonical order: edge label,
  then concept) precedes the second (Eq. equ:reo3, the sets S_*, S_l, S_r).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from amrgen.graph import Vertex
from amrgen.ml.context import FeatureContext, FeatureResources
from amrgen.ml.names import ModelName, between_model
from amrgen.oracle.training_data import OracleRun
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.constraints import is_final_mark
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    Delete,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    Reorder,
    Swap,
    Transition,
)

ANNOTATION_MODELS = {ModelName.POS: (), ModelName.NUMBER: (Key.POS,), ModelName.DENOM: (Key.POS, Key.NUMBER),
                     ModelName.VOICE: (Key.POS,), ModelName.TENSE: (Key.POS,)}
"""p_k and the keys it is conditioned on (Eq. equ:syn4)."""

FIRST_STAGE = (Delete, Merge, Swap, Keep)
BEFORE, AFTER = "before", "after"


@dataclass(frozen=True)
class Event:
    """One training event: the model, its context and the gold output."""

    model: ModelName
    context: FeatureContext
    output: str


def events(runs: Iterable[OracleRun], resources: FeatureResources | None = None) -> Iterator[Event]:
    """Every model's events from the (c, t*) pairs of the runs.  The contexts of
    consecutive configurations over one graph object share what is computed about
    the graph (as decoding's do): phase 2 keeps the graph, so a graph's values are
    computed once, not once per pair."""
    for run in runs:
        context = None
        for c, t in run.pairs:
            context = FeatureContext(c, resources, share=context)
            yield from events_of(c, t, context)


def events_of(c: Configuration, t: Transition, context: FeatureContext) -> Iterator[Event]:
    """The events one pair (c, t*) gives: those of the model of σ1's stage
    (Delete-Reentrance, which no model scores, gives none)."""
    step = stage(c)
    if is_final_mark(c.graph, c.sigma1) or (step is Stage.INSERT_BETWEEN and is_final_mark(c.graph, c.beta1)):
        return  # a mark that ends a sentence is said and placed by hand once inserted (learnt punctuation)
    if step is Stage.PREDECESSORS:
        if isinstance(t, FIRST_STAGE):
            yield Event(ModelName.FIRST_STAGE, context, t.name)
    elif step is Stage.REALIZE:
        a = t.annotation
        for model, given in ANNOTATION_MODELS.items():
            known = {key: a[key] for key in given}
            yield Event(model, context.derive(annotation=known), a[_key(model)])
        yield Event(ModelName.REALIZE, context.derive(annotation=a), t.word)
    elif step is Stage.INSERT_CHILD:
        yield Event(ModelName.INSERT_CHILD, context, t.word if isinstance(t, InsertChild) else "")
    elif step is Stage.INSERT_BETWEEN:
        model = between_model(c.graph.edge_labels(c.sigma1, c.beta1))
        yield Event(model, context, f"{t.word}/{t.side}" if isinstance(t, InsertBetween) else "")
    elif step is Stage.REORDER:
        yield from _order_events(c, t, context)


def _key(model: ModelName) -> Key:
    return Key(model.upper())


def _order_events(c: Configuration, t: Reorder, context: FeatureContext) -> Iterator[Event]:
    s1 = c.sigma1
    head = t.sequence.index(s1)
    sides = {v: LEFT if i < head else RIGHT for i, v in enumerate(t.sequence)
             if v != s1 and not is_final_mark(c.graph, v)}
    ordered = context.derive(sides=sides)
    for v, side in sides.items():
        yield Event(ModelName.REORDER_HEAD, ordered.derive(children=(v,)), side)
    for side, model in ((LEFT, ModelName.REORDER_LEFT), (RIGHT, ModelName.REORDER_RIGHT)):
        half = [v for v in t.sequence if sides.get(v) == side]
        for i, a in enumerate(half):
            for b in half[i + 1:]:
                first, second = canonical_pair(c, a, b)
                output = BEFORE if first == a else AFTER
                yield Event(model, ordered.derive(children=(first, second)), output)


def canonical_key(c: Configuration, v: Vertex) -> tuple[str, str]:
    """Where a child v of σ1 stands in the canonical order of children: by edge
    label, then concept."""
    return (min(c.graph.edge_labels(c.sigma1, v) or [""]), str(c.graph.label(v)))


def canonical_pair(c: Configuration, a: Vertex, b: Vertex) -> tuple[Vertex, Vertex]:
    """Two children of σ1 in the canonical order (:func:`canonical_key`), so an
    order model's output says whether that first one precedes the other."""
    return (a, b) if canonical_key(c, a) <= canonical_key(c, b) else (b, a)

