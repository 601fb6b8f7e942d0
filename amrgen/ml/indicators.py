"""The indicator features of Tables tab:syntactic-annotation-features and
tab:transition-features (thesis 4.3.2-4.3.3) and their composition (Def. in 2.7).

Every indicator of the two tables is an :class:`Indicator`, a table row applied to a role of the
context (:mod:`amrgen.ml.context`): ``Concept(v)``, ``InLabel(p)``, ``HasEdge[polarity](v)``; its
value is {NONE} where the role's vertex does not exist or the row is undefined, as Section 4.3.3
says.  A :class:`Feature` is one indicator or the composition s1∘s2∘... of several: the cross
product of their value sets.  The rows register themselves in :data:`DEFINITIONS` by name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from operator import attrgetter
from typing import Any

from amrgen.graph import Vertex
from amrgen.ml.context import NONE, NONE_VALUES, FeatureContext
from amrgen.prep.normalize import entity_name
from amrgen.transitions.annotations import Key
from amrgen.transitions.constraints import is_propbank_frameset

MOOD_INDICATORS = ("imperative", "interrogative", "expressive")
"""The grammatical mood indicators among the AMR concepts (2.3), for ComplexPos."""

ARG_RANGE = range(1, 6)
"""The i of ArgFlags, ArgLinkFlags and ArgOfFlags: 1 ≤ i ≤ 5, as the table says."""

_ARG = re.compile(r"ARG(\d+)")
_OP = re.compile(r"op(\d+)")
_SENSE = re.compile(r"-\d+$")


# -- indicator features -----------------------------------------------------------


@dataclass(frozen=True)
class _Definition:
    """A row of the tables: how to compute it and what it takes.

    ``parameter`` is None, ``"one"`` (a label l), ``"set"`` (a set S) or
    ``"key"`` (an annotation key k).  ``stateful`` rows read more than the
    graph and the role's vertex (ρ, the event's α or sides); the others are
    computed once per graph and vertex, however many contexts ask.  A
    stateful row that reads ρ and α only (not ``reads_order``: not ≺ nor the
    event's sides) is computed once per vertex for the contexts of one
    configuration and α (:attr:`FeatureContext.rho_memo`: the orders and
    pairs of children that Reorder's models score), one that reads them once
    per vertex for the contexts of one configuration, α and sides
    (:attr:`FeatureContext.memo`: the pairs of children of one side assignment).  ``compute(x, v[, parameter])`` (or
    ``compute(x)`` for a graph-wide row) returns None for NONE, a value or
    an iterable of values; a value is a string, a number, a flag (bool) or
    a tuple of values.
    """

    compute: Callable[..., Any]
    parameter: str | None
    on_vertex: bool
    stateful: bool
    reads_order: bool


DEFINITIONS: dict[tuple[str, bool], _Definition] = {}


def _indicator(name: str, parameter: str | None = None, on_vertex: bool = True, stateful: bool = False,
               reads_order: bool = False):
    def register(compute: Callable[..., Any]) -> Callable[..., Any]:
        DEFINITIONS[name, parameter is not None] = _Definition(compute, parameter, on_vertex, stateful,
                                                               reads_order)
        return compute
    return register


def _value(item: Any) -> str:
    if type(item) is str:  # most values: asked first
        return item
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
    if type(result) is str:
        return frozenset((result,))
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

    @property
    def reads_words(self) -> bool:
        """Whether the value depends on ρ(REAL), the words Realize chose."""
        return self.name == "RealizationLemma" or self.name == "Rho" and self.parameter == (Key.REAL.value,)

    @cached_property
    def definition(self) -> _Definition:
        """The row of the tables this indicator applies."""
        return DEFINITIONS[self.name, self.parameter is not None]

    @cached_property
    def _memo(self) -> Callable[[FeatureContext], dict]:
        """Where a context keeps this indicator's values (see :class:`_Definition`)."""
        definition = self.definition
        if not definition.on_vertex:
            return attrgetter("facts.memo")
        if definition.reads_order:
            return attrgetter("memo")
        return attrgetter("rho_memo" if definition.stateful else "facts.vertex_memo")

    def _evaluate(self, context: FeatureContext) -> tuple[frozenset[str], tuple[str, ...]]:
        # Asked hundreds of thousands of times a corpus: the memo found by one call, the
        # key made once, and a value's string made without sorting where there is one.
        text = self.text
        memo = self._memo(context)
        key = (text, context.vertex(self.role)) if self.role is not None else text
        entry = memo.get(key)
        if entry is None:
            definition = self.definition
            if self.role is None:  # a graph-wide row (parse_feature gives them no role)
                result = definition.compute(context)
            elif (v := key[1]) is None:
                result = None
            elif self.parameter is None:
                result = definition.compute(context, v)
            else:
                result = definition.compute(context, v, self.parameter)
            values = _values(result)
            if len(values) == 1:
                strings = (f"{text}={_escape(next(iter(values)))}",)
            else:
                strings = tuple(sorted(f"{text}={_escape(a)}" for a in values))
            entry = memo[key] = (values, strings)
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
        return any(p.definition.stateful for p in self.parts)

    @property
    def reads_order(self) -> bool:
        """Whether a part reads ≺ or the event's sides (see :class:`_Definition`)."""
        return any(p.definition.reads_order for p in self.parts)

    def values(self, context: FeatureContext) -> set[tuple[str, ...]]:
        """(s1∘...∘sn)(x) = {(a1, ..., an) | ai ∈ si(x)}."""
        return set(product(*(part.values(context) for part in self.parts)))

    def strings(self, context: FeatureContext) -> list[str]:
        """The active binary features f_{s_i}: ``s1=a1|s2=a2`` for every
        (a1, a2) ∈ (s1∘s2)(x), in the order of the parts' sorted values."""
        parts = self.parts
        if len(parts) == 1:
            return list(parts[0].strings(context))
        return ["|".join(combo) for combo in product(*(part.strings(context) for part in parts))]


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


@_indicator("RelativePosition", stateful=True, reads_order=True)
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


@_indicator("SameSideSize", stateful=True, reads_order=True)
def _same_side_size(x: FeatureContext, v: Vertex) -> int | None:
    """|{v' | p_v = p_v', v' on the same side of p_v as v}|."""
    edges = _same_side_edges(x, v)
    return None if edges is None else len({c for _, c in edges})


@_indicator("SameSideLabels", stateful=True, reads_order=True)
def _same_side_labels(x: FeatureContext, v: Vertex) -> set[str] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {label for label, _ in edges}


@_indicator("SameSideLabelsPos", stateful=True, reads_order=True)
def _same_side_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {(label, x.empirical_pos(c)) for label, c in edges}


@_indicator("SameSidePos", stateful=True, reads_order=True)
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
