"""The context x ∈ X of the indicator features (thesis 2.7, 4.3.2-4.3.3): a configuration
c = (G, σ, β, ρ), what training learnt (the empirical POS tags pôs, the Merge table L_M, WordNet)
and the vertices an event is about, named by *roles*: ``v`` (σ1, or the vertex whose annotation is
asked for), ``p`` and ``g`` (its gold parent and grandparent), ``b`` (β1) and ``c1``, ``c2`` (the
children an order event compares).  The indicators themselves are :mod:`amrgen.ml.indicators`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from amrgen.amr import depths
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WORDNET, WordNetLexicon
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.constraints import ConstraintResources, is_propbank_frameset
from amrgen.transitions.transitions import LEFT, RIGHT

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
        self.facts = share.facts if same_graph else _GraphFacts(self.graph)
        self.memo: dict[tuple[str, Vertex | None], tuple[frozenset[str], tuple[str, ...]]] = {}
        """The values of the indicators that read the order or the sides, by indicator and
        vertex: shared by the contexts :meth:`derive` makes with other children only."""
        self.rho_memo: dict[tuple, Any] = {}
        """The values of the indicators that read ρ and α only, by indicator and vertex (and
        the strings of a feature list's features that read them, by list and vertices, see
        :func:`~amrgen.ml.features.extract`): shared by the contexts :meth:`derive` makes
        with the same vertex and α."""

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
        new = FeatureContext(self.configuration, self.resources, share=self, **arguments)
        if "vertex" not in changes and "annotation" not in changes:
            new.rho_memo = self.rho_memo
            if "sides" not in changes:
                new.memo = self.memo
        return new

    # -- roles and the notions of the tables ------------------------------------

    def vertex(self, role: str) -> Vertex | None:
        """The vertex playing ``role`` (see :data:`ROLES`), None when there is none."""
        roles = self._roles
        if role in roles:
            return roles[role]
        if role == "p":
            found = self.gold_parent(self.vertex("v"))
        elif role == "g":
            found = self.gold_parent(self.vertex("p"))
        else:
            raise KeyError(role)
        roles[role] = found  # the gold parents are asked for every feature that reads them
        return found

    def gold_parent(self, v: Vertex | None) -> Vertex | None:
        """pâ_G(v) (Def. def:gold-parent); None for the root and for None."""
        return None if v is None else self.facts.gold_parent(v)

    def depth(self, v: Vertex) -> int:
        """The length of the shortest path from root(G) to v."""
        return self.facts.depths[v]

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
