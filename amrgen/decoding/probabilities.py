"""P(t | c) for the transitions of phase 2, pruned as Algorithm 3 asks:
prune_h1(all(c)) for Realize, the Insert-Child step, prune_h2(all(c)) for
Reorder and prune_h3(all(c)) for Insert-Between / No-Insertion (thesis
4.2.1, 4.2.2, 5.1, 5.2).

- Realize-(w, α): P^w(α | G, σ1) · p_REAL(w | c, α) (Eq. equ:rea4), α among
  the (n_k, r_k)-best values of each key (Eq. equ:syn4, Section 5.1), p_REAL
  only for concepts seen in training (the reference implementation's
  gate, §8.2) and the default realizations of Section 5.2 with their p~.
  p_REAL's ε is not taken: Keep decided that σ1 is represented in the
  sentence (ε stays possible where a default realization gives it).  A
  named entity arranged as its name alone (5.2) has its default realization,
  ε, only; a country, continent, city, state, province or county with a
  one-word name takes no article (France, Europe, Rome).
- Insert-Child: at most one, to the left (5.1). Articles and the auxiliary of the
  passive are inserted by hand from α(DENOM) and α(VOICE) (5.1: "we manually handle
  insertions of articles and auxiliary verbs required by passive constructions"), with
  probability 1 since P^w(α) already scored α; the auxiliary is *be*, whose form its
  default realizations and the language model choose. So is the *do* of do-support,
  before a negated verb or a question's verb in its base form
  (:func:`~amrgen.realization.clauses.takes_supporting_do`: "he does not run", "where
  does he live"; the Insert-Child model learnt it, 92 times in Little Prince training,
  but rarely predicts it first), and the *be* of an adjective that heads a clause
  (:func:`~amrgen.realization.clauses.takes_copula`: "the girl is sad"). Otherwise the
  most probable output of the Insert-Child model other than an article or a mark. At a
  sentence's root, then, the most probable mark that ends a sentence, for a model that
  learnt them (learnt punctuation, :meth:`TransitionProbabilities.final_mark`), placed
  last by Reorder.
- Reorder-(v1..vn): Eq. (equ:reo3) with p_*, p_l and p_r.  A child that
  Insert-Child-(w, left) added is left of σ1 (its Mapping puts σ~ ≺ σ1, so
  p_* is 1 for it, as in the reference implementation, §8.4); its place
  among the other left children is scored by p_l like theirs.  An inserted
  article stays first with probability 1 (5.1 inserts articles by hand and
  puts them before all other children; docs/deviations.md), and do-support's
  *do* right before the *not* or the question's subject (which goes left of σ1),
  or σ1, and an adjective's copula right after its subject, first on the left,
  with probability 1: the order models score these places low.  The best
  orders are found without listing all n! orders: the best side
  assignments (a product of independent p_* factors), then for each side
  the best orders of its children (all orders of up to
  :data:`MAX_PERMUTED` children; above that, the canonical order, scored
  by its neighbouring pairs only above :data:`MAX_PAIRED` children).
- Insert-Between: the ARG model on ARGi edges, the other model elsewhere;
  "" is No-Insertion; on :domain edges a copula by hand (5.1), on
  :condition and :location edges "if" and "where" by hand
  (:data:`CLAUSE_MARKERS`), nothing between an entity and its name.

Everything the transition system's constraints forbid is left out (so the
probabilities need not sum to 1 over what remains).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Sequence

from amrgen.amr import concept_form, has_mode, is_sentence_root, quantity_of_unit
from amrgen.amr import unit_number as quantity_unit_number
from amrgen.amr_vocabulary import PERSON, UNARTICLED_ENTITIES, UNKNOWN
from amrgen.decoding.models import Models
from amrgen.graph import Graph, Vertex
from amrgen.hyperparameters import Hyperparameters
from amrgen.lexicon.words import ARTICLES, BE, COPULAS, DO, FINAL_MARKS, MASS_NOUNS
from amrgen.ml.context import FeatureContext
from amrgen.ml.events import AFTER, BEFORE, canonical_key, canonical_pair
from amrgen.ml.names import ModelName, between_model
from amrgen.ml.prune import prune
from amrgen.realization.clauses import (
    clause_subject,
    degree_asked,
    fronted_child,
    modal_below,
    nominal_question,
    predicate_subject,
    question_subject,
    supporting_do_before,
    takes_copula,
    takes_supporting_do,
)
from amrgen.realization.entities import shows_concept
from amrgen.realization.inflection import is_base_form
from amrgen.realization.nominalizations import concept_word
from amrgen.realization.numbers import contradicts, is_number, says_a_number
from amrgen.realization.pronouns import is_pronoun
from amrgen.transitions.annotations import NONE, Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration
from amrgen.transitions.constraints import (
    is_bare_time,
    is_final_mark,
    is_named_entity,
    is_propbank_frameset,
    is_time_adverb,
    is_year,
)
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    InsertBetween,
    InsertChild,
    NoInsertion,
    Realize,
    Reorder,
    Transition,
)

REORDER_MODELS = (ModelName.REORDER_HEAD, ModelName.REORDER_LEFT, ModelName.REORDER_RIGHT)

MAX_PERMUTED = 6
"""Up to this many children on one side, every order of them is scored."""

MAX_SIDE_ASSIGNMENTS = 8
"""Above 2^8 side assignments, only the most probable side of each child is used."""

MAX_PAIRED = 32
"""Up to this many children on one side, the canonical order is scored by
p_l (or p_r) over all their pairs; above it (no node of the Little Prince,
Bio, bamboo-silver, MASSIVE or QALD corpora has more than 19 children), over
the neighbouring pairs only: n - 1 model queries instead of n(n-1)/2, so that
a coordination of a thousand conjuncts costs what its conjuncts cost
(docs/deviations.md)."""

_DETERMINER_TAGS = frozenset({"DT", "PRP", "PRP$", "IN", "CD"})
"""pôs of a :mod child that takes the place of an article ("this", "every", "two")."""

CLAUSE_MARKERS: dict[str, tuple[str, float, bool]] = {
    "condition": ("if", 40 / 48, False),
    "location": ("where", 5 / 8, True),
    "conj-as-if": ("as if", 1.0, False),
}
"""Edge label ↦ (w, P(Insert-Between-(w, left)), only before a verb): the words that
introduce a :condition ("if you are good"), a :location clause ("where I
live") and a :conj-as-if ("as if he were speaking"), inserted by hand with their share
in Little Prince training (40 of the 48 graphs with a :condition have "if"; 5 of
the 8 with a clause as :location "where"; both of the 2 with :conj-as-if "as
if"), No-Insertion taking the rest.  The reference implementation aligns
every :condition edge to the sentence's first "if" (§3.2); the text-based oracle
finds it on 17 of the 45 training edges, and the models, trained on fewer,
never insert it; "where" is no insertable word of the reference's list at all."""

_MIN_P = 1e-9
"""A probability the models give no mass to still gets this much (log 0 = -inf)."""

DefaultRealizations = Callable[[Configuration, SyntacticAnnotation, float, float], list[tuple[str, float]]]
"""r~_(c,α) with P(Realize-(r~, α) | c, α) (Section 5.2), given p~ and p_ε."""


PLURAL = "plural"


def forced_plural(g: Graph, v: Vertex) -> bool:
    """α(NUMBER) = plural with p = 1 where a :quant child other than 1, a ``:mod various``
    or a ``:domain they`` says so (reference implementation §6.4): "three apples"; and
    (ours) a ``:mod all`` of a noun that is no mass noun: "all games", but "all information"
    (:data:`~amrgen.lexicon.words.MASS_NOUNS`)."""
    return any(label == "quant" and str(g.label(child)) != "1" or (label, str(g.label(child))) in _PLURAL_CHILDREN
               or label == "mod" and str(g.label(child)) == "all" and concept_form(g.label(v)) not in MASS_NOUNS
               for _, label, child in g.out_edges(v))


_PLURAL_CHILDREN = frozenset({("mod", "various"), ("domain", "they")})


def _unarticled_entity(c: Configuration, v: Vertex) -> bool:
    """v is a place of :data:`~amrgen.amr_vocabulary.UNARTICLED_ENTITIES` with a one-word name, or such a
    place merged with its name into one word (Merge keeps the place's concept in
    ρ(INIT-CONCEPT): ``rome`` for (c / city :name (n / name :op1 "Rome"))); or a person with
    a name, merged or not (ours: "does elvis presley have children", not "does the elvis presley")."""
    g = c.graph
    label = str(g.label(v))
    if label in UNARTICLED_ENTITIES or label == PERSON:
        return any(edge == "name" and (label == PERSON or len(concept_form(g.label(name)).split()) == 1)
                   for _, edge, name in g.out_edges(v))
    initial = c.rho.get(Key.INIT_CONCEPT, v)
    return initial == PERSON or initial in UNARTICLED_ENTITIES and len(concept_form(label).split()) == 1


class TransitionProbabilities:
    """all(c), pruned, for every phase-2 step of Algorithm 3."""

    def __init__(self, models: Models, system: TransitionSystem, hyper: Hyperparameters,
                 defaults: DefaultRealizations) -> None:
        self.models = models
        self.system = system
        self.hyper = hyper
        self.defaults = defaults
        realize = models.models.get(ModelName.REALIZE)
        self._known_concepts = frozenset(
            f.split("=", 1)[1] for f in (realize.vocabulary if realize else ()) if f.startswith("Concept(v)="))
        self._orders_read_words = any(part.reads_words for name in REORDER_MODELS
                                      for feature in models.feature_lists.get(name, ()) for part in feature.parts)

    # -- Realize ------------------------------------------------------------------

    def annotations(self, c: Configuration) -> list[tuple[SyntacticAnnotation, float]]:
        """The syntactic annotations α of σ1 worth considering, with P^w(α | G, σ1)
        (Section 4.1, Eq. equ:syn4 with weights w_k), most probable first.  An
        imperative verb is VB without a tense (reference implementation §4.5)."""
        h, g, v = self.hyper, c.graph, c.sigma1
        context = self.models.context(c)
        label = str(g.label(v))
        imperative = has_mode(g, v, "imperative")
        fixed = c.rho.get(Key.POS, v) or ("VB" if imperative else None if is_propbank_frameset(label)
                                           else self.system.constraints.expected_pos(g, v))
        unit_number = quantity_unit_number(g, v)
        found = []
        no_article, plural = self._article_disallowed(c), forced_plural(g, v)
        for pos, p_pos in self._values(ModelName.POS, context, {}, h.n_pos, h.r_pos, fixed):
            known = {Key.POS: pos}
            noun, verb = pos == "NN", pos == "VB"
            for number, p_number in self._values(ModelName.NUMBER, context, known, h.n_number, h.r_number,
                                                  (unit_number or (PLURAL if plural else None)) if noun else NONE):
                with_number = {**known, Key.NUMBER: number}
                for denom, p_denom in self._values(ModelName.DENOM, context, with_number, h.n_denom, h.r_denom,
                                                    None if noun and not no_article else NONE):
                    if number == "plural" and denom == "a":
                        continue
                    for voice, p_voice in self._values(ModelName.VOICE, context, known, h.n_voice, h.r_voice,
                                                        None if verb else NONE):
                        for tense, p_tense in self._values(ModelName.TENSE, context, known, h.n_tense, h.r_tense,
                                                            None if verb and not imperative else NONE):
                            alpha = SyntacticAnnotation(pos=pos, denom=denom, tense=tense, number=number, voice=voice)
                            weighted = (p_pos ** h.w_pos * p_number ** h.w_number * p_denom ** h.w_denom
                                        * p_voice ** h.w_voice * p_tense ** h.w_tense)
                            found.append((alpha, weighted))
        found.sort(key=lambda pair: -pair[1])
        return found

    def _article_disallowed(self, c: Configuration) -> bool:
        """σ1 takes no article (α(DENOM) = –) where another word determines it:
        a :quant child, a :poss child that is a pronoun or a copy, a :mod child
        that is a determiner or pronoun (reference implementation §8.2,
        articleDisallowed); or a place of :data:`~amrgen.amr_vocabulary.UNARTICLED_ENTITIES` with a
        one-word name, and that name (the vertex said, where the place is
        arranged as its name alone); or a time said as an adverb (:func:`~amrgen.transitions.constraints.is_time_adverb`)."""
        g, v = c.graph, c.sigma1
        if is_time_adverb(g, v) or _unarticled_entity(c, v) or any(
                label == "name" and _unarticled_entity(c, parent) for parent, label, _ in g.in_edges(v)):
            return True
        for _, label, child in g.out_edges(v):
            concept = str(g.label(child))
            if label == "quant":
                return True
            if label == "poss" and (is_pronoun(concept) or c.rho.defined(Key.LINK, child)):
                return True
            if label == "mod" and (is_pronoun(concept) or self.models.resources.empirical_pos.get(concept)
                                   in _DETERMINER_TAGS):
                return True
        return False

    def _values(self, model: ModelName, context: FeatureContext, known: dict, n: int, r: float,
                forced: str | None) -> list[tuple[str, float]]:
        """The (n, r)-best values of p_k given the keys before k; only ``forced``
        where the constraints fix the value (5.1), with probability 1: under the
        constraints it is certain (and the models, trained on what the
        constraints allow, give it almost 1), which saves a model query."""
        if forced is not None:
            return [(forced, 1.0)]
        best = self.models.best(model, context.derive(annotation=known), n, r)
        return best or [(NONE, 1.0)]

    def realizations(self, c: Configuration) -> list[tuple[Realize, float]]:
        """prune_h1 of the applicable Realize-(w, α) with P(Realize-(w, α) | c) (Eq. equ:rea4);
        a mark that ends a sentence (learnt punctuation) is itself, p = 1, as no model learns it."""
        h, v = self.hyper, c.sigma1
        label = str(c.graph.label(v))
        if is_final_mark(c.graph, v):
            return [(Realize(label, SyntacticAnnotation()), 1.0)]
        use_model = label in self._known_concepts and not c.rho.defined(Key.LINK, v) and not (
            is_named_entity(c.graph, v) and not shows_concept(self.models.entity_arrangements, concept_form(label)))
        imperative = has_mode(c.graph, v, "imperative")
        unit = quantity_of_unit(c.graph, v) is not None  # said as a unit, never as a number
        scored: dict[Realize, float] = {}
        annotations = self.annotations(c)
        for alpha, p_alpha in annotations:
            words: dict[str, float] = {}
            if use_model:
                event = self.models.context(c).derive(annotation=dict(alpha.items()))
                for word, p in self.models.best(ModelName.REALIZE, event, h.n_real, h.r_real):
                    # Keep said σ1 is represented in the sentence; an imperative takes the base
                    # form; a number is not said as another one
                    if word and (not imperative or is_base_form(word)) and not (
                            is_number(label) and contradicts(word, label)) and not (unit and says_a_number(word)):
                        words[word] = max(words.get(word, 0.0), p)
            # p_ε ∈ [0, p~] (5.2); an assignment beyond p~ (the ranges of the search
            # are independent) means p_ε = p~.
            for word, p in self.defaults(c, alpha, h.p_tilde, min(h.p_epsilon, h.p_tilde)):
                words[word] = max(words.get(word, 0.0), p)
            for word, p in words.items():
                t = Realize(word, alpha)
                if self.system.applicable(t, c):
                    scored[t] = max(scored.get(t, 0.0), p_alpha * p)
        if not scored and annotations:
            # Nothing known and no default: the concept itself (reference §8.2's last resort), in α's form.
            alpha = annotations[0][0]
            t = Realize(concept_word(label, alpha), alpha)
            if t.applicable(c):
                scored[t] = annotations[0][1] * 0.25 * h.p_tilde
        return prune(scored.items(), h.n1, h.r1)

    # -- Insert-Child ---------------------------------------------------------------

    def child_insertions(self, c: Configuration) -> list[tuple[Transition, float]]:
        """all(c) at the Insert-Child step after Realize, most probable first:
        Insert-Child-(w, left) and No-Insertion with their probabilities; empty
        where σ1 takes neither (a vertex that Insert-Child added).  A copy, which
        Insert-Child's Domain excludes, takes No-Insertion for sure; an article
        that α(DENOM) asks for, or the auxiliary of a passive, is inserted for
        sure (see the module doc)."""
        v = c.sigma1
        if not NoInsertion().applicable(c):
            return []
        if c.rho.defined(Key.LINK, v):
            return [(NoInsertion(), 1.0)]
        denom = c.rho.get(Key.DENOM, v)
        if denom in ARTICLES and not is_year(c.graph, v) and self.system.applicable(InsertChild(denom, LEFT), c):
            return [(InsertChild(denom, LEFT), 1.0)]
        if c.rho.get(Key.VOICE, v) == "passive" and self.system.applicable(InsertChild(BE, LEFT), c):
            return [(InsertChild(BE, LEFT), 1.0)]
        if takes_supporting_do(c, v) and self.system.applicable(InsertChild(DO, LEFT), c):
            return [(InsertChild(DO, LEFT), 1.0)]
        if takes_copula(c, v) and self.system.applicable(InsertChild(BE, LEFT), c):
            return [(InsertChild(BE, LEFT), 1.0)]
        probabilities = self.models.probabilities(ModelName.INSERT_CHILD, self.models.context(c))
        found: list[tuple[Transition, float]] = [
            (NoInsertion(), probabilities.get("", 1.0 if not probabilities else _MIN_P))]
        for word, p in probabilities.items():
            if word and word not in ARTICLES and word not in FINAL_MARKS and self.system.applicable(
                    InsertChild(word, LEFT), c):
                found.append((InsertChild(word, LEFT), p))
        found.sort(key=lambda pair: -pair[1])
        return found

    def child_insertion(self, c: Configuration) -> tuple[Transition, float] | None:
        """t* = argmax P(t | c) of the Insert-Child step (Algorithm 3 applies it
        greedily); None where there is no such step."""
        found = self.child_insertions(c)
        return found[0] if found else None

    def final_mark(self, c: Configuration) -> tuple[Transition, float]:
        """The step after the Insert-Child step at a sentence's root (learnt punctuation),
        taken greedily as Algorithm 3 takes the Insert-Child step: Insert-Child-(w, right) of
        the mark w that ends a sentence most probably, with its probability among the marks;
        No-Insertion (p = 1) elsewhere, or where the model knows no mark.  Every sentence ends
        in a mark, as nearly every reference of the training corpora does: the model's
        No-Insertion there mostly stands for the end of the step after the mark (its features
        do not say whether a mark was inserted), not for a sentence without one."""
        if (not is_sentence_root(c.graph, c.sigma1) or not NoInsertion().applicable(c)
                or c.rho.defined(Key.LINK, c.sigma1)):
            return NoInsertion(), 1.0
        probabilities = self.models.probabilities(ModelName.INSERT_CHILD, self.models.context(c))
        options = [(InsertChild(word, RIGHT), p) for word, p in probabilities.items()
                   if word in FINAL_MARKS and self.system.applicable(InsertChild(word, RIGHT), c)]
        total = sum(p for _, p in options)
        if not total:
            return NoInsertion(), 1.0
        t, p = max(options, key=lambda pair: pair[1])
        return t, p / total

    # -- Reorder ----------------------------------------------------------------------

    def reorder_key(self, c: Configuration) -> tuple:
        """What :meth:`reorders` reads of σ1's annotation: all of ρ on σ1 but the
        words Realize chose, unless a Reorder model reads them.  Two
        configurations of one graph object that differ only on σ1 and agree on this
        key (realizations of σ1 by other words) have the same Reorder transitions."""
        v = c.sigma1
        return tuple(c.rho.get(key, v) for key in Key if key is not Key.REAL or self._orders_read_words)

    def reorders(self, c: Configuration) -> list[tuple[Reorder, float]]:
        """prune_h2 of the applicable Reorder-(v1..vn) with P (Eq. equ:reo3)."""
        g, v, h = c.graph, c.sigma1, self.hyper
        children = g.children(v)
        inserted = [ch for ch in children if PLACEHOLDER in g.edge_labels(v, ch)]
        articles = [ch for ch in inserted if str(g.label(ch)) in ARTICLES]
        marks = [ch for ch in inserted if is_final_mark(g, ch)]
        free = [ch for ch in children if ch not in inserted]
        context = self.models.context(c)
        placement = _Placement(c, inserted)
        candidates: list[tuple[tuple[Vertex, ...], float]] = []
        for sides, p_sides in self._side_assignments(context, free, placement.fixed):
            ordered = context.derive(sides=sides)
            halves = []
            for side, model in ((LEFT, ModelName.REORDER_LEFT), (RIGHT, ModelName.REORDER_RIGHT)):
                # An inserted child has no side to choose: Insert-Child-(w, left) put it left.
                members = [ch for ch in children if sides.get(ch, LEFT) == side and ch not in articles
                           and ch not in marks and ch not in placement.by_hand]
                halves.append(self._half_orders(c, ordered, model, members))
            for (left, p_left), (right, p_right) in itertools.product(*halves):
                sequence = (*placement.left(articles, left), v, *right, *marks)
                candidates.append((sequence, p_sides * p_left * p_right))
        candidates.sort(key=lambda pair: -pair[1])
        # prune_h2 keeps the first h.n2 applicable orders of this (stably sorted) list:
        # the others need not be checked.
        allowed = []
        for seq, p in candidates:
            if len(allowed) >= h.n2:
                break
            if self.system.applicable(t := Reorder(seq), c):
                allowed.append((t, p))
        if not allowed and candidates:
            constraints = self.system.constraints
            sequence = tuple(constraints.nearest_order(c, list(candidates[0][0])) if constraints else candidates[0][0])
            if self.system.applicable(Reorder(sequence), c):
                allowed = [(Reorder(sequence), candidates[0][1])]
        return prune(allowed, h.n2, h.r2)

    def _side_assignments(self, context: FeatureContext, free: Sequence[Vertex],
                          fixed: dict[Vertex, str]) -> list[tuple[dict, float]]:
        """The most probable assignments of the children to the sides of σ1, with
        Π p_*(side | c): the first two factors of Eq. (equ:reo3); the children of ``fixed``
        on their side there."""
        p_left = {}
        for ch in free:
            probabilities = self.models.probabilities(ModelName.REORDER_HEAD, context.derive(children=(ch,)))
            p_left[ch] = min(max(probabilities.get(LEFT, 0.5), _MIN_P), 1 - _MIN_P)
        if len(free) > MAX_SIDE_ASSIGNMENTS:
            sides = {ch: fixed.get(ch, LEFT if p_left[ch] >= 0.5 else RIGHT) for ch in free}
            return [(sides, math.prod(p_left[ch] if side == LEFT else 1 - p_left[ch] for ch, side in sides.items()))]
        assignments = []
        for choice in itertools.product(*(((fixed[ch],) if ch in fixed else (LEFT, RIGHT)) for ch in free)):
            sides = dict(zip(free, choice))
            p = math.prod(p_left[ch] if side == LEFT else 1 - p_left[ch] for ch, side in sides.items())
            assignments.append((sides, p))
        return heapq.nlargest(max(self.hyper.n2, 1), assignments, key=lambda pair: pair[1])

    def _half_orders(self, c: Configuration, ordered: FeatureContext, model: str,
                     members: list[Vertex]) -> list[tuple[tuple[Vertex, ...], float]]:
        """The best orders of the children on one side with Π p_l (or p_r) over their pairs."""
        if len(members) <= 1:
            return [(tuple(members), 1.0)]
        if len(members) > MAX_PERMUTED:
            canonical = sorted(members, key=lambda x: canonical_key(c, x))
            pairs = list(itertools.pairwise(canonical) if len(canonical) > MAX_PAIRED
                         else itertools.combinations(canonical, 2))
            precedes = self._precedences(c, ordered, model, pairs)
            return [(tuple(canonical), math.prod(precedes[pair] for pair in pairs))]
        precedes = self._precedences(c, ordered, model, itertools.combinations(members, 2))
        scored = [(perm, math.prod(precedes[(a, b)] for a, b in itertools.combinations(perm, 2)))
                  for perm in itertools.permutations(members)]
        return heapq.nlargest(max(self.hyper.n2, 1), scored, key=lambda pair: pair[1])

    def _precedences(self, c: Configuration, ordered: FeatureContext, model: str,
                     pairs: Iterable[tuple[Vertex, Vertex]]) -> dict[tuple[Vertex, Vertex], float]:
        """p_l (or p_r) that x comes before y, for (x, y) and (y, x) of every pair,
        asked once per pair, of the pair in its canonical order."""
        precedes: dict[tuple[Vertex, Vertex], float] = {}
        for a, b in pairs:
            first, second = canonical_pair(c, a, b)
            probabilities = self.models.probabilities(model, ordered.derive(children=(first, second)))
            p_before = min(max(probabilities.get(BEFORE, 1 - probabilities.get(AFTER, 0.5)), _MIN_P), 1 - _MIN_P)
            precedes[(first, second)] = p_before
            precedes[(second, first)] = 1 - p_before
        return precedes

    # -- Insert-Between -------------------------------------------------------------

    def between_insertions(self, c: Configuration, sides: dict[Vertex, str]) -> list[tuple[Transition, float]]:
        """prune_h3 of the applicable Insert-Between / No-Insertion at σ1, β1, where
        ``sides`` says which children Reorder put left and right of σ1."""
        g, v, b = c.graph, c.sigma1, c.beta1
        labels = g.edge_labels(v, b)
        if c.rho.get(Key.DEL, v) == 1 or PLACEHOLDER in labels or "name" in labels \
                or str(g.label(b)) == UNKNOWN and b == nominal_question(c, v):
            return [(NoInsertion(), 1.0)]
        if "domain" in labels:
            return self._copulas(c)
        if labels == ["time"] and is_bare_time(g, b) and self.system.applicable(t := InsertBetween("in", LEFT), c):
            return [(t, 1.0)]  # "saw in 1909", "lost in the night"
        marker = next((CLAUSE_MARKERS[label] for label in labels if label in CLAUSE_MARKERS), None)
        if marker is not None and (not marker[2] or c.rho.get(Key.POS, b) == "VB"):
            word, p, _ = marker
            options = [(InsertBetween(word, LEFT), p), (NoInsertion(), 1 - p)]
            return [(t, q) for t, q in options if q > 0 and self.system.applicable(t, c)]
        # A question's asking child, put first, takes the preposition it would take after σ1, before
        # it ("in which city was he born"), none after it.
        fronted = sides.get(b) == LEFT and c.rho.get(Key.POS, v) == "VB" \
            and b == fronted_child(g, v, c.rho.get(Key.VOICE, v) == "passive")
        probabilities = self.models.probabilities(between_model(labels), self.models.context(
            c, sides={**sides, b: RIGHT} if fronted else sides))
        sides_allowed = (LEFT,) if fronted else (LEFT, RIGHT)
        options: list[tuple[str, float]] = [("", probabilities.get("", 1.0 if not probabilities else _MIN_P))]
        options.extend((output, p) for output, p in probabilities.items() if output)
        # prune_h3 keeps the n3 most probable applicable options (the first of equals
        # first): in that order, the others need not be built nor checked.
        options.sort(key=lambda pair: -pair[1])
        scored: list[tuple[Transition, float]] = []
        for output, p in options:
            if len(scored) >= self.hyper.n3:
                break
            if not output:
                scored.append((NoInsertion(), p))
                continue
            word, _, side = output.rpartition("/")
            if side in sides_allowed and self.system.applicable(t := InsertBetween(word, side), c):
                scored.append((t, p))
        return prune(scored, self.hyper.n3, self.hyper.r3)

    def _copulas(self, c: Configuration) -> list[tuple[Transition, float]]:
        """A :domain child, handled by hand (5.1): a form of *be* right of β1, or
        nothing, equally likely (the language model chooses); *be* alone under
        an imperative."""
        if has_mode(c.graph, c.sigma1, "imperative"):
            return [(InsertBetween("be", RIGHT), 1.0)]
        options = [NoInsertion(), *(InsertBetween(w, RIGHT) for w in COPULAS if w != "be")]
        return [(t, 1 / len(options)) for t in options if self.system.applicable(t, c)]


class _Placement:
    """The children of σ1 that Reorder places by hand, as 5.1 places articles (the order models
    score these places low): do-support's *do* right before the *not*, or before a question's
    subject, which goes left of σ1 after the child that asks, where that is no clause ("where
    does he live", "which city does he love"), and so does a passive question's *be* ("when was
    he born"); a modal Swap put below σ1 right after its subject ("he can also swim"), else
    before its *not* or σ1; an adjective's copula right after its subject, first on the left
    ("they are not tired"); the amr-unknown of a question that no verb says first, before the
    articles ("what is the exchange rate": its copula is in its realization); the *how* of a
    degree question right before its adjective, the subject after it ("how tall is the giraffe":
    the copula is in the adjective's realization)."""

    def __init__(self, c: Configuration, inserted: Sequence[Vertex]) -> None:
        g, v = c.graph, c.sigma1
        passive = c.rho.get(Key.VOICE, v) == "passive"
        auxiliaries = [ch for ch in inserted if str(g.label(ch)) == (BE if passive else DO)]
        question = question_subject(g, v, passive) if auxiliaries else None
        self.supporting = auxiliaries if question is not None or not passive else []
        self.before = question if question is not None else supporting_do_before(g, v) if self.supporting else None
        self.copula = [ch for ch in inserted if str(g.label(ch)) == BE and c.rho.get(Key.POS, v) == "JJ"]
        self.subject = predicate_subject(g, v) if self.copula else None
        self.asked = nominal_question(c, v)
        self.asking = fronted_child(g, v, passive) if question is not None else None
        self.degree = degree_asked(c, v)
        self.fixed: dict[Vertex, str] = {u: LEFT for u in (question, self.asking, self.asked, self.degree)
                                         if u is not None}
        if self.subject is not None:
            self.fixed[self.subject] = LEFT
        if self.degree is not None and (subject := predicate_subject(g, v)) is not None:
            self.fixed[subject] = RIGHT
        self.modal = modal_below(g, v)
        self.clause_subject = self.negation = None
        if self.modal is not None:
            self.fixed[self.modal] = LEFT
            self.negation = next((u for _, label, u in g.out_edges(v) if label == "polarity"), None)
            self.clause_subject = clause_subject(g, v, passive)
        self.by_hand = {*self.supporting, *self.copula,
                        *(u for u in (self.asking, self.asked, self.modal, self.degree) if u is not None)}

    def left(self, articles: Sequence[Vertex], left: tuple[Vertex, ...]) -> tuple[Vertex, ...]:
        """The left children: the inserted ``articles`` first, then the others in the order the
        models gave ``left``, with those placed by hand; a question no verb says first asks, with
        its copula, then the rest ("what is the exchange rate")."""
        if self.asked is not None:
            return (self.asked, *articles, *left)
        if self.degree is not None:  # "how" right before the adjective
            return (*articles, *left, self.degree)
        if self.supporting:
            at = left.index(self.before) if self.before in left else len(left)
            left = (*left[:at], *self.supporting, *left[at:])
        if self.asking is not None:
            left = (self.asking, *left)
        if self.copula:
            left = (self.subject, *self.copula, *(u for u in left if u != self.subject)) if self.subject in left \
                else (*left, *self.copula)
        if self.modal is not None:  # after the subject, or before the not or σ1
            at = left.index(self.clause_subject) + 1 if self.clause_subject in left \
                else left.index(self.negation) if self.negation in left else len(left)
            left = (*left[:at], self.modal, *left[at:])
        return (*articles, *left)
