"""Default realizations r~_(c,α) (thesis 5.2): amrgen.realization.DefaultRealizer."""

from itertools import pairwise

import pytest

from amrgen.errors import AmrgenError
from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.realization import DefaultRealizer
from amrgen.transitions.annotations import AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration, InsertedVertex, finalize
from amrgen.transitions.constraints import DATE_ORDER

P, P_EPS = 0.8, 0.2  # p~ and p_ε

NN, VB, JJ, PRP = (SyntacticAnnotation(pos=p) for p in ("NN", "VB", "JJ", "PRP"))


@pytest.fixture(scope="module")
def realizer(wordnet):
    return DefaultRealizer(WordNetLexicon(wordnet))


def at(labels, edges, v, **annotations):
    """The configuration (G, v, ε, ρ) with ρ(k) = annotations[k]."""
    rho = AnnotationFunction({Key[k]: values for k, values in annotations.items()})
    return Configuration(Graph(labels, edges), (v,), (), rho)


def defaults(realizer, c, alpha):
    return dict(realizer.realizations(c, alpha, P, P_EPS))


# -- the thesis's examples -------------------------------------------------------


def test_quick_is_an_adjective_and_an_adverb_with_half_of_p_tilde_each(realizer):
    assert defaults(realizer, at({"q": "quick"}, [], "q"), JJ) == {"quick": P / 2, "quickly": P / 2}


def test_adverbs_are_derived_and_checked_against_wordnet(realizer):
    assert defaults(realizer, at({"g": "good"}, [], "g"), JJ) == {"good": P / 2, "well": P / 2}
    assert set(defaults(realizer, at({"h": "happy-01"}, [], "h"), JJ)) == {"happy", "happily"}
    assert set(defaults(realizer, at({"b": "basic"}, [], "b"), JJ)) == {"basic", "basically"}
    # "fast" is its own adverb: WordNet has no "fastly"
    assert defaults(realizer, at({"f": "fast"}, [], "f"), JJ) == {"fast": P}


def test_france_realizes_as_name_and_adjective(realizer):
    c = at({"c": "country", "n": '"France"'}, [("c", "name", "n")], "n")
    assert defaults(realizer, c, NN) == {"france": P / 2, "french": P / 2}


def test_a_country_has_its_adjective_only_where_it_modifies(realizer):
    def name_of(role, parent="costume"):
        return at({"p": parent, "c": "country", "n": '"Turkey"'}, [("p", role, "c"), ("c", "name", "n")], "n")
    assert set(defaults(realizer, name_of("mod"), NN)) == {"turkey", "turkish"}
    assert set(defaults(realizer, name_of("ARG1", "have-org-role-91"), NN)) == {"turkey", "turkish"}
    assert set(defaults(realizer, name_of("destination", "fly-01"), NN)) == {"turkey"}
    assert set(defaults(realizer, name_of("ARG1", "see-01"), NN)) == {"turkey"}


def test_a_named_entity_is_realized_by_its_name_alone(realizer):
    c = at({"p": "planet", "n": '"Earth"'}, [("p", "name", "n")], "p")
    assert defaults(realizer, c, NN) == {"": P}


def test_an_unknown_is_the_question_word_of_its_role(realizer):
    def unknown(role, parent="come-01"):
        return at({"p": parent, "a": "amr-unknown"}, [("p", role, "a")], "a")
    assert defaults(realizer, unknown("ARG3"), NN) == {"where": P}
    assert defaults(realizer, unknown("manner"), NN) == {"how": P}
    assert defaults(realizer, unknown("ARG0", "cause-01"), NN) == {"why": P}
    assert defaults(realizer, unknown("quant", "person"), NN) == {"how many": P}
    assert defaults(realizer, unknown("age", "person"), NN) == {"how old": P}
    assert defaults(realizer, unknown("ARG1"), NN) == {"": P}
    assert defaults(realizer, unknown("polarity"), NN) == {"": P}


def test_a_city_name_has_no_adjective_and_names_are_lower_cased(realizer):
    c = at({"c": "city", "n": '"Paris"'}, [("c", "name", "n")], "n")
    assert defaults(realizer, c, NN) == {"paris": P}
    us = at({"c": "country", "n": '"United States"'}, [("c", "name", "n")], "n")
    assert set(defaults(realizer, us, NN)) == {"united states", "american"}


def test_want_in_the_present_agrees_with_its_subject(realizer):
    present = SyntacticAnnotation(pos="VB", tense="present")
    he = at({"w": "want-01", "h": "he"}, [("w", "ARG0", "h")], "w")
    they = at({"w": "want-01", "t": "they"}, [("w", "ARG0", "t")], "w")
    boys = at({"w": "want-01", "b": "boy"}, [("w", "ARG0", "b")], "w", NUMBER={"b": "plural"})
    unknown = at({"w": "want-01", "b": "boy"}, [("w", "ARG0", "b")], "w")
    assert defaults(realizer, he, present) == {"wants": P}
    assert defaults(realizer, they, present) == {"want": P}
    assert defaults(realizer, boys, present) == {"want": P}
    assert defaults(realizer, unknown, present) == {"wants": P / 2, "want": P / 2}


def test_verbs_follow_tense_and_voice(realizer):
    want = at({"w": "want-01"}, [], "w")
    assert defaults(realizer, want, SyntacticAnnotation(pos="VB", tense="past")) == {"wanted": P}
    assert defaults(realizer, want, SyntacticAnnotation(pos="VB", tense="future")) == {"want": P}
    assert defaults(realizer, want, VB) == {"want": P}
    write = at({"w": "write-01"}, [], "w")
    assert defaults(realizer, write, SyntacticAnnotation(pos="VB", tense="past", voice="passive")) == {"written": P}
    assert defaults(realizer, at({"d": "develop-02"}, [], "d"), SyntacticAnnotation(pos="VBG")) == {"developing": P}
    look_up = at({"l": "look-up-05"}, [], "l")
    assert defaults(realizer, look_up, SyntacticAnnotation(pos="VB", tense="past")) == {"looked up": P}


def test_nouns_follow_number(realizer):
    child = at({"c": "child"}, [], "c")
    assert defaults(realizer, child, SyntacticAnnotation(pos="NN", number="plural")) == {"children": P}
    assert defaults(realizer, child, SyntacticAnnotation(pos="NN", number="singular")) == {"child": P}


def test_wordnet_must_know_the_lemma_with_the_pos(realizer):
    assert realizer.realizations(at({"x": "xqzt"}, [], "x"), NN, P, P_EPS) == []
    assert realizer.realizations(at({"x": "xqzt-01"}, [], "x"), VB, P, P_EPS) == []
    # "boy" is a noun, not a verb
    assert realizer.realizations(at({"b": "boy"}, [], "b"), VB, P, P_EPS) == []
    assert defaults(realizer, at({"b": "boy"}, [], "b"), NN) == {"boy": P}


def test_other_parts_of_speech_realize_the_concept_itself(realizer):
    assert defaults(realizer, at({"a": "and"}, [], "a"), SyntacticAnnotation(pos="CC")) == {"and": P}
    assert defaults(realizer, at({"x": "xqzt-thing"}, [], "x"), SyntacticAnnotation(pos="IN")) == {"xqzt thing": P}


# -- pronouns and copies -----------------------------------------------------------


def test_pronouns_give_their_forms(realizer):
    assert defaults(realizer, at({"i": "it"}, [], "i"), PRP) == {"it": P / 2, "its": P / 2}
    assert defaults(realizer, at({"h": "he"}, [], "h"), PRP) == {"he": P / 3, "his": P / 3, "him": P / 3}
    poss = at({"b": "book", "h": "he"}, [("b", "poss", "h")], "h")
    assert defaults(realizer, poss, PRP) == {"his": P}


def test_a_copy_of_a_pronoun_may_also_be_left_out(realizer):
    copy = InsertedVertex(1)
    c = at({"w": "want-01", "h": "i", "g": "go-01", copy: "i"},
           [("w", "ARG0", "h"), ("w", "ARG1", "g"), ("g", "ARG0", copy)], copy, LINK={copy: "h"})
    forms = defaults(realizer, c, PRP)
    assert set(forms) == {"i", "my", "me", ""}
    assert forms[""] == P_EPS
    assert forms["me"] == pytest.approx((P - P_EPS) / 3)
    assert sum(forms.values()) == pytest.approx(P)
    assert realizer.realization_words(c, PRP) == {"i", "my", "me", ""}


def test_a_copy_after_its_antecedent_among_the_arguments_of_one_verb_is_reflexive(realizer):
    copy, subject = InsertedVertex(1), InsertedVertex(2)
    c = at({"b": "bring-01", "h": "i", copy: "i"}, [("b", "ARG0", "h"), ("b", "ARG1", copy)], copy, LINK={copy: "h"})
    assert defaults(realizer, c, PRP) == {"myself": pytest.approx(P - P_EPS), "": P_EPS}  # "i brought myself down"
    man = at({"h": "hurt-01", "m": "man", copy: "man"}, [("h", "ARG0", "m"), ("h", "ARG1", copy)], copy,
             LINK={copy: "m"})
    assert set(defaults(realizer, man, NN)) == {"himself", ""}
    # both arguments copies: the subject keeps its forms ("i devote myself", not "myself devote myself")
    both = {"d": "devote-01", "h": "i", copy: "i", subject: "i"}
    edges = [("d", "ARG0", subject), ("d", "ARG1", copy)]
    links = {copy: "h", subject: "h"}
    assert set(defaults(realizer, at(both, edges, subject, LINK=links), PRP)) == {"i", "my", "me", ""}
    assert set(defaults(realizer, at(both, edges, copy, LINK=links), PRP)) == {"myself", ""}


def test_a_possessive_copy_prefers_the_possessive(realizer):
    copy = InsertedVertex(1)
    c = at({"b": "book", "h": "he", copy: "he"}, [("b", "poss", copy)], copy, LINK={copy: "h"})
    assert defaults(realizer, c, PRP) == {"his": pytest.approx(P - P_EPS), "": P_EPS}


def test_a_copy_of_a_noun_of_natural_gender_is_its_pronoun_or_left_out(realizer):
    copy = InsertedVertex(1)
    c = at({"w": "want-01", "b": "boy", copy: "boy"}, [("w", "ARG1", copy)], copy, LINK={copy: "b"})
    assert set(defaults(realizer, c, NN)) == {"he", "his", "him", ""}
    owned = at({"s": "son", "m": "mother", copy: "mother"}, [("s", "poss", copy)], copy, LINK={copy: "m"})
    assert defaults(realizer, owned, NN) == {"her": pytest.approx(P - P_EPS), "": P_EPS}


def test_other_copies_are_only_left_out(realizer):
    copy = InsertedVertex(1)
    c = at({"s": "see-01", "w": "want-01", "b": "developer", copy: "developer"},
           [("s", "ARG1", "w"), ("w", "ARG0", "b"), ("w", "ARG1", copy)], copy, LINK={copy: "b"})
    assert realizer.realizations(c, NN, P, P_EPS) == [("", P)]
    assert realizer.realization_words(c, NN) == {""}
    # a pronoun copy annotated as a noun is no pronoun for 5.2
    pronoun_copy = at({"h": "he", copy: "he"}, [], copy, LINK={copy: "h"})
    assert realizer.realization_words(pronoun_copy, NN) == {""}


def test_a_copy_of_a_noun_that_is_the_subject_of_a_clause_may_be_it_or_they(realizer):
    """(c / cry-01 :ARG0 (b / baby) :ARG1-of (c2 / cause-01 :ARG0 (t / tire-01 :ARG1 b))): "because it
    is tired"; as likely as ε (its parent may be said as a noun); never for a person."""
    copy = InsertedVertex(1)
    labels = {"c": "cry-01", "b": "baby", "c2": "cause-01", "t": "tire-01", copy: "baby"}
    edges = [("c", "ARG0", "b"), ("c", "ARG1-of", "c2"), ("c2", "ARG0", "t"), ("t", "ARG1", copy)]
    c = at(labels, edges, copy, LINK={copy: "b"})
    assert realizer.realizations(c, NN, P, P_EPS) == [("it", P / 3), ("its", P / 3), ("", P / 3)]
    plural = c.with_(rho=c.rho.updated([(Key.NUMBER, "b", "plural")]))
    assert realizer.realization_words(plural, NN) == {"they", "their", "them", ""}
    # what it copies not realized yet (the traversal is bottom-up): the copy's own annotation's number
    assert realizer.realization_words(c, SyntacticAnnotation(pos="NN", number="plural")) == {"they", "their", "them", ""}
    person = at({**labels, "b": "person", copy: "person"}, edges, copy, LINK={copy: "b"})
    assert realizer.realization_words(person, NN) == {""}
    # a named person's copy is said by the name ("anna informed tom that anna arrived")
    named = at({**labels, "b": "person", copy: "person", "n": '"Anna"'}, [*edges, ("b", "name", "n")], copy,
               LINK={copy: "b"})
    assert realizer.realizations(named, NN, P, P_EPS) == [("anna", P)]


def test_probabilities_out_of_range_are_refused(realizer):
    with pytest.raises(AmrgenError, match="p_epsilon"):
        realizer.realizations(at({"q": "quick"}, [], "q"), JJ, 0.2, 0.5)


# -- handwritten words, silent concepts, inserted words ----------------------------


def test_handwritten_words(realizer):
    assert defaults(realizer, at({"p": "possible-01"}, [], "p"), JJ) == {"can": P}
    assert defaults(realizer, at({"p": "permit-01"}, [], "p"), JJ) == {"may": P}
    assert defaults(realizer, at({"c": "cause-01"}, [], "c"), SyntacticAnnotation(pos="IN")) == {
        "because": P / 2, "so": P / 2}
    assert defaults(realizer, at({"w": "want-01", "n": "-"}, [("w", "polarity", "n")], "n"), JJ) == {
        "not": P / 2, "no": P / 2}


@pytest.mark.parametrize("concept", ["person", "thing", "amr-unknown", "have-org-role-91", "multi-sentence",
                                     "imperative", "date-entity", "string-entity", "be-temporally-at-91",
                                     "have-condition-91", "request-confirmation-91"])
def test_silent_concepts_realize_as_epsilon(realizer, concept):
    assert realizer.realizations(at({"v": concept}, [], "v"), NN, P, P_EPS) == [("", P)]


def test_inserted_auxiliaries_take_their_forms(realizer):
    be = InsertedVertex(1)
    labels, edges = {"g": "go-02", "h": "he", be: "be"}, [("g", "ARG0", "h"), ("g", "*", be)]
    c = at(labels, edges, be)
    assert {"be", "is", "are", "was", "were"} <= set(defaults(realizer, c, VB))
    assert set(defaults(realizer, c, SyntacticAnnotation(pos="VB", tense="past"))) == {"was", "were"}
    assert defaults(realizer, c, SyntacticAnnotation(pos="VB", tense="present")) == {"is": P}
    imperative = at({**labels, "m": "imperative"}, [*edges, ("g", "mode", "m")], be)
    assert defaults(realizer, imperative, VB) == {"be": P}
    have = at({"g": "go-02", be: "have"}, [("g", "*", be)], be)
    assert {"have", "has", "had"} <= set(defaults(realizer, have, VB))
    to = at({"g": "go-02", be: "to"}, [("g", "*", be)], be)
    assert defaults(realizer, to, SyntacticAnnotation(pos="TO")) == {"to": P}


# -- numbers and dates -------------------------------------------------------------


def test_ordinals_under_ordinal_entity(realizer):
    def ordinal(value):
        c = at({"o": "ordinal-entity", "n": value}, [("o", "value", "n")], "n")
        return realizer.realization_words(c, SyntacticAnnotation(pos="CD"))
    assert ordinal("3") == {"third"}
    assert ordinal("21") == {"21st"}
    assert ordinal("112") == {"112th"}


def test_millions_and_billions(realizer):
    def number(value):
        c = at({"p": "person", "n": value}, [("p", "quant", "n")], "n")
        return realizer.realization_words(c, SyntacticAnnotation(pos="CD"))
    assert number("3000000") == {"3 million"}
    assert number("2000000000") == {"2 billion"}
    assert number("45000000000") == {"45 billion"}
    assert number("1050000") == {"1050000"}  # not "15 million" (reference implementation §7 bug)
    assert number("612") == {"612"}


def test_dates_realize_in_month_day_year_form(realizer):
    """Each part of a date entity realized by its default, in the order the Reorder constraint fixes."""
    labels = {"d": "date-entity", "y": "2016", "m": "4", "x": "2"}
    graph = Graph(labels, [("d", "year", "y"), ("d", "month", "m"), ("d", "day", "x")])
    cd = SyntacticAnnotation(pos="CD")
    real = {}
    for v in labels:
        (real[v],) = realizer.realization_words(Configuration(graph, (v,)), cd)
    assert real["d"] == ""
    part = {"year": "y", "month": "m", "day": "x"}
    sequence = ["d", *(part[role] for role in DATE_ORDER)]
    graph.order = Order(pairwise(sequence))
    c = Configuration(graph, (), (), AnnotationFunction({Key.REAL: real}))
    assert finalize(c) == "april 2 2016"


def test_noon_and_midnight_are_said_in_a_word(realizer):
    nn = SyntacticAnnotation(pos="NN")
    for time, word in (("12:00", "noon"), ("00:00", "midnight"), ("17:30", "17:30")):
        graph = Graph({"d": "date-entity", "t": f'"{time}"'}, [("d", "time", "t")])
        assert set(realizer.realization_words(Configuration(graph, ("t",)), nn)) == {word}


@pytest.mark.parametrize(("constant", "word"), [
    ("-2.5e-10", "-2.5e-10"), ("-1e5", "-1e5"), ("+7", "+7"), ("--5", "--5"), ("1.2.3", "1.2.3"),
    ('"a\\"b"', 'a"b'), ('"back\\\\slash"', "back\\slash"),
])
def test_numbers_with_signs_and_exponents_and_escaped_strings_are_said_as_meant(realizer, constant, word):
    c = at({"t": "thing", "n": constant}, [("t", "quant", "n")], "n")
    assert defaults(realizer, c, SyntacticAnnotation(pos="CD")) == {word: P}


def test_words_that_say_a_number():
    from amrgen.realization.numbers import says_a_number

    assert all(says_a_number(word) for word in ("20", "million", "forty - four", "2.5 million", "hundred"))
    assert not any(says_a_number(word) for word in ("", "dollars", "20 dollars", "year"))
