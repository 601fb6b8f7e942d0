"""A degree question in phase 2: an amr-unknown in the :ARG2, :degree, :extent or :quant of a concept
WordNet knows as an adjective is offered *how* besides its other words, and the adjective its
copula (MASSIVE-AMR: "(t / tall-01 :ARG1 (g / giraffe) :ARG2 (a / amr-unknown))", "how tall is a
giraffe"); the agreement keeps *how* where the parent says its adjective with the copula, the
others elsewhere ("what does the word mean")."""

import re

import pytest

from amrgen.amr import Amr
from amrgen.decoding.agreement import Agreement
from amrgen.decoding.offers import Offers
from amrgen.graph import Graph
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.order import Order
from amrgen.realization.clauses import degree_question
from amrgen.transitions.annotations import AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import LEFT, Realize

TALL = Graph({"t": "tall-01", "g": "giraffe", "a": "amr-unknown"}, [("t", "ARG1", "g"), ("t", "ARG2", "a")], Order([]))


class _Candidate:
    """A candidate of best(u) as the agreement reads it: its Realize first."""

    def __init__(self, word):
        self.steps = ((Realize(word, SyntacticAnnotation(pos="WP")), 1.0),)


def test_an_adjective_asks_how_much_through_its_amr_unknown_and_a_verb_does_not():
    assert degree_question(TALL, "t") == "a"
    mean = Graph({"m": "mean-01", "w": "word", "a": "amr-unknown"}, [("m", "ARG1", "w"), ("m", "ARG2", "a")],
                 Order([]))
    assert degree_question(mean, "m") == "a"  # WordNet knows mean as an adjective: the agreement decides
    sing = Graph({"s": "sing-01", "b": "boy", "a": "amr-unknown"}, [("s", "ARG0", "b"), ("s", "ARG2", "a")],
                 Order([]))
    assert degree_question(sing, "s") is None
    no_subject = Graph({"t": "tall-01", "a": "amr-unknown"}, [("t", "ARG2", "a")], Order([]))
    assert degree_question(no_subject, "t") is None
    manner = Graph({"r": "run-01", "f": "fast", "a": "amr-unknown"}, [("r", "manner", "f"), ("f", "degree", "a")],
                   Order([]))
    assert degree_question(manner, "f") == "a"  # "how fast did the girl run"


def test_how_is_offered_to_the_amr_unknown_and_the_copula_to_the_adjective():
    offers = Offers(WORDNET)
    unknown = Configuration(TALL, ("a",), (), AnnotationFunction({}), 0)
    what = Realize("what", SyntacticAnnotation(pos="WP"))
    offered = [t.word for t, _ in offers.offered(unknown, [(what, 0.5)])]
    assert offered[0] == "what" and offered[-1] == "how"  # the root's question words with copulas between
    adjective = Configuration(TALL, ("t",), (), AnnotationFunction({Key.REAL: {"g": "giraffes"},
                                                                    Key.NUMBER: {"g": "plural"}}), 0)
    tall = Realize("tall", SyntacticAnnotation(pos="JJ"))
    assert [t.word for t, _ in offers.offered(adjective, [(tall, 0.5)])] == ["tall are", "tall were"]


@pytest.mark.parametrize("word, pos, kept", [("tall is", "JJ", ["how"]), ("tall", "JJ", ["what"]),
                                             ("means", "VB", ["what"])])
def test_how_is_kept_where_the_adjective_says_its_copula(word, pos, kept):
    c = Configuration(TALL, ("t",), (), AnnotationFunction({Key.REAL: {"t": word}, Key.POS: {"t": pos}}), 0)
    options = [_Candidate("what"), _Candidate("how")]
    assert [b.steps[0][0].word for b in Agreement(WORDNET).agreeing(c, "a", LEFT, options)] == kept


@pytest.mark.parametrize("graph, said", [
    ("(t / tall-01 :ARG1 (g / giraffe) :ARG2 (a / amr-unknown))", r"how tall (is|was) (a |the )?giraffe \?"),
    ('(b / big-01 :ARG1 (c / country :name (n / name :op1 "Japan")) :ARG2 (a / amr-unknown))',
     r"how big (is|was) japan \?"),
    ('(d / deep-02 :ARG1 (l / lake :name (n / name :op1 "Lake" :op2 "Placid")) :quant (a / amr-unknown))',
     r"how deep (is|was) lake placid \?"),  # QALD-9, was "how many lake placid is deep"
    ("(m / mean-01 :ARG1 (w / word) :ARG2 (a / amr-unknown))", r"what (does|did) (the )?word mean \?"),
    ("(r / run-01 :ARG0 (g / girl) :manner (f / fast :degree (a / amr-unknown)))",
     r"how fast (does|did) the girl run "),  # the guidelines' example, was "in fast did the girl run"
    ("(h / have-03 :ARG0 (b / boy) :ARG1 (a2 / apple :quant (a / amr-unknown)))",
     r"how many apples (does|did) the boy have "),  # the thesis's mark: amr-unknown no child of the root
])
def test_the_learnt_generator_asks_degree_questions_without_postprocessing(generator, graph, said):
    assert re.match(said, generator.with_postprocess("thesis").generate(Amr.from_penman(graph)).sentence)
