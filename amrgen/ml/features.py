"""Indicator features and feature lists (thesis Section 2.7, Tables
tab:syntactic-annotation-features and tab:transition-features of 4.3.2-4.3.3).

An *indicator feature* s: X → P(S) maps a context x to a finite set of
values (Def. in 2.7).  Here a context is a :class:`FeatureContext`: a
configuration c = (G, σ, β, ρ), what training learnt (the empirical POS tags
pôs, the Merge table L_M, WordNet) and the vertices an event is about, named
by *roles*: ``v`` (σ1, or the vertex whose annotation is asked for), ``p``
and ``g`` (its gold parent and grandparent), ``b`` (β1) and ``c1``, ``c2``
(the children an order event compares).  Every indicator of the two tables
is an :class:`Indicator`, a table row applied to a role: ``Concept(v)``,
``InLabel(p)``, ``HasEdge[polarity](v)``; its value is {NONE} where the
role's vertex does not exist or the row is undefined, as Section 4.3.3 says.
A :class:`Feature` is one indicator or the composition s1∘s2∘... of several
(Def. in 2.7): the cross product of their value sets.

The conversion of 2.7 turns every value s_i that an indicator takes on the
training data into a binary feature f_{s_i}(x) = [s_i ∈ s(x)], and each of
those into f_{s_i}^Y, one feature per output.  :func:`extract` gives the
active f_{s_i} of a context as strings, ``Concept(v)=want-01`` or, for a
composition, ``Concept(v)=want-01|InLabel(p)=ARG1``; pairing them with the
outputs is the maximum entropy model's business.  Every string starts with
its feature's spec and ``|`` in values is escaped, so two specs never share
a string.

A model's feature list is a text file, one feature per line, ``#`` starting
a comment::

    Concept(v)
    Concept(v) * InLabel(p)
    OutLabels[mod,quant](v)      # OutLabels(v) ⊆ {mod, quant}
    AllEdgeLabels                # graph-wide: no role

The lists the generator's models start from are ``resources/features/NAME.txt``
(:func:`load_feature_list`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from pathlib import Path
from typing import Any

from amrgen.amr import depths
from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WORDNET, WordNetLexicon
from amrgen.paths import RESOURCES_DIR
from amrgen.prep.normalize import entity_name
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.constraints import ConstraintResources, is_propbank_frameset
from amrgen.transitions.transitions import LEFT, RIGHT

FEATURES_DIR = RESOURCES_DIR / "features"
"""Where :func:`load_feature_list` finds a list by name."""

NONE = "NONE"
"""The special value NONE of an indicator feature that is irrelevant or undefined (4.3.3)."""
NONE_VALUES = frozenset({NONE})

ROOT = "ROOT"
"""InLabel of the root (Table tab:syntactic-annotation-features)."""

PROP = "PROP"
"""pôs(l) of a PropBank frameset (Def. def:empirical-pos)."""

ROLES = {
    "v": "σ1, or the vertex the event is about",
    "p": "the gold parent of v",
    "g": "the gold parent of p",
    "b": "β1, the top of the child buffer",
    "c1": "the first child of v the event compares",
    "c2": "the second child of v the event compares",
}

MOOD_INDICATORS = ("imperative", "interrogative", "expressive")
"""The grammatical mood indicators among the AMR concepts (2.3), for ComplexPos."""

ARG_RANGE = range(1, 6)
"""The i of ArgFlags, ArgLinkFlags and ArgOfFlags: 1 ≤ i ≤ 5, as the table says."""

_ARG = re.compile(r"ARG(\d+)")
_OP = re.compile(r"op(\d+)")
_SENSE = re.compile(r"-\d+$")



class FeatureSpecError(AmrgenError):
    """A feature list that cannot be read; the message names the file and line."""


# -- resources ------------------------------------------------------------------


@dataclass(frozen=True)
class FeatureResources:
    """What some indicators need from training: ``empirical_pos`` maps a
    concept to pôs-hat(l), the POS it was realized with most often;
    ``merge_table`` is L_M, keyed by (L(p_v), L(v)); ``lexicon`` answers
    WordNet questions.  A resource that is None makes the indicators that
    need it NONE."""

    empirical_pos: Mapping[str, str] | None = None
    merge_table: Mapping[tuple[str, str], Any] | None = None
    lexicon: WordNetLexicon | None = WORDNET

    @classmethod
    def from_constraints(cls, resources: ConstraintResources,
                         lexicon: WordNetLexicon | None = WORDNET) -> FeatureResources:
        """The pôs and L_M that the constrained system learnt (:mod:`amrgen.oracle.resources`)."""
        return cls(resources.empirical_pos, resources.merge_table, lexicon)


# -- the context ----------------------------------------------------------------


class _GraphFacts:
    """What every context over one graph shares, each computed once: the
    depths, the gold parents (Def. def:gold-parent) and graph-wide values."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._depths: dict[Vertex, int] | None = None
        self._gold_parents: dict[Vertex, Vertex | None] = {}
        self.memo: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        self.vertex_memo: dict[tuple[str, Vertex | None], tuple[frozenset[str], tuple[str, ...]]] = {}
        self.list_memo: dict[tuple, list[str]] = {}

    @property
    def depths(self) -> dict[Vertex, int]:
        if self._depths is None:
            self._depths = depths(self.graph)
        return self._depths

    def gold_parent(self, v: Vertex) -> Vertex | None:
        """pâ_G(v), as :func:`amrgen.amr.gold_parent` but with the depths computed once."""
        if v not in self._gold_parents:
            parents = self.graph.parents(v)
            self._gold_parents[v] = min(parents, key=lambda p: self.depths[p]) if parents else None
        return self._gold_parents[v]


class FeatureContext:
    """A context x ∈ X of the indicator features: a configuration, the
    training resources, the vertices of an event by role (:data:`ROLES`)
    and what else the event carries.

    ``vertex`` replaces σ1 as v (the syntactic annotation models ask about a
    vertex of a graph, see :meth:`at_vertex`); ``children`` are c1 and c2.
    ``annotation`` is the (partial) syntactic annotation α of v that the
    event conditions on: p_REAL's α (Eq. equ:rea4) or the keys before k in
    p_k (Eq. equ:syn4); it stands in for ρ on v.  ``sides`` maps vertices
    to their hypothesised position (``left``/``right``) relative to their
    parent, standing in for ≺ where an order model scores an order before
    Reorder adds it (Eq. equ:reo3).

    Nothing here copies or changes the graph.  Values are memoised per
    context; :meth:`derive` makes contexts for further events on the same
    configuration that share the depths and gold parents.  Contexts of
    other configurations over the same graph object (``share``) share those
    too, and every value that depends on the graph and a vertex alone:
    decoding asks many questions about one graph.
    """

    def __init__(
        self,
        configuration: Configuration,
        resources: FeatureResources | None = None,
        *,
        vertex: Vertex | None = None,
        children: Iterable[Vertex] = (),
        annotation: SyntacticAnnotation | Mapping[Key, str] | None = None,
        sides: Mapping[Vertex, str] | None = None,
        share: FeatureContext | None = None,
    ) -> None:
        self.configuration = configuration
        self.graph = configuration.graph
        self.resources = resources if resources is not None else FeatureResources()
        self.annotation: dict[Key, str] = dict(annotation.items()) if annotation is not None else {}
        self.sides = dict(sides or {})
        self._vertex = vertex
        self._children = tuple(children)
        if len(self._children) > 2:
            raise ValueError("an event compares at most two children (c1, c2)")
        c1, c2 = (*self._children, None, None)[:2]
        self._roles = {"v": configuration.sigma1 if vertex is None else vertex,
                       "b": configuration.beta1, "c1": c1, "c2": c2}
        same_graph = share is not None and share.graph is self.graph and share.resources is self.resources
        self._facts = share._facts if same_graph else _GraphFacts(self.graph)
        self._memo: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}

    @classmethod
    def at_vertex(cls, graph: Graph, v: Vertex, resources: FeatureResources | None = None) -> FeatureContext:
        """The context (G, v) of the syntactic annotation models: v is the only
        vertex in the node buffer, ρ is empty."""
        return cls(Configuration(graph, (v,)), resources)

    def derive(self, **changes: Any) -> FeatureContext:
        """A context for another event on the same configuration (changing
        ``vertex``, ``children``, ``annotation`` or ``sides``), sharing what
        was computed about the graph."""
        arguments = {"vertex": self._vertex, "children": self._children,
                     "annotation": self.annotation or None, "sides": self.sides} | changes
        new = FeatureContext(self.configuration, self.resources, **arguments)
        new._facts = self._facts
        return new

    # -- roles and the notions of the tables ------------------------------------

    def vertex(self, role: str) -> Vertex | None:
        """The vertex playing ``role`` (see :data:`ROLES`), None when there is none."""
        if role == "p":
            return self.gold_parent(self.vertex("v"))
        if role == "g":
            return self.gold_parent(self.vertex("p"))
        return self._roles[role]

    def gold_parent(self, v: Vertex | None) -> Vertex | None:
        """pâ_G(v) (Def. def:gold-parent); None for the root and for None."""
        return None if v is None else self._facts.gold_parent(v)

    def depth(self, v: Vertex) -> int:
        """The length of the shortest path from root(G) to v."""
        return self._facts.depths[v]

    def label(self, v: Vertex) -> str:
        return str(self.graph.label(v))

    def in_label(self, v: Vertex) -> str:
        """InLabel(v): the label of the edge from pâ_G(v) to v, ROOT for the root."""
        p = self.gold_parent(v)
        return ROOT if p is None else self.graph.edge_labels(p, v)[0]

    def empirical_pos(self, v: Vertex) -> str:
        """pôs(L(v)) (Def. def:empirical-pos); NONE for a concept never seen in training."""
        label = self.label(v)
        if is_propbank_frameset(label):
            return PROP
        table = self.resources.empirical_pos
        return NONE if table is None else table.get(label, NONE)

    def rho(self, key: Key, v: Vertex) -> Any | None:
        """ρ(key)(v), or α(key) for v when the event carries α; None where undefined."""
        if key in self.annotation and v == self.vertex("v"):
            return self.annotation[key]
        return self.configuration.rho.get(key, v)

    def parent(self, v: Vertex) -> Vertex | None:
        """p_v of Table tab:transition-features: v's parent if |pa_G(v)| = 1."""
        parents = self.graph.parents(v)
        return parents[0] if len(parents) == 1 else None

    def side(self, v: Vertex) -> str | None:
        """``left`` if v ≺ p_v, ``right`` if p_v ≺ v (or what ``sides`` says); None otherwise."""
        if v in self.sides:
            return self.sides[v]
        p = self.parent(v)
        if p is None:
            return None
        order = self.graph.order
        return LEFT if order.precedes(v, p) else RIGHT if order.precedes(p, v) else None


# -- indicator features -----------------------------------------------------------


@dataclass(frozen=True)
class _Definition:
    """A row of the tables: how to compute it and what it takes.

    ``parameter`` is None, ``"one"`` (a label l), ``"set"`` (a set S) or
    ``"key"`` (an annotation key k).  ``stateful`` rows read more than the
    graph and the role's vertex (ρ, the event's α or sides); the others are
    computed once per graph and vertex, however many contexts ask.  ``compute(x, v[, parameter])`` (or
    ``compute(x)`` for a graph-wide row) returns None for NONE, a value or
    an iterable of values; a value is a string, a number, a flag (bool) or
    a tuple of values.
    """

    compute: Callable[..., Any]
    parameter: str | None
    on_vertex: bool
    stateful: bool


_DEFINITIONS: dict[tuple[str, bool], _Definition] = {}


def _indicator(name: str, parameter: str | None = None, on_vertex: bool = True, stateful: bool = False):
    def register(compute: Callable[..., Any]) -> Callable[..., Any]:
        _DEFINITIONS[name, parameter is not None] = _Definition(compute, parameter, on_vertex, stateful)
        return compute
    return register


def _value(item: Any) -> str:
    if item is None:
        return NONE
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, tuple):
        return "(" + ",".join(map(_value, item)) + ")"
    return str(item)


def _values(result: Any) -> frozenset[str]:
    if result is None:
        return NONE_VALUES
    if isinstance(result, (str, int, tuple)):
        return frozenset({_value(result)})
    return frozenset(map(_value, result))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|")


@dataclass(frozen=True)
class Indicator:
    """An indicator feature of the tables applied to a role: ``name[parameter](role)``.

    ``parameter`` is a tuple (sorted for a set S); ``role`` is None for the
    graph-wide rows.  Build one with :func:`parse_feature` or directly.
    """

    name: str
    parameter: tuple[str, ...] | None = None
    role: str | None = None

    @cached_property
    def text(self) -> str:
        """The indicator as a feature list writes it, e.g. ``HasEdge[polarity](v)``."""
        parameter = "" if self.parameter is None else "[" + ",".join(self.parameter) + "]"
        return self.name + parameter + ("" if self.role is None else f"({self.role})")

    def __str__(self) -> str:
        return self.text

    def values(self, context: FeatureContext) -> frozenset[str]:
        """s(x): the set of values in this context, {NONE} where undefined."""
        return self._evaluate(context)[0]

    def strings(self, context: FeatureContext) -> tuple[str, ...]:
        """The active binary features ``s=a`` for a ∈ s(x), sorted."""
        return self._evaluate(context)[1]

    def _evaluate(self, context: FeatureContext) -> tuple[frozenset[str], tuple[str, ...]]:
        definition = _DEFINITIONS[self.name, self.parameter is not None]
        if not definition.on_vertex:
            memo, key = context._facts.memo, self.text
        elif definition.stateful:
            memo, key = context._memo, self.text
        else:
            memo, key = context._facts.vertex_memo, (self.text, context.vertex(self.role))
        entry = memo.get(key)
        if entry is None:
            if not definition.on_vertex:
                result = definition.compute(context)
            elif (v := context.vertex(self.role)) is None:
                result = None
            elif self.parameter is None:
                result = definition.compute(context, v)
            else:
                result = definition.compute(context, v, self.parameter)
            values = _values(result)
            entry = memo[key] = (values, tuple(sorted(f"{self.text}={_escape(a)}" for a in values)))
        return entry


@dataclass(frozen=True)
class Feature:
    """A line of a feature list: one indicator feature or the composition
    s1∘s2∘... of several (Def. in 2.7), written ``s1 * s2``."""

    parts: tuple[Indicator, ...]

    def __str__(self) -> str:
        return " * ".join(map(str, self.parts))

    @property
    def stateful(self) -> bool:
        """Whether a part reads more than the graph (see :class:`_Definition`)."""
        return any(_DEFINITIONS[p.name, p.parameter is not None].stateful for p in self.parts)

    def values(self, context: FeatureContext) -> set[tuple[str, ...]]:
        """(s1∘...∘sn)(x) = {(a1, ..., an) | ai ∈ si(x)}."""
        return set(product(*(part.values(context) for part in self.parts)))

    def strings(self, context: FeatureContext) -> list[str]:
        """The active binary features f_{s_i}: ``s1=a1|s2=a2`` for every
        (a1, a2) ∈ (s1∘s2)(x), in the order of the parts' sorted values."""
        strings = [part.strings(context) for part in self.parts]
        return list(strings[0]) if len(strings) == 1 else ["|".join(combo) for combo in product(*strings)]


# Table tab:syntactic-annotation-features


@_indicator("Concept")
def _concept(x: FeatureContext, v: Vertex) -> str:
    """L(v)."""
    return x.label(v)


@_indicator("Concept", "set")
def _concept_in(x: FeatureContext, v: Vertex, labels: tuple[str, ...]) -> bool:
    """Concept_S(v): whether L(v) ∈ S."""
    return x.label(v) in labels


def _lemma_of(label: str) -> str:
    """L(v) with its PropBank sense tag removed: ``want-01`` ↦ ``want``."""
    return _SENSE.sub("", label) if is_propbank_frameset(label) else label


@_indicator("Lemma")
def _lemma(x: FeatureContext, v: Vertex) -> str:
    return _lemma_of(x.label(v))


@_indicator("WordNetPos")
def _wordnet_pos(x: FeatureContext, v: Vertex) -> str | None:
    """The most likely POS of Lemma(v) by WordNet's use counts."""
    lexicon = x.resources.lexicon
    return None if lexicon is None else lexicon.best_pos(_lemma_of(x.label(v)))


@_indicator("Pos", stateful=True)
def _pos(x: FeatureContext, v: Vertex) -> str | None:
    """The POS tag assigned to v, if already determined."""
    return x.rho(Key.POS, v)


@_indicator("Number", stateful=True)
def _number(x: FeatureContext, v: Vertex) -> str | None:
    """The number assigned to v, if already determined."""
    return x.rho(Key.NUMBER, v)


@_indicator("InLabel")
def _in_label(x: FeatureContext, v: Vertex) -> str:
    return x.in_label(v)


@_indicator("InLabelInv")
def _in_label_inverse(x: FeatureContext, v: Vertex) -> bool:
    """Whether InLabel(v) ends with -of."""
    return x.in_label(v).endswith("-of")


@_indicator("InLabelArg")
def _in_label_arg(x: FeatureContext, v: Vertex) -> bool:
    """Whether InLabel(v) starts with ARG."""
    return x.in_label(v).startswith("ARG")


@_indicator("HasChild", "one")
def _has_child(x: FeatureContext, v: Vertex, label: tuple[str]) -> bool:
    """HasChild_l(v): whether some child of v has the label l."""
    return any(x.label(c) == label[0] for c in x.graph.children(v))


@_indicator("HasEdge", "one")
def _has_edge(x: FeatureContext, v: Vertex, label: tuple[str]) -> bool:
    """HasEdge_l(v): whether an edge labeled l leaves v."""
    return any(edge_label == label[0] for _, edge_label, _ in x.graph.out_edges(v))


@_indicator("OutSize")
def _out_size(x: FeatureContext, v: Vertex) -> int:
    """|ch_G(v)|."""
    return len(x.graph.children(v))


@_indicator("OutEmpty")
def _out_empty(x: FeatureContext, v: Vertex) -> bool:
    return not x.graph.children(v)


@_indicator("OutLabels")
def _out_labels(x: FeatureContext, v: Vertex) -> set[str]:
    return {label for _, label, _ in x.graph.out_edges(v)}


@_indicator("InLabels")
def _in_labels(x: FeatureContext, v: Vertex) -> set[str]:
    return {label for _, label, _ in x.graph.in_edges(v)}


@_indicator("OutLabelsPos")
def _out_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l, pôs(L(v'))) | (v, l, v') ∈ E}."""
    return {(label, x.empirical_pos(c)) for _, label, c in x.graph.out_edges(v)}


@_indicator("InLabelsPos")
def _in_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l, pôs(L(v'))) | (v', l, v) ∈ E}."""
    return {(label, x.empirical_pos(p)) for p, label, _ in x.graph.in_edges(v)}


@_indicator("Children")
def _children(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.label(c) for c in x.graph.children(v)}


@_indicator("Parents")
def _parents(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.label(p) for p in x.graph.parents(v)}


@_indicator("OutLabelsChildren")
def _out_labels_children(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l_r, L(v')) | (v, l_r, v') ∈ E}."""
    return {(label, x.label(c)) for _, label, c in x.graph.out_edges(v)}


@_indicator("NonLinkChildren")
def _non_link_children(x: FeatureContext, v: Vertex) -> set[str]:
    """{L(v') | v' ∈ ch_G(v), v = pâ_G(v')}."""
    return {x.label(c) for c in x.graph.children(v) if x.gold_parent(c) == v}


@_indicator("ChildrenPos")
def _children_pos(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.empirical_pos(c) for c in x.graph.children(v)}


@_indicator("Name")
def _name(x: FeatureContext, v: Vertex) -> str | None:
    """The name of v if name ∈ OutLabels(v): the collapsed name
    (:mod:`amrgen.prep.normalize`), else the name vertex's :opN strings."""
    names = [c for _, label, c in x.graph.out_edges(v) if label == "name"]
    if not names:
        return None
    collapsed = entity_name(x.graph, v)
    if collapsed is not None:
        return collapsed
    ops = sorted((int(m[1]), x.label(c).strip('"')) for _, label, c in x.graph.out_edges(names[0])
                 if (m := _OP.fullmatch(label)))
    return " ".join(part for _, part in ops) or x.label(names[0])


def _mod_children(x: FeatureContext, v: Vertex) -> list[Vertex]:
    return [c for _, label, c in x.graph.out_edges(v) if label == "mod"]


@_indicator("Mod")
def _mod(x: FeatureContext, v: Vertex) -> set[str]:
    """{L(v') | (v, mod, v') ∈ E}."""
    return {x.label(c) for c in _mod_children(x, v)}


@_indicator("ModPos")
def _mod_pos(x: FeatureContext, v: Vertex) -> set[str]:
    """{pôs(L(v')) | (v, mod, v') ∈ E}."""
    return {x.empirical_pos(c) for c in _mod_children(x, v)}


@_indicator("Height")
def _height(x: FeatureContext, v: Vertex) -> int | None:
    """The height of G|v if G|v is a tree (every vertex below v has exactly one incoming edge within G|v)."""
    g = x.graph
    below = g.successors(v)
    members = {v, *below}
    if any(sum(p in members for p, _, _ in g.in_edges(u)) != 1 for u in below):
        return None
    height, level = 0, g.children(v)
    while level:
        height += 1
        level = [c for u in level for c in g.children(u)]
    return height


@_indicator("Depth")
def _depth(x: FeatureContext, v: Vertex) -> int:
    """The length of the shortest path from root(G) to v."""
    return x.depth(v)


@_indicator("NrOfArgs")
def _nr_of_args(x: FeatureContext, v: Vertex) -> int:
    """|{(v, ARGi, v') ∈ E | i ∈ ℕ}|."""
    return sum(bool(_ARG.fullmatch(label)) for _, label, _ in x.graph.out_edges(v))


@_indicator("ArgFlags")
def _arg_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi, whether v has an outgoing ARGi edge) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, _ in x.graph.out_edges(v)}
    return {(f"ARG{i}", f"ARG{i}" in labels) for i in ARG_RANGE}


@_indicator("ArgLinkFlags")
def _arg_link_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi, whether v has an edge (v, ARGi, v') with v = pâ_G(v')) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, c in x.graph.out_edges(v) if x.gold_parent(c) == v}
    return {(f"ARG{i}", f"ARG{i}" in labels) for i in ARG_RANGE}


@_indicator("ArgOfFlags")
def _arg_of_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi-of, whether v has an incoming ARGi-of edge) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, _ in x.graph.in_edges(v)}
    return {(f"ARG{i}-of", f"ARG{i}-of" in labels) for i in ARG_RANGE}


@_indicator("AllEdgeLabels", on_vertex=False)
def _all_edge_labels(x: FeatureContext) -> set[str]:
    """{l | (v1, l, v2) ∈ E}."""
    return {label for _, label, _ in x.graph.edges}


@_indicator("AllCombinedLabels", on_vertex=False)
def _all_combined_labels(x: FeatureContext) -> set[tuple[str, str]]:
    """{(l_r, L(v2)) | (v1, l_r, v2) ∈ E}."""
    return {(label, x.label(target)) for _, label, target in x.graph.edges}


# Table tab:transition-features


@_indicator("Rho", "key", stateful=True)
def _rho(x: FeatureContext, v: Vertex, key: tuple[str]) -> Any:
    """Rho_k(v) = ρ(k)(v)."""
    return x.rho(Key(key[0]), v)


@_indicator("RealizationLemma", stateful=True)
def _realization_lemma(x: FeatureContext, v: Vertex) -> str | None:
    """The base form of ρ(REAL)(v), word by word, guided by ρ(POS)(v)."""
    realization, lexicon = x.rho(Key.REAL, v), x.resources.lexicon
    if realization is None or lexicon is None:
        return None
    pos = x.rho(Key.POS, v)
    return " ".join(lexicon.base_form(word, pos) for word in realization.split())


@_indicator("RelativePosition", stateful=True)
def _relative_position(x: FeatureContext, v: Vertex) -> str | None:
    """``left`` if v ≺ p_v, ``right`` if p_v ≺ v, each when ρ(DEL)(p_v) = 0;
    ``del`` otherwise; NONE without p_v."""
    p = x.parent(v)
    if p is None:
        return None
    side = x.side(v)
    return side if side is not None and x.rho(Key.DEL, p) == 0 else "del"


@_indicator("OutLabels", "set")
def _out_labels_within(x: FeatureContext, v: Vertex, labels: tuple[str, ...]) -> bool:
    """OutLabels_S(v): whether OutLabels(v) ⊆ S."""
    return all(label in labels for _, label, _ in x.graph.out_edges(v))


def _same_side_edges(x: FeatureContext, v: Vertex) -> list[tuple[str, Vertex]] | None:
    """The edges (p_v, l, v') with v' on v's side of p_v; None without p_v or v's side."""
    p, side = x.parent(v), x.side(v)
    if p is None or side is None:
        return None
    return [(label, c) for _, label, c in x.graph.out_edges(p) if x.side(c) == side]


@_indicator("SameSideSize", stateful=True)
def _same_side_size(x: FeatureContext, v: Vertex) -> int | None:
    """|{v' | p_v = p_v', v' on the same side of p_v as v}|."""
    edges = _same_side_edges(x, v)
    return None if edges is None else len({c for _, c in edges})


@_indicator("SameSideLabels", stateful=True)
def _same_side_labels(x: FeatureContext, v: Vertex) -> set[str] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {label for label, _ in edges}


@_indicator("SameSideLabelsPos", stateful=True)
def _same_side_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {(label, x.empirical_pos(c)) for label, c in edges}


@_indicator("SameSidePos", stateful=True)
def _same_side_pos(x: FeatureContext, v: Vertex) -> set[str] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {x.empirical_pos(c) for _, c in edges}


@_indicator("Mergeable")
def _mergeable(x: FeatureContext, v: Vertex) -> bool | None:
    """Whether training merged a vertex with v's concept into a parent with p_v's concept: (L(p_v), L(v)) ∈ L_M."""
    p, table = x.parent(v), x.resources.merge_table
    if p is None or table is None:
        return None
    return (x.label(p), x.label(v)) in table


@_indicator("ComplexPos", stateful=True)
def _complex_pos(x: FeatureContext, v: Vertex) -> Any:
    """ρ(POS)(v); for nouns (NN, ρ(NUMBER)(v)); for verbs (VB, ρ(TENSE)(v),
    ρ(VOICE)(v), the mood indicators among v's children, ρ(NUMBER) of v's
    first ARGi child, taking the lowest i)."""
    pos = x.rho(Key.POS, v)
    if pos == "NN":
        return (pos, x.rho(Key.NUMBER, v))
    if pos != "VB":
        return pos
    children = {x.label(c) for c in x.graph.children(v)}
    moods = "+".join(mood for mood in MOOD_INDICATORS if mood in children) or "none"
    args = [(int(m[1]), c) for _, label, c in x.graph.out_edges(v) if (m := _ARG.fullmatch(label))]
    first = min(args, key=lambda arg: arg[0])[1] if args else None
    return (pos, x.rho(Key.TENSE, v), x.rho(Key.VOICE, v), moods, None if first is None else x.rho(Key.NUMBER, first))


# -- feature lists ----------------------------------------------------------------


@dataclass(frozen=True)
class FeatureList:
    """A model's features, in the order of its file."""

    name: str
    features: tuple[Feature, ...]

    def __iter__(self):
        return iter(self.features)

    def __len__(self) -> int:
        return len(self.features)

    @cached_property
    def split(self) -> tuple[tuple[Feature, ...], tuple[Feature, ...], tuple[str, ...]]:
        """The features that read only the graph, those that read more (ρ, α, sides),
        and the roles the first ones read."""
        stateless = tuple(f for f in self.features if not f.stateful)
        roles = {part.role for f in stateless for part in f.parts if part.role is not None}
        return stateless, tuple(f for f in self.features if f.stateful), tuple(sorted(roles))


def extract(features: Iterable[Feature], context: FeatureContext) -> list[str]:
    """The binary features active in the context.  For a :class:`FeatureList`,
    the strings of the features that read only the graph are computed once per
    graph and vertices of their roles (decoding asks about the same vertices
    under many annotations and orders)."""
    if not isinstance(features, FeatureList):
        return [s for feature in features for s in feature.strings(context)]
    stateless, stateful, roles = features.split
    key = (id(features), *(context.vertex(role) for role in roles))
    memo = context._facts.list_memo
    strings = memo.get(key)
    if strings is None:
        strings = memo[key] = [s for feature in stateless for s in feature.strings(context)]
    return strings + [s for feature in stateful for s in feature.strings(context)]


_TERM = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9_]*)(?:\[(?P<parameter>[^\]]*)\])?(?:\((?P<role>[^)]*)\))?")
_PARAMETER = re.compile(r"[^\s,\[\]()|=*#]+")
_KEYS = [key.value for key in Key]


def all_indicators(roles: Iterable[str]) -> list[Indicator]:
    """Every indicator of the tables on ``roles`` (the graph-wide rows once): each
    row without parameter, and Rho[k] for every annotation key k.  The rows with a
    label or set parameter (HasChild[l], OutLabels[S], ...) have unboundedly many
    instances and are left out."""
    roles = [role for role in ROLES if role in set(roles)]
    found: list[Indicator] = []
    for (name, has_parameter), definition in _DEFINITIONS.items():
        parameters = [None] if not has_parameter else [(k,) for k in _KEYS] if definition.parameter == "key" else []
        for parameter in parameters:
            found.extend(Indicator(name, parameter, role) for role in (roles if definition.on_vertex else [None]))
    return found


def parse_feature(text: str) -> Feature:
    """One line of a feature list; raises ValueError saying what is wrong."""
    parts = [part.strip() for part in text.split("*")]
    if any(not part for part in parts):
        raise ValueError(f"empty indicator in {text.strip()!r}")
    return Feature(tuple(_parse_indicator("".join(part.split())) for part in parts))


def _parse_indicator(term: str) -> Indicator:
    match = _TERM.fullmatch(term)
    if match is None:
        raise ValueError(f"cannot read {term!r}: expected Name(role), Name[parameters](role) or Name")
    name, raw, role = match["name"], match["parameter"], match["role"]
    definition = _DEFINITIONS.get((name, raw is not None))
    if definition is None:
        if (name, raw is None) in _DEFINITIONS:
            raise ValueError(f"{name} {'needs a parameter' if raw is None else 'takes no parameter'}")
        close = difflib.get_close_matches(name, {n for n, _ in _DEFINITIONS}, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ValueError(f"unknown indicator feature {name!r}{hint}")
    if definition.on_vertex and role is None:
        raise ValueError(f"{name} needs a vertex role, as in {name}(v); roles: {', '.join(ROLES)}")
    if not definition.on_vertex and role is not None:
        raise ValueError(f"{name} is graph-wide and takes no role")
    if role is not None and role not in ROLES:
        raise ValueError(f"unknown role {role!r} in {term!r}; roles: {', '.join(ROLES)}")
    return Indicator(name, None if raw is None else _parse_parameter(name, definition.parameter, raw), role)


def _parse_parameter(name: str, kind: str, raw: str) -> tuple[str, ...]:
    elements = raw.split(",")
    for element in elements:
        if not _PARAMETER.fullmatch(element):
            raise ValueError(f"bad parameter {element!r} of {name}")
    if kind in ("one", "key") and len(elements) != 1:
        raise ValueError(f"{name} takes exactly one parameter, not {len(elements)}")
    if kind == "key" and elements[0] not in _KEYS:
        raise ValueError(f"{name}[{elements[0]}]: no annotation key {elements[0]!r}; keys: {', '.join(_KEYS)}")
    return tuple(sorted(set(elements))) if kind == "set" else tuple(elements)


def parse_feature_list(text: str, name: str = "features", source: str = "<string>") -> FeatureList:
    """A feature list in the format of the module docstring.  Raises
    :class:`FeatureSpecError` naming ``source`` and the line."""
    features: list[Feature] = []
    lines: dict[Feature, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            feature = parse_feature(line)
        except ValueError as error:
            raise FeatureSpecError(f"{source}:{number}: {error}") from None
        if feature in lines:
            raise FeatureSpecError(f"{source}:{number}: {feature} repeats line {lines[feature]}")
        lines[feature] = number
        features.append(feature)
    return FeatureList(name, tuple(features))


def load_feature_list(name_or_path: str | Path) -> FeatureList:
    """The feature list ``resources/features/NAME.txt``, or the file at a path."""
    path = Path(name_or_path)
    if path.suffix != ".txt":
        path = FEATURES_DIR / f"{name_or_path}.txt"
    if not path.is_file():
        raise MissingResourceError(f"no feature list {str(name_or_path)!r}: {path} does not exist")
    return parse_feature_list(path.read_text(encoding="utf-8"), path.stem, str(path))
