"""The oracle gold_B (Algorithm 6 of thesis 4.3.3) with gold'_B for every class,
and update(B, c, t).

The bigraph B = (G, D, w^POS, A_G, A_D) changes as transitions apply: G
becomes t(c)'s graph and A_G follows Merge and insertions.  What changes is
a value, :class:`OracleState` (A_G); :class:`Oracle` holds what does not (D,
w, the POS tags, the approach, the system) and is a function of it:
:meth:`Oracle.gold` gives gold_B(c) for a state and :meth:`Oracle.update`
the state after a transition, leaving the one it was given as it was (as
spaCy's gold is a value), so a caller may keep every state it has seen.
Word positions are 1-based; A_D is the identity, so π¹(v) is A_G(v) read as
dependency vertices and π²(d) the vertices aligned to word d.

In the constrained system (5.1) a gold transition the constraints forbid is
replaced by the nearest allowed one (Merge by L_M's merge or Keep, Swap by
Keep, Delete by Keep and back, Realize with an annotation made consistent,
insertions by No-Insertion, Reorder by the closest allowed order), as the
reference implementation relabels forbidden first-stage events.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from amrgen.amr import depths, is_inverted, is_sentence_root
from amrgen.bigraph import Bigraph
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.words import ARTICLES, AUXILIARY_LEMMA_OF, CHILD_AUXILIARIES, FINAL_MARKS, HYPHEN, W_LEFT
from amrgen.prep.tokenize import is_punctuation
from amrgen.oracle.annotations import Approach, gold_annotation, simplify
from amrgen.transitions.annotations import NONE, Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex
from amrgen.transitions.constraints import is_propbank_frameset
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    Delete,
    DeleteReentrance,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    NoInsertion,
    Realize,
    Reorder,
    Swap,
    Transition,
)

CHILD_INSERTABLE = CHILD_AUXILIARIES | ARTICLES
"""Σ_IC: the words the text-based approach may insert as children (auxiliaries and articles)."""

INSERT_BETWEEN_WORDS = W_LEFT
"""Σ_IB: the words the text-based approach may insert between σ1 and β1 (mostly adpositions)."""



@dataclass(frozen=True)
class OracleState:
    """A_G as update(B, c, t) has carried it along: the part of B that changes."""

    alignment: Mapping[Vertex, frozenset[int]]
    """A_G(v) for the vertices aligned to some word (read-only)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "alignment", MappingProxyType(dict(self.alignment)))

    def aligned(self, v: Vertex) -> frozenset[int]:
        """A_G(v)."""
        return self.alignment.get(v, frozenset())

    def owners(self, i: int) -> set[Vertex]:
        """π²(d_i): the vertices aligned to word i."""
        return {v for v, js in self.alignment.items() if i in js}

    def span(self, graph: Graph, v: Vertex) -> set[int]:
        """span¹_B(v) over the current graph."""
        result = set(self.aligned(v))
        for u in graph.successors(v):
            result |= self.aligned(u)
        return result


@dataclass(frozen=True)
class Gold:
    """gold_B(c) with ind_B(C(t), c): the word an insertion the oracle chose
    aligns its new vertex to (None for any other transition)."""

    transition: Transition
    word: int | None = None


class Oracle:
    """gold_B for one bigraph, text-based or dependency-based where the thesis defines both."""

    def __init__(self, bigraph: Bigraph, approach: Approach = Approach.TEXT,
                 system: TransitionSystem | None = None, child_window: int = 3) -> None:
        self.bigraph = bigraph
        self.approach = approach
        self.system = system or TransitionSystem()
        self.child_window = child_window
        """k, how far left of σ1's first word Insert-Child looks (text-based approach)."""
        positions: dict[Vertex, set[int]] = {}
        for v, j in bigraph.amr_alignment:
            positions.setdefault(v, set()).add(j)
        self.start = OracleState({v: frozenset(js) for v, js in positions.items()})
        """B's alignment at c_s(G)."""
        self._between: dict[tuple, int] = (
            self._align_insertions(bigraph) if approach is Approach.DEPENDENCY else {})
        self.final_mark = _final_mark(bigraph.words)
        """The position of the mark that ends the sentence (None: it ends without one)."""

    @property
    def words(self) -> list[str]:
        return self.bigraph.words

    def lemma(self, i: int) -> str:
        """lem(w(i))."""
        lemmas = self.bigraph.lemmas
        word = self.words[i - 1]
        if word in AUXILIARY_LEMMA_OF:
            return AUXILIARY_LEMMA_OF[word]
        return lemmas[i - 1].lower() if lemmas else word

    # -- Algorithm 6 ------------------------------------------------------------

    def gold(self, state: OracleState, c: Configuration) -> Transition:
        """gold_B(c) for a non-terminal configuration c, B's alignment being ``state``."""
        return self.decide(state, c).transition

    def decide(self, state: OracleState, c: Configuration) -> Gold:
        """gold_B(c) with the word an insertion aligns to (see :meth:`update`)."""
        gold = self.formal_gold(state, c)
        if not (self.system.is_formal or self.system.applicable(gold.transition, c)):
            gold = self._allowed_instead(c, gold.transition)
        return gold

    def formal_gold(self, s: OracleState, c: Configuration) -> Gold:
        """gold_B(c) of Section 4's formal system, before the constrained system replaces what
        its constraints forbid (:meth:`decide`); what the oracle wanted where it had to do otherwise."""
        step = stage(c)
        if step is Stage.PREDECESSORS:
            return Gold(self._predecessors(s, c))
        if step is Stage.REALIZE:
            return Gold(self._realize(s, c))
        if step is Stage.INSERT_CHILD:
            return self._insert_child(s, c)
        if step is Stage.REORDER:
            return Gold(self._reorder(s, c))
        return self._insert_between(s, c)

    def _predecessors(self, s: OracleState, c: Configuration) -> Transition:
        """Stage 1: Delete-Reentrance, Merge, Swap, Delete or Keep."""
        g, s1 = c.graph, c.sigma1
        if len(g.in_edges(s1)) >= 2:
            return self._delete_reentrance(s, c)
        parents = g.parents(s1)
        parent = parents[0] if parents else None
        if not s.aligned(s1):
            return Delete()
        if parent is not None and s.aligned(s1) & s.aligned(parent):
            return self._merge(s, c, parent)
        if parent is not None and s.aligned(parent) and self._may_swap(c, parent):
            own = s.span(g, s1)
            low, high = min(own), max(own)
            if all(low <= i <= high for i in s.span(g, parent)):
                return Swap()
        return Keep()

    @staticmethod
    def _may_swap(c: Configuration, parent: Vertex) -> bool:
        """Two conditions Algorithm 6 leaves implicit, without which the formal
        oracle fails on real corpora: it never swaps a pair back (which can
        loop forever), and it swaps only once the parent's other children are
        processed (otherwise the parent, brought to the top of σ, is reordered
        before them, and a later Merge or Swap of one of them changes its
        children after Reorder, leaving c_f undefined)."""
        if frozenset((c.sigma1, parent)) in c.swapped:
            return False
        pending = set(c.node_buffer[1:])
        return not any(v in pending for v in c.graph.children(parent) if v != c.sigma1)

    # -- gold'_B per class ------------------------------------------------------

    def _delete_reentrance(self, s: OracleState, c: Configuration) -> DeleteReentrance:
        g, s1 = c.graph, c.sigma1
        incoming = g.in_edges(s1)
        candidates = incoming
        if self.approach is Approach.DEPENDENCY:
            d = self.bigraph.dependencies
            heads = {p for j in s.aligned(s1) for p in d.parents(j)}
            # C: the parents whose words head one of σ1's words in D; with
            # a single edge from a single such parent the choice is made,
            # otherwise the text-based choice is made among C's edges.
            chosen = {p for p, _, _ in incoming if s.aligned(p) & heads}
            if chosen:
                candidates = [e for e in incoming if e[0] in chosen]
        gold = gold_incoming_edge(g, candidates)
        source, label, _ = next(e for e in incoming if e != gold)
        return DeleteReentrance(source, label)

    def _merge(self, s: OracleState, c: Configuration, parent: Vertex) -> Merge:
        positions = sorted(s.aligned(c.sigma1) | s.aligned(parent))
        return Merge(self._said(positions), simplify(self.bigraph.pos[positions[0] - 1]))

    def _realize(self, s: OracleState, c: Configuration) -> Realize:
        s1 = c.sigma1
        positions = sorted(s.aligned(s1))
        annotation = gold_annotation(self._current_bigraph(s, c), s1, self.approach) if positions else None
        annotation = annotation or SyntacticAnnotation()
        fixed = c.rho.get(Key.POS, s1)
        if fixed is not None and fixed != annotation.pos:
            # A Merge already fixed σ1's POS, and Realize's Domain demands it.
            annotation = replace(annotation, pos=fixed)
        return Realize(self._said(positions), annotation)

    def _said(self, positions: list[int]) -> str:
        """The words at ``positions`` (ascending), with a hyphen the reference has between
        two of them (learnt punctuation: "grown - ups")."""
        said = []
        for i in positions:
            if said and i == previous + 2 and self.words[i - 2] == HYPHEN:
                said.append(HYPHEN)
            said.append(self.words[i - 1])
            previous = i
        return " ".join(said)

    def _insert_child(self, s: OracleState, c: Configuration) -> Gold:
        gold = self._insert_word(s, c)
        if isinstance(gold.transition, NoInsertion):
            return self._insert_final_mark(s, c)
        return gold

    def _insert_final_mark(self, s: OracleState, c: Configuration) -> Gold:
        """Insert-Child-(w, right) of a sentence's root for the mark w that ends it
        (learnt punctuation, docs/deviations.md): for the graph's root the mark the
        reference ends with, for a sentence of a multi-sentence graph the mark after its span."""
        g, s1 = c.graph, c.sigma1
        if not s.aligned(s1) or not is_sentence_root(g, s1):
            return Gold(NoInsertion())
        i = self.final_mark if not g.parents(s1) else _mark_after(self.words, max(s.span(g, s1)))
        if i is None or s.owners(i):
            return Gold(NoInsertion())
        return Gold(InsertChild(self.words[i - 1], RIGHT), i)

    def _insert_word(self, s: OracleState, c: Configuration) -> Gold:
        s1 = c.sigma1
        own = s.aligned(s1)
        if not own:
            return Gold(NoInsertion())
        first = min(own)
        if self.approach is Approach.TEXT:
            pos = self.bigraph.pos
            category = simplify(pos[first - 1])
            kind = c.rho.get(Key.POS, s1, category)
            allowed = ARTICLES if kind == "NN" else CHILD_AUXILIARIES if kind in ("VB", "JJ") else frozenset()
            for j in range(first - 1, max(first - 1 - self.child_window, 0), -1):
                if self.words[j - 1] not in allowed or s.owners(j):
                    continue
                if any(simplify(pos[k - 1]) == category for k in range(j + 1, first)):
                    continue
                return Gold(InsertChild(self.lemma(j), LEFT), j)
            return Gold(NoInsertion())
        d = self.bigraph.dependencies
        leaves = {u for j in own for u in d.children(j) if not d.children(u)}
        unaligned = sorted(u for u in leaves if not s.owners(u) and not is_punctuation(self.words[u - 1]))
        if not unaligned:
            return Gold(NoInsertion())
        j = unaligned[0]
        return Gold(InsertChild(self.lemma(j), LEFT if j < first else RIGHT), j)

    def _reorder(self, s: OracleState, c: Configuration) -> Reorder:
        g, s1 = c.graph, c.sigma1
        own = s.aligned(s1)
        pivot = _median(own)
        children = g.children(s1)
        medians = {v: _median(s.span(g, v)) for v in children}
        left = sorted((v for v in children if medians[v] <= pivot), key=medians.__getitem__)
        right = sorted((v for v in children if medians[v] > pivot), key=medians.__getitem__)
        return Reorder(*_respecting(g.order, [*left, s1, *right]))

    def _insert_between(self, s: OracleState, c: Configuration) -> Gold:
        if c.rho.get(Key.DEL, c.sigma1) != 0 or PLACEHOLDER in c.graph.edge_labels(c.sigma1, c.beta1):
            # Nothing between σ1 and a child Insert-Child added (the decoder inserts none there).
            return Gold(NoInsertion())
        g, s1, b1 = c.graph, c.sigma1, c.beta1
        if self.approach is Approach.DEPENDENCY:
            for label in g.edge_labels(s1, b1):
                i = self._between.get((s1, label, b1))
                if i is not None and not s.owners(i):
                    # A_G(β1) decides the side; for an unaligned β1 its span does.
                    child = s.aligned(b1) or s.span(g, b1)
                    return Gold(InsertBetween(self.words[i - 1], LEFT if child and i < min(child) else RIGHT), i)
            return Gold(NoInsertion())
        own, child = s.aligned(s1), s.aligned(b1)
        if not own or not child:
            return Gold(NoInsertion())
        if min(own) >= min(child):
            return self._fronted_insertion(s, own, child)
        siblings = set(g.children(s1)) - {b1}
        for i in range(min(child) - 1, max(own), -1):
            owners = s.owners(i)
            if owners & siblings:
                return Gold(NoInsertion())
            if not owners and self.words[i - 1] in INSERT_BETWEEN_WORDS:
                return Gold(InsertBetween(self.words[i - 1], LEFT), i)
        return Gold(NoInsertion())

    def _fronted_insertion(self, s: OracleState, own: frozenset[int], child: frozenset[int]) -> Gold:
        """Insert-Between for a β1 that precedes σ1 ("*if* they are well cleaned out,
        volcanoes burn slowly", "*in* the morning I left"), which the thesis's
        text-based approach leaves out (it looks only between σ1 and a β1 after it):
        an unaligned Σ_IB word before β1's first word, tied to the edge through the
        dependency tree as the reference implementation's dependency alignment does
        it (§3.3): the word heads a dependent aligned to β1 and depends on a word of
        σ1 (a fronted preposition), or depends on a word of β1 that depends on a
        word of σ1 (a subordinating conjunction)."""
        tree = self.bigraph.dependencies
        if tree is None:
            return Gold(NoInsertion())
        for i in range(min(child) - 1, 0, -1):
            if s.owners(i) or self.words[i - 1] not in INSERT_BETWEEN_WORDS or i not in tree:
                continue
            heads = tree.parents(i)
            preposition = bool(set(heads) & own) and bool(set(tree.children(i)) & child)
            conjunction = any(h in child and set(tree.parents(h)) & own for h in heads)
            if preposition or conjunction:
                return Gold(InsertBetween(self.words[i - 1], LEFT), i)
        return Gold(NoInsertion())

    # -- update(B, c, t) ----------------------------------------------------------

    def update(self, state: OracleState, c: Configuration, t: Transition, after: Configuration,
               gold: Gold | None = None) -> OracleState:
        """update(B, c, t) with ``after`` = t(c): Merge moves σ1's words to its
        parent; an insertion that is gold_B(c) aligns the new vertex to the word
        that triggered it, ind_B(C(t), c) (any other insertion leaves it
        unaligned).  ``gold`` is :meth:`decide` at (state, c) where the caller
        has it already; it is worked out here otherwise.  ``state`` is left as
        it was."""
        if isinstance(t, Merge):
            (parent,) = c.graph.parents(c.sigma1)
            alignment = dict(state.alignment)
            moved = alignment.pop(c.sigma1, frozenset())
            if moved:
                alignment[parent] = alignment.get(parent, frozenset()) | moved
            return OracleState(alignment)
        if isinstance(t, (InsertChild, InsertBetween)):
            gold = gold or self.decide(state, c)
            if gold.word is not None and t == gold.transition:
                return OracleState({**state.alignment, InsertedVertex(after.inserted): frozenset({gold.word})})
        return state

    def _current_bigraph(self, s: OracleState, c: Configuration) -> Bigraph:
        b = self.bigraph
        return Bigraph(c.graph, b.dependencies, b.words,
                       {(v, j) for v, js in s.alignment.items() for j in js if v in c.graph},
                       b.dependency_alignment, b.pos, b.lemmas)

    # -- the constrained system ---------------------------------------------------

    def _allowed_instead(self, c: Configuration, t: Transition) -> Gold:
        """The transition the constrained system applies where the gold one is forbidden."""
        system = self.system
        if isinstance(t, (Merge, Swap, Delete, Keep)):
            resources = system.constraints.resources
            options: list[Transition] = []
            if isinstance(t, Merge):
                (parent,) = c.graph.parents(c.sigma1)
                entry = resources.merge_table.get((c.graph.label(parent), c.graph.label(c.sigma1)))
                if entry:
                    options.append(Merge(*entry))
            options += [Keep(), Delete()] if not isinstance(t, Delete) else [Keep()]
            return Gold(next((option for option in options if system.applicable(option, c)), Delete()))
        if isinstance(t, Realize):
            return Gold(Realize(t.word, self._consistent(c, t.annotation)))
        if isinstance(t, (InsertChild, InsertBetween)):
            return Gold(NoInsertion())
        if isinstance(t, Reorder):
            return Gold(_closest_allowed_order(system, c, t))
        return Gold(t)

    def _consistent(self, c: Configuration, a: SyntacticAnnotation) -> SyntacticAnnotation:
        """α made to satisfy the Realize restrictions of 5.1."""
        label = str(c.graph.label(c.sigma1))
        pos = a.pos
        expected = self.system.constraints.expected_pos(c.graph, c.sigma1)
        if not is_propbank_frameset(label) and expected is not None:
            pos = expected
        pos = c.rho.get(Key.POS, c.sigma1, pos)
        verb, noun = pos == "VB", pos == "NN"
        number = a.number if noun else NONE
        denom = a.denom if noun and not (number == "plural" and a.denom == "a") else NONE
        return SyntacticAnnotation(pos=pos, denom=denom, tense=a.tense if verb else NONE,
                                   number=number, voice=a.voice if verb else NONE)

    # -- the dependency-based Insert-Between alignment A_IB -------------------------

    def _align_insertions(self, b: Bigraph) -> dict[tuple, int]:
        """A_IB: AMR edges ↦ the unaligned dependency vertex (word) between their ends."""
        d, g = b.dependencies, b.amr
        result: dict[tuple, int] = {}
        edges = g.edges
        for v in d.vertices:
            parents, children = d.parents(v), d.children(v)
            if not parents or not children or self.start.owners(v):
                continue
            grand_parents = parents + [q for p in parents for q in d.parents(p)]
            grand_children = children + [x for ch in children for x in d.children(ch)]
            for heads, deps in ((parents, children), (grand_parents, grand_children)):
                edge = _connecting_edge(edges, self._vertices_of(heads), self._vertices_of(deps))
                if edge is not None:
                    result.setdefault(edge, v)
                    break
        return result

    def _vertices_of(self, words: Iterable[int]) -> set[Vertex]:
        return {u for w in words for u in self.start.owners(w)}


def _connecting_edge(edges: list[tuple], heads: set[Vertex], deps: set[Vertex]) -> tuple | None:
    """An edge from heads to deps, else one from deps to heads, else None."""
    for source_side, target_side in ((heads, deps), (deps, heads)):
        for edge in edges:
            if edge[0] in source_side and edge[2] in target_side:
                return edge
    return None


def gold_incoming_edge(g: Graph, candidates: list[tuple]) -> tuple:
    """ê: an edge from the candidate parent closest to the root (the gold parent).

    Among several such edges it prefers, as the reference implementation
    does, edges other than :poss and :wiki, then non-inverted labels, then
    the first in edge order.
    """
    depth = depths(g)
    nearest = min(depth.get(e[0], math.inf) for e in candidates)
    edges = [e for e in candidates if depth.get(e[0], math.inf) == nearest]
    return min(edges, key=lambda e: (e[1] in ("poss", "wiki"), is_inverted(e[1])))


def _respecting(order, sequence: list[Vertex]) -> list[Vertex]:
    """The sequence, minimally changed to respect ≺ where ≺ already orders some
    of its members (insertions fix their side before Reorder): a stable
    topological sort, so Reorder's strictness condition holds."""
    result: list[Vertex] = []
    pending = list(sequence)
    while pending:
        ready = next(v for v in pending if not any(order.precedes(u, v) for u in pending if u != v))
        pending.remove(ready)
        result.append(ready)
    return result


def _final_mark(words: list[str]) -> int | None:
    """The position of the last mark of FINAL_MARKS after the last word, if any."""
    for i in range(len(words), 0, -1):
        if words[i - 1] in FINAL_MARKS:
            return i
        if not is_punctuation(words[i - 1]):
            return None
    return None


def _mark_after(words: list[str], last: int) -> int | None:
    """The position of the first mark of FINAL_MARKS after position ``last`` with no word between."""
    for i in range(last + 1, len(words) + 1):
        if words[i - 1] in FINAL_MARKS:
            return i
        if not is_punctuation(words[i - 1]):
            return None
    return None


def _median(positions: set[int]) -> float:
    """med, with med(∅) = -∞."""
    return statistics.median(positions) if positions else float("-inf")


def _closest_allowed_order(system: TransitionSystem, c: Configuration, gold: Reorder) -> Transition:
    """The gold order, changed where the Reorder rules of 5.1 demand it; should
    ≺ forbid that, the first allowed order among a bounded number of others."""
    nearest = Reorder(*system.constraints.nearest_order(c, list(gold.sequence)))
    if system.applicable(nearest, c):
        return nearest
    for perm in itertools.islice(itertools.permutations(gold.sequence), 5040):
        if system.applicable(candidate := Reorder(*perm), c):
            return candidate
    return gold
