"""The ten transition classes of S_AMR (thesis Section 4.2).

Each class has the thesis's two parts: :meth:`Transition.applicable` is its
Domain and :meth:`Transition.apply` its Mapping, both written as in the boxes
of Section 4.2.  ``str(t)`` follows the thesis's notation and starts with the
class name C(t) as written there: ``Merge-(earlier,JJ)``,
``Insert-Between-(of,left)``, ``Reorder-(v2,v1,v3)``, ``Swap``.

One deliberate reading of the text: the Domains of Delete and Keep ask for
|in(σ1)| = 1, yet Example example:training applies Keep to the root v1
(Table tab:gold-transitions), and without it no root could ever be realized
(Realize needs ρ(DEL)(σ1) = 0).  So Delete and Keep accept |in(σ1)| ≤ 1:
"no reentrance left", which is what the text around the boxes describes.
Merge and Swap, which need the parent p_σ1, keep |in(σ1)| = 1.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, fields
from typing import ClassVar

from amrgen.amr import inverse
from amrgen.graph import Vertex
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration

LEFT, RIGHT = "left", "right"


class NotApplicableError(ValueError):
    """A transition applied outside its Domain."""


class Transition(ABC):
    """A partial function t: C_AMR ⇀ C_AMR."""

    name: ClassVar[str]
    """The class C(t), as the thesis writes it."""

    @abstractmethod
    def applicable(self, c: Configuration) -> bool:
        """c ∈ dom(t)."""

    @abstractmethod
    def apply(self, c: Configuration) -> Configuration:
        """t(c); only meaningful for c ∈ dom(t)."""

    def __call__(self, c: Configuration) -> Configuration:
        if not self.applicable(c):
            raise NotApplicableError(f"{self} is not applicable to σ1 = {c.sigma1}")
        return self.apply(c)

    def __str__(self) -> str:
        params = self.parameters()
        return self.name if params is None else f"{self.name}-({','.join(map(str, params))})"

    def parameters(self) -> tuple | None:
        """The transition's parameters (its fields), None for the unparametrized classes."""
        values = tuple(getattr(self, f.name) for f in fields(self))
        return values or None


def _empty_child_buffer(c: Configuration) -> bool:
    """c has the form (G, σ1:σ, ε, ρ)."""
    return bool(c.node_buffer) and not c.child_buffer


def _single_incoming_undeleted(c: Configuration) -> bool:
    """|in(σ1)| = 1 ∧ σ1 ∉ dom(ρ(DEL)): the Domain shared by Merge and Swap."""
    return (_empty_child_buffer(c) and len(c.graph.in_edges(c.sigma1)) == 1
            and not c.rho.defined(Key.DEL, c.sigma1))


def _undecided_tree_vertex(c: Configuration) -> bool:
    """|in(σ1)| ≤ 1 ∧ σ1 ∉ dom(ρ(DEL)): the Domain of Delete and Keep (see module doc)."""
    return (_empty_child_buffer(c) and len(c.graph.in_edges(c.sigma1)) <= 1
            and not c.rho.defined(Key.DEL, c.sigma1))


def _check_side(side: str) -> None:
    if side not in (LEFT, RIGHT):
        raise ValueError(f"side must be {LEFT!r} or {RIGHT!r}")


def _pop(c: Configuration, rest: tuple[Vertex, ...]) -> tuple[Vertex, ...]:
    """σ' = σ1:σ if β' ≠ ε, σ otherwise."""
    return c.node_buffer if rest else c.node_buffer[1:]


@dataclass(frozen=True)
class DeleteReentrance(Transition):
    """Delete-Reentrance-(v, l): move edge (v, l, σ1) to a new copy σ̃ of σ1."""

    source: Vertex
    label: str
    name: ClassVar[str] = "Delete-Reentrance"

    def applicable(self, c: Configuration) -> bool:
        if not _empty_child_buffer(c):
            return False
        incoming = c.graph.in_edges(c.sigma1)
        return len(incoming) >= 2 and (self.source, self.label, c.sigma1) in incoming

    def apply(self, c: Configuration) -> Configuration:
        s1, copy = c.sigma1, c.new_vertex()
        g = c.graph.copy()
        g.add_vertex(copy, g.label(s1))
        g.replace_edge((self.source, self.label, s1), (self.source, self.label, copy))
        return c.with_(graph=g, node_buffer=(s1, copy, *c.node_buffer[1:]),
                       rho=c.rho.updated([(Key.LINK, copy, s1)]), inserted=c.inserted + 1)


@dataclass(frozen=True)
class Merge(Transition):
    """Merge-(l, p): fuse σ1 into its parent, which gets label l and POS p."""

    label: str
    pos: str
    name: ClassVar[str] = "Merge"

    def applicable(self, c: Configuration) -> bool:
        return _single_incoming_undeleted(c)

    def apply(self, c: Configuration) -> Configuration:
        s1 = c.sigma1
        g = c.graph.copy()
        (parent, edge_label, _), = g.in_edges(s1)
        moved = g.out_edges(s1)
        old_label = g.label(parent)
        # σ1's edges take the place of the edge (p, l, σ1) among p's edges.
        position = [c2 for _, _, c2 in g.out_edges(parent)].index(s1)
        later = g.out_edges(parent)[position + 1:]
        g.remove_vertex(s1)
        for edge in later:
            g.remove_edge(*edge)
        for _, label, child in moved:
            g.add_edge(parent, label, child)
        for edge in later:
            g.add_edge(*edge)
        g.set_label(parent, self.label)
        rho = c.rho.updated([(Key.POS, parent, self.pos), (Key.INIT_CONCEPT, parent, old_label)])
        return c.with_(graph=g, node_buffer=c.node_buffer[1:], rho=rho)


@dataclass(frozen=True)
class Swap(Transition):
    """Swap: σ1 trades places with its parent; the edge between them is inverted."""

    name: ClassVar[str] = "Swap"

    def applicable(self, c: Configuration) -> bool:
        return _single_incoming_undeleted(c)

    def apply(self, c: Configuration) -> Configuration:
        s1 = c.sigma1
        g = c.graph.copy()
        (parent, label, _), = g.in_edges(s1)
        g.remove_edge(parent, label, s1)
        for grandparent, l2, _ in g.in_edges(parent):
            g.replace_edge((grandparent, l2, parent), (grandparent, l2, s1))
        g.add_edge(s1, inverse(label), parent)
        swaps = c.rho[Key.SWAPS]
        rho = c.rho.updated([(Key.SWAPS, s1, swaps.get(s1, 0) + 1),
                             (Key.SWAPS, parent, swaps.get(parent, 0) - 1)])
        rest = tuple(v for v in c.node_buffer[1:] if v != parent)
        return c.with_(graph=g, node_buffer=(parent, s1, *rest), rho=rho,
                       swapped=c.swapped | {frozenset((s1, parent))})


@dataclass(frozen=True)
class Delete(Transition):
    """Delete: σ1 is not represented in the sentence (DEL = 1, REAL = ε)."""

    name: ClassVar[str] = "Delete"

    def applicable(self, c: Configuration) -> bool:
        return _undecided_tree_vertex(c)

    def apply(self, c: Configuration) -> Configuration:
        return c.with_(rho=c.rho.updated([(Key.DEL, c.sigma1, 1), (Key.REAL, c.sigma1, "")]))


@dataclass(frozen=True)
class Keep(Transition):
    """Keep: σ1 is represented in the sentence (DEL = 0)."""

    name: ClassVar[str] = "Keep"

    def applicable(self, c: Configuration) -> bool:
        return _undecided_tree_vertex(c)

    def apply(self, c: Configuration) -> Configuration:
        return c.with_(rho=c.rho.updated([(Key.DEL, c.sigma1, 0)]))


@dataclass(frozen=True)
class Realize(Transition):
    """Realize-(w, α): σ1 gets realization w and syntactic annotation α."""

    word: str
    annotation: SyntacticAnnotation
    name: ClassVar[str] = "Realize"

    def parameters(self) -> tuple:
        return (self.word or "ε", self.annotation)

    def applicable(self, c: Configuration) -> bool:
        if not _empty_child_buffer(c):
            return False
        s1, rho = c.sigma1, c.rho
        return (rho.get(Key.DEL, s1) == 0 and not rho.defined(Key.REAL, s1)
                and rho.get(Key.POS, s1, self.annotation.pos) == self.annotation.pos)

    def apply(self, c: Configuration) -> Configuration:
        s1 = c.sigma1
        values = [(key, s1, value) for key, value in self.annotation.items()]
        return c.with_(rho=c.rho.updated([*values, (Key.REAL, s1, self.word)]))


@dataclass(frozen=True)
class InsertChild(Transition):
    """Insert-Child-(w, p): a new child σ̃ of σ1 labeled w, left or right of σ1."""

    word: str
    side: str
    name: ClassVar[str] = "Insert-Child"

    def __post_init__(self) -> None:
        _check_side(self.side)

    def applicable(self, c: Configuration) -> bool:
        if not _empty_child_buffer(c):
            return False
        s1, rho = c.sigma1, c.rho
        return (rho.get(Key.DEL, s1) == 0 and rho.defined(Key.REAL, s1)
                and not rho.defined(Key.INS_DONE, s1) and not rho.defined(Key.LINK, s1))

    def apply(self, c: Configuration) -> Configuration:
        s1, new = c.sigma1, c.new_vertex()
        g = c.graph.copy()
        g.add_vertex(new, self.word)
        g.add_edge(s1, PLACEHOLDER, new)
        g.order = g.order.with_pairs([(new, s1) if self.side == LEFT else (s1, new)])
        rho = c.rho.updated([(Key.DEL, new, 0), (Key.INS_DONE, new, 1)])
        return c.with_(graph=g, node_buffer=(new, *c.node_buffer), rho=rho, inserted=c.inserted + 1)


@dataclass(frozen=True)
class InsertBetween(Transition):
    """Insert-Between-(w, p): a new vertex σ̃ realized as w between σ1 and β1,
    left or right of β1."""

    word: str
    side: str
    name: ClassVar[str] = "Insert-Between"

    def __post_init__(self) -> None:
        _check_side(self.side)

    def applicable(self, c: Configuration) -> bool:
        return bool(c.node_buffer) and bool(c.child_buffer) and c.rho.get(Key.DEL, c.sigma1) == 0

    def apply(self, c: Configuration) -> Configuration:
        s1, b1, new = c.sigma1, c.beta1, c.new_vertex()
        g = c.graph.copy()
        label = g.edge_labels(s1, b1)[0]
        g.add_vertex(new, self.word)
        g.replace_edge((s1, label, b1), (s1, label, new))
        g.add_edge(new, PLACEHOLDER, b1)
        order = g.order
        # σ̃ takes β1's place relative to everything ordered with β1.
        pairs = [(new, b1) if self.side == LEFT else (b1, new)]
        pairs += [(v, new) for v in order.vertices_before(b1)]
        pairs += [(new, v) for v in order.vertices_after(b1)]
        g.order = order.with_pairs(pairs)
        rest = c.child_buffer[1:]
        return c.with_(graph=g, node_buffer=_pop(c, rest), child_buffer=rest,
                       rho=c.rho.updated([(Key.REAL, new, self.word)]), inserted=c.inserted + 1)


@dataclass(frozen=True)
class NoInsertion(Transition):
    """No-Insertion: nothing to insert as a child of σ1, or between σ1 and β1."""

    name: ClassVar[str] = "No-Insertion"

    def applicable(self, c: Configuration) -> bool:
        if not c.node_buffer:
            return False
        if c.child_buffer:
            return True
        s1, rho = c.sigma1, c.rho
        return rho.get(Key.DEL, s1) == 0 and rho.defined(Key.REAL, s1) and not rho.defined(Key.INS_DONE, s1)

    def apply(self, c: Configuration) -> Configuration:
        if not c.child_buffer:
            return c.with_(rho=c.rho.updated([(Key.INS_DONE, c.sigma1, 1)]))
        rest = c.child_buffer[1:]
        return c.with_(node_buffer=_pop(c, rest), child_buffer=rest)


@dataclass(frozen=True)
class Reorder(Transition):
    """Reorder-(v1, ..., vn): fix the order of ch(σ1) ∪ {σ1}; the children
    then go to the child buffer, in that order."""

    sequence: tuple[Vertex, ...]
    name: ClassVar[str] = "Reorder"

    def __init__(self, *sequence: Vertex) -> None:
        if len(sequence) == 1 and isinstance(sequence[0], (tuple, list)):
            sequence = tuple(sequence[0])
        object.__setattr__(self, "sequence", tuple(sequence))

    def parameters(self) -> tuple:
        return self.sequence

    def applicable(self, c: Configuration) -> bool:
        if not _empty_child_buffer(c):
            return False
        s1, rho, g = c.sigma1, c.rho, c.graph
        family = {s1, *g.children(s1)}
        if len(self.sequence) != len(family) or set(self.sequence) != family:
            return False
        ready = (rho.defined(Key.INS_DONE, s1) and rho.defined(Key.REAL, s1)) or rho.get(Key.DEL, s1) == 1
        return ready and g.order.admits_chain(self.sequence)

    def _chain(self) -> list[tuple[Vertex, Vertex]]:
        return list(zip(self.sequence, self.sequence[1:]))

    def apply(self, c: Configuration) -> Configuration:
        g = c.graph.copy()
        g.order = g.order.with_pairs(self._chain())
        node_buffer = c.node_buffer if len(self.sequence) >= 2 else c.node_buffer[1:]
        children = tuple(v for v in self.sequence if v != c.sigma1)
        return c.with_(graph=g, node_buffer=node_buffer, child_buffer=children)


TRANSITION_CLASSES: tuple[type[Transition], ...] = (
    DeleteReentrance, Merge, Swap, Delete, Keep, Realize, InsertChild, InsertBetween, NoInsertion, Reorder,
)
"""C(T_AMR), in the order of Section 4.2."""
