"""Configurations c = (G, σ, β, ρ) of S_AMR, with c_s, C_t and c_f (thesis 4.2)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import total_ordering
from typing import Any

from amrgen.graph import Graph, Vertex
from amrgen.transitions.annotations import AnnotationFunction, Key


@total_ordering
@dataclass(frozen=True)
class InsertedVertex:
    """σ̃_i ∈ V_ins: a vertex created by a transition, numbered in creation order.

    Written ``~v1``, ``~v2``... like the thesis's ṽ1, ṽ2.
    """

    index: int

    def __str__(self) -> str:
        return f"~v{self.index}"

    __repr__ = __str__

    def __lt__(self, other: object) -> bool:
        if isinstance(other, InsertedVertex):
            return self.index < other.index
        return NotImplemented


def is_between_word(g: Graph, u: Vertex) -> bool:
    """Whether u is a word Insert-Between put above a vertex (not a copy Delete-Reentrance made)."""
    return isinstance(u, InsertedVertex) and bool(g.children(u))


def below_between_word(g: Graph, u: Vertex) -> Vertex:
    """u, or the vertex below u where u is a word Insert-Between put above it."""
    return g.children(u)[0] if is_between_word(g, u) else u


PLACEHOLDER = "*"
"""The placeholder edge label ⋆ ∉ L_R of edges to inserted vertices."""


@dataclass(frozen=True)
class Configuration:
    """A configuration for AMR generation (Def. in 4.2).

    ``inserted`` counts the vertices of V_ins used so far, so every new
    vertex is fresh (σ̃ ∈ V_ins \\ V) even after others were merged away.
    ``swapped`` records the pairs of vertices swapped so far: the formal
    system ignores it; the Swap constraint of Section 5.1 needs it.
    """

    graph: Graph
    node_buffer: tuple[Vertex, ...]
    child_buffer: tuple[Vertex, ...] = ()
    rho: AnnotationFunction = field(default_factory=AnnotationFunction)
    inserted: int = 0
    swapped: frozenset[frozenset] = frozenset()

    @property
    def sigma1(self) -> Vertex | None:
        """σ1, the top of the node buffer (None when σ = ε)."""
        return self.node_buffer[0] if self.node_buffer else None

    @property
    def beta1(self) -> Vertex | None:
        """β1, the top of the child buffer (None when β = ε)."""
        return self.child_buffer[0] if self.child_buffer else None

    def new_vertex(self) -> InsertedVertex:
        """The next unused σ̃ ∈ V_ins; pair with ``inserted + 1`` in the result."""
        return InsertedVertex(self.inserted + 1)

    def with_(self, **changes: Any) -> Configuration:
        """c with the fields named changed (as ``dataclasses.replace``, which took a
        few times as long: the search and replay make tens of thousands)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Configuration has no field {', '.join(sorted(unknown))}")
        new = object.__new__(type(self))
        object.__setattr__(new, "__dict__", {**self.__dict__, **changes})
        return new

    def is_terminal(self) -> bool:
        """c ∈ C_t: both buffers empty."""
        return not self.node_buffer and not self.child_buffer

    def check(self) -> list[str]:
        """What keeps c from being a configuration of C_AMR (empty when well-formed)."""
        g = self.graph
        problems = []
        if not g.is_rooted():
            problems.append(f"graph has {len(g.roots())} roots")
        cycle = g.find_cycle()
        if cycle:
            problems.append("graph has a cycle " + " -> ".join(map(str, cycle)))
        if len(set(self.node_buffer)) != len(self.node_buffer):
            problems.append("node buffer repeats a vertex")
        if len(set(self.child_buffer)) != len(self.child_buffer):
            problems.append("child buffer repeats a vertex")
        if any(v not in g for v in self.node_buffer):
            problems.append("node buffer holds a vertex not in the graph")
        if self.child_buffer:
            children = set(g.children(self.sigma1)) if self.node_buffer else set()
            if not set(self.child_buffer) <= children:
                problems.append("child buffer holds a vertex that is not a child of σ1")
        return problems


_FIELDS = frozenset(f.name for f in fields(Configuration))


def initial(graph: Graph) -> Configuration:
    """c_s(G) = (G, σ_G, ε, ρ∅) with σ_G a bottom-up traversal of G."""
    return Configuration(graph, tuple(graph.bottom_up_traversal()), (), AnnotationFunction())


def finalize(c: Configuration) -> str | None:
    """c_f(c) = yield_ρ(REAL)(G) when G is totally ordered and every vertex is
    realized; None where c_f is undefined."""
    g, real = c.graph, c.rho[Key.REAL]
    if not all(v in real for v in g.vertices) or not g.is_totally_ordered():
        return None
    return " ".join(g.yield_(real))
