"""Graph normalization of the constrained generator (thesis 5.2; reference implementation §4.3-§4.5).

The formal system of Chapter 4 works on AMR graphs as written.  The
generator of Chapter 5 first simplifies them, in training and at generation
time alike, so that the same graph shapes are learned and met:

**Named entities** (Section 5.2: "we remove all vertices encoding the name
from the AMR graph and keep only the concept itself").  ``(c / country :name
(n / name :op1 "United" :op2 "States"))`` becomes ``(c / country :name
"United States")``: the ``name`` vertex is relabeled with its ``:opN``
strings joined by spaces (quotes around the whole, original case kept) and
its ``:opN`` children are removed, their alignments merged into it.  The
entity keeps its concept; its name is one constant leaf.  We keep the name
as a vertex of its own, rather than as a property of the entity as the
reference implementation does, because our graphs carry nothing but
labels and edges: a vertex is what every transition, the oracle and the
features already handle, it survives Merge, Swap and Reorder unchanged,
and the thesis's three realizations of a named entity (name, name +
concept, concept + name) are just the two vertices realized and ordered.
The graph stays plain PENMAN (``:name "United States"`` is a string
attribute), and :func:`expand_names` turns it back for display.  Only a
``name`` vertex with one parent, reached by ``:name``, and nothing but
``:opN`` string leaves below it is collapsed; anything else stays as it is.

**Deverbalization** (reference §4.4) with ISI's verbalization list
(``VERBALIZE developer TO person :ARG0-of develop-02``): a vertex whose
concept and a leaf child match a ``VERBALIZE`` or ``MAYBE-VERBALIZE`` line
takes the word as its concept and the child is removed, its alignment
merged into the vertex; ``person :ARG0-of develop-02`` becomes
``developer``.  Lines with a second relation (``lamplighter TO person
:ARG0-of light-04 :ARG1 lamp``) match when the child's only child is that
leaf.  Only lines whose (first) target is a PropBank frame are used, as in
the reference implementation: ``senseless TO sense-02 :polarity -`` or
``peacekeeping TO keep-01 :ARG1 peace`` would rewrite ordinary predicates.
``DO-NOT-VERBALIZE`` lines are not used (the list says the word is *not*
the pattern).  When several words share a pattern, the first listed wins
(``actor`` before ``actress``; the reference implementation lets the last
win).  The first matching child of a vertex is used.

**Modes** (reference §4.5).  ``:mode imperative|interrogative|expressive``
stays in the graph as a constant leaf (a vertex, for the reasons above;
unaligned, so the oracle deletes it), with its alignment dropped and quotes
removed from its label.  :func:`mode_of` gives a vertex's mode, including
the ``interrogative`` mode that every PropBank ancestor of ``amr-unknown``
has.

**Wiki links** (reference §4.5): ``:wiki`` leaves are removed.

**Empty structures** (our addition): a ``multi-sentence``, ``and``, ``or`` or
``date-entity`` is said only through its children (:data:`~amrgen.amr_vocabulary.NOTHING_WITHOUT_CHILDREN`);
one without any, below the root, says nothing and is removed, and so is a
parent of that kind left without children by it.  The rest of the graph is
generated as if it had never been there; an empty root is left for the
generator to refuse (nothing to say).

With an :class:`ExtendedEntry`, alignments are carried along, and, as the
reference implementation does in training, the words aligned to a
deverbalized vertex are tagged NN and those aligned to the parent of
``:mode imperative`` VB, so that the gold POS of Section 4.3.2 agrees
with the new concept.  The result is in canonical form (see
:func:`canonical_form`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from amrgen.amr import Amr, asks, is_quoted
from amrgen.amr_vocabulary import MODE, NOTHING_WITHOUT_CHILDREN, WIKI
from amrgen.corpus_registry import corpus, shipped_or_shared
from amrgen.graph import Graph, Vertex
from amrgen.paths import RESOURCES_DIR
from amrgen.prep.extended import ExtendedEntry

VERBALIZATION_LIST = "verbalization-list-v1.06.txt"
VERBALIZATION_PATHS = (
    RESOURCES_DIR / VERBALIZATION_LIST,
    corpus("verbalization-list").location,
)
"""Where :func:`default_verbalizations` looks: the project's resources, then ``../shared``."""

_OP_ROLE = re.compile(r"op(\d+)")
_PROPBANK = re.compile(r".+-\d+")
_VERBALIZE = ("VERBALIZE", "MAYBE-VERBALIZE")

Pattern = tuple[str, str, str, tuple[str, str] | None]
"""(concept, role, child concept, optional (role, grandchild concept)) of a verbalization."""


@dataclass
class _Work:
    """A graph under normalization, with its alignment and the POS tags to set."""

    graph: Graph
    constants: set[Vertex]
    alignment: dict[Vertex, set[int]]
    retag: dict[int, str]
    """1-based word position ↦ the Penn tag it gets."""

    def remove(self, v: Vertex, into: Vertex | None) -> None:
        """Remove v; its alignment goes to ``into`` (or is dropped when None)."""
        positions = self.alignment.pop(v, set())
        if into is not None and positions:
            self.alignment.setdefault(into, set()).update(positions)
        self.graph.remove_vertex(v)
        self.constants.discard(v)

    def is_own_leaf(self, v: Vertex, parent: Vertex) -> bool:
        """v has no children and no parent but ``parent``."""
        return not self.graph.out_edges(v) and self.graph.parents(v) == [parent]


def load_verbalizations(path: str | Path) -> dict[Pattern, str]:
    """Read ISI's verbalization list: pattern ↦ word (see the module docstring for which lines)."""
    patterns: dict[Pattern, str] = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            fields = line.split()
            if len(fields) not in (6, 8) or fields[0] not in _VERBALIZE or fields[2] != "TO":
                continue
            word, concept, role, target = fields[1], fields[3], fields[4], fields[5]
            if not _PROPBANK.fullmatch(target):
                continue
            extra = (fields[6].lstrip(":"), fields[7]) if len(fields) == 8 else None
            patterns.setdefault((concept, role.lstrip(":"), target, extra), word)
    return patterns


@cache
def default_verbalizations() -> dict[Pattern, str]:
    """The verbalization list from the first of :data:`VERBALIZATION_PATHS` that exists."""
    return load_verbalizations(shipped_or_shared(VERBALIZATION_PATHS, f"ISI's {VERBALIZATION_LIST}"))


def normalize(
    entry: ExtendedEntry, verbalizations: Mapping[Pattern, str] | None = None
) -> ExtendedEntry:
    """The entry with its graph normalized and its alignment and POS tags carried along."""
    amr, alignment, retag = _normalize(entry.amr, entry.alignment, verbalizations)
    pos = [retag.get(position, tag) for position, tag in enumerate(entry.pos, start=1)]
    return dataclasses.replace(entry, amr=amr, alignment=alignment, pos=pos)


def normalize_amr(amr: Amr, verbalizations: Mapping[Pattern, str] | None = None) -> Amr:
    """The graph normalized, for generation (no alignment)."""
    return _normalize(amr, {}, verbalizations)[0]


def canonical_form(amr: Amr) -> tuple[Amr, dict[Vertex, Vertex]]:
    """The graph as it reads back from its own PENMAN, and how its vertices were renamed.

    ``Amr.from_tree(amr.to_tree())``: same labels and edges in the same
    order, constant vertices named after their place (``c.0``), and
    ``paths`` describing the tree that :meth:`Amr.to_penman` writes, so
    that alignments written against that tree read back exactly.  The map
    takes each old vertex to its new name.
    """
    canonical = Amr.from_tree(amr.to_tree())
    rename: dict[Vertex, Vertex] = {}
    for path, new in canonical.paths.items():
        old = amr.root
        for index in path:
            old = amr.graph.out_edges(old)[index][2]
        rename[old] = new
    return canonical, rename


def says_nothing(graph: Graph, constants: frozenset[Vertex] | set[Vertex], v: Vertex) -> bool:
    """v is a concept of :data:`NOTHING_WITHOUT_CHILDREN` without children (not a constant written so)."""
    return str(graph.label(v)) in NOTHING_WITHOUT_CHILDREN and v not in constants and not graph.out_edges(v)


def without_empty_structures(amr: Amr) -> Amr:
    """``amr`` without the empty structures below its root (see the module doc)."""
    work = _Work(amr.graph.copy(), set(amr.constants), {}, {})
    _remove_empty_structures(work, amr.root)
    return dataclasses.replace(amr, graph=work.graph, constants=frozenset(work.constants))


def entity_name(graph: Graph, v: Vertex) -> str | None:
    """The collapsed name of named entity v (``United States``), or None if it has none."""
    for _, role, child in graph.out_edges(v):
        label = str(graph.label(child))
        if role == "name" and is_quoted(label) and not graph.out_edges(child):
            return label[1:-1]
    return None


def expand_names(amr: Amr) -> Amr:
    """Undo named-entity collapsing, for display: ``:name "United States"`` becomes
    ``:name (n / name :op1 "United" :op2 "States")``."""
    graph, constants = amr.graph.copy(), set(amr.constants)
    for entity in amr.graph.vertices:
        name = entity_name(graph, entity) if entity in graph else None
        if name is None:
            continue
        vertex = next(c for _, role, c in graph.out_edges(entity) if role == "name")
        variable = graph.fresh_name("n")
        graph.add_vertex(variable, "name")
        graph.replace_edge((entity, "name", vertex), (entity, "name", variable))
        graph.remove_vertex(vertex)
        constants.discard(vertex)
        for number, part in enumerate(name.split(), start=1):
            op = graph.fresh_name(f"{variable}.op")
            graph.add_vertex(op, f'"{part}"')
            graph.add_edge(variable, f"op{number}", op)
            constants.add(op)
    return canonical_form(dataclasses.replace(amr, graph=graph, constants=frozenset(constants)))[0]


def mode_of(graph: Graph, v: Vertex) -> str | None:
    """v's mode: the label of its ``:mode`` child, else ``interrogative`` for a PropBank
    vertex above ``amr-unknown`` (reference §4.5), else None."""
    for _, role, child in graph.out_edges(v):
        if role == MODE:
            return str(graph.label(child))
    if _PROPBANK.fullmatch(str(graph.label(v))) and asks(graph, v):
        return "interrogative"
    return None


def _normalize(
    amr: Amr,
    alignment: Mapping[Vertex, frozenset[int]],
    verbalizations: Mapping[Pattern, str] | None,
) -> tuple[Amr, dict[Vertex, frozenset[int]], dict[int, str]]:
    work = _Work(
        amr.graph.copy(),
        set(amr.constants),
        {v: set(positions) for v, positions in alignment.items()},
        {},
    )
    _remove_wiki(work)
    _collapse_names(work)
    _deverbalize(work, default_verbalizations() if verbalizations is None else verbalizations)
    _annotate_modes(work)
    _remove_empty_structures(work, amr.root)
    graph = dataclasses.replace(amr, graph=work.graph, constants=frozenset(work.constants))
    canonical, rename = canonical_form(graph)
    moved = {rename[v]: frozenset(ps) for v, ps in work.alignment.items() if ps}
    return canonical, moved, work.retag


def _remove_wiki(work: _Work) -> None:
    for source, role, target in work.graph.edges:
        if role == WIKI and work.is_own_leaf(target, source):
            work.remove(target, into=None)


def _collapse_names(work: _Work) -> None:
    graph = work.graph
    for v in graph.vertices:
        if v not in graph or graph.label(v) != "name":
            continue
        if [role for _, role, _ in graph.in_edges(v)] != ["name"]:
            continue
        ops = [(_OP_ROLE.fullmatch(role), child) for _, role, child in graph.out_edges(v)]
        if not ops or not all(match and work.is_own_leaf(child, v) for match, child in ops):
            continue
        ops.sort(key=lambda op: int(op[0].group(1)))
        graph.set_label(v, '"' + " ".join(_unquote(graph.label(c)) for _, c in ops) + '"')
        for _, child in ops:
            work.remove(child, into=v)
        work.constants.add(v)


def _deverbalize(work: _Work, verbalizations: Mapping[Pattern, str]) -> None:
    graph = work.graph
    concepts = {pattern[0] for pattern in verbalizations}
    for v in graph.vertices:
        if v not in graph or graph.label(v) not in concepts:
            continue
        for _, role, child in graph.out_edges(v):
            removed = _verbalized_child(work, v, role, child, verbalizations)
            if removed:
                word, gone = removed
                graph.set_label(v, word)
                for u in gone:
                    work.remove(u, into=v)
                work.retag.update((position, "NN") for position in work.alignment.get(v, ()))
                break


def _verbalized_child(
    work: _Work, v: Vertex, role: str, child: Vertex, verbalizations: Mapping[Pattern, str]
) -> tuple[str, list[Vertex]] | None:
    """The word and the vertices to remove if ``v :role child`` matches a verbalization."""
    graph = work.graph
    if graph.parents(child) != [v]:
        return None
    key = (graph.label(v), role, graph.label(child))
    below = graph.out_edges(child)
    if not below:
        word = verbalizations.get((*key, None))
        return (word, [child]) if word else None
    if len(below) == 1 and work.is_own_leaf(below[0][2], child):
        _, extra_role, grandchild = below[0]
        word = verbalizations.get((*key, (extra_role, graph.label(grandchild))))
        return (word, [grandchild, child]) if word else None
    return None


def _remove_empty_structures(work: _Work, root: Vertex) -> None:
    graph = work.graph
    empty = [v for v in graph.vertices if v != root and says_nothing(graph, work.constants, v)]
    while empty:
        v = empty.pop()
        parents = graph.parents(v)
        work.remove(v, into=None)
        empty.extend(p for p in parents if p != root and p not in empty and says_nothing(graph, work.constants, p))


def _annotate_modes(work: _Work) -> None:
    graph = work.graph
    for parent, role, mode in graph.edges:
        if role != MODE or graph.out_edges(mode):
            continue
        graph.set_label(mode, _unquote(graph.label(mode)))
        work.alignment.pop(mode, None)
        if graph.label(mode) == "imperative":
            work.retag.update((position, "VB") for position in work.alignment.get(parent, ()))


def _unquote(label: object) -> str:
    text = str(label)
    return text[1:-1] if is_quoted(text) else text
