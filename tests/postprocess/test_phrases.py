"""Our steps that mend phrases: amrgen.postprocess.phrases."""

from itertools import pairwise

from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.postprocess.phrases import pronoun_cases
from amrgen.transitions.annotations import AnnotationFunction, Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex, finalize
from postprocess.helpers import CONTEXT


def _tried(copy_word, copy_first=True, to=True, link=True):
    """i tried (to) find out: try-01 :ARG0 i :ARG1 (find-out-03 :ARG0 i'), the copy i'
    realized as ``copy_word`` before find out (after it unless ``copy_first``)."""
    inserted = InsertedVertex(1)
    labels = {"t": "try-01", "i": "i", "f": "find-out-03", "j": "i", **({inserted: "to"} if to else {})}
    edges = [("t", "ARG0", "i"), ("t", "ARG1", "f"), ("f", "ARG0", "j"),
             *([("f", PLACEHOLDER, inserted)] if to else [])]
    clause = [*([inserted] if to else []), *(["j", "f"] if copy_first else ["f", "j"])]
    rho = AnnotationFunction({Key.REAL: {"t": "tried", "i": "i", "f": "find out", "j": copy_word, inserted: "to"},
                              Key.POS: {"t": "VB", "f": "VB"}, **({Key.LINK: {"j": "i"}} if link else {})})
    order = Order([("i", "t"), ("t", "f"), *pairwise(clause)])
    return Configuration(Graph(labels, edges, order), (), (), rho, int(to))


def test_a_copied_pronoun_takes_the_case_its_verb_asks():
    assert finalize(pronoun_cases(_tried("i"), CONTEXT)) == "i tried to find out"
    assert finalize(pronoun_cases(_tried("my"), CONTEXT)) == "i tried to find out"
    assert finalize(pronoun_cases(_tried("my", to=False), CONTEXT)) == "i tried i find out"
    assert finalize(pronoun_cases(_tried("my", copy_first=False, to=False), CONTEXT)) == "i tried find out me"
    # the pronoun itself, not a copy, stays
    assert finalize(pronoun_cases(_tried("i", link=False), CONTEXT)) == "i tried to i find out"
