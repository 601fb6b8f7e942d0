"""The Realize transitions phase 2 searches at σ1 (issue 31, point 2): the realize model's
(:meth:`~amrgen.decoding.probabilities.TransitionProbabilities.realizations`) and the forms of
them English asks for where the model, which chose σ1's form before its parent and without its
children, may lack them; the agreement of the candidates built of them is
:mod:`amrgen.decoding.agreement`'s.

- a frame the realize model knows as a noun only is also offered as a verb: in its base form
  where its subject is controlled ("she promised to come"), in the past and the present where
  a verb of thinking, knowing or *say* reports it ("anna informed tom anna arrived");
- a verb that takes do-support (a :polarity -, a question) also in its base form ("he does
  not know", "does he know");
- a :polarity - beside a :time ever (AMR's *never*) also as nothing;
- a clause's present verb also in the form that agrees with its subject ("he goes");
- a verb whose :time is said as an adverb of past time in its past forms only, of present time
  in its other forms ("ate the bone yesterday", "the fish now swims");
- a verb below a modal that phase 1 swapped under it in its base form only ("he can swim");
- an amr-unknown in a frame's role that asks with its own word that word ("where is
  stonehenge"), one through which a sentence's root asks *who* or *what* for nothing, each
  question word also with the copula of a question that no verb says ("how old is jennifer lopez");
- a number said by its multiplier alone counted once ("a thousand miles", not "thousand miles").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from amrgen.amr import concept_form
from amrgen.amr_vocabulary import EVER, NEGATIVE
from amrgen.decoding.agreement import RELATIVE, where
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.words import BE_TENSES, QUESTION_WORDS
from amrgen.realization.clauses import (
    FINITE,
    asks_degree_through,
    degree_question,
    heads_clause,
    modal_above,
    modal_below,
    predicate_subject,
    reported,
    says_a_subject,
    subject_of,
    supporting_do_before,
    time_tenses,
)
from amrgen.realization.control import controlled_subject
from amrgen.realization.defaults import frame_question_word, role_question_word, root_question_word
from amrgen.realization.inflection import be_forms, inflect, is_base_form, is_past_form, supporting_do
from amrgen.realization.numbers import counted
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import Realize

_VERBS = frozenset({"VB", "VBN", "VBG"})
_FINITE_VERB = {tense: SyntacticAnnotation(pos="VB", tense=tense, voice="active") for tense in FINITE}


class Offers:
    """σ1's Realize transitions as phase 2 searches them."""

    def __init__(self, lexicon: WordNetLexicon) -> None:
        self._base = lru_cache(maxsize=None)(lambda word: bool(word) and is_base_form(word))
        self._verb = lru_cache(maxsize=None)(lambda stem: lexicon.knows(stem, "v"))
        self._past = lru_cache(maxsize=None)(lambda word: bool(word) and is_past_form(word))
        self._adjective = lru_cache(maxsize=None)(lambda word: bool(word) and lexicon.knows(word, "a"))

    def offered(self, c: Configuration, realizations: Sequence) -> Sequence:
        """σ1's Realize transitions (with their probabilities) as phase 2 searches them: a
        :polarity - beside a :time ever (AMR's *never*) may also be said as nothing
        (:meth:`_silent_polarity`); a clause's present verb also in the form that agrees with
        its subject (:meth:`_agreeing_present`); a verb whose :time is said as an adverb of
        past time in its past forms only (:meth:`tensed`); below a modal in its base form
        (:meth:`_below_modal`); a question word where σ1 asks (:meth:`_question_word`); a multiplier said
        alone counted once (:meth:`_counted`)."""
        return self._below_modal(c, self.tensed(c, self._agreeing_present(c, self._silent_polarity(
            c, self._supported(c, self._as_verb(c, self._degree(c, self._question_word(
                c, self._counted(c, realizations)))))))))

    @staticmethod
    def _counted(c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` with a number said by its multiplier alone counted once
        (:func:`~amrgen.realization.numbers.counted`: "a thousand") in its place."""
        value = str(c.graph.label(c.sigma1))
        if not value.isdigit():
            return realizations
        replaced = []
        for t, p in realizations:
            replaced.extend([(Realize(word, t.annotation), p) for word in counted(t.word, value)] or [(t, p)])
        return replaced

    @staticmethod
    def _question_word(c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` with the question word of σ1, an amr-unknown in a frame's role that
        asks with its own (:func:`~amrgen.realization.defaults.frame_question_word`: "where is
        stonehenge", "how much is the us dollar"), in place of *what* and of nothing; and, for an
        amr-unknown through which a sentence's root asks (:func:`~amrgen.realization.defaults.root_question_word`),
        *who* or *what* in place of nothing and *which*, each question word also followed by the
        copula of a question that no verb says ("how old is jennifer lopez": the agreement,
        :func:`~amrgen.realization.clauses.nominal_question`, keeps these where its root is one);
        and *how* besides, where σ1's parent may ask a degree question through it
        (:func:`~amrgen.realization.clauses.degree_question`: "how tall is the giraffe")."""
        g, v = c.graph, c.sigma1
        word, replacing = frame_question_word(g, v), ("", "what")
        asked = root_question_word(g, v)
        if word is None:
            word, replacing = asked, ("", "which", "what") if asked == role_question_word(g, v) else ("", "which")
        found = realizations if word is None else _replaced(realizations, word, replacing)
        if asked is not None:
            found = _and_forms(found, lambda t: tuple(f"{t.word} {be}" for be in BE_TENSES if be != "am")
                               if t.word.split(" ")[0] in QUESTION_WORDS else ())
        if asks_degree_through(g, v):
            found = _and_forms(found, lambda t: ("how",))
        return found

    def _degree(self, c: Configuration, realizations: Sequence) -> Sequence:
        """Where σ1 asks how much of it its subject has (:func:`~amrgen.realization.clauses.degree_question`),
        each of its adjectives followed by the copula that agrees with the subject as ρ has it
        (present and past; "how tall is the giraffe"), in place of the adjective alone."""
        g, v = c.graph, c.sigma1
        subject = predicate_subject(g, v)
        if subject is None or degree_question(g, v) is None:
            return realizations
        word = c.rho.get(Key.REAL, subject)
        forms = be_forms(word, c.rho.get(Key.POS, subject, ""), c.rho.get(Key.NUMBER, subject, ""),
                         str(g.label(subject))) if word else tuple(be for be in BE_TENSES if be != "am")
        found = []
        for t, p in realizations:
            if t.annotation.pos == "JJ" and self._adjective(t.word):
                found.extend((Realize(f"{t.word} {be}", t.annotation), p) for be in forms)
            else:
                found.append((t, p))
        return found

    @staticmethod
    def _supported(c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` and, where σ1 may take do-support (a :polarity -, a question:
        :func:`~amrgen.realization.clauses.supporting_do_before`), its finite verbs also in their
        base form with the same annotation ("he does not know", "does he know", where the realize
        model offers "knows")."""
        if supporting_do_before(c.graph, c.sigma1) is None:
            return realizations

        return _and_forms(realizations, lambda t: _base_form(t) if t.annotation.tense in FINITE else ())

    @staticmethod
    def _below_modal(c: Configuration, realizations: Sequence) -> Sequence:
        """Below a modal that Swap put under σ1 (:func:`~amrgen.realization.clauses.modal_below`),
        σ1's active verbs in their base form only ("he can swim"); as a modal's clause (its
        parent's, not swapped), in their base form too ("cbp could bind"; the agreement keeps
        these where the modal is said as one).  The realize model chose the form without
        knowing the modal."""
        g, v = c.graph, c.sigma1
        if modal_below(g, v) is None:
            return _and_forms(realizations, _base_form) if modal_above(g, v) is not None else realizations
        lemma = concept_form(g.label(v))
        return where(_and_forms(realizations, _base_form),
                     lambda pair: not _base_form(pair[0]) or is_base_form(pair[0].word, lemma))

    def _as_verb(self, c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` and, where none is a verb, σ1's concept as a verb with the probability
        of the most probable realization: in its base form where σ1's subject is controlled
        (:func:`~amrgen.realization.control.controlled_subject`), in the past and the present
        where a verb of saying or thinking reports σ1 and its subject is no event ("anna informed
        tom that anna arrived", not "the arrival of anna"); the annotation model may know the
        frame only as a noun (study-01: "studies" in Bio), and the agreement
        (:class:`~amrgen.decoding.agreement.Agreement`) keeps the infinitives and the verbs that agree."""
        g, v = c.graph, c.sigma1
        stem = concept_form(g.label(v))
        if not realizations or not self._verb(stem):
            return realizations
        p = realizations[0][1]
        if controlled_subject(c, v) is not None:
            if any(t.annotation.pos == "VB" and self._base(t.word) for t, _ in realizations):
                return realizations
            return [*realizations, (Realize(stem, SyntacticAnnotation(pos="VB")), p)]
        if (reported(g, v) and heads_clause(g, v) and says_a_subject(g, v)
                and not any(t.annotation.pos == "VB" and t.annotation.tense in FINITE for t, _ in realizations)):
            return [*realizations, *((Realize(inflect(stem, tag)[0], _FINITE_VERB[tense]), p)
                                     for tag, tense in (("VBD", "past"), ("VBZ", "present")))]
        return realizations

    @staticmethod
    def _silent_polarity(c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` and, for a :polarity - beside a :time ever, ε with the probability
        of its most probable realization: the ever said *never* says it (the agreement's
        :meth:`~amrgen.decoding.agreement.Agreement.single_negation` keeps the candidates that say
        it once)."""
        g, v = c.graph, c.sigma1
        if (str(g.label(v)) == NEGATIVE and realizations and all(t.word for t, _ in realizations)
                and any(label == "polarity" and any(str(g.label(u)) == EVER for u in g.children(parent))
                        for parent, label, _ in g.in_edges(v))):
            t, p = realizations[0]
            return [*realizations, (Realize("", t.annotation), p)]
        return realizations

    @staticmethod
    def _agreeing_present(c: Configuration, realizations: Sequence) -> Sequence:
        """``realizations`` and, where σ1 is neither a command nor a question, for each active verb
        in the present, the present form that agrees with its subject as ρ has it (the
        subject's best candidate; its children are realized before it), with the probability of
        the form it inflects, where missing: the realize model chose the form without the
        subject ("he go"), and :meth:`~amrgen.decoding.agreement.Agreement.finite` keeps the forms that agree."""
        g, v = c.graph, c.sigma1
        if heads_clause(g, v) is None:
            return realizations
        subject = subject_of(g, v)
        word = None if subject is None else c.rho.get(Key.REAL, subject)
        if word is not None:
            thirds = (be_forms(word, c.rho.get(Key.POS, subject, ""), c.rho.get(Key.NUMBER, subject, ""),
                               str(g.label(subject)))[0] == "is",)
        elif any(label == RELATIVE for _, label, _ in g.in_edges(v)):
            thirds = (True, False)  # its antecedent is realized after it: both, the agreement keeps one
        else:
            return realizations

        def agreeing(t: Realize) -> tuple[str, ...]:
            a = t.annotation
            if a.pos != "VB" or a.tense != "present" or a.voice == "passive" or not t.word or " " in t.word \
                    or t.word in BE_TENSES or (forms := supporting_do(t.word)) is None:
                return ()
            return tuple(inflect(forms[1], "VBZ" if third else "VBP")[0] for third in thirds)

        return _and_forms(realizations, agreeing)

    def tensed(self, c: Configuration, realizations: Sequence) -> Sequence:
        """Of σ1's Realize transitions (with their probabilities), the verbs in a past form with
        the past tense where a :time child is said as an adverb of past time, and those in no
        past form or tense where it is said as one of present time, as ρ has its children (their
        best candidates; :data:`~amrgen.lexicon.words.TIME_TENSES`); a word that is not a verb
        keeps any form.  All of them where none agrees."""
        tenses = time_tenses(c, c.sigma1)
        if not tenses:
            return realizations
        past = "past" in tenses
        return where(realizations, lambda pair: pair[0].annotation.pos not in _VERBS
                      or (pair[0].annotation.tense == "past") == past == self._past(pair[0].word))


def _replaced(realizations: Sequence, word: str, replacing: tuple[str, ...]) -> list:
    """``realizations`` with ``word`` in place of each word of ``replacing``, each (word, α) once."""
    replaced = {}
    for t, p in realizations:
        t = Realize(word, t.annotation) if t.word in replacing else t
        replaced.setdefault((t.word, t.annotation), (t, p))
    return list(replaced.values())


def _base_form(t: Realize) -> tuple[str, ...]:
    """The base form of an active verb's Realize t, if lemminflect knows the verb."""
    forms = t.annotation.pos == "VB" and t.annotation.voice != "passive" and supporting_do(t.word)
    return (forms[1],) if forms else ()


def _and_forms(realizations: Sequence, forms: Callable[[Realize], tuple[str, ...]]) -> list:
    """``realizations`` and, after them, the ``forms`` of each as Realize transitions with its
    annotation and probability, each (word, α) once."""
    offered = {(t.word, t.annotation) for t, _ in realizations}
    added = []
    for t, p in realizations:
        for word in forms(t):
            if (word, t.annotation) not in offered:
                offered.add((word, t.annotation))
                added.append((Realize(word, t.annotation), p))
    return [*realizations, *added]
