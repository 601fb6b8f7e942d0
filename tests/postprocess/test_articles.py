"""Our refinement of Section 4.4's articles: amrgen.postprocess.articles."""

from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.postprocess.articles import revise_articles_refined
from amrgen.postprocess.step import Context
from amrgen.transitions.annotations import AnnotationFunction, Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex, finalize
from postprocess.helpers import BigramLM, final, uniform_denom


PREFERS_THE = BigramLM({("saw", "the"): -0.1, ("the", "cat"): -0.1, ("the", "it"): 0.0, ("his", "the"): 0.0,
                        ("the", "his"): 0.0, ("the", "united"): -5.0})


def _ram(number="singular", question=False):
    """(r / ram :domain (t / this) :polarity -), "this is not ram", the copula inserted on :domain."""
    is_ = InsertedVertex(1)
    labels = {"r": "ram", "t": "this", "n": "-", is_: "is", **({"q": "amr-unknown"} if question else {})}
    edges = [("r", "domain", is_), (is_, PLACEHOLDER, "t"), ("r", "polarity", "n"),
             *([("r", "mod", "q")] if question else [])]
    order = Order([("t", is_), (is_, "n"), ("n", "r"), *([("r", "q")] if question else [])])
    rho = AnnotationFunction({Key.REAL: {"r": "ram", "t": "this", "n": "not", is_: "is", "q": "what"},
                              Key.POS: {"r": "NN"}, Key.NUMBER: {"r": number}})
    return Configuration(Graph(labels, edges, order), (), (), rho, 1)


def test_a_singular_predicate_noun_takes_an_indefinite_article_after_its_subject():
    assert finalize(revise_articles_refined(_ram(), Context(PREFERS_THE, uniform_denom))) == "this is not a ram"
    assert finalize(revise_articles_refined(_ram(number="plural"), Context(BigramLM({}), uniform_denom))) == "this is not ram"
    assert "a" not in finalize(revise_articles_refined(_ram(question=True), Context(BigramLM({}), uniform_denom))).split()


def test_a_kept_indefinite_article_becomes_an_before_a_vowel():
    a = InsertedVertex(1)
    c = final({"e": "eat-01", "h": "he", "p": "apple", a: "a"},
              [("e", "ARG0", "h"), ("e", "ARG1", "p"), ("p", PLACEHOLDER, a)], ["h", "e", a, "p"],
              pos={"p": "NN"}, real={"e": "ate"}, inserted=1)
    assert finalize(revise_articles_refined(c, Context(PREFERS_THE, uniform_denom))) == "he ate an apple"
