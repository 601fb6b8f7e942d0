"""The implementation constraints of Section 5.1, as a layer over S_AMR.

The formal system (Section 4.2) applies a transition whenever the
configuration is in its Domain; the constrained system additionally asks
:meth:`Constraints.allows`.  Constraints that depend on what was learnt in
training (the Merge table L_M, empirical POS tags, default realizations) use
:class:`ConstraintResources`; a resource left empty leaves its rule out.
The rules the thesis leaves to Section 5.3 follow the reference
implementation (``shared/spec/reference-implementation.md`` §2, §8.1, §8.4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from amrgen.amr import has_mode, is_sentence_root, quantity_of_unit
from amrgen.amr_vocabulary import DATE_ENTITY, MULTI_SENTENCE, NEGATIVE, POSITIVE, UNKNOWN
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.lexicon.words import (
    ARTICLES,
    COPULAS,
    FINAL_MARKS,
    IMPERATIVE_SUBJECTS,
    INSERTION_LABELS,
    W_LEFT,
    W_RIGHT,
)
from amrgen.transitions.annotations import NONE, Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    Delete,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    Realize,
    Reorder,
    Swap,
    Transition,
)

PROPBANK_FRAMESET = re.compile(r"[A-Za-z]+(-[A-Za-z]+)*-[0-9]+")
"""A PropBank frameset id such as want-01 (footnote in 5.1; hyphenated verbs like
look-up-05 included)."""

ALWAYS_DELETE = frozenset({MULTI_SENTENCE})
NEVER_DELETE = frozenset({NEGATIVE, POSITIVE, UNKNOWN})
ARG_EDGE = re.compile(r"ARG\d+")
DATE_ORDER = ("month", "day", "year")


def is_propbank_frameset(label: str) -> bool:
    return bool(PROPBANK_FRAMESET.fullmatch(label))


def forced_delete(graph: Graph, v: Vertex) -> bool:
    """v allows Delete only (if it allows Delete at all: a copy does not): a vertex
    of :data:`ALWAYS_DELETE`, or you/we (:data:`~amrgen.lexicon.words.IMPERATIVE_SUBJECTS`, "draw me a
    sheep"; reference implementation §8.1) under an :ARGk edge from an imperative verb."""
    label = graph.label(v)
    return label in ALWAYS_DELETE or label in IMPERATIVE_SUBJECTS and any(
        ARG_EDGE.fullmatch(role) and has_mode(graph, parent, "imperative") for parent, role, _ in graph.in_edges(v))


def is_time_adverb(graph: Graph, v: Vertex) -> bool:
    """Whether v is a time said as an adverb: a leaf concept, the :time of its parents,
    that WordNet has as an adverb (today, yesterday, now, soon; not night, a noun only).
    English puts no article before it ("the today") and, where it is a verb's, no
    preposition ("ran today", not "ran at today"; a noun's may be "of today"); few
    training graphs show it for each such word, too few for the models to outweigh the
    language model's liking for "at" and "in the"."""
    label = str(graph.label(v))
    return (not graph.children(v) and not is_propbank_frameset(label) and not isinstance(v, InsertedVertex)
            and bool(graph.in_edges(v)) and all(role == "time" for _, role, _ in graph.in_edges(v))
            and WORDNET.knows(label, "r"))


TIME_PARTS = frozenset({"year", "dayperiod"})
PUBLICATION = "publication-91"


def is_bare_time(graph: Graph, v: Vertex) -> bool:
    """Whether v is a date entity of a year alone or a time of day alone, the :time of its
    parent (not of a publication-91: a citation's year), which English says after *in* ("saw in
    1909", "lost in the night"); phase 2 inserts it by hand, the models rarely do."""
    parts = [label for _, label, _ in graph.out_edges(v)]
    return (str(graph.label(v)) == DATE_ENTITY and len(parts) == 1 and parts[0] in TIME_PARTS
            and [label for _, label, _ in graph.in_edges(v)] == ["time"]
            and all(str(graph.label(p)) != PUBLICATION for p in graph.parents(v)))


def is_year(graph: Graph, v: Vertex) -> bool:
    """Whether v is the :year of a date entity, which takes no article ("in 1909")."""
    return any(label == "year" and str(graph.label(p)) == DATE_ENTITY for p, label, _ in graph.in_edges(v))


def is_named_entity(graph: Graph, v: Vertex) -> bool:
    """σ1 is a named entity: some child has the label ``name`` (5.1), or, once
    names are collapsed (:mod:`amrgen.prep.normalize`), a ``:name`` edge leaves it."""
    return any(graph.label(c) == "name" or label == "name" for _, label, c in graph.out_edges(v))


@dataclass
class ConstraintResources:
    """What the constraints learn from training data.

    ``merge_table`` is L_M: (L(p_σ1), L(σ1)) ↦ (label, POS); ``empirical_pos``
    maps a concept to pôs(l); ``default_realizations(c, α)`` gives the default
    realizations of σ1 (Section 5.2) that a copy may be realized as.
    """

    merge_table: Mapping[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    empirical_pos: Mapping[str, str] = field(default_factory=dict)
    default_realizations: Callable[[Configuration, SyntacticAnnotation], set[str]] | None = None
    insert_left: frozenset[str] = W_LEFT
    insert_right: frozenset[str] = W_RIGHT

    def merge(self, c: Configuration) -> Merge | None:
        """Merge-L_M(L(p_σ1), L(σ1)): the one Merge the constraints allow at c; None
        where σ1 has not exactly one parent or L_M has no entry for the pair."""
        parents = c.graph.parents(c.sigma1)
        if len(parents) != 1:
            return None
        entry = self.merge_table.get((str(c.graph.label(parents[0])), str(c.graph.label(c.sigma1))))
        return Merge(*entry) if entry else None


class Constraints:
    """The constrained system's extra conditions on each transition class (5.1)."""

    def __init__(self, resources: ConstraintResources | None = None) -> None:
        self.resources = resources or ConstraintResources()
        self._rules: dict[type[Transition], Callable[[Configuration, Transition], bool]] = {
            Swap: self._swap, Merge: self._merge, Delete: self._delete, Keep: self._keep,
            Realize: self._realize, InsertChild: self._insert_child, Reorder: self._reorder,
            InsertBetween: self._insert_between,
        }

    def allows(self, c: Configuration, t: Transition) -> bool:
        """Whether the constraints of Section 5.1 permit t in c (t's Domain is checked elsewhere)."""
        rule = self._rules.get(type(t))
        return rule is None or rule(c, t)

    def expected_pos(self, graph: Graph, v: Vertex) -> str | None:
        """The POS Realize's Domain holds v to (not for a PropBank frameset): pôs(L(v)), the
        empirical POS tag of 5.1, except that the unit of a quantity is a noun (NN) whatever
        its concept was aligned to in training (our addition: "20 dollars", not "20 million")."""
        if quantity_of_unit(graph, v) is not None:
            return "NN"
        return self.resources.empirical_pos.get(str(graph.label(v)))

    # -- one rule per class ---------------------------------------------------

    @staticmethod
    def _plain_vertex(c: Configuration) -> bool:
        """σ1 is neither a copy nor a named entity."""
        s1 = c.sigma1
        return not c.rho.defined(Key.LINK, s1) and not is_named_entity(c.graph, s1)

    def _swap(self, c: Configuration, t: Transition) -> bool:
        s1 = c.sigma1
        parents = c.graph.parents(s1)
        return (self._plain_vertex(c) and bool(parents)
                and frozenset((s1, parents[0])) not in c.swapped
                and not forced_delete(c.graph, s1))

    def _merge(self, c: Configuration, t: Transition) -> bool:
        if not self._plain_vertex(c) or forced_delete(c.graph, c.sigma1):
            return False
        return self.resources.merge(c) == t

    def _delete(self, c: Configuration, t: Transition) -> bool:
        return self._plain_vertex(c) and c.graph.label(c.sigma1) not in NEVER_DELETE

    def _keep(self, c: Configuration, t: Transition) -> bool:
        # A copy keeps Keep, its only transition: its realization (ε among them) is a default's.
        return not (self._plain_vertex(c) and forced_delete(c.graph, c.sigma1))

    def _realize(self, c: Configuration, t: Realize) -> bool:
        a, s1 = t.annotation, c.sigma1
        if a.pos != "VB" and (a.tense != NONE or a.voice != NONE):
            return False
        if a.pos != "NN" and (a.number != NONE or a.denom != NONE):
            return False
        if a.number == "plural" and a.denom == "a":
            return False
        label = str(c.graph.label(s1))
        expected = self.expected_pos(c.graph, s1)
        # Where a Merge already fixed σ1's POS, Realize's Domain holds α to it instead.
        fixed = c.rho.defined(Key.POS, s1)
        if not fixed and not is_propbank_frameset(label) and expected is not None and a.pos != expected:
            return False
        defaults = self.resources.default_realizations
        if c.rho.defined(Key.LINK, s1) and defaults is not None:
            return t.word in defaults(c, a)
        return True

    def _insert_child(self, c: Configuration, t: InsertChild) -> bool:
        """One word left of σ1 (5.1); and, learnt punctuation, one mark right of a
        sentence's root that ends the sentence (:data:`FINAL_MARKS`, docs/deviations.md)."""
        g, s1 = c.graph, c.sigma1
        inserted = [str(g.label(u)) for _, label, u in g.out_edges(s1) if label == PLACEHOLDER]
        if t.word in FINAL_MARKS:
            return t.side == RIGHT and is_sentence_root(g, s1) and not FINAL_MARKS.intersection(inserted)
        return t.side == LEFT and not any(word not in FINAL_MARKS for word in inserted)

    def _insert_between(self, c: Configuration, t: InsertBetween) -> bool:
        labels = set(c.graph.edge_labels(c.sigma1, c.beta1))
        if t.side == RIGHT and t.word in COPULAS and "domain" in labels:
            return True
        words = self.resources.insert_left if t.side == LEFT else self.resources.insert_right
        if t.word not in words or c.rho.get(Key.POS, c.sigma1) == "VB" and is_time_adverb(c.graph, c.beta1):
            return False
        allowed = INSERTION_LABELS.get(t.word)
        return allowed is None or bool(labels & allowed)

    def _reorder(self, c: Configuration, t: Reorder) -> bool:
        g, s1, seq = c.graph, c.sigma1, t.sequence
        position = {v: i for i, v in enumerate(seq)}
        labels = {child: g.edge_labels(s1, child) for child in g.children(s1)}
        articles = [v for v in labels if g.label(v) in ARTICLES]
        if articles and position[articles[0]] != (1 if str(g.label(seq[0])) == UNKNOWN else 0):
            return False  # first, but after the word a question asks with ("what is the rate")
        if any(position[v] != len(seq) - 1 for v in _final_marks(g, labels)):
            return False
        if not _ordered(_numbered(labels, "snt"), position):
            return False
        if not _ordered([v for name in DATE_ORDER for v in labels if name in labels[v]], position):
            return False
        ops = _numbered(labels, "op")
        if ops:
            # op1, op2, ... in order with nothing between them, except that a
            # realized σ1 sits between the last two ("A, B and C").
            expected = list(range(position[ops[0]], position[ops[0]] + len(ops)))
            if len(ops) >= 2 and c.rho.get(Key.DEL, s1) != 1:
                expected[-1] += 1
                if position[s1] != expected[-1] - 1:
                    return False
            if [position[v] for v in ops] != expected:
                return False
        return True


    def nearest_order(self, c: Configuration, sequence: list[Vertex]) -> list[Vertex]:
        """The family of σ1 in an order the Reorder rules allow, changed from
        ``sequence`` only where a rule demands it (used where an oracle's gold
        order is not allowed)."""
        g, s1 = c.graph, c.sigma1
        seq = list(sequence)
        labels = {child: g.edge_labels(s1, child) for child in g.children(s1)}
        dates = [v for name in DATE_ORDER for v in labels if name in labels[v]]
        for group in (_numbered(labels, "snt"), dates):
            for place, v in zip(sorted(seq.index(v) for v in group), group):
                seq[place] = v
        ops = _numbered(labels, "op")
        if ops:
            block = list(ops)
            if len(ops) >= 2 and c.rho.get(Key.DEL, s1) != 1:
                block = [*ops[:-1], s1, ops[-1]]
            start = min(seq.index(v) for v in ops)
            before = [v for v in seq[:start] if v not in block]
            seq = before + block + [v for v in seq[start:] if v not in block]
        articles = [v for v in labels if g.label(v) in ARTICLES]
        if articles:
            seq.remove(articles[0])
            seq.insert(0, articles[0])
        for mark in _final_marks(g, labels):
            seq.remove(mark)
            seq.append(mark)
        return seq


def _numbered(labels: dict[Vertex, list[str]], prefix: str) -> list[Vertex]:
    """The children reached by ``prefixK`` edges, sorted by K."""
    found = []
    for v, ls in labels.items():
        for label in ls:
            if label.startswith(prefix) and label[len(prefix):].isdigit():
                found.append((int(label[len(prefix):]), v))
                break
    return [v for _, v in sorted(found, key=lambda kv: kv[0])]


def is_final_mark(g: Graph, v: Vertex) -> bool:
    """Whether v is a mark Insert-Child added to end a sentence (learnt punctuation)."""
    return isinstance(v, InsertedVertex) and str(g.label(v)) in FINAL_MARKS


def _final_marks(g: Graph, labels: Mapping[Vertex, list[str]]) -> list[Vertex]:
    """The inserted child that ends the sentence (learnt punctuation): always last."""
    return [v for v in labels if is_final_mark(g, v)]


def _ordered(vertices: list[Vertex], position: dict[Vertex, int]) -> bool:
    places = [position[v] for v in vertices]
    return places == sorted(places)

