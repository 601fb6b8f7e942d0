"""Agreement in phase 2: which candidates of a child combine with its parent's realization
(issue 31, point 2: "phase 2 offering only the forms that agree").

Algorithm 3 combines every candidate b_i ∈ best(β_i) with every candidate of its parent
v; the realize model chose b_i's form before v was realized (the traversal is bottom-up),
so it cannot know the form v asks for.  Where v's realization decides a form of a child,
only the child's candidates with that form are combined, if best(β_i) has any (otherwise
all, so that the search never loses its last candidate):

- a demonstrative :mod before a noun has the noun's number (``these results``);
- a modal's clause is headed by a base form or an untensed passive (``must have``, ``can be
  substituted``);
- the :manner of a verb is not an adjective that has an adverb (``sang beautifully``);
- a verb with a :time said *yesterday* is past, with *now* not (:meth:`~amrgen.decoding.offers.Offers.tensed`);
- a possessing pronoun is possessive (``my sister``), a copy argument of a verb or adjective not
  (``he said he was tired``); a pronoun argument of an active verb has the case of its side
  (``discourage me``, ``i saw``, ``said he``);
- a clause head's verb after its subject is finite and agrees with it (:meth:`Agreement.finite`);
- do-support's *do* takes the verb's tense and agrees with the subject (``he did not know``,
  ``what do you see``), and a question whose subject asks nothing says its tense on an auxiliary
  where a candidate does (:meth:`Agreement.do_supported`: ``did pink record a new album``);
- a :polarity before its verb is *not* (``you do not tie him``), and a verb says its negation
  once (:meth:`Agreement.single_negation`: ``i never learned``);
- a controlled clause is an infinitive, the controller between verb and clause
  (:meth:`Agreement.controlled`: ``she promised to come``, ``asked the student to study``);
- a :domain child with its copula comes before its head but in a question (``mary is a doctor``);
- a relative clause's present verb agrees with its antecedent (``the mechanisms that account``);
- what a verb of thinking or saying reports is a finite clause, its addressee between, no
  preposition before it (``anna informed tom anna arrived``);
- an active clause head says its other arguments and its :polarity after its ARG0 said before
  it (``the girl does not believe``), but a speech verb's quote;
- a cause said as a clause takes no word after *because*, and a copy said *it* is nothing beside
  a parent that is no verb or adjective (``show resistance``);
- a copula is finite, in its :time adverb's tense; a *be* before a verb or adjective agrees with
  its subject said before it (:meth:`Agreement.agreeing_auxiliaries`: ``the results were compared``);
- a question's amr-unknown says its copula where no verb does (:meth:`Agreement.pruned_apart`:
  ``what is the rate``), and *how* where its adjective asks a degree (``how tall is the giraffe``).

Each is a fact of English grammar, not of a corpus; the language model and the models'
scores still choose among the candidates that agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from amrgen.amr import asks, concept_form, has_mode, is_sentence_root
from amrgen.amr_vocabulary import MODAL_CLAUSES, NEGATIVE, POSSESSOR_ROLES, UNKNOWN
from amrgen.graph import Vertex
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.words import (
    AUXILIARY_LEMMA_OF,
    BE,
    BE_TENSES,
    DEMONSTRATIVES,
    DO,
    DO_FORMS,
    INFINITIVE_SHARES,
    NEGATION_CARRIERS,
    NEGATION_WORDS,
    NEGATIVE_WORDS,
    POSSESSIVES,
    PREPOSITIONS,
    PRONOUN_FORMS,
    QUESTION_WORDS_BY_ROLE,
    RAISING_MODALS,
    REFLEXIVES,
    SPEECH_VERBS,
)
from amrgen.realization.clauses import (
    CAUSE,
    FINITE,
    asks_degree_through,
    copula_said,
    degree_asked,
    degree_question,
    heads_clause,
    modal_below,
    nominal_question,
    predicate_subject,
    question_subject,
    reported,
    says_a_subject,
    subject_of,
    time_tenses,
)
from amrgen.realization.control import controlled_subject, object_controller
from amrgen.realization.defaults import is_neuter_copy, root_question_word
from amrgen.realization.inflection import (
    adverb,
    be_forms,
    is_base_form,
    is_past_form,
    is_plural_noun,
)
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, InsertedVertex
from amrgen.transitions.constraints import ARG_EDGE
from amrgen.transitions.transitions import LEFT, RIGHT, InsertBetween, Realize, Reorder

_AUXILIARIES = frozenset({BE, DO})
"""The auxiliaries Insert-Child puts before a verb that agree with its subject."""
_ADVERBIAL_QUESTIONS = frozenset(QUESTION_WORDS_BY_ROLE.values())
"""The question words that take no preposition before them ("where was he born")."""
_VERBS = frozenset({"VB", "VBN", "VBG"})
_TO = frozenset({"to"})
_OF = frozenset({"of"})
_NOTHING: frozenset[str] = frozenset()
_PREDICATES = frozenset({"VB", "JJ"})
_ARGUMENTS = frozenset({"ARG0", "ARG1", "ARG2"})
RELATIVE = "ARG0-of"
"""The role of a relative clause whose subject is its antecedent ("the mechanisms that account")."""
_MOSTLY_INFINITIVE = 0.3
"""The share of a verb's uses that a to-infinitive follows above which a *to* after it says an
infinitive only (want 0.72, seem 0.49; not bind 0.24: "binding to gtp"; chosen on dev)."""


class Agreement:
    """The agreement of a parent's realization with its children's candidates."""

    def __init__(self, lexicon: WordNetLexicon) -> None:
        self._has_adverb = lru_cache(maxsize=None)(
            lambda word: lexicon.knows(word, "a") and not lexicon.knows(word, "r")
            and adverb(lexicon, word) is not None)
        self._base = lru_cache(maxsize=None)(lambda word, lemma=None: bool(word) and is_base_form(word, lemma))
        self._past = lru_cache(maxsize=None)(lambda word: bool(word) and is_past_form(word))
        self._adverb = lru_cache(maxsize=None)(
            lambda word: lexicon.knows(word, "r") and not lexicon.knows(word, "a") and not lexicon.knows(word, "n"))

    def said_alone(self, c: Configuration, child: Vertex):
        """A test of the child's candidates: whether no word may be inserted beside it (a
        verb's :manner said as an adverb takes no preposition: "sang very beautifully", not
        "sang in very beautifully"; the Insert-Between model gives it No-Insertion 0.74, the
        language model likes "in"; nor does the object that controls an infinitive: "allowed
        the boy to play", not "allowed to the boy to play"; nor a child of a sentence root said
        as nothing, where no word would stand for the root: "my drawing number one", not
        "drawing number one of my"; "who is the new york governor", not "who is new york of the
        governor"); None where every candidate may have one."""
        if "ARG2" in c.graph.edge_labels(c.sigma1, child) and child == object_controller(c, c.sigma1) or (
                c.rho.get(Key.REAL, c.sigma1) == "" and is_sentence_root(c.graph, c.sigma1)):
            return _always
        if str(c.graph.label(c.sigma1)) == CAUSE and heads_clause(c.graph, child):
            return _subject_first(subject_of(c.graph, child))  # "because it is tired", not "because of it tired"
        if c.rho.get(Key.POS, c.sigma1) != "VB" or "manner" not in c.graph.edge_labels(c.sigma1, child):
            return None
        return lambda hypothesis: bool(word := _word(hypothesis)) and self._adverb(word)

    def infinitive(self, c: Configuration, child: Vertex):
        """A test of the child's candidates: whether one is an infinitive whose subject σ1
        controls (:func:`~amrgen.realization.control.controlled_subject`), said verb first, so that *to* goes before it
        ("told the student to study"); None where the child's subject is not controlled."""
        subject = controlled_subject(c, child)
        if subject is None:
            return None

        def test(hypothesis) -> bool:
            t = _realize(hypothesis)
            return (t is not None and t.annotation.pos == "VB" and t.annotation.voice != "passive"
                    and hypothesis.words[:1] == (t.word,) and self._base(t.word))

        return test

    def barred_before(self, c: Configuration, child: Vertex):
        """A test of the child's candidates: the words no Insert-Between may put right before one.
        No preposition before a finite clause ("hopes her son wins", "informed tom anna arrived",
        not "hopes to her son wins", "informed tom of anna arrived") nor before where, when, why
        or how ("where was he born", not "in where"), and, where the child is
        the ARG1 of a verb that takes a to-infinitive (:data:`~amrgen.lexicon.words.INFINITIVE_SHARES`),
        no *to* before anything but a verb in its base form where most of the verb's *to* are
        an infinitive's ("i want a sheep", not "i want to the sheep"; but "ras binding to gtp"); no
        *of* before a noun that is the :mod of a noun, which English says as a compound ("the
        google stock", "advertising rates", not "the stock of google")."""
        g, v = c.graph, c.sigma1
        share = INFINITIVE_SHARES.get(concept_form(g.label(v)), 0.0)
        labels = g.edge_labels(v, child)
        infinitive = "ARG1" in labels and share >= _MOSTLY_INFINITIVE
        compound = labels == ["mod"] and c.rho.get(Key.POS, v) == "NN"
        subject = child == predicate_subject(g, v) and degree_asked(c, v) is not None  # "how long is the day"
        degree = degree_question(g, child) is not None  # "how fast did the girl run", not "in how fast"

        def barred(hypothesis) -> frozenset[str]:
            if subject or degree and hypothesis.words[:1] == ("how",) or _finite_clause(hypothesis) \
                    or " ".join(hypothesis.words) in _ADVERBIAL_QUESTIONS:
                return PREPOSITIONS  # "where was he born", not "in where"
            if compound and (t := _realize(hypothesis)) is not None and t.annotation.pos == "NN":
                return _OF
            if infinitive and not ((t := _realize(hypothesis)) is not None and t.annotation.pos == "VB"
                                   and bool(t.word) and self._base(t.word.split()[0])):
                return _TO
            return _NOTHING

        return barred

    def agreeing(self, c: Configuration, child: Vertex, side: str, options: Sequence) -> Sequence:
        """The candidates of ``child`` (hypotheses whose first step is its Realize, if any)
        that agree with σ1 of c as it is realized; all of them where none does."""
        wanted = self._agrees(c, child, side)
        if wanted is None:
            return options
        return where(options, lambda b: wanted(_realize(b)))

    def _agrees(self, c: Configuration, child: Vertex, side: str):
        """A test of the child's Realize, or None where v's realization decides nothing about it."""
        g, v = c.graph, c.sigma1
        labels = {label for parent, label, u in g.in_edges(child) if parent == v}
        forms = PRONOUN_FORMS.get(str(g.label(child)))
        if forms and ("poss" in labels or "ARG1" in labels and str(g.label(v)) in POSSESSOR_ROLES):
            return lambda t: t is None or t.word not in forms or t.word == forms[1]
        if c.rho.defined(Key.LINK, child) and child == controlled_subject(c, v):  # "learned to pilot"
            return lambda t: t is None or not t.word
        word, pos = c.rho.get(Key.REAL, v), c.rho.get(Key.POS, v)
        asking = self._asking(c, child) if root_question_word(g, child) is not None else None
        if str(g.label(child)) == UNKNOWN and degree_question(g, v) == child:  # "how tall is the giraffe"
            asked = degree_asked(c, v) == child
            return lambda t: t is None or (t.word == "how") == asked and (asking is None or asking(t))
        if asking is not None:
            return asking
        if not word:
            return None
        if c.rho.defined(Key.LINK, child) and pos in _PREDICATES and labels & _ARGUMENTS:
            return lambda t: t is None or t.word not in POSSESSIVES  # "he said he was tired", not "his"
        if c.rho.defined(Key.LINK, child) and is_neuter_copy(g, child):  # "show resistance", not "show it resistance"
            return lambda t: t is None or not t.word
        if RELATIVE in labels and pos == "NN":  # "the mechanisms that account for", not "accounts"
            plural = c.rho.get(Key.NUMBER, v) == "plural" or is_plural_noun(word)
            return lambda t: (t is None or t.annotation.pos != "VB" or t.annotation.tense != "present"
                              or t.annotation.voice == "passive" or " " in t.word
                              or (t.word == ("are" if plural else "is") if t.word in BE_TENSES
                                  else self._base(t.word) == plural))
        if "mod" in labels and pos == "NN" and side == LEFT:
            plural = c.rho.get(Key.NUMBER, v) == "plural" or is_plural_noun(word)
            return lambda t: t is None or t.word not in DEMONSTRATIVES or DEMONSTRATIVES[t.word][plural] == t.word
        if labels & MODAL_CLAUSES and word in RAISING_MODALS:
            lemma = concept_form(g.label(child))
            return lambda t: t is None or t.annotation.pos not in _VERBS or (
                t.annotation.tense not in FINITE if t.annotation.voice == "passive" else self._base(t.word, lemma))
        if forms and pos == "VB" and c.rho.get(Key.VOICE, v) != "passive" and labels & _ARGUMENTS:
            agent = "ARG0" in labels  # after its verb only where inverted: '" no , " said he'
            unsaid = forms[2] if side == LEFT and agent else forms[0] if side == RIGHT and not agent else None
            if unsaid is not None and forms[0] != forms[2]:  # "i saw", "disheartens me"; not "me saw", "disheartens i"
                return lambda t: t is None or t.word != unsaid
        passive = c.rho.get(Key.VOICE, v) == "passive"
        if isinstance(child, InsertedVertex) and str(g.label(child)) == BE and (pos == "JJ" or passive):
            # a copula is finite, in its time's tense; a passive's be in the verb's ("was buried"),
            # both in the base form after a modal ("can be seen")
            if modal_below(g, v) is not None:
                return lambda t: t is None or t.word == BE
            tenses = {c.rho.get(Key.TENSE, v)} & FINITE if passive else time_tenses(c, v)
            return lambda t: t is None or t.word in BE_TENSES and (
                not tenses or BE_TENSES[t.word] == ("past" in tenses))
        if isinstance(child, InsertedVertex) and str(g.label(child)) == DO and pos == "VB":
            tenses = {c.rho.get(Key.TENSE, v)} & FINITE or time_tenses(c, v) or {"present"}
            if len(tenses) == 1:  # "i did not know", "he does not know"; a verb with no tense: "he does not run"
                past = tenses == {"past"}
                return lambda t: t is None or (t.word == "did") == past
        if "polarity" in labels and pos == "VB" and side == LEFT:  # "you not tie him"; "he has no friends"
            return lambda t: t is None or t.word != "no"
        if "manner" in labels and pos == "VB":
            return lambda t: t is None or t.annotation.pos != "JJ" or not self._has_adverb(t.word)
        return None

    @staticmethod
    def _asking(c: Configuration, child: Vertex):
        """A test of the Realize of an amr-unknown through which σ1, a sentence's root, asks: its
        question word followed by the copula where σ1 heads a question that no verb says
        (:func:`~amrgen.realization.clauses.nominal_question`), in the form that agrees with σ1
        where σ1 is said ("what are the official languages"); without one elsewhere."""
        g, v = c.graph, c.sigma1
        if nominal_question(c, v) != child:
            return lambda t: t is None or not copula_said(t.word)
        word = c.rho.get(Key.REAL, v)
        forms = be_forms(word, c.rho.get(Key.POS, v, ""), c.rho.get(Key.NUMBER, v, ""), str(g.label(v))) \
            if word else BE_TENSES
        return lambda t: t is None or t.word.rpartition(" ")[2] in forms

    @staticmethod
    def pruned_apart(c: Configuration, found: list) -> list[list]:
        """``found`` (the candidates of σ1 before pruning) in the groups pruned each on its own: for
        an amr-unknown through which a sentence's root asks, those with the copula of a question
        that no verb says and those without (:meth:`_asking`); for one through which its parent may
        ask a degree question (:func:`~amrgen.realization.clauses.degree_question`), *how* and the
        rest (the parent keeps *how* where it says its adjective and copula); else one group.  The
        parent decides between the groups, and neither may crowd the other out of best(σ1)."""
        g, v = c.graph, c.sigma1
        asking = root_question_word(g, v) is not None
        if not asking and not asks_degree_through(g, v):
            return [found]
        groups: dict[tuple[bool, bool], list] = {}
        for b in found:
            groups.setdefault((asking and copula_said(_word(b)), _word(b) == "how"), []).append(b)
        return [groups[kind] for kind in sorted(groups)]

    def candidates(self, c: Configuration, found: list) -> list:
        """Of ``found`` (the candidates of σ1 before pruning), those whose verb agrees with its
        subject (:meth:`finite`, :meth:`supported`), whose copula follows its subject (:meth:`subject_first`),
        whose controlled subject is understood (:meth:`controlled`, :meth:`controller_first`)
        and that say one negation (:meth:`single_negation`)."""
        return self.single_negation(c, self.controller_first(c, self.controlled(c, self.subject_first(
            c, self.reflexive_after(c, self.objects_after(c, self.supported(c, self.do_supported(
                c, self.finite(c, found)))))))))

    @staticmethod
    def supported(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1's do-support puts *do* before its subject (a question), those
        whose *do* agrees with the subject ("what do you see", not "what does you see"), and
        likewise a passive question's *be* ("when were they born"); the
        *do* before a subject said before it agreed as it was combined
        (:meth:`agreeing_auxiliaries`).  All of them where none does."""
        subjects = {passive: question_subject(c.graph, c.sigma1, passive) for passive in (False, True)}
        if subjects == {False: None, True: None}:
            return found

        def agrees(b) -> bool:
            t = _realize(b)
            passive = t is not None and t.annotation.voice == "passive"
            auxiliaries, subject = BE_TENSES if passive else DO_FORMS, subjects[passive]
            do = next((h for h in b.children if isinstance(h.vertex, InsertedVertex) and _word(h) in auxiliaries), None)
            forms = None if do is None or subject is None else _auxiliary_forms(c, subject, _said(b, subject))
            return forms is None or _word(do) in forms

        return where(found, agrees)

    @staticmethod
    def do_supported(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1 heads a question whose subject asks nothing
        (:func:`~amrgen.realization.clauses.question_subject`), those that say its tense on an
        auxiliary: an inserted *do*, a passive's *be*, or an auxiliary or modal that begins σ1's
        word (not have, do or be as the frame's own): "did pink record a new album", "how many
        films did hal roach produce", not "pink recorded a new album ?" (the language model alone
        prefers the declarative order); all of them where none does."""
        g, v = c.graph, c.sigma1
        if question_subject(g, v) is None or modal_below(g, v) is not None:
            return found
        lemma = concept_form(g.label(v))

        def supported(b) -> bool:
            t = _realize(b)
            if t is None or t.annotation.pos != "VB" or t.annotation.voice == "passive" or not t.word:
                return True
            head = t.word.split()[0]
            return head in NEGATION_CARRIERS and AUXILIARY_LEMMA_OF.get(head) != lemma or any(
                isinstance(h.vertex, InsertedVertex) and _word(h) in DO_FORMS for h in b.children)

        return where(found, supported)

    @staticmethod
    def objects_after(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1 heads a clause (:func:`~amrgen.realization.clauses.heads_clause`) and
        is said as an active verb after its ARG0, those that say its other arguments after it ("anna
        informed tom", not "tom anna informed") and its :polarity after the ARG0 ("the girl does
        not believe", not "not the girl believes"); all of them where none does."""
        g, v = c.graph, c.sigma1
        roles = {label: u for _, label, u in g.out_edges(v) if ARG_EDGE.fullmatch(label)}
        agent = roles.pop("ARG0", None)
        if str(g.label(v)) in SPEECH_VERBS:
            roles.pop("ARG1", None)  # '" that is a hat , " he said'
        negation = next((u for _, label, u in g.out_edges(v) if label == "polarity"), None)
        if agent is None or not (roles or negation) or not heads_clause(g, v):
            return found

        def after(b) -> bool:
            t = _realize(b)
            if t is None or t.annotation.pos != "VB" or t.annotation.voice == "passive":
                return True
            order = _order(b)
            said = {h.vertex for h in b.children if h.words}
            if agent not in said or order.index(agent) > order.index(v):
                return True
            return all(order.index(u) > order.index(v) for u in roles.values() if u in said) and not (
                negation in said and order.index(negation) < order.index(agent))

        return where(found, after)

    @staticmethod
    def reflexive_after(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1 is a verb, those that say no child as a reflexive pronoun before
        it ("the man hurt himself", not "the man himself hurt"); all of them where none does."""
        if not any(c.rho.defined(Key.LINK, u) for u in c.graph.children(c.sigma1)):
            return found  # a reflexive is a copy's (realization.defaults)

        def after(b) -> bool:
            if (t := _realize(b)) is None or t.annotation.pos != "VB":
                return True
            order = _order(b)
            return not any(_word(h) in REFLEXIVES and order.index(h.vertex) < order.index(c.sigma1)
                           for h in b.children)

        return where(found, after)

    @staticmethod
    def subject_first(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1 is no question, those that say σ1's :domain child with the copula
        Insert-Between put right of it before σ1 ("mary is a doctor", not "doctor mary is").
        All of them where none does."""
        g, v = c.graph, c.sigma1
        domain = next((u for _, label, u in g.out_edges(v) if label == "domain"), None)
        if domain is None or has_mode(g, v, "interrogative") or asks(g, v):
            return found

        def first(b) -> bool:
            if not any(isinstance(t, InsertBetween) and t.word in BE_TENSES for t, _ in b.steps):
                return True
            order = _order(b)
            return order.index(domain) < order.index(v)

        return where(found, first)

    @staticmethod
    def controller_first(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1's ARG2 controls the subject of its ARG1
        (:func:`~amrgen.realization.control.object_controller`) or is whom a verb of saying
        addresses what it reports, those that say the ARG2 right between σ1 and the ARG1 ("asked the
        student to study", not "asked to study the student" or "the student asked to study";
        "informed tom that anna arrived"); all of them where none does."""
        g, v = c.graph, c.sigma1
        roles = {label: u for _, label, u in g.out_edges(v)}
        clause, controller = roles.get("ARG1"), object_controller(c, v)
        if controller is None and clause is not None and reported(g, clause) and heads_clause(g, clause) \
                and says_a_subject(g, clause):
            controller = roles.get("ARG2")
        if controller is None:
            return found

        def between(b) -> bool:
            order = _order(b)
            return {v, controller, clause} <= set(order) and \
                order.index(v) < order.index(controller) < order.index(clause)

        return where(found, between)

    def controlled(self, c: Configuration, found: list) -> list:
        """Of ``found``, where σ1's subject is controlled
        (:func:`~amrgen.realization.control.controlled_subject`), those that leave the subject
        unsaid and say σ1 as a verb in its base form (or a passive without a tense): the infinitive
        whose subject is understood ("she promised to come", "the teacher told the students to
        study"; not "she promised that she come", "told the student the study"). All of them where
        none does."""
        subject = controlled_subject(c, c.sigma1)
        if subject is None:
            return found
        lemma = concept_form(c.graph.label(c.sigma1))

        def infinitive(b) -> bool:
            said = _said(b, subject)
            t = _realize(b)
            return not (said and said.words) and t is not None and t.annotation.pos == "VB" and (
                t.annotation.tense not in FINITE if t.annotation.voice == "passive" else self._base(t.word, lemma))

        return where(found, infinitive)

    @staticmethod
    def single_negation(c: Configuration, found: list) -> list:
        """Of ``found``, where σ1 has a :polarity -, those whose children say it once: the
        :polarity said *not* (or *no*) and a child said as a negative word (*never*, which the
        realize model learnt for the :time ever that AMR writes beside the :polarity) make two
        ("i not never learned"), the :polarity said as nothing
        (:meth:`~amrgen.decoding.offers.Offers.offered`) and no such child none.  All of them
        where none says it once."""
        g, v = c.graph, c.sigma1
        polarity = {u for _, label, u in g.out_edges(v) if label == "polarity" and str(g.label(u)) == NEGATIVE}
        if not polarity:
            return found

        def negations(b) -> int:
            return sum(bool(word := _word(h)) and word in (NEGATION_WORDS if h.vertex in polarity else NEGATIVE_WORDS)
                       for h in b.children)

        return where(found, lambda b: negations(b) == 1)

    def finite(self, c: Configuration, found: list) -> list:
        """Of ``found`` (the candidates of σ1 before pruning), where σ1 is neither a command nor a
        question, those that do not say σ1 as a verb disagreeing with its subject said before
        it: in the present the form of its subject's person and number ("he benefits", "cells
        induce"); where σ1 heads a clause (a sentence root, a conjunct of one, what a verb of
        saying or thinking reports), a finite form ("the boy won the race", not "the boy win the
        race"; the tense model leaves a head untensed where its training saw infinitives of the
        same frame), its subject before an untensed verb ("the fish now swam", not "now swim with
        the fish"); σ1 not as a noun beside its said subject where a verb of saying or thinking
        reports σ1, or σ1 is a sentence root and the subject its ARG0 ("pki166 inhibits the
        proliferation", not "pki166 inhibition of the proliferation").  All of them where no
        verb that agrees is left (never a noun in place of the verb)."""
        g, v = c.graph, c.sigma1
        head = heads_clause(g, v)
        if head is None:
            return found
        subject = subject_of(g, v)
        if subject is None:
            return found
        label = str(g.label(subject))
        is_reported = reported(g, v)
        agent = is_sentence_root(g, v) and "ARG0" in g.edge_labels(v, subject)

        def agrees(b) -> bool | None:
            """Whether b's verb agrees with the subject before it; None where b says no such pair."""
            t = _realize(b)
            said = _said(b, subject)
            if t is not None and t.annotation.pos == "NN" and (is_reported and says_a_subject(g, v)
                                                               or agent and said and said.words):
                return False  # "hopes that her son wins", not "hopes a win of son"; "that anna arrived"
            if t is None or t.annotation.pos != "VB" or t.annotation.voice == "passive" or not (said and said.words):
                return None
            order = _order(b)
            if order.index(subject) > order.index(v):  # first in a reported clause, before an untensed verb
                return False if is_reported or head and t.annotation.tense not in FINITE else None
            if " " in t.word or t.word in BE_TENSES:
                return None
            if t.annotation.tense == "past":
                return self._past(t.word)
            if t.annotation.tense != "present":
                return False if head else None
            said_as = _realize(said)
            third = said_as is None or be_forms(
                said_as.word, said_as.annotation.pos, said_as.annotation.number, label)[0] == "is"
            return third != self._base(t.word)

        judged = [(b, agrees(b)) for b in found]
        if not any(verdict for _, verdict in judged):
            return found
        return [b for b, verdict in judged if verdict is not False]

    @staticmethod
    def auxiliary_subject(c: Configuration, child: Vertex, children: Sequence[Vertex]) -> Vertex | None:
        """The subject an auxiliary *be* or *do* (``child``, which Insert-Child added to σ1, a
        verb or an adjective) agrees with: σ1's ARG0, else ARG1 (an adjective's
        :func:`~amrgen.realization.clauses.predicate_subject`), if it is combined before the auxiliary."""
        g, v = c.graph, c.sigma1
        if not isinstance(child, InsertedVertex) or str(g.label(child)) not in _AUXILIARIES \
                or c.rho.get(Key.POS, v) not in _PREDICATES:
            return None
        before = children[:children.index(child)]
        subject = predicate_subject(g, v) if c.rho.get(Key.POS, v) == "JJ" else subject_of(g, v)
        return subject if subject in before else None

    @staticmethod
    def before_subject(c: Configuration, child: Vertex, after: Sequence[Vertex], options: Sequence,
                       best: Mapping[Vertex, Sequence]) -> Sequence:
        """Of ``options`` (the candidates of ``child``), where it is the *do* or passive *be* that
        σ1's question puts before its subject (which comes in ``after``, the children combined after
        it), those that agree with the subject's best candidate ("which languages was gimp
        written", not "were"): the search combines the subject later; all where none does."""
        g, v = c.graph, c.sigma1
        if not isinstance(child, InsertedVertex) or str(g.label(child)) not in _AUXILIARIES:
            return options
        subject = question_subject(g, v, c.rho.get(Key.VOICE, v) == "passive")
        forms = None if subject not in after or not best.get(subject) else _auxiliary_forms(c, subject, best[subject][0])
        return options if forms is None else where(options, lambda b: _word(b) in forms)

    @staticmethod
    def agreeing_auxiliaries(c: Configuration, subject: Vertex, b, parts: list) -> list:
        """Of ``parts`` (an auxiliary's candidates, the first of each part), those whose form
        of be or do agrees with ``subject`` as the partial candidate ``b`` of σ1 realizes it; all
        of them where none does or ``b`` says nothing of the subject."""
        forms = _auxiliary_forms(c, subject, _said(b, subject))
        if forms is None:
            return parts
        return where(parts, lambda part: (word := _word(part[0])) not in BE_TENSES and word not in DO_FORMS
                      or word in forms)


def _auxiliary_forms(c: Configuration, subject: Vertex, said) -> frozenset[str] | None:
    """The forms of be and do that agree with ``subject`` as its candidate ``said`` realizes it;
    None where there is none or it says nothing."""
    t = None if said is None else _realize(said)
    if t is None:
        return None
    forms = be_forms(t.word, t.annotation.pos, t.annotation.number, str(c.graph.label(subject)))
    return frozenset({*forms, "did", "does" if forms[0] == "is" else "do"})


def _finite_clause(hypothesis) -> bool:
    """Whether a candidate is headed by an active verb in a finite form."""
    t = _realize(hypothesis)
    return (t is not None and t.annotation.pos == "VB" and t.annotation.tense in FINITE
            and t.annotation.voice != "passive")


def where(found: Sequence, test) -> Sequence:
    """Those of ``found`` (candidates, realizations, parts) that pass ``test``, as a list; all
    of them where none does (the search never loses its last candidate)."""
    kept = [b for b in found if test(b)]
    return kept or found


def _order(hypothesis) -> tuple:
    """The order Reorder gave the candidate's vertex and its children (empty for none)."""
    return next((r.sequence for r, _ in hypothesis.steps if isinstance(r, Reorder)), ())


def _subject_first(subject: Vertex):
    """A test of a candidate: whether it says ``subject`` before its own vertex (a clause)."""
    def test(hypothesis) -> bool:
        said = _said(hypothesis, subject)
        order = _order(hypothesis)
        return bool(said and said.words) and subject in order and order.index(subject) < order.index(hypothesis.vertex)

    return test


def _said(hypothesis, u: Vertex):
    """The candidate of the child ``u`` in ``hypothesis`` (None where it has none)."""
    return next((h for h in hypothesis.children if h.vertex == u), None)


def _always(hypothesis) -> bool:
    return True


def _word(hypothesis) -> str | None:
    t = _realize(hypothesis)
    return None if t is None else t.word


def _realize(hypothesis) -> Realize | None:
    """The Realize of a candidate's vertex (None for a deleted one)."""
    steps = hypothesis.steps
    return steps[0][0] if steps and isinstance(steps[0][0], Realize) else None
