"""Labeled ordered graphs (thesis Section 2.2).

A graph G = (V, E, L, ≺) has a finite set of vertices V, labeled edges
E ⊆ V × L_E × V, a vertex labeling L and a strict order ≺ on V, an
:class:`~amrgen.order.Order`.

Vertices are any hashable values (the thesis numbers them; AMR graphs read
from PENMAN use the PENMAN variables).  Edges are stored per vertex in the
order they were added, so that every traversal is deterministic without ever
sorting vertices.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from amrgen.order import Order

Vertex = Hashable
Edge = tuple[Vertex, str, Vertex]

_EXPAND, _EMIT, _CLOSE = range(3)
"""What an item of the yield's stack asks (:meth:`Graph._yield`)."""


class Graph:
    """A labeled ordered graph G = (V, E, L, ≺) (Def. 2.1).

    Mutating methods exist for building graphs and for transitions that work
    on a :meth:`copy`; a graph held by a configuration is never mutated.
    """

    def __init__(
        self,
        labels: Mapping[Vertex, Any] | Iterable[tuple[Vertex, Any]] = (),
        edges: Iterable[Edge] = (),
        order: Order | Iterable[tuple[Vertex, Vertex]] = (),
    ) -> None:
        self._labels: dict[Vertex, Any] = dict(labels.items() if isinstance(labels, Mapping) else labels)
        self._out: dict[Vertex, list[tuple[str, Vertex]]] = {v: [] for v in self._labels}
        self._in: dict[Vertex, list[tuple[Vertex, str]]] = {v: [] for v in self._labels}
        self._own_out: set[Vertex] = set(self._labels)
        self._own_in: set[Vertex] = set(self._labels)
        self._children: dict[Vertex, list[Vertex]] = {}
        for edge in edges:
            self.add_edge(*edge)
        self.order: Order = order if isinstance(order, Order) else Order(order)

    # -- building -----------------------------------------------------------

    def copy(self) -> Graph:
        """A graph equal to this one that can be changed on its own.  The two share
        each vertex's edge lists until either changes them (a transition copies a
        graph to change a vertex or two of it, and the search copies thousands)."""
        new = Graph.__new__(Graph)
        new._labels = dict(self._labels)
        new._out = dict(self._out)
        new._in = dict(self._in)
        new._own_out, new._own_in, new._children = set(), set(), {}
        self._own_out, self._own_in = set(), set()
        new.order = self.order
        return new

    def _out_list(self, v: Vertex) -> list[tuple[str, Vertex]]:
        """out_G(v)'s list, to change: copied first if another graph shares it."""
        self._children.clear()
        if v not in self._own_out:
            self._out[v] = list(self._out[v])
            self._own_out.add(v)
        return self._out[v]

    def _in_list(self, v: Vertex) -> list[tuple[Vertex, str]]:
        """in_G(v)'s list, to change: copied first if another graph shares it."""
        if v not in self._own_in:
            self._in[v] = list(self._in[v])
            self._own_in.add(v)
        return self._in[v]

    def add_vertex(self, v: Vertex, label: Any) -> None:
        if v in self._labels:
            raise ValueError(f"vertex {v!r} already exists")
        self._labels[v] = label
        self._out[v] = []
        self._in[v] = []
        self._own_out.add(v)
        self._own_in.add(v)

    def fresh_name(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``... : the first that is not a vertex yet."""
        name, n = base, 1
        while name in self._labels:
            n += 1
            name = f"{base}_{n}"
        return name

    def remove_vertex(self, v: Vertex) -> None:
        """Remove v and every edge touching it."""
        for label, child in list(self._out[v]):
            self.remove_edge(v, label, child)
        for parent, label in list(self._in[v]):
            self.remove_edge(parent, label, v)
        del self._labels[v], self._out[v], self._in[v]
        self._children.pop(v, None)

    def set_label(self, v: Vertex, label: Any) -> None:
        self._labels[v] = label

    def add_edge(self, source: Vertex, label: str, target: Vertex) -> None:
        for v in (source, target):
            if v not in self._labels:
                raise ValueError(f"edge ({source!r}, {label!r}, {target!r}) names unknown vertex {v!r}")
        if (label, target) in self._out[source]:
            return
        self._out_list(source).append((label, target))
        self._in_list(target).append((source, label))

    def remove_edge(self, source: Vertex, label: str, target: Vertex) -> None:
        self._out_list(source).remove((label, target))
        self._in_list(target).remove((source, label))

    def replace_edge(self, old: Edge, new: Edge) -> None:
        """Replace an edge in place, keeping its position among the source's out-edges."""
        source, label, target = old
        index = self._out[source].index((label, target))
        self.remove_edge(*old)
        if new[0] == source:
            self._out_list(source).insert(index, (new[1], new[2]))
            self._in_list(new[2]).append((source, new[1]))
        else:
            self.add_edge(*new)

    # -- the definitions of Section 2.2 --------------------------------------

    @property
    def vertices(self) -> list[Vertex]:
        return list(self._labels)

    @property
    def edges(self) -> list[Edge]:
        return [(v, label, c) for v, out in self._out.items() for label, c in out]

    def __contains__(self, v: object) -> bool:
        return v in self._labels

    def __len__(self) -> int:
        return len(self._labels)

    def label(self, v: Vertex) -> Any:
        """L(v)."""
        return self._labels[v]

    @property
    def labels(self) -> dict[Vertex, Any]:
        return dict(self._labels)

    def in_edges(self, v: Vertex) -> list[Edge]:
        """in_G(v): the incoming edges of v, in the order they were added."""
        return [(p, label, v) for p, label in self._in[v]]

    def out_edges(self, v: Vertex) -> list[Edge]:
        """out_G(v): the outgoing edges of v, in the order they were added."""
        return [(v, label, c) for label, c in self._out[v]]

    def parents(self, v: Vertex) -> list[Vertex]:
        """pa_G(v), without repeats, in edge order."""
        return list(dict.fromkeys(p for p, _ in self._in[v]))

    def children(self, v: Vertex) -> list[Vertex]:
        """ch_G(v), without repeats, in edge order (a new list: the caller may change it)."""
        found = self._children.get(v)
        if found is None:
            found = self._children[v] = list(dict.fromkeys(c for _, c in self._out[v]))
        return list(found)

    def edge_labels(self, source: Vertex, target: Vertex) -> list[str]:
        return [label for label, c in self._out[source] if c == target]

    def successors(self, v: Vertex) -> list[Vertex]:
        """succ_G(v): everything reachable from v by a walk of length ≥ 1."""
        return self._reachable(v, self.children)

    def predecessors(self, v: Vertex) -> list[Vertex]:
        """pred_G(v): everything from which v is reachable by a walk of length ≥ 1."""
        return self._reachable(v, self.parents)

    @staticmethod
    def _reachable(v: Vertex, step: Callable[[Vertex], list[Vertex]]) -> list[Vertex]:
        seen: dict[Vertex, None] = {}
        stack = list(reversed(step(v)))
        while stack:
            u = stack.pop()
            if u not in seen:
                seen[u] = None
                stack.extend(reversed(step(u)))
        return list(seen)

    def roots(self) -> list[Vertex]:
        """All v with pa_G(v) = ∅."""
        return [v for v in self._labels if not self._in[v]]

    def is_rooted(self) -> bool:
        return len(self.roots()) == 1

    @property
    def root(self) -> Vertex:
        """root(G); only defined for rooted graphs."""
        roots = self.roots()
        if len(roots) != 1:
            raise ValueError(f"graph has {len(roots)} roots, not exactly one")
        return roots[0]

    def find_cycle(self) -> list[Vertex] | None:
        """A cycle (v0, ..., vn) with v0 = vn, or None if G is acyclic."""
        state: dict[Vertex, int] = {}  # 1 = on the current path, 2 = done
        for start in self._labels:
            if start in state:
                continue
            path: list[Vertex] = [start]
            iters: list[Iterator[Vertex]] = [iter(self.children(start))]
            state[start] = 1
            while iters:
                nxt = next(iters[-1], None)
                if nxt is None:
                    state[path.pop()] = 2
                    iters.pop()
                elif state.get(nxt) == 1:
                    return path[path.index(nxt):] + [nxt]
                elif nxt not in state:
                    state[nxt] = 1
                    path.append(nxt)
                    iters.append(iter(self.children(nxt)))
        return None

    def is_acyclic(self) -> bool:
        return self.find_cycle() is None

    def is_walk(self, walk: Sequence[Vertex]) -> bool:
        """Whether (v0, ..., vn), n ≥ 1, is a walk in G."""
        return len(walk) >= 2 and all(
            b in self.children(a) for a, b in zip(walk, walk[1:])
        )

    def is_tree(self) -> bool:
        """Rooted, acyclic and every non-root vertex has exactly one incoming edge."""
        if not self.is_rooted() or not self.is_acyclic():
            return False
        root = self.root
        return all(len(self._in[v]) == 1 for v in self._labels if v != root)

    def is_totally_ordered(self) -> bool:
        """≺ is a total order on ch(v) ∪ {v} for every vertex v."""
        return all(self.order.is_total_on([v, *self.children(v)]) for v in self._labels)

    def family(self, v: Vertex) -> list[Vertex]:
        """The (ch(v) ∪ {v})-sequence induced by ≺ (which must be total on it)."""
        return self.order.sequence([v, *self.children(v)])

    def subgraph(self, v: Vertex) -> Graph:
        """The v-subgraph G|v (Def. 2.2): v, its successors and everything between them."""
        keep = [v, *self.successors(v)]
        members = set(keep)
        sub = Graph({u: self._labels[u] for u in keep})
        for u in keep:
            for label, c in self._out[u]:
                if c in members:
                    sub.add_edge(u, label, c)
        sub.order = self.order.restricted(members)
        return sub

    def is_bottom_up_traversal(self, sequence: Sequence[Vertex]) -> bool:
        """Whether the sequence lists every vertex once, each after all its children."""
        if len(sequence) != len(self._labels) or set(sequence) != set(self._labels):
            return False
        position = {v: i for i, v in enumerate(sequence)}
        return all(position[c] < position[v] for v in self._labels for c in self.children(v))

    def bottom_up_traversal(self, start: Vertex | None = None) -> list[Vertex]:
        """A bottom-up traversal: depth-first post-order following edge order.

        From ``start`` (default: every root in turn) it lists the vertices
        reachable from there; for a rooted graph this is all of V.
        """
        result: dict[Vertex, None] = {}
        for root in ([start] if start is not None else self.roots()):
            stack: list[tuple[Vertex, Iterator[Vertex]]] = [(root, iter(self.children(root)))]
            while stack:
                v, it = stack[-1]
                child = next(it, None)
                if child is None:
                    stack.pop()
                    result.setdefault(v, None)
                elif child not in result:
                    stack.append((child, iter(self.children(child))))
        return list(result)

    def yield_(self, rho: Mapping[Vertex, str], v: Vertex | None = None) -> list[str]:
        """yield_(G,ρ)(v) (Def. 2.3) as a list of words; v defaults to root(G).

        Needs G acyclic and totally ordered and ρ defined on every vertex
        reached; a realization may be several words (split on spaces) or ε.
        """
        return self._yield(rho, self.root if v is None else v, partial=False)

    def partial_yield(self, rho: Mapping[Vertex, str], v: Vertex | None = None) -> list[str]:
        """yield^par_(G,ρ)(v) (Def. in 4.2.2): ε for every vertex that is not
        realized or whose family ch(v) ∪ {v} is not totally ordered."""
        return self._yield(rho, self.root if v is None else v, partial=True)

    def yield_starts(self, rho: Mapping[Vertex, str]) -> tuple[list[str], dict[Vertex, int]]:
        """:meth:`yield_` of root(G) and, for each vertex reached, the index in it
        of its realization's first word (of the word after it, for ε)."""
        starts: dict[Vertex, int] = {}
        return self._yield(rho, self.root, False, starts=starts), starts

    def yield_spans(self, rho: Mapping[Vertex, str]) -> tuple[list[str], dict[Vertex, tuple[int, int]]]:
        """:meth:`yield_` of root(G) and, for each vertex v reached, where yield_(v)
        is in it: ``words[begin:end]`` (the first place, for a vertex reached twice)."""
        spans: dict[Vertex, tuple[int, int]] = {}
        return self._yield(rho, self.root, False, spans=spans), spans

    def _yield(self, rho: Mapping[Vertex, str], v: Vertex, partial: bool, starts: dict[Vertex, int] | None = None,
               spans: dict[Vertex, tuple[int, int]] | None = None) -> list[str]:
        words: list[str] = []
        # Explicit stack: items are a vertex to expand (_EXPAND), (vertex, realization) to
        # emit (_EMIT), or (vertex, where its words begin) whose words are all out (_CLOSE).
        stack: list[tuple[int, Any]] = [(_EXPAND, v)]
        while stack:
            kind, item = stack.pop()
            if kind == _EMIT:
                if starts is not None:
                    starts[item[0]] = len(words)
                words.extend(item[1].split())
                continue
            if kind == _CLOSE:
                spans.setdefault(item[0], (item[1], len(words)))  # type: ignore[union-attr]
                continue
            sequence = self.order.total_sequence([item, *self.children(item)])
            if partial and (item not in rho or sequence is None):
                continue
            if sequence is None:
                raise ValueError(f"≺ is not total on ch({item!r}) ∪ {{{item!r}}}")
            if spans is not None:
                stack.append((_CLOSE, (item, len(words))))
            for u in reversed(sequence):
                stack.append((_EMIT, (u, rho[u])) if u == item else (_EXPAND, u))
        return words

    def __eq__(self, other: object) -> bool:
        """Same vertices, labels, edges (in the same order) and order ≺."""
        return (isinstance(other, Graph) and self._labels == other._labels and self._out == other._out
                and self.order == other.order)

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return f"Graph({self._labels!r}, {self.edges!r})"

