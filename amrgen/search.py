"""Searching a corpus's graphs and sentences: a concept, a role, a word, an id, or a sub-graph
pattern written in PENMAN (docs/application.md, "Search").

A query is one of

- a sub-graph pattern ``(x / possible-01 :ARG1 (y / *))``: vertices x, y of the graph with those
  concepts, joined by those roles.  A concept or a role may be a glob (``*``, ``?``, ``[ab]``:
  ``(x / *-01 :ARG* (y / boy))``); a variable written again is the same vertex (a re-entrance:
  ``(w / want-01 :ARG0 (b / *) :ARG1 (g / go-02 :ARG0 b))``; a variable needs its ``(b / ...)``
  somewhere, as in PENMAN, or it reads as a constant); a constant matches an attribute
  (``:polarity -``, ``:op1 "Paris"``).  An inverse role is its role read backwards, in the pattern
  and in the graph alike, so ``(y / * :ARG1-of (x / possible-01))`` is the pattern above, and it
  matches a graph that writes ``:ARG1-of``.  Distinct variables are distinct vertices;
- a role ``:ARG1`` (a glob too, inverse roles read backwards): every edge with that role;
- any other term, a glob matched whole and case-insensitively against the concepts (with or
  without a PropBank sense: ``possible`` finds ``possible-01``), the words of the reference, the
  graph's variables and the entry's id.

Matching is Qt-free; the application lists and highlights what :func:`match_graph` returns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

import penman

from amrgen.amr import inverse, is_inverted
from amrgen.errors import AmrgenError
from amrgen.graph import Edge, Graph, Vertex

MAX_BINDINGS = 200
"""How many embeddings of a pattern are collected per graph (a pattern of wildcards alone has
factorially many): what is highlighted is their union, and a graph matches with the first."""

_SENSE = re.compile(r"-\d+$")


class SearchSyntaxError(AmrgenError):
    """A query that cannot be read: a pattern that is not PENMAN, or an empty one."""


@dataclass(frozen=True)
class Pattern:
    """A sub-graph pattern: a glob per variable (None: any concept), and triples (source, role
    glob, target) with inverse roles turned around, in the order a depth-first walk meets them."""

    concepts: dict[str, str | None]
    triples: tuple[tuple[str, str, str], ...]
    order: tuple[str, ...]
    """The variables in the order they are bound: each after one it is joined to, where it can be."""


@dataclass(frozen=True)
class Query:
    """A parsed query: exactly one of ``pattern``, ``role`` and ``term`` is set."""

    text: str
    pattern: Pattern | None = None
    role: str | None = None
    term: str | None = None


@dataclass(frozen=True)
class GraphMatch:
    """Where a query matched in one graph and its sentence."""

    vertices: frozenset = frozenset()
    edges: frozenset[Edge] = frozenset()
    """The graph's edges as written (an ``:ARG1-of`` edge keeps its direction)."""
    words: frozenset[int] = frozenset()
    """1-based positions of the matched words of the reference."""
    entry_id: bool = False
    """Whether the entry's id matched."""
    bindings: tuple[dict[str, Vertex], ...] = ()
    """A pattern's embeddings: variable ↦ vertex (at most :data:`MAX_BINDINGS`)."""

    def __bool__(self) -> bool:
        return bool(self.vertices or self.edges or self.words or self.entry_id)

    def describe(self) -> str:
        """What matched, in a few words (the search list's second column)."""
        parts = []
        if self.bindings:
            parts.append(f"{len(self.bindings)}{'+' if len(self.bindings) >= MAX_BINDINGS else ''} "
                         f"embedding{'s' if len(self.bindings) != 1 else ''}")
        elif self.edges:
            parts.append(f"{len(self.edges)} edge{'s' if len(self.edges) != 1 else ''}")
        elif self.vertices:
            parts.append(f"{len(self.vertices)} vertex{'es' if len(self.vertices) != 1 else ''}")
        if self.words:
            parts.append(f"{len(self.words)} word{'s' if len(self.words) != 1 else ''}")
        if self.entry_id:
            parts.append("id")
        return ", ".join(parts)


def parse_query(text: str) -> Query:
    """The query ``text`` reads as (see the module docstring); :class:`SearchSyntaxError` where
    it reads as nothing."""
    text = text.strip()
    if not text:
        raise SearchSyntaxError("empty query")
    if text.startswith("("):
        return Query(text, pattern=_pattern(text))
    if text.startswith(":"):
        return Query(text, role=_direct_role(text[1:]))
    return Query(text, term=text.lower())


def _pattern(text: str) -> Pattern:
    try:
        tree = penman.parse(text)
    except penman.DecodeError as error:
        raise SearchSyntaxError(f"pattern is not PENMAN: {str(error).splitlines()[-1].strip()}") from None
    concepts: dict[str, str | None] = {}
    triples: list[tuple[str, str, str]] = []
    order: list[str] = []

    def visit(node: tuple) -> str:
        var, branches = node
        concept = next((str(t) for r, t in branches if r == "/"), None)
        if var in concepts and concept is not None and concepts[var] not in (None, concept):
            raise SearchSyntaxError(f"variable {var!r} is given two concepts")
        if concepts.get(var) is None:
            concepts[var] = None if concept in (None, "*") else concept
        if var not in order:
            order.append(var)
        for index, (role, target) in enumerate((r, t) for r, t in branches if r != "/"):
            if isinstance(target, tuple):
                child = visit(target)
            elif str(target) in variables:
                child = str(target)
            else:  # a constant: a vertex of its own with that label
                child = f"{var}.{index}"
                concepts[child] = str(target)
            if child not in order:
                order.append(child)
            name = role.lstrip(":")
            triples.append((child, inverse(name), var) if is_inverted(name) else (var, name, child))
        return var

    variables = {var for var, _ in tree.nodes()}
    visit(tree.node)
    return Pattern(concepts, tuple(triples), tuple(order))


def _direct_role(role: str) -> str:
    if not role:
        raise SearchSyntaxError("a role needs a name after ':'")
    return inverse(role) if is_inverted(role) else role


def _unquoted(label: object) -> str:
    text = str(label)
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def _concept_matches(glob: str | None, label: object) -> bool:
    return glob is None or fnmatchcase(_unquoted(label).lower(), _unquoted(glob).lower())


def _direct_edges(graph: Graph) -> list[tuple[Vertex, str, Vertex, Edge]]:
    """Every edge read forwards (``r-of`` from t to s as r from s to t), with the edge as written."""
    result = []
    for edge in graph.edges:
        source, role, target = edge
        result.append((target, inverse(role), source, edge) if is_inverted(role) else (source, role, target, edge))
    return result


def match_graph(query: Query, graph: Graph, words: Sequence[str] = (), entry_id: str = "") -> GraphMatch:
    """Where ``query`` matches ``graph``, its reference ``words`` (w', 1-based) and ``entry_id``."""
    if query.pattern is not None:
        return _embeddings(query.pattern, graph)
    if query.role is not None:
        edges = frozenset(edge for _, role, _, edge in _direct_edges(graph) if fnmatchcase(role, query.role))
        return GraphMatch(vertices=frozenset(v for s, _, t in edges for v in (s, t)), edges=edges)
    term = query.term or ""
    vertices = frozenset(v for v in graph.vertices if _term_matches(term, graph.label(v))
                         or fnmatchcase(str(v).lower(), term))
    positions = frozenset(i for i, word in enumerate(words, 1) if fnmatchcase(word.lower(), term))
    return GraphMatch(vertices=vertices, words=positions, entry_id=fnmatchcase(entry_id.lower(), term))


def _term_matches(term: str, label: object) -> bool:
    text = _unquoted(label).lower()
    return fnmatchcase(text, term) or fnmatchcase(_SENSE.sub("", text), term)


def _embeddings(pattern: Pattern, graph: Graph) -> GraphMatch:
    """Every injective map of the pattern's variables to vertices under which its concepts and
    triples hold (backtracking in :attr:`Pattern.order`), up to :data:`MAX_BINDINGS`."""
    outgoing: dict[Vertex, list[tuple[str, Vertex, Edge]]] = {}
    incoming: dict[Vertex, list[tuple[str, Vertex, Edge]]] = {}
    for source, role, target, edge in _direct_edges(graph):
        outgoing.setdefault(source, []).append((role, target, edge))
        incoming.setdefault(target, []).append((role, source, edge))
    found: list[tuple[dict[str, Vertex], set[Edge]]] = []

    def candidates(var: str, bound: dict[str, Vertex]) -> Iterable[Vertex]:
        for source, role, target in pattern.triples:
            if source == var and target in bound:
                return [s for r, s, _ in incoming.get(bound[target], ()) if fnmatchcase(r, role)]
            if target == var and source in bound:
                return [t for r, t, _ in outgoing.get(bound[source], ()) if fnmatchcase(r, role)]
        return graph.vertices

    def edges_hold(bound: dict[str, Vertex]) -> set[Edge] | None:
        used: set[Edge] = set()
        for source, role, target in pattern.triples:
            if source in bound and target in bound:
                edge = next((e for r, t, e in outgoing.get(bound[source], ())
                             if t == bound[target] and fnmatchcase(r, role)), None)
                if edge is None:
                    return None
                used.add(edge)
        return used

    def extend(index: int, bound: dict[str, Vertex]) -> None:
        if len(found) >= MAX_BINDINGS:
            return
        if index == len(pattern.order):
            found.append((dict(bound), edges_hold(bound) or set()))
            return
        var = pattern.order[index]
        taken = set(bound.values())
        for v in dict.fromkeys(candidates(var, bound)):
            if v in taken or not _concept_matches(pattern.concepts[var], graph.label(v)):
                continue
            bound[var] = v
            if edges_hold(bound) is not None:
                extend(index + 1, bound)
            del bound[var]

    extend(0, {})
    return GraphMatch(vertices=frozenset(v for b, _ in found for v in b.values()),
                      edges=frozenset(e for _, used in found for e in used),
                      bindings=tuple(b for b, _ in found))


@dataclass(frozen=True)
class EntryMatch:
    """One entry of a corpus the query matched: its index among the entries, its id, where."""

    index: int
    id: str
    match: GraphMatch = field(compare=False)


def search_entries(query: Query, entries: Iterable) -> list[EntryMatch]:
    """The entries (anything with ``id``, ``amr.graph`` and ``words``, such as
    :class:`~amrgen.prep.extended.ExtendedEntry`) that ``query`` matches, in corpus order."""
    result = []
    for index, entry in enumerate(entries):
        found = match_graph(query, entry.amr.graph, getattr(entry, "words", ()), entry.id)
        if found:
            result.append(EntryMatch(index, entry.id, found))
    return result
