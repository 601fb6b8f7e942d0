"""Dependency trees (thesis 2.4) and aligned bigraphs (2.5): alignments A(v),
the maps π¹ and π², and spans.

Token positions are 1-based, as in the thesis (w = w1 ... wn); readers that
see 0-based token indices convert at the boundary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from amrgen.graph import Graph, Vertex
from amrgen.order import ChainOrder


def dependency_tree(words: Sequence[str], heads: Sequence[int], labels: Sequence[str]) -> Graph:
    """The dependency tree of a parse: vertex i is the i-th word (1-based),
    ``heads[i-1]`` its head (0 for the root) and ``labels[i-1]`` the relation.

    The order ≺ is the word order, so the tree is totally ordered and the
    bijection b of Section 2.4 is the identity.
    """
    n = len(words)
    if not len(heads) == len(labels) == n:
        raise ValueError("words, heads and labels differ in length")
    tree = Graph({i: words[i - 1] for i in range(1, n + 1)})
    for i in range(1, n + 1):
        if heads[i - 1]:
            tree.add_edge(heads[i - 1], labels[i - 1], i)
    tree.order = ChainOrder(range(1, n + 1))  # n ranks, not the n² pairs of the closed order
    if n and not tree.is_tree():
        raise ValueError("the heads do not form a tree")
    return tree


def is_dependency_tree_for(tree: Graph, words: Sequence[str], b: Mapping[Vertex, int]) -> bool:
    """Whether ``tree`` is a dependency tree for the sentence with bijection b (2.4):
    a totally ordered tree with L(v) = w(b(v)) and v ≺ v' ⇔ b(v) < b(v')."""
    vertices = tree.vertices
    if sorted(b.get(v, 0) for v in vertices) != list(range(1, len(words) + 1)):
        return False
    if not (tree.is_tree() and tree.is_totally_ordered()):
        return False
    return all(tree.label(v) == words[b[v] - 1] for v in vertices) and all(
        tree.order.precedes(u, v) == (b[u] < b[v]) for u in vertices for v in vertices if u != v
    )


@dataclass
class Bigraph:
    """An aligned bigraph B = (G1, G2, w, A1, A2) (Def. 2.6).

    G1 is the AMR graph, G2 the dependency tree (None when there is none),
    A1 ⊆ V1 × [n] and A2 ⊆ V2 × [n]; ``pos`` holds the POS tags of w when
    known (the w^POS of Section 4.3.1), ``lemmas`` their base forms.
    """

    amr: Graph
    dependencies: Graph | None
    words: list[str]
    amr_alignment: set[tuple[Vertex, int]] = field(default_factory=set)
    dependency_alignment: set[tuple[Vertex, int]] = field(default_factory=set)
    pos: list[str] | None = None
    lemmas: list[str] | None = None

    def __post_init__(self) -> None:
        n = len(self.words)
        for side, graph, alignment in self._sides():
            for v, j in alignment:
                if graph is None or v not in graph:
                    raise ValueError(f"A{side} aligns unknown vertex {v!r}")
                if not 1 <= j <= n:
                    raise ValueError(f"A{side} aligns {v!r} to token {j}, outside 1..{n}")

    def _sides(self) -> Iterable[tuple[int, Graph | None, set[tuple[Vertex, int]]]]:
        return ((1, self.amr, self.amr_alignment), (2, self.dependencies, self.dependency_alignment))

    def _side(self, i: int) -> tuple[Graph, set[tuple[Vertex, int]]]:
        if i not in (1, 2):
            raise ValueError("i must be 1 (AMR graph) or 2 (dependency tree)")
        _, graph, alignment = tuple(self._sides())[i - 1]
        if graph is None:
            raise ValueError("this bigraph has no dependency tree")
        return graph, alignment

    def aligned(self, i: int, v: Vertex) -> set[int]:
        """A_i(v): the positions of the words v is aligned to."""
        return {j for u, j in self._side(i)[1] if u == v}

    def pi(self, i: int, v: Vertex) -> set[Vertex]:
        """π^i_B(v): the vertices of the other graph sharing an aligned word with v."""
        other = self._side(3 - i)[1]
        positions = self.aligned(i, v)
        return {u for u, j in other if j in positions}

    def span(self, i: int, v: Vertex) -> set[int]:
        """span^i_B(v) = A_i(v) ∪ ⋃_{v' ∈ ch(v)} span^i_B(v') (Def. 2.7)."""
        graph, alignment = self._side(i)
        by_vertex: dict[Vertex, set[int]] = {}
        for u, j in alignment:
            by_vertex.setdefault(u, set()).add(j)
        result: set[int] = set()
        for u in [v, *graph.successors(v)]:
            result |= by_vertex.get(u, set())
        return result
