"""Strict orders ≺ on vertices (thesis Section 2.2): the ≺ of a labeled ordered graph
(:mod:`amrgen.graph`) and the total order of a sentence's words (Section 2.4).

An order is kept transitively closed (it is a strict order, so closed under transitivity by
definition) in :class:`Order`, or as each member's rank in :class:`ChainOrder`; only its
restriction to the sets ch(v) ∪ {v} matters for the yield.  The ordered values are any
hashable values, a graph's vertices.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Sequence


class Order:
    """A strict order ≺ on vertices, stored transitively closed.

    Immutable: :meth:`with_pairs` returns a new order, so configurations can
    share one.  ``after[v]`` is {u | v ≺ u} and ``before[v]`` is {u | u ≺ v}.
    """

    __slots__ = ("_after", "_before", "_sequences")

    def __init__(self, pairs: Iterable[tuple[Hashable, Hashable]] = ()) -> None:
        self._after: dict[Hashable, frozenset] = {}
        self._before: dict[Hashable, frozenset] = {}
        self._sequences: dict[tuple[Hashable, ...], tuple[Hashable, ...] | None] = {}
        """:meth:`total_sequence`'s answers: the same families are asked about again and
        again (every yield of a configuration and of its copies asks about all of them)."""
        self._add_all(pairs)

    def _add_all(self, pairs: Iterable[tuple[Hashable, Hashable]]) -> None:
        # Incremental transitive closure: adding (a, b) relates everything
        # at or before a with everything at or after b.  The sets this batch
        # changes grow in place and are frozen once at the end: a new frozenset
        # per change made a chain of n pairs (a sentence's words) cost n³.
        after: dict[Hashable, set] = {}
        before: dict[Hashable, set] = {}

        def current(table: dict[Hashable, frozenset], changed: dict[Hashable, set], v: Hashable) -> set | frozenset:
            return changed[v] if v in changed else table.get(v, frozenset())

        def growing(table: dict[Hashable, frozenset], changed: dict[Hashable, set], v: Hashable) -> set:
            if v not in changed:
                changed[v] = set(table.get(v, ()))
            return changed[v]

        for a, b in pairs:
            if b in current(self._after, after, a):
                continue
            lower = {*current(self._before, before, a), a}
            upper = {*current(self._after, after, b), b}
            for x in lower:
                growing(self._after, after, x).update(upper)
            for y in upper:
                growing(self._before, before, y).update(lower)
        self._after.update((v, frozenset(members)) for v, members in after.items())
        self._before.update((v, frozenset(members)) for v, members in before.items())

    def with_pairs(self, pairs: Iterable[tuple[Hashable, Hashable]]) -> Order:
        """(≺ ∪ pairs)^+ as a new order."""
        new = Order()
        new._after = dict(self._after)
        new._before = dict(self._before)
        new._add_all(pairs)
        return new

    def precedes(self, a: Hashable, b: Hashable) -> bool:
        """Whether a ≺ b."""
        return b in self._after.get(a, ())

    def vertices_before(self, v: Hashable) -> frozenset:
        """{u | u ≺ v}."""
        return self._before.get(v, frozenset())

    def vertices_after(self, v: Hashable) -> frozenset:
        """{u | v ≺ u}."""
        return self._after.get(v, frozenset())

    def pairs(self) -> set[tuple[Hashable, Hashable]]:
        return {(a, b) for a, after in self._after.items() for b in after}

    def is_strict(self) -> bool:
        """Irreflexive (with transitivity this also means asymmetric)."""
        return not any(v in after for v, after in self._after.items())

    def admits_chain(self, sequence: Sequence[Hashable]) -> bool:
        """Whether (≺ ∪ {(s_i, s_i+1)})^+ is strict for the sequence s, without
        computing it: exactly when ≺ is strict, s repeats no vertex and no later
        member of s precedes an earlier one (≺ is transitive, so a cycle through
        the chain's pairs needs such a member; Reorder asks this of every order)."""
        if len(set(sequence)) < len(sequence) or not self.is_strict():
            return False
        return not any(self.precedes(b, a) for a, b in itertools.combinations(sequence, 2))

    def is_total_on(self, vertices: Iterable[Hashable]) -> bool:
        """Whether ≺ is a total (strict) order on the given set."""
        return self.total_sequence(vertices) is not None

    def total_sequence(self, vertices: Iterable[Hashable]) -> list[Hashable] | None:
        """The sequence of the set under ≺ if ≺ is a total (strict) order on it,
        else None.  ≺ is transitive, so where it is irreflexive on the set it is
        total there exactly when the numbers of members before each member are
        0, 1, ..., n-1 (a member with i members before it is then preceded by
        all i members of lower count), which costs n set intersections rather
        than n² comparisons."""
        key = tuple(vertices)
        if len(key) == 1:  # a leaf's family, half of every yield's questions: not worth a memo entry
            return None if key[0] in self._after.get(key[0], ()) else list(key)
        if key not in self._sequences:
            self._sequences[key] = self._total_sequence(key)
        known = self._sequences[key]
        return None if known is None else list(known)

    def _total_sequence(self, vertices: tuple[Hashable, ...]) -> tuple[Hashable, ...] | None:
        vs = tuple(dict.fromkeys(vertices))
        if any(v in self._after.get(v, ()) for v in vs):
            return None
        members = set(vs)
        ranks = {v: len(self._before.get(v, frozenset()) & members) for v in vs}
        if sorted(ranks.values()) != list(range(len(vs))):
            return None
        return tuple(sorted(vs, key=ranks.__getitem__))

    def sequence(self, vertices: Iterable[Hashable]) -> list[Hashable]:
        """The sequence of a set induced by ≺ (which must be total on it)."""
        vs = list(dict.fromkeys(vertices))
        members = set(vs)
        return sorted(vs, key=lambda v: len(self._before.get(v, frozenset()) & members))

    def restricted(self, vertices: Iterable[Hashable]) -> Order:
        keep = set(vertices)
        return Order((a, b) for a, b in self.pairs() if a in keep and b in keep)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Order) and self.pairs() == other.pairs()

    def __repr__(self) -> str:
        return f"Order({sorted(self.pairs(), key=repr)!r})"


class ChainOrder(Order):
    """The total order of a sequence (a sentence's words: the dependency tree's
    ≺ of Section 2.4), stored as each vertex's rank rather than closed: n ranks
    instead of n² pairs, answering every question as the closed :class:`Order`
    of the pairs (v_i, v_i+1) answers it.  Adding pairs gives that closed order."""

    __slots__ = ("_ranks", "_sequence")

    def __init__(self, sequence: Iterable[Hashable]) -> None:
        super().__init__()
        self._sequence = list(dict.fromkeys(sequence))
        self._ranks = {v: i for i, v in enumerate(self._sequence)}

    def with_pairs(self, pairs: Iterable[tuple[Hashable, Hashable]]) -> Order:
        return Order(zip(self._sequence, self._sequence[1:])).with_pairs(pairs)

    def precedes(self, a: Hashable, b: Hashable) -> bool:
        ranks = self._ranks
        return a in ranks and b in ranks and ranks[a] < ranks[b]

    def vertices_before(self, v: Hashable) -> frozenset:
        return frozenset(self._sequence[: self._ranks[v]]) if v in self._ranks else frozenset()

    def vertices_after(self, v: Hashable) -> frozenset:
        return frozenset(self._sequence[self._ranks[v] + 1:]) if v in self._ranks else frozenset()

    def pairs(self) -> set[tuple[Hashable, Hashable]]:
        return {(a, b) for i, a in enumerate(self._sequence) for b in self._sequence[i + 1:]}

    def is_strict(self) -> bool:
        return True

    def total_sequence(self, vertices: Iterable[Hashable]) -> list[Hashable] | None:
        vs = list(dict.fromkeys(vertices))
        if len(vs) > 1 and not all(v in self._ranks for v in vs):
            return None  # a vertex outside the sequence is unrelated to the others
        return sorted(vs, key=lambda v: self._ranks.get(v, 0))

    def sequence(self, vertices: Iterable[Hashable]) -> list[Hashable]:
        # As Order.sequence: by the number of members before each, those outside the sequence 0.
        vs = list(dict.fromkeys(vertices))
        ranked = sorted((v for v in vs if v in self._ranks), key=self._ranks.__getitem__)
        before = {v: i for i, v in enumerate(ranked)}
        return sorted(vs, key=lambda v: before.get(v, 0))

    def restricted(self, vertices: Iterable[Hashable]) -> Order:
        keep = set(vertices)
        return ChainOrder(v for v in self._sequence if v in keep)
