"""A modal concept's clause verb goes above it in phase 1 (Swap, certain), and phase 2 says
the modal between the clause's subject and its verb, the verb in its base form; a clause
not swapped is offered its base form too."""

import re

import pytest

from amrgen.amr import Amr
from amrgen.decoding.offers import Offers
from amrgen.graph import Graph
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.order import Order
from amrgen.realization.clauses import modal_above, modal_below, raising_modal, takes_supporting_do
from amrgen.realization.inflection import is_base_form
from amrgen.transitions.annotations import AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.transitions import Realize


def _graph(text):
    return Amr.from_penman(text).graph


@pytest.mark.parametrize("text, raised", [
    ("(p / possible-01 :ARG1 (s / swim-01 :ARG0 (m / man)))", True),
    ("(o / obligate-01 :ARG2 (g / go-02 :ARG0 (b / boy)) :polarity -)", True),
    ("(o / obligate-01 :ARG1 (b / boy) :ARG2 (g / go-02 :ARG0 b))", False),  # the modal has an argument of its own
    ("(p / possible-01 :ARG1 (s / swim-01 :ARG0 (m / man)) :mode interrogative)", False),  # "can the man swim"
    ("(p / possible-01 :ARG1 (h / house))", False),  # no clause
])
def test_a_modal_is_raised_over_its_clause_only_where_it_has_no_other_argument_and_asks_nothing(text, raised):
    g = _graph(text)
    clause = next(v for v in g.vertices if g.parents(v) == [g.root])
    assert (raising_modal(g, clause) == g.root) is raised


def test_a_verb_below_its_modal_takes_no_do_and_is_offered_in_its_base_form_only():
    g = Graph({"s": "swim-01", "p": "possible-01", "m": "man", "n": "-"},
              [("s", "ARG1-of", "p"), ("s", "ARG0", "m"), ("s", "polarity", "n")], Order([]))
    assert modal_below(g, "s") == "p"
    rho = AnnotationFunction({Key.REAL: {"s": "swim"}, Key.POS: {"s": "VB"}})
    c = Configuration(g, ("s",), (), rho, 0)
    assert not takes_supporting_do(c, "s")  # "the man can not swim", not "does not can swim"
    swims = Realize("swims", SyntacticAnnotation(pos="VB", tense="present"))
    offered = Offers(WORDNET).offered(c, [(swims, 0.6)])
    assert [t.word for t, _ in offered] == ["swim"]


@pytest.mark.parametrize("text, said", [
    ("(p / possible-01 :ARG1 (s / swim-01 :ARG0 (m / man)))", r"the man (can|could) swim\b"),
    ("(o / obligate-01 :ARG2 (g / go-02 :ARG0 (b / boy) :polarity -))", r"the boy must not go\b"),
    ("(p / permit-01 :ARG1 (g / go-02 :ARG0 (b / boy)))", r"the boy may go\b"),
])
def test_the_learnt_generator_says_the_modal_after_the_subject_without_postprocessing(generator, text, said):
    assert re.match(said, generator.with_postprocess("thesis").generate(Amr.from_penman(text)).sentence)


def test_a_modal_s_clause_not_swapped_is_offered_its_base_form_too():
    """Bio "these results suggest that cbp could bind" (was "could bound": lemminflect knows
    *bound* as a base form too, of bound-01; the base form of bind-01 is *bind*)."""
    g = Graph({"p": "possible-01", "b": "bind-01", "c": "cbp"}, [("p", "ARG1", "b"), ("b", "ARG1", "c")], Order([]))
    assert modal_above(g, "b") == "p" and modal_above(g, "c") is None and modal_below(g, "b") is None
    c = Configuration(g, ("b",), (), AnnotationFunction({}), 0)
    bound = Realize("bound", SyntacticAnnotation(pos="VB", tense="past"))
    assert [t.word for t, _ in Offers(WORDNET).offered(c, [(bound, 0.6)])] == ["bound", "bind"]
    assert not is_base_form("bound", "bind") and is_base_form("bound") and is_base_form("bind", "bind")
    assert is_base_form("lay", "lay") and not is_base_form("laid", "lay")
