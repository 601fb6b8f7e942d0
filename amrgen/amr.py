"""AMR graphs (thesis Section 2.3): reading them from PENMAN, relation inverses,
gold parents, and writing them back.

An AMR graph is a rooted, acyclic (L_R, L_C)-graph with ≺ = ∅ (Def. 2.5).
Edges keep the direction and label *as written* (``person :ARG0-of
develop-02`` is the edge (person, ARG0-of, develop-02)), so the graph is the
PENMAN tree plus its reentrancies, as the thesis's figures draw it.
Constants (``-``, numbers, quoted strings) become vertices labeled with the
constant as written, one vertex per occurrence.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

import penman
from penman.models.amr import model as _amr_model

from amrgen.amr_vocabulary import MODE, MULTI_SENTENCE, UNKNOWN
from amrgen.errors import AmrgenError
from amrgen.graph import Graph, Vertex
from amrgen.io.alignments import strip_surface_alignment

TreePath = tuple[int, ...]

_SENSE = re.compile(r"-\d+$")
_ESCAPE = re.compile(r"\\(.)")
"""A backslash escape of a PENMAN string: the character after it stands for itself."""


class AmrFormatError(AmrgenError):
    """An AMR that cannot be read (bad PENMAN, cycles, several roots)."""


def inverse(role: str) -> str:
    """r⁻¹: ``ARG0`` ↦ ``ARG0-of``, ``purpose-of`` ↦ ``purpose``.

    Roles such as ``consist-of`` are roles of their own, not inverses
    (their inverse is ``consist-of-of``); penman's AMR model knows which.
    """
    return _amr_model.invert_role(":" + role)[1:]


def concept_form(label: object) -> str:
    """A label as a word: sense tag stripped, lower-cased (``want-01`` → ``want``);
    a string without its quotes and with PENMAN's escapes undone (``"a\\"b"`` → ``a"b``)."""
    label = str(label)
    if len(label) >= 2 and label.startswith('"') and label.endswith('"'):
        return _ESCAPE.sub(r"\1", label[1:-1]).lower()
    return _SENSE.sub("", label).lower()


def is_quoted(label: str) -> bool:
    """A PENMAN string constant: the label in double quotes."""
    return len(label) >= 2 and label[0] == label[-1] == '"'


def sentence_roots(g: Graph) -> list[Vertex]:
    """R̂ (thesis 4.4): the children of a multi-sentence root, else the root alone."""
    root = g.root
    return g.children(root) if g.label(root) == MULTI_SENTENCE else [root]


def is_sentence_root(g: Graph, v: Vertex) -> bool:
    """Whether v ∈ R̂ (:func:`sentence_roots`), from v's parents alone (no walk over the graph)."""
    parents = g.parents(v)
    if not parents:
        return g.label(v) != MULTI_SENTENCE
    return len(parents) == 1 and g.label(parents[0]) == MULTI_SENTENCE and not g.parents(parents[0])


def asks(g: Graph, v: Vertex) -> bool:
    """Whether an amr-unknown is below v (v's phrase asks a question)."""
    return any(g.label(u) == UNKNOWN for u in g.successors(v))


def has_mode(graph: Graph, v: Vertex, mode: str) -> bool:
    """v has ``:mode`` ``mode`` (imperative, interrogative, expressive): what
    :func:`amrgen.prep.normalize.mode_of` reads first, without looking below v for amr-unknown."""
    return any(role == MODE and graph.label(child) == mode for _, role, child in graph.out_edges(v))


_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def quantity_of_unit(graph: Graph, v: Vertex) -> Vertex | None:
    """The quantity (``monetary-quantity``, ``distance-quantity``, ``temporal-quantity`` ...)
    whose ``:unit`` v is, or None: ``(m / monetary-quantity :quant 20 :unit (d / dollar))``."""
    return next((parent for parent, role, _ in graph.in_edges(v)
                 if role == "unit" and str(graph.label(parent)).endswith("-quantity")), None)


def unit_number(graph: Graph, v: Vertex) -> str | None:
    """The grammatical number of the unit v of a quantity: ``singular`` where the
    quantity's :quant is 1, ``plural`` where it is another number (20 dollars); None
    where v is no unit or the quantity has no number (``:quant (a / about :op1 5)``)."""
    quantity = quantity_of_unit(graph, v)
    if quantity is None:
        return None
    for _, role, child in graph.out_edges(quantity):
        label = str(graph.label(child))
        if role == "quant" and _NUMBER.fullmatch(label):
            return "singular" if float(label) == 1 else "plural"
    return None


def is_inverted(role: str) -> bool:
    """Whether a role is the inverse r-of of some role r."""
    return _amr_model.is_role_inverted(":" + role)


@dataclass
class Amr:
    """An AMR graph together with how it was written.

    ``paths`` maps canonical tree paths (0-based branch indices, the
    ``:instance`` branch not counted, root = ``()``) to vertices, so that
    JAMR/ISI alignment addresses and ``~e.N`` marks can be resolved
    (:mod:`amrgen.io.alignments`); ``constants`` are the vertices written as
    attribute values rather than instances.  Alignment marks are stripped
    from labels and roles.
    """

    graph: Graph
    constants: frozenset = frozenset()
    paths: dict[TreePath, Vertex] = field(default_factory=dict)
    repairs: list[str] = field(default_factory=list)
    """What reading changed to make the graph acyclic (see :func:`_break_cycles`)."""

    @property
    def root(self) -> Vertex:
        return self.graph.root

    @classmethod
    def from_penman(cls, text: str) -> Amr:
        """Read one graph in PENMAN notation."""
        try:
            tree = penman.parse(text)
        except penman.DecodeError as exc:
            raise AmrFormatError(f"malformed PENMAN: {exc}") from None
        return cls.from_tree(tree)

    @classmethod
    def from_tree(cls, tree: penman.Tree) -> Amr:
        """Build the AMR graph of a PENMAN tree, keeping roles as written."""
        graph = Graph()
        paths: dict[TreePath, Vertex] = {}
        constants: set[Vertex] = set()
        edges: list[tuple[Vertex, str, Vertex, bool]] = []  # (source, role, target, is reentrancy)
        variables = {var for var, _ in tree.nodes()}

        def visit(node: tuple, path: TreePath) -> Vertex:
            var, branches = node
            if var in graph:
                raise AmrFormatError(f"variable {var!r} is defined twice")
            concept = next((t for r, t in branches if r == "/"), None)
            graph.add_vertex(var, strip_surface_alignment(concept or "")[0])
            paths[path] = var
            others = [(r, t) for r, t in branches if r != "/"]
            for index, (role, target) in enumerate(others):
                child_path = path + (index,)
                if isinstance(target, tuple):
                    child = visit(target, child_path)
                elif strip_surface_alignment(str(target))[0] in variables:
                    child = strip_surface_alignment(target)[0]  # a reentrancy, maybe with a ~e mark
                else:
                    child = graph.fresh_name(f"{var}.{index}")
                    graph.add_vertex(child, strip_surface_alignment(str(target))[0])
                    constants.add(child)
                paths[child_path] = child
                edges.append((var, strip_surface_alignment(role)[0].lstrip(":"), child,
                              not isinstance(target, tuple) and child in variables))
            return var

        visit(tree.node, ())
        repairs = _break_cycles(graph, edges)
        roots = graph.roots()
        if len(roots) != 1:
            raise AmrFormatError(f"graph has {len(roots)} roots, not exactly one")
        return cls(graph, frozenset(constants), paths, repairs)

    def to_penman(self, indent: int | None = 6) -> str:
        """Write the graph back in PENMAN notation, following edge order."""
        return penman.format(self.to_tree(), indent=indent)

    def to_tree(self) -> penman.Tree:
        g = self.graph
        seen: set[Vertex] = set()

        def node(v: Vertex) -> tuple:
            seen.add(v)
            branches: list[tuple[str, object]] = [("/", g.label(v))]
            for _, role, child in g.out_edges(v):
                if child in self.constants:
                    branches.append((":" + role, g.label(child)))
                elif child in seen:
                    branches.append((":" + role, child))
                else:
                    branches.append((":" + role, node(child)))
            return (v, branches)

        return penman.Tree(node(self.root))


def _break_cycles(graph: Graph, edges: list[tuple[Vertex, str, Vertex, bool]]) -> list[str]:
    """Add the edges in written order, inverting each reentrancy that would close a cycle.

    Some corpora (Bio AMR among them) contain cyclic graphs, which Def. 2.5
    excludes.  The nested nodes of a PENMAN tree never form a cycle, so only
    a reference to a variable can close one; writing it the other way round,
    (t, r⁻¹, s) instead of (s, r, t), keeps its meaning and the graph acyclic.
    A reference of a node to itself is dropped.
    """
    check = Graph({v: None for v in graph.vertices}, [(s, r, t) for s, r, t, ref in edges if not ref])
    decided = []
    repairs = []
    for source, role, target, reference in edges:
        if reference and (source == target or source in [target, *check.successors(target)]):
            if source == target:
                repairs.append(f"dropped the self-reference {source} :{role} {target}")
                continue
            repairs.append(f"wrote {source} :{role} {target} as {target} :{inverse(role)} {source} to break a cycle")
            source, role, target = target, inverse(role), source
            check.add_edge(source, role, target)
        elif reference:
            check.add_edge(source, role, target)
        decided.append((source, role, target))
    for edge in decided:
        graph.add_edge(*edge)
    return repairs


def gold_parent(graph: Graph, v: Vertex) -> Vertex | None:
    """The gold parent pâ_G(v) (Def. 4.3.2): the parent closest to the root.

    dist(root, v') counts the vertices of the shortest walk, so it is the
    breadth-first depth plus one; ties go to the first parent in edge order.
    Returns None for the root.
    """
    parents = graph.parents(v)
    if not parents:
        return None
    depth = depths(graph)
    return min(parents, key=lambda p: depth.get(p, float("inf")))


def depths(graph: Graph) -> dict[Vertex, int]:
    """Shortest-walk distance from root(G) to every vertex, by breadth-first search."""
    root = graph.root
    depth = {root: 0}
    queue = deque([root])
    while queue:
        v = queue.popleft()
        for c in graph.children(v):
            if c not in depth:
                depth[c] = depth[v] + 1
                queue.append(c)
    return depth
