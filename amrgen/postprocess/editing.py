"""The editing toolkit every postprocessing step uses (thesis 4.4).

Every step works on a final configuration ĉ = (Ĝ, ε, ε, ρ̂): ≺̂ is total on
every family ch(v) ∪ {v} and every vertex is realized.  A step changes ĉ in
three ways only, each kept total: it realizes a vertex anew (ρ̂(REAL) updated:
:func:`realized`), adds a word as Insert-Child adds one (a fresh vertex
of V_ins under a placeholder edge: :func:`add_mark`), or moves a vertex
within its family or to another family (:func:`placed`, :func:`moved_before`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise

from amrgen.amr import asks
from amrgen.amr_vocabulary import SUBJECT_ROLES
from amrgen.graph import Graph, Vertex
from amrgen.order import Order
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration

UNKNOWN = "amr-unknown"

Fix = tuple[Vertex, str]
"""(u, w): realize u as w."""


def realized_anew(c: Configuration, fixes_at: Callable[[Configuration, Vertex], Iterable[Fix]]) -> Configuration:
    """c with ρ̂(REAL) updated by the fixes ``fixes_at(c, v)`` proposes for each
    vertex v of Ĝ, all judged on c itself (a later fix of the same vertex wins)."""
    fixes = [(Key.REAL, u, word) for v in c.graph.vertices for u, word in fixes_at(c, v)]
    return c.with_(rho=c.rho.updated(fixes)) if fixes else c


def edited_at_each(c: Configuration, edit: Callable[[Configuration, Vertex], Configuration]) -> Configuration:
    """c after ``edit`` at each vertex of Ĝ in turn, each edit on the result of
    the one before (the vertices it adds are not visited)."""
    for v in list(c.graph.vertices):
        c = edit(c, v)
    return c


def realized(c: Configuration, fixes: Sequence[Fix]) -> Configuration:
    """c with each u of ``fixes`` realized as its word."""
    return c.with_(rho=c.rho.updated([(Key.REAL, u, word) for u, word in fixes])) if fixes else c


def add_mark(c: Configuration, parent: Vertex, mark: str, after: Iterable[Vertex] = (),
             before: Iterable[Vertex] = ()) -> Configuration:
    """c with a new vertex realized as ``mark`` (a punctuation mark, a quotation
    mark or a word) under an edge (parent, ⋆, ·), as Insert-Child adds vertices,
    ordered after every vertex of ``after`` and before every vertex of ``before``."""
    new, g = c.new_vertex(), c.graph.copy()
    g.add_vertex(new, mark)
    g.add_edge(parent, PLACEHOLDER, new)
    g.order = g.order.with_pairs([*((u, new) for u in after), *((new, u) for u in before)])
    return c.with_(graph=g, rho=c.rho.updated([(Key.REAL, new, mark)]), inserted=c.inserted + 1)


def placed(g: Graph, head: Vertex, x: Vertex, *, after: Vertex | None = None,
           before: Vertex | None = None) -> Graph:
    """A copy of g with x in the family ch(head) ∪ {head} right after ``after``,
    or right before ``before``, or first where neither is given; the other
    members keep their order, and so does every other family."""
    family = [u for u in g.order.sequence([head, *g.children(head)]) if u != x]
    at = family.index(before) if before is not None else 0 if after is None else family.index(after) + 1
    moved = g.copy()
    moved.order = resequenced(moved, {head: [*family[:at], x, *family[at:]]})
    return moved


def moved_before(g: Graph, u: Vertex, parent: Vertex, head: Vertex) -> Graph:
    """A copy of g with u (a child of ``parent``, under the same labels) a child
    of ``head`` instead, ordered right before it.  Every family is ordered anew
    on its own (:func:`placed`): adding the pair to ≺ might close a cycle
    through other families."""
    moved = g.copy()
    for label in moved.edge_labels(parent, u):
        moved.remove_edge(parent, label, u)
        moved.add_edge(head, label, u)
    return placed(moved, head, u, before=head)


def resequenced(g: Graph, sequences: Mapping[Vertex, Sequence[Vertex]]) -> Order:
    """The order that puts each family ch(v) ∪ {v} of g in the sequence given
    for v, and every other family in its sequence under g's order."""
    return Order(pair for v in g.vertices for pair in pairwise(
        sequences.get(v) or g.order.sequence([v, *g.children(v)])))


def neighbours(c: Configuration, v: Vertex) -> tuple[str | None, str | None]:
    """The words right before and right after the realization of v in the yield."""
    words, starts = _yield_starts(c)
    i, after = starts[v], starts[v] + len(c.rho[Key.REAL][v].split())
    return (words[i - 1] if i > 0 else None), (words[after] if after < len(words) else None)


def words_before(c: Configuration, v: Vertex) -> list[str]:
    """The words of the yield before the realization of v."""
    words, starts = _yield_starts(c)
    return words[:starts[v]]


_last_yield: list[tuple] = [(None, None)]
"""The last configuration :func:`_yield_starts` was asked about with its answer, as one
tuple (threads read it whole): a step asks about every vertex of one configuration in
turn, which made O(n) yields of n words."""


_last_yield: list[tuple] = [(None, None)]
"""The last configuration :func:`_yield_starts` was asked about with its answer, as one
tuple (threads read it whole): a step asks about every vertex of one configuration in
turn, which made O(n) yields of n words."""


def _yield_starts(c: Configuration) -> tuple[list[str], dict[Vertex, int]]:
    """The yield of c's realizations and where each vertex's realization starts in it."""
    last, found = _last_yield[0]
    if last is not c:
        found = c.graph.yield_starts(c.rho[Key.REAL])
        _last_yield[0] = (c, found)
    return found


def opening_subject(c: Configuration, v: Vertex, said_below: bool = False) -> Vertex | None:
    """v's subject (ARG0, else ARG1) when it is realized (or, with ``said_below``,
    when its phrase says anything: a named entity is said by its name below it)
    and comes first of v's realized family (after a question word or a phrase
    that asks: ``where you live``, ``in which country the nile starts``)."""
    g = c.graph
    subject = next((u for role in SUBJECT_ROLES for _, label, u in g.out_edges(v) if label == role), None)
    if subject is None or not (c.rho.get(Key.REAL, subject) or said_below and any(g.yield_(c.rho[Key.REAL], subject))):
        return None
    family = [v, *(u for u in g.children(v) if u != subject and c.rho.get(Key.REAL, u)
                   and g.label(u) != UNKNOWN and not asks(g, u))]
    return subject if all(g.order.precedes(subject, u) for u in family) else None
