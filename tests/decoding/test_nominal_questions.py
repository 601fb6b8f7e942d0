"""A question that no verb says asks with a copula after its question word, in phase 2: the
amr-unknown through which a sentence's root asks is offered who/what for nothing or *which*, each
question word also followed by is/are/was/were; where the root says no verb the agreement keeps
those with the copula, elsewhere those without (MASSIVE-AMR and QALD-9: "how old is jennifer
lopez", "who is the mayor of rotterdam")."""

import re

import pytest

from amrgen.amr import Amr
from amrgen.decoding.agreement import Agreement
from amrgen.decoding.offers import Offers
from amrgen.graph import Graph
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.order import Order
from amrgen.realization.clauses import nominal_question
from amrgen.realization.defaults import role_question_word, root_question_word
from amrgen.transitions.annotations import AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import Realize


class _Candidate:
    """A candidate of best(u) as the agreement reads it: its Realize first."""

    def __init__(self, word):
        self.word = word
        self.steps = ((Realize(word, SyntacticAnnotation(pos="WP")), 1.0),)


def _configuration(labels, edges, real, pos=None, deleted=()):
    g = Graph(labels, edges, Order([]))
    rho = AnnotationFunction({Key.REAL: real, Key.POS: pos or {}, Key.DEL: {v: 1 for v in deleted}})
    return Configuration(g, (g.root,), (), rho, 0)


def test_a_root_that_says_no_verb_asks_through_its_amr_unknown():
    age = _configuration({"p": "person", "u": "amr-unknown"}, [("p", "age", "u")],
                         {"p": "jennifer lopez", "u": "how old"}, {"p": "NN"})
    assert nominal_question(age, "p") == "u"
    # a root said as nothing (be-located-at-91, have-org-role-91) asks so too, with a child kept
    located = _configuration({"b": "be-located-at-91", "c": "country", "u": "amr-unknown"},
                             [("b", "ARG1", "c"), ("b", "ARG2", "u")], {"b": "", "c": "", "u": "where"},
                             deleted=("b",))
    assert nominal_question(located, "b") == "u"


@pytest.mark.parametrize("labels, edges, real, pos", [
    ({"l": "live-01", "y": "you", "u": "amr-unknown"}, [("l", "ARG0", "y"), ("l", "location", "u")],
     {"l": "live", "y": "you", "u": "where"}, {"l": "VB"}),  # a verb: do-support's question
    ({"c": "child", "t": "tom", "u": "amr-unknown"}, [("c", "domain", "t"), ("c", "polarity", "u")],
     {"c": "child", "t": "tom", "u": ""}, {"c": "NN"}),  # a yes-no question
    ({"b": "blue-01", "s": "sky", "u": "amr-unknown"}, [("b", "ARG1", "s"), ("b", "ARG2", "u")],
     {"b": "blue", "s": "sky", "u": "how"}, {"b": "JJ"}),  # an adjective takes its own copula
    ({"c": "cause-01", "u": "amr-unknown"}, [("c", "ARG0", "u")], {"c": "", "u": "why"}, {}),  # nothing else
    ({"c": "cause-01", "u": "amr-unknown", "b": "blue-01", "s": "sky"},
     [("c", "ARG0", "u"), ("c", "ARG1", "b"), ("b", "ARG1", "s")],
     {"c": "", "u": "why", "b": "blue", "s": "the sky"}, {"b": "JJ", "s": "NN"}),  # "blue" takes its own copula
])
def test_a_verb_an_adjective_a_yes_no_question_or_a_question_about_nothing_asks_otherwise(labels, edges, real, pos):
    c = _configuration(labels, edges, real, pos, deleted=[v for v, word in real.items() if v != "u" and not word])
    assert nominal_question(c, c.graph.root) is None


def test_the_amr_unknown_is_offered_its_question_word_with_and_without_the_copula():
    g = Graph({"h": "have-org-role-91", "u": "amr-unknown", "m": "mayor"}, [("h", "ARG0", "u"), ("h", "ARG2", "m")],
              Order([]))
    assert root_question_word(g, "u") == "who"
    c = Configuration(g, ("u",), (), AnnotationFunction({}), 0)
    nothing = Realize("", SyntacticAnnotation(pos="WP"))
    offered = [t.word for t, _ in Offers(WORDNET).offered(c, [(nothing, 0.5)])]
    assert offered[0] == "who" and {"who is", "who are", "who was", "who were"} <= set(offered)
    polar = Graph({"c": "child", "u": "amr-unknown"}, [("c", "polarity", "u")], Order([]))
    assert root_question_word(polar, "u") is None


@pytest.mark.parametrize("text, said", [
    ('(p / person :age (a / amr-unknown) :name (n / name :op1 "Jennifer" :op2 "Lopez"))',
     r"how old is jennifer lopez \?"),
    ("(r / rate-01 :ARG1 (e / exchange-01 :ARG1 (d / dollar)) :ARG2 (a / amr-unknown))", r"what is (the )?rate\b"),
    ('(h / have-org-role-91 :ARG0 (a / amr-unknown) :ARG1 (c / city :name (n / name :op1 "Rotterdam"))'
     " :ARG2 (m / mayor))", r"who is (the )?mayor of rotterdam \?"),
])
def test_the_learnt_generator_asks_with_the_copula_without_postprocessing(generator, text, said):
    assert re.match(said, generator.with_postprocess("thesis").generate(Amr.from_penman(text)).sentence)


def test_the_article_of_such_a_question_follows_its_copula(generator):
    amr = Amr.from_penman('(h / have-org-role-91 :ARG0 (a / amr-unknown) :ARG1 (c / city :name (n / name'
                          ' :op1 "Rotterdam")) :ARG2 (m / mayor))')
    assert generator.generate(amr).sentence == "who is the mayor of rotterdam ?"


def test_with_and_without_the_copula_are_pruned_apart_so_that_the_root_can_choose():
    """best(u) keeps n5 candidates of each kind: the copula variants, which the language model may
    like better, never crowd out the plain question word a verb's question needs ("how long does
    princess kate ...", not "how long is does")."""
    g = Graph({"r": "rate-01", "u": "amr-unknown"}, [("r", "ARG2", "u")], Order([]))
    c = Configuration(g, ("u",), (), AnnotationFunction({}), 0)
    found = [_Candidate(word) for word in ("what is", "what", "what was", "who")]
    groups = Agreement(WORDNET).pruned_apart(c, found)
    assert [[b.word for b in group] for group in groups] == [["what", "who"], ["what is", "what was"]]
    other = Configuration(g, ("r",), (), AnnotationFunction({}), 0)
    assert Agreement(WORDNET).pruned_apart(other, found) == [found]


def test_a_verb_s_question_keeps_its_plain_question_word(generator):
    amr = Amr.from_penman("(c / cause-01 :ARG0 (a / amr-unknown) :ARG1 (b / blue-01 :ARG1 (s / sky)))")
    sentence = generator.with_postprocess("thesis").generate(amr).sentence
    assert sentence.startswith("why ") and sentence.count(" is ") == 1


@pytest.mark.parametrize("text, role_word, root_word", [
    ('(p / person :age (a / amr-unknown) :name (n / name :op1 "Tom"))', "how old", "how old"),
    ("(c / cause-01 :ARG0 (a / amr-unknown) :ARG1 (b / blue-01 :ARG1 (s / sky)))", "why", "why"),
    ("(h / have-org-role-91 :ARG0 (a / amr-unknown) :ARG2 (m / mayor))", None, "who"),
    ("(r / rate-01 :ARG2 (a / amr-unknown))", None, "what"),
    ("(l / live-01 :ARG0 (y / you) :location (c / city :mod (a / amr-unknown)))", None, None),  # not the root's
])
def test_a_root_asks_with_its_role_s_question_word_else_who_or_what(text, role_word, root_word):
    g = Amr.from_penman(text).graph
    u = next(v for v in g.vertices if str(g.label(v)) == "amr-unknown")
    assert role_question_word(g, u) == role_word
    assert root_question_word(g, u) == root_word
