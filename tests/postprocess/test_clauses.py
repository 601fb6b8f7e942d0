"""Our steps that mend clauses and questions: amrgen.postprocess.clauses and amrgen.postprocess.questions."""

from itertools import pairwise

import pytest

from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.postprocess.clauses import (
    bare_infinitives,
    finite_verbs,
    modal_subjects,
    predicative_copula,
)
from amrgen.postprocess.punctuation import fronted_clause_commas
from amrgen.postprocess.questions import do_support, question_words_first
from amrgen.postprocess.step import Context
from amrgen.transitions.annotations import AnnotationFunction, Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex, finalize
from postprocess.helpers import CONTEXT, BigramLM, final, uniform_denom


# -- questions and do-support -------------------------------------------------------


def _take_sheep():
    """you want to take your sheep to where: want-01 :ARG0 you :ARG1 (take-01 :ARG0 you'
    :ARG1 (sheep :poss you'') :ARG3 amr-unknown), with the Insert-Between "to"s."""
    to_take, to_where = InsertedVertex(1), InsertedVertex(2)
    labels = {"w": "want-01", "y": "you", "k": "take-01", "y2": "you", "s": "sheep", "p": "you",
              "a": "amr-unknown", to_take: "to", to_where: "to"}
    edges = [("w", "ARG0", "y"), ("w", "ARG1", to_take), (to_take, PLACEHOLDER, "k"), ("k", "ARG0", "y2"),
             ("k", "ARG1", "s"), ("s", "poss", "p"), ("k", "ARG3", to_where), (to_where, PLACEHOLDER, "a")]
    order = Order([("y", "w"), ("w", to_take), (to_take, "k"), ("y2", "k"), ("k", "s"), ("s", to_where),
                   ("p", "s"), (to_where, "a")])
    rho = AnnotationFunction({Key.REAL: {"w": "want", "y": "you", "k": "take", "y2": "", "s": "sheep", "p": "your",
                                         "a": "where", to_take: "to", to_where: "to"},
                              Key.POS: {"w": "VB", "k": "VB"}, Key.TENSE: {"w": "present"}})
    return Configuration(Graph(labels, edges, order), (), (), rho, 2)


def test_a_question_word_opens_its_question_and_do_follows_it():
    c = _take_sheep()
    assert finalize(c) == "you want to take your sheep to where"
    fronted = question_words_first(c, CONTEXT)
    assert finalize(fronted) == "where you want to take your sheep"
    assert finalize(do_support(fronted, CONTEXT)) == "where do you want to take your sheep"
    assert finalize(question_words_first(fronted, CONTEXT)) == "where you want to take your sheep"


def test_a_question_word_after_the_preposition_that_opens_its_question_stays():
    """MASSIVE "in which was elvis born" (a :year amr-unknown, "in" inserted before its date
    entity): the phrase opens the question already, so the word is not put before the
    preposition ("which in was elvis born")."""
    into = InsertedVertex(1)
    labels = {"b": "bear-02", "p": "person", "d": "date-entity", "u": "amr-unknown", into: "in"}
    edges = [("b", "ARG1", "p"), ("b", "time", into), (into, PLACEHOLDER, "d"), ("d", "year", "u")]
    c = final(labels, edges, [into, "u", "d", "p", "b"], pos={"b": "VB"},
              real={"b": "was born", "p": "elvis", "d": "", "u": "which", into: "in"})
    assert finalize(question_words_first(c, CONTEXT)) == "in which elvis was born"


def test_a_question_whose_subject_asks_gets_no_do():
    """The question word inside the subject (amr-unknown as its :mod) opens the question
    as it is: no do before it, the verb keeps its form (QALD-9: "which holidays are
    celebrated", not "did which holidays celebrate"); a question word elsewhere still
    brings do before the subject."""
    labels = {"f": "found-01", "o": "organization", "u": "amr-unknown", "d": "date-entity"}
    rho = AnnotationFunction({Key.REAL: {"f": "founded", "o": "organizations", "u": "which", "d": "in 1930"},
                              Key.POS: {"f": "VB"}})
    which = Graph(labels, [("f", "ARG0", "o"), ("o", "mod", "u"), ("f", "time", "d")],
                  Order([("u", "o"), ("o", "f"), ("f", "d")]))
    assert finalize(do_support(Configuration(which, (), (), rho), CONTEXT)) == "which organizations founded in 1930"
    when = Graph(labels, [("f", "ARG0", "o"), ("f", "time", "u"), ("f", "location", "d")],
                 Order([("u", "o"), ("o", "f"), ("f", "d")]))
    c = Configuration(when, (), (), rho.updated([(Key.REAL, "u", "when")]))
    assert finalize(do_support(c, CONTEXT)) == "when did organizations found in 1930"


def test_have_said_for_its_own_frame_takes_do_as_any_verb_does():
    """QALD-9 "how many employees does google have", "did elvis presley have children":
    have-03 said has is the verb, not an auxiliary; an auxiliary that begins another
    verb's realization (was born) still takes no do."""
    labels = {"h": "have-03", "g": "google", "e": "employee", "u": "amr-unknown"}
    edges = [("h", "ARG0", "g"), ("h", "ARG1", "e"), ("e", "quant", "u")]
    asked = final(labels, edges, ["u", "e", "g", "h"], pos={"h": "VB"},
                  real={"h": "has", "e": "employees", "u": "how many"})
    assert finalize(do_support(asked, CONTEXT)) == "how many employees does google have"
    labels["h"] = "bear-02"
    passive = final(labels, edges, ["u", "e", "g", "h"], pos={"h": "VB"},
                    real={"h": "was born", "e": "employees", "u": "how many"})
    assert finalize(do_support(passive, CONTEXT)) == "how many employees google was born"


def test_do_agrees_with_the_subject_of_its_question():
    """MASSIVE-AMR: "what does potato mean" (the verb said in its base form), not "what do
    the potato mean"; a plural subject or an and of subjects takes do."""
    names = {"m": "mean-01", "p": "potato", "u": "amr-unknown", "a": "and", "x": "tense"}

    def asked(subject, below=(), real=None):
        edges = [("m", "ARG1", subject), ("m", "ARG2", "u"), *below]
        labels = {v: names[v] for v in {"m", *(v for _, _, v in edges)}}
        g = Graph(labels, edges, Order([("u", subject), (subject, "m"), *(("p", "a"), ("a", "x"))[:len(below)]]))
        rho = AnnotationFunction({Key.REAL: {"m": "mean", "p": "the potato", "u": "what", "a": "", **(real or {})},
                                  Key.POS: {"m": "VB", "p": "NN"}})
        return finalize(do_support(Configuration(g, (), (), rho), CONTEXT))

    assert asked("p") == "what does the potato mean"
    assert asked("p", real={"p": "the potatoes"}) == "what do the potatoes mean"
    assert asked("a", [("a", "op1", "p"), ("a", "op2", "x")], {"x": "and tense"}) == "what do the potato and tense mean"


def _nile_starts(prefix: str = ""):
    """the nile starts in which countries: start-06 :ARG0 (river :name "Nile") :location
    (country :mod amr-unknown), the river said by its name, "in" put by Insert-Between;
    ``prefix`` an auxiliary before the verb."""
    into = InsertedVertex(1)
    labels = {"s": "start-06", "r": "river", "n": '"Nile"', "t": "the", "c": "country", "a": "amr-unknown",
              into: "in", **({"x": "be"} if prefix else {})}
    edges = [("s", "ARG0", "r"), ("r", "name", "n"), ("n", PLACEHOLDER, "t"), ("s", "location", into),
             (into, PLACEHOLDER, "c"), ("c", "mod", "a"), *([("s", PLACEHOLDER, "x")] if prefix else [])]
    order = Order([("r", "s"), ("s", into), ("t", "n"), ("n", "r"), (into, "c"), ("a", "c"),
                   *([("r", "x"), ("x", "s")] if prefix else [])])
    rho = AnnotationFunction({Key.REAL: {"s": "starts", "r": "", "n": "nile", "t": "the", "c": "countries",
                                         "a": "which", into: "in", **({"x": prefix} if prefix else {})},
                              Key.POS: {"s": "VB"}})
    return Configuration(Graph(labels, edges, order), (), (), rho, 1)


def test_a_question_word_that_determines_a_noun_takes_its_phrase_to_the_front():
    """QALD-9: "in which country does the Nile start?"; no comma after the fronted
    phrase, do before a subject said by its name, none after an auxiliary."""
    c = question_words_first(_nile_starts(), CONTEXT)
    assert finalize(c) == "in which countries the nile starts"
    assert finalize(fronted_clause_commas(c, CONTEXT)) == "in which countries the nile starts"
    assert finalize(do_support(c, CONTEXT)) == "in which countries does the nile start"
    with_auxiliary = question_words_first(_nile_starts("was"), CONTEXT)
    assert finalize(do_support(with_auxiliary, CONTEXT)) == "in which countries the nile was starts"


def test_a_question_word_stays_below_the_verb_that_reports_the_question():
    labels = {"a": "ask-01", "h": "he", "l": "live-01", "y": "you", "u": "amr-unknown"}
    edges = [("a", "ARG0", "h"), ("a", "ARG1", "l"), ("l", "ARG0", "y"), ("l", "location", "u")]
    order = Order([("h", "a"), ("a", "l"), ("y", "l"), ("l", "u")])
    rho = AnnotationFunction({Key.REAL: {"a": "asked", "h": "he", "l": "live", "y": "you", "u": "where"},
                              Key.POS: {"a": "VB", "l": "VB"}})
    c = question_words_first(Configuration(Graph(labels, edges, order), (), (), rho), CONTEXT)
    assert finalize(c) == "he asked where you live"
    assert finalize(do_support(c, CONTEXT)) == "he asked where do you live"


# -- modals -------------------------------------------------------------------------


def _modal(clause_order, question=False, modal_first=True):
    """possible-01 over distinguish-01 (i, china), each family ordered on its own as Reorder orders them
    (the modal before its clause, or after it)."""
    labels = {"p": "possible-01", "d": "distinguish-01", "i": "i", "c": "china", "m": "interrogative"}
    edges = [("p", "ARG1", "d"), ("d", "ARG0", "i"), ("d", "ARG1", "c"), *([("p", "mode", "m")] if question else [])]
    order = Order([("p", "d") if modal_first else ("d", "p"), *pairwise(clause_order),
                   *([("m", "p")] if question else [])])
    rho = AnnotationFunction({Key.REAL: {"p": "can", "d": "distinguish", "i": "i", "c": "china", "m": ""},
                              Key.POS: {"d": "VB"}})
    return Configuration(Graph({k: v for k, v in labels.items() if question or k != "m"}, edges, order), (), (), rho)


def test_a_modal_follows_the_subject_of_its_clause():
    assert finalize(_modal(["i", "d", "c"])) == "can i distinguish china"
    assert finalize(modal_subjects(_modal(["i", "d", "c"]), CONTEXT)) == "i can distinguish china"
    # the subject does not open the clause: left as it is
    assert finalize(modal_subjects(_modal(["c", "i", "d"]), CONTEXT)) == "can china i distinguish"
    # a question keeps the modal first
    assert finalize(modal_subjects(_modal(["i", "d", "c"], question=True), CONTEXT)) == "can i distinguish china"


def test_a_modal_follows_a_subject_said_by_its_name():
    # a named entity's concept is said as nothing, its name below it ("p-tefb can alter", not "can p-tefb alter")
    labels = {"p": "possible-01", "a": "alter-01", "e": "enzyme", "n": '"P-TEFb"', "r": "role"}
    edges = [("p", "ARG1", "a"), ("a", "ARG0", "e"), ("e", "name", "n"), ("a", "ARG1", "r")]
    rho = AnnotationFunction({Key.REAL: {"p": "can", "a": "alter", "e": "", "n": "p-tefb", "r": "the role"},
                              Key.POS: {"a": "VB"}})
    c = Configuration(Graph(labels, edges, Order([("p", "a"), ("e", "a"), ("a", "r"), ("e", "n")])), (), (), rho)
    assert finalize(c) == "can p-tefb alter the role"
    assert finalize(modal_subjects(c, CONTEXT)) == "p-tefb can alter the role"


def test_a_modal_said_after_its_clause_goes_after_the_subject():
    # the transitions may put the modal after its clause ("the boy not go must")
    assert finalize(_modal(["i", "d", "c"], modal_first=False)) == "i distinguish china can"
    assert finalize(modal_subjects(_modal(["i", "d", "c"], modal_first=False), CONTEXT)) == "i can distinguish china"
    # without a subject opening the clause, the modal goes before the clause
    assert finalize(modal_subjects(_modal(["c", "i", "d"], modal_first=False), CONTEXT)) == "can china i distinguish"


def test_obligate_raises_the_subject_of_its_arg2():
    labels = {"o": "obligate-01", "w": "wait-01", "we": "we"}
    order = Order([("o", "w"), ("we", "w")])
    rho = AnnotationFunction({Key.REAL: {"o": "must", "w": "wait", "we": "we"}, Key.POS: {"w": "VB"}})
    c = Configuration(Graph(labels, [("o", "ARG2", "w"), ("w", "ARG1", "we")], order), (), (), rho)
    assert finalize(c) == "must we wait"
    assert finalize(modal_subjects(c, CONTEXT)) == "we must wait"


# -- do-support and the copula of adjectival predicates -----------------------------


def test_a_not_after_its_verb_goes_before_it_with_do():
    labels = {"k": "know-01", "i": "i", "m": "-", "d": "draw-01"}
    c = final(labels, [("k", "ARG0", "i"), ("k", "polarity", "m"), ("k", "ARG1", "d")], ["i", "k", "m", "d"],
              pos={"k": "VB", "d": "VB"}, real={"k": "know", "m": "not", "d": "to draw"})
    assert finalize(do_support(c, CONTEXT)) == "i do not know to draw"


def negated(verb, real, subject="i", before=()):
    """``subject [before...] not verb``: a negated verb and its subject."""
    labels = {"v": verb, "s": subject, "m": "-", **{f"b{i}": word for i, word in enumerate(before)}}
    edges = [("v", "ARG0", "s"), ("v", "polarity", "m"), *(("v", "mod", f"b{i}") for i in range(len(before)))]
    order = ["s", *(f"b{i}" for i in range(len(before))), "m", "v"]
    return final(labels, edges, order, pos={"v": "VB"}, real={"v": real, "m": "not"})


@pytest.mark.parametrize("real, subject, expected", [
    ("knew", "i", "i did not know"),
    ("know", "i", "i do not know"),
    ("knows", "he", "he does not know"),
    ("looks up", "he", "he does not look up"),
    # a base form the realization chose agrees with the subject that opens the clause
    ("take", "he", "he does not take"),
    ("take", "boy", "boy does not take"),
    ("take", "you", "you do not take"),
])
def test_a_negated_verb_gets_do_support_in_its_tense(real, subject, expected):
    c = do_support(negated("know-01", real, subject), CONTEXT)
    assert finalize(c) == expected
    (do,) = set(c.graph.vertices) - {"v", "s", "m"}
    assert isinstance(do, InsertedVertex) and c.graph.edge_labels("v", do) == [PLACEHOLDER]


def test_no_do_support_after_an_auxiliary_nor_for_be_nor_for_a_participle():
    assert finalize(do_support(negated("know-01", "know", before=["can"]), CONTEXT)) == "i can not know"
    assert finalize(do_support(negated("be-located-at-91", "was"), CONTEXT)) == "i not was"
    assert finalize(do_support(negated("see-01", "seen"), CONTEXT)) == "i not seen"
    not_a_verb = negated("know-01", "knew")
    not_a_verb = not_a_verb.with_(rho=not_a_verb.rho.updated([(Key.POS, "v", "NN")]))
    assert finalize(do_support(not_a_verb, CONTEXT)) == "i not knew"


def base_verb(subject="boy", before=(), tense=None, mode=None):
    """``subject [before...] win race``: win-01 said in its base form after its subject."""
    labels = {"w": "win-01", "s": subject, "r": "race", **{f"b{i}": word for i, word in enumerate(before)},
              **({"m": mode} if mode else {})}
    edges = [("w", "ARG0", "s"), ("w", "ARG1", "r"), *(("w", "mod", f"b{i}") for i in range(len(before))),
             *([("w", "mode", "m")] if mode else [])]
    order = ["s", *(f"b{i}" for i in range(len(before))), "w", "r", *(["m"] if mode else [])]
    c = final(labels, edges, order, pos={"w": "VB", "s": "NN", "r": "NN"}, real={"w": "win", **({"m": ""} if mode else {})})
    return c.with_(rho=c.rho.updated([(Key.TENSE, "w", tense)])) if tense else c


PAST = Context(BigramLM({("boy", "won"): -0.5, ("he", "won"): -0.5}), uniform_denom)


PRESENT = Context(BigramLM({("boy", "wins"): -0.5, ("they", "win"): -0.5}), uniform_denom)


@pytest.mark.parametrize("subject, context, expected", [
    ("boy", PAST, "boy won race"),
    ("boy", PRESENT, "boy wins race"),
    ("they", PRESENT, "they win race"),
])
def test_a_clause_verb_in_its_base_form_takes_the_finite_form_the_lm_prefers(subject, context, expected):
    assert finalize(finite_verbs(base_verb(subject), context)) == expected


@pytest.mark.parametrize("subject, word, expected", [
    ("boy", "win", "boy wins race"),
    ("they", "wins", "they win race"),
    ("i", "wins", "i win race"),
    ("he", "wins", "he wins race"),
])
def test_a_present_verb_agrees_with_its_subject_whatever_the_lm_prefers(subject, word, expected):
    c = base_verb(subject, tense="present")
    c = c.with_(rho=c.rho.updated([(Key.REAL, "w", word)]))
    assert finalize(finite_verbs(c, PRESENT if word == "wins" else PAST)) == expected


def test_a_base_form_after_to_a_modal_or_not_or_in_a_command_is_left_as_it_is():
    for before in (["to"], ["can"], ["not"]):
        assert finalize(finite_verbs(base_verb(before=before), PAST)) == f"boy {before[0]} win race"
    assert finalize(finite_verbs(base_verb(mode="imperative"), PAST)) == "boy win race"


def glad(subject="i", real=None, between=(), number=None):
    labels = {"g": "glad-02", "s": subject, **{u: label for u, label, _ in between}}
    edges = [("g", "ARG0", "s"), *(("g", role, u) for u, _, role in between)]
    c = final(labels, edges, ["s", *(u for u, _, _ in between), "g"], pos={"g": "JJ"}, real={"g": "glad", **(real or {})})
    return c.with_(rho=c.rho.updated([(Key.NUMBER, "s", number)])) if number else c


def test_an_adjective_heading_the_sentence_gets_be_after_its_subject():
    lm = BigramLM({("i", "am"): -0.5, ("i", "was"): -0.2})
    assert finalize(predicative_copula(glad(), Context(lm, uniform_denom))) == "i was glad"
    assert finalize(predicative_copula(glad(), Context(BigramLM({("i", "am"): -0.5}), uniform_denom))) == "i am glad"
    negative = glad(between=[("m", "-", "polarity"), ("d", "very", "degree")], real={"m": "not"})
    assert finalize(predicative_copula(negative, Context(BigramLM({}), uniform_denom))) == "i am not very glad"
    assert finalize(predicative_copula(glad("they"), Context(BigramLM({}), uniform_denom))) == "they are glad"
    assert finalize(predicative_copula(glad("boy", number="plural"), Context(BigramLM({}), uniform_denom))) == "boy are glad"
    assert finalize(predicative_copula(glad("boy"), Context(BigramLM({}), uniform_denom))) == "boy is glad"


def test_no_copula_past_a_clause_nor_for_a_word_that_is_no_adjective():
    clause = glad(between=[("r", "run-01", "time")], real={"r": "running"})
    assert finalize(predicative_copula(clause, Context(BigramLM({}), uniform_denom))) == "i running glad"
    other = glad(real={"g": "happily"})
    assert finalize(predicative_copula(other, Context(BigramLM({}), uniform_denom))) == "i happily"


def test_the_adjective_of_an_adverb_realization_takes_the_copula():
    assert finalize(predicative_copula(glad(real={"g": "gladly"}), Context(BigramLM({}), uniform_denom))) == "i am glad"


def test_a_subject_after_its_adjective_moves_before_it():
    after = final({"g": "glad-02", "s": "i"}, [("g", "ARG0", "s")], ["g", "s"], pos={"g": "JJ"}, real={"g": "glad"})
    assert finalize(predicative_copula(after, Context(BigramLM({}), uniform_denom))) == "i am glad"
    # "glad that i": the word Insert-Between put before the subject goes
    that = InsertedVertex(5)
    labels = {"g": "glad-02", that: "that", "s": "i"}
    c = final(labels, [("g", "ARG1", that), (that, "*", "s")], ["g", that, "s"], pos={"g": "JJ"}, real={"g": "glad"})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "i am glad"
    # "sad to forget friends": a verb keeps its to
    to = InsertedVertex(6)
    labels = {"a": "sad-02", to: "to", "f": "forget-01", "r": "friends"}
    c = final(labels, [("a", "ARG1", to), (to, "*", "f"), ("f", "ARG1", "r")], ["a", to, "f", "r"],
              pos={"a": "JJ", "f": "VB"}, real={"a": "sad", "f": "forget"})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "to forget friends is sad"


def test_a_subject_with_an_unrealized_head_still_counts():
    # (s / simple-02 :ARG1 (t / thing :ARG2-of (r / reply-01))): "simply reply" -> "reply is simple"
    labels = {"s": "simple-02", "t": "thing", "r": "reply-01"}
    c = final(labels, [("s", "ARG1", "t"), ("t", "ARG2-of", "r")], ["s", "t", "r"], pos={"s": "JJ"},
              real={"s": "simply", "t": "", "r": "reply"})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "reply is simple"


def test_like_and_be_located_take_the_copula_too():
    labels = {"r": "resemble-01", "g": "grown-up", "t": "that"}
    c = final(labels, [("r", "ARG1", "g"), ("r", "ARG2", "t")], ["g", "r", "t"], pos={"r": "IN", "g": "NN"},
              real={"r": "like", "g": "grown ups"})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "grown ups are like that"
    # the verb like-01 is no predicate
    labels["r"] = "like-01"
    c = final(labels, [("r", "ARG1", "g"), ("r", "ARG2", "t")], ["g", "r", "t"], pos={"r": "VB", "g": "NN"},
              real={"r": "like", "g": "grown ups"})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "grown ups like that"
    labels = {"b": "be-located-at-91", "y": "you", "h": "home"}
    c = final(labels, [("b", "ARG1", "y"), ("b", "ARG2", "h")], ["y", "h", "b"], real={"b": ""})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "you are home"
    # a location first: left alone
    c = final(labels, [("b", "ARG1", "y"), ("b", "ARG2", "h")], ["h", "y", "b"], real={"b": ""})
    assert finalize(predicative_copula(c, Context(BigramLM({}), uniform_denom))) == "home you"


def test_what_a_verb_of_thinking_reports_is_a_clause():
    # (t / think-01 :ARG0 (h / he) :ARG1 (r / resemble-01 :ARG1 (i / i) :ARG2 (h2 / he))), the i a copy
    that, i = InsertedVertex(3), InsertedVertex(4)
    labels = {"t": "think-01", "h": "he", that: "that", "r": "resemble-01", i: "i", "h2": "him"}
    edges = [("t", "ARG0", "h"), ("t", "ARG1", that), (that, "*", "r"), ("r", "ARG1", i), ("r", "ARG2", "h2")]
    c = final(labels, edges, ["h", "t", that, i, "r", "h2"], pos={"t": "VB", "r": "IN"},
              real={"t": "thought", "r": "like"})
    assert finalize(predicative_copula(c, Context(BigramLM({("i", "was"): -0.1}), uniform_denom))) == "he thought that i was like him"


def test_a_question_puts_the_copula_before_the_subject():
    labels = {"s": "sad-02", "m": "interrogative", "y": "you", "t": "then", "d": "so"}
    edges = [("s", "mode", "m"), ("s", "ARG1", "y"), ("s", "time", "t"), ("s", "degree", "d")]
    c = final(labels, edges, ["m", "t", "y", "d", "s"], pos={"s": "JJ"}, real={"s": "sadly", "m": ""})
    lm = BigramLM({("then", "were"): -0.1})
    assert finalize(predicative_copula(c, Context(lm, uniform_denom))) == "then were you so sad"


def test_a_yes_no_question_gets_do_before_its_subject():
    labels = {"c": "collect-01", "h": "he", "b": "butterfly", "q": "interrogative"}
    edges = [("c", "ARG0", "h"), ("c", "ARG1", "b"), ("c", "mode", "q")]
    question = final(labels, edges, ["q", "h", "c", "b"], pos={"c": "VB"}, real={"c": "collects", "q": ""})
    assert finalize(do_support(question, CONTEXT)) == "does he collect butterfly"
    statement = final({k: labels[k] for k in "chb"}, edges[:2], ["h", "c", "b"], pos={"c": "VB"},
                      real={"c": "collects"})
    assert finalize(do_support(statement, CONTEXT)) == "he collects butterfly"
    subject_last = final(labels, edges, ["q", "b", "c", "h"], pos={"c": "VB"}, real={"c": "collects", "q": ""})
    assert finalize(do_support(subject_last, CONTEXT)) == "butterfly collects he"


@pytest.mark.parametrize("verb, words, expected", [
    ("has", ["must", "v"], "must have"),
    ("came", ["can", "n", "v"], "can not come"),
    ("came", ["v"], "came"),
    ("has", ["must", "x", "v"], "must x has"),
])
def test_a_verb_after_a_modal_takes_its_base_form(verb, words, expected):
    labels = {"r": "root", "v": "verb", "must": "must", "can": "can", "n": "-", "x": "x"}
    used = [w for w in words]
    c = final({"r": "root", **{w: labels[w] for w in used}}, [("r", "mod", w) for w in used], [*used, "r"],
              pos={"v": "VB"}, real={"r": "", "v": verb, "n": "not"})
    assert finalize(bare_infinitives(c, CONTEXT)) == expected


def test_the_cause_of_a_cause_is_a_clause_with_its_copula_and_a_question_asks_it_once():
    """(c / cry-01 :ARG0 (b / baby) :ARG1-of (c2 / cause-01 :ARG0 (t / tire-01 :ARG1 b))): "the baby
    cries because it is tired"; (c / cause-01 :ARG0 (a / amr-unknown) :ARG1 (b / blue-01 :ARG1 (s /
    sky))): "why is the sky blue", with the copula before the subject and no second one."""
    context = Context(BigramLM({}), uniform_denom)
    labels = {"c": "cry-01", "b": "baby", "c2": "cause-01", "t": "tire-01", "i": "baby"}
    edges = [("c", "ARG0", "b"), ("c", "ARG1-of", "c2"), ("c2", "ARG0", "t"), ("t", "ARG1", "i")]
    cry = final(labels, edges, ["b", "c", "c2", "i", "t"], pos={"c": "VB", "t": "JJ"},
                real={"b": "the baby", "c": "cries", "c2": "because", "i": "it", "t": "tired"})
    assert finalize(predicative_copula(cry, context)) == "the baby cries because it is tired"
    labels = {"c": "cause-01", "u": "amr-unknown", "b": "blue-01", "s": "sky"}
    why = final(labels, [("c", "ARG0", "u"), ("c", "ARG1", "b"), ("b", "ARG1", "s")], ["u", "s", "b", "c"],
                pos={"b": "JJ"}, real={"u": "why", "s": "the sky", "b": "blue", "c": ""})
    assert finalize(predicative_copula(why, context)) == "why is the sky blue"


def test_a_copula_takes_the_tense_its_time_adverb_fixes():
    """(b / be-located-at-91 :ARG1 (k / knife) :ARG2 (d / drawer) :time (y / yesterday)): "the knife was
    in the drawer yesterday", whatever the language model prefers; without such an adverb, the LM chooses."""
    labels = {"b": "be-located-at-91", "k": "knife", "d": "drawer", "y": "yesterday"}
    edges = [("b", "ARG1", "k"), ("b", "ARG2", "d"), ("b", "time", "y")]
    c = final(labels, edges, ["k", "b", "d", "y"], real={"b": "", "k": "the knife", "d": "in the drawer",
                                                          "y": "yesterday"})
    present = Context(BigramLM({("knife", "is"): 0.0}), uniform_denom)
    assert finalize(predicative_copula(c, present)) == "the knife was in the drawer yesterday"
    c = c.with_(rho=c.rho.updated([(Key.REAL, "y", "today")]))
    assert finalize(predicative_copula(c, present)) == "the knife is in the drawer today"


def test_a_clause_below_the_word_insert_between_put_before_it_takes_its_copula():
    """LP dev: "and if you are good i will give you a string" (was "if you good"): the :condition
    hangs below the *if* Insert-Between added, and is the clause head, not the *if*."""
    if_ = InsertedVertex(7)
    labels = {"w": "give-01", if_: "if", "g": "good-02", "y": "you", "i": "i"}
    edges = [("w", "ARG0", "i"), ("w", "condition", if_), (if_, "*", "g"), ("g", "ARG1", "y")]
    c = final(labels, edges, [if_, "y", "g", "i", "w"], pos={"g": "JJ", "w": "VB"},
              real={if_: "if", "g": "good", "w": "gave"})
    assert finalize(predicative_copula(c, Context(BigramLM({("you", "are"): 0.0}), uniform_denom))) == \
        "if you are good i gave"
