"""Segments of a graph too large to generate whole (issue 19, point 1).

The search of Algorithm 3 is bounded per vertex by the hyperparameters, but
replaying its candidates (Algorithm 2) and postprocessing them (4.4) copy
the graph and its order at each step, and the order ≺ of a family grows with
the square of its size: a node with hundreds of children, or a graph of
many hundred vertices, takes minutes and gigabytes.  One graph of the
Little Prince, Bio, bamboo-silver, MASSIVE and QALD corpora has more than 150
vertices (278, in bio-extra's training set), none a node with more than 19
children, so a graph beyond
:data:`MAX_WHOLE_VERTICES` vertices, or with a node of more than
:data:`MAX_WHOLE_CHILDREN` children, is cut into segments that are
generated one by one and said one after the other (docs/deviations.md):

- the children of a node are taken in groups of at most
  :data:`GROUP_CHILDREN` children and :data:`SEGMENT_VERTICES` vertices,
  each group with the node (a multi-sentence of many sentences becomes
  several multi-sentences of a few each);
- a child whose subgraph alone is that large stays in its parent's segment
  as a leaf (not a sentence or a coordination: they are said only through
  their children) and begins segments of its own.

The cut follows a spanning tree (each vertex under the parent it is first
reached from, edges in their order); an edge between two vertices of one
segment is kept, an edge out of it is not.  Every segment is a rooted,
acyclic AMR graph of at most :data:`SEGMENT_VERTICES` vertices, and the
segments come in the order of a depth-first walk: the text reads from the
root down.
"""

from __future__ import annotations

from amrgen.amr import Amr
from amrgen.amr_vocabulary import NOTHING_WITHOUT_CHILDREN
from amrgen.graph import Graph, Vertex
from amrgen.prep.normalize import without_empty_structures

MAX_WHOLE_VERTICES = 200
"""A graph of up to this many vertices (and no node above :data:`MAX_WHOLE_CHILDREN` children) is generated whole."""

MAX_WHOLE_CHILDREN = 32
"""A graph with a node of more children than this is cut."""

GROUP_CHILDREN = 16
"""Children of a wide node per segment."""

SEGMENT_VERTICES = 60
"""The vertices a segment takes before a child's subgraph is left to segments of its own."""


def too_large_to_generate_whole(amr: Amr) -> str | None:
    """Why ``amr`` is cut into segments, in a few words (None: it is generated whole)."""
    g = amr.graph
    if len(g.vertices) > MAX_WHOLE_VERTICES:
        return f"{len(g.vertices)} vertices, more than {MAX_WHOLE_VERTICES}"
    widest = max(g.vertices, key=lambda v: len(g.children(v)))
    if len(g.children(widest)) > MAX_WHOLE_CHILDREN:
        return f"{widest} has {len(g.children(widest))} children, more than {MAX_WHOLE_CHILDREN}"
    return None


def segments(amr: Amr) -> list[Amr]:
    """The graphs to generate for ``amr``, in the order they are said: [amr]
    itself unless it is too large (see the module doc)."""
    if too_large_to_generate_whole(amr) is None:
        return [amr]
    amr = without_empty_structures(amr)  # no segment is one of them alone
    g = amr.graph
    tree = _spanning_tree(g)
    size = _subtree_sizes(g, tree)
    found: list[Amr] = []
    stack = [g.root]  # roots of segments still to cut, the next on top
    while stack:
        v = stack.pop()
        said_alone = str(g.label(v)) not in NOTHING_WITHOUT_CHILDREN
        groups: list[list[Vertex]] = []
        later: list[Vertex] = []
        room = 0
        for kid in tree[v]:
            if size[kid] < SEGMENT_VERTICES:
                content = _subtree(tree, kid)
            else:
                later.append(kid)
                # A sentence or a coordination is said only through its own segments.
                leaf = str(g.label(kid)) not in NOTHING_WITHOUT_CHILDREN and said_alone
                content = [kid] if leaf else []
            if not content:
                continue
            if not groups or len(content) > room or len(groups[-1]) >= GROUP_CHILDREN:
                groups.append([])
                room = SEGMENT_VERTICES - 1
            groups[-1].append(kid)
            room -= len(content)
        for group in groups or ([[]] if said_alone else []):
            members = [v, *(u for kid in group for u in (_subtree(tree, kid) if kid not in later else [kid]))]
            found.append(_segment(amr, members))
        stack.extend(reversed(later))
    return found


def _spanning_tree(g: Graph) -> dict[Vertex, list[Vertex]]:
    """Each vertex's children in a depth-first spanning tree from the root, in edge order."""
    tree: dict[Vertex, list[Vertex]] = {v: [] for v in g.vertices}
    seen = {g.root}
    stack = [g.root]
    while stack:
        v = stack.pop()
        fresh = [c for c in g.children(v) if c not in seen]
        seen.update(fresh)
        tree[v] = fresh
        stack.extend(reversed(fresh))
    return tree


def _subtree_sizes(g: Graph, tree: dict[Vertex, list[Vertex]]) -> dict[Vertex, int]:
    size: dict[Vertex, int] = {}
    for v in reversed(_subtree(tree, g.root)):  # children before parents
        size[v] = 1 + sum(size[c] for c in tree[v])
    return size


def _subtree(tree: dict[Vertex, list[Vertex]], v: Vertex) -> list[Vertex]:
    """v and its descendants in the spanning tree, parents first."""
    found, stack = [], [v]
    while stack:
        u = stack.pop()
        found.append(u)
        stack.extend(reversed(tree[u]))
    return found


def _segment(amr: Amr, members: list[Vertex]) -> Amr:
    """The AMR graph of ``members`` (the first its root) with the edges among them."""
    g, keep = amr.graph, set(members)
    segment = Graph({v: g.label(v) for v in members})
    for v in members:
        for _, label, child in g.out_edges(v):
            if child in keep:
                segment.add_edge(v, label, child)
    return Amr(segment, amr.constants & keep)
