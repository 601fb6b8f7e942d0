"""Our steps that mend phrases: amrgen.postprocess.phrases."""

from itertools import pairwise

import pytest

from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.postprocess.questions import do_support
from amrgen.postprocess.phrases import pronoun_cases, single_negation, time_phrases
from amrgen.transitions.annotations import AnnotationFunction, Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex, finalize
from postprocess.helpers import CONTEXT, final


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


def test_a_year_or_time_of_day_as_time_takes_in():
    the = InsertedVertex(2)
    labels = {"s": "see-01", "d": "date-entity", "y": "1909", the: "the"}
    edges = [("s", "time", "d"), ("d", "year", "y"), ("y", PLACEHOLDER, the)]
    c = final(labels, edges, ["s", "d", the, "y"], real={"s": "saw", "d": ""})
    assert finalize(time_phrases(c, CONTEXT)) == "saw in 1909"
    c = final(labels, edges, [the, "y", "d", "s"], real={"s": "saw", "d": ""})
    assert finalize(time_phrases(c, CONTEXT)) == "in 1909 saw"
    # a full date is left alone
    labels.update(m="4")
    c = final(labels, [*edges, ("d", "month", "m")], ["s", "d", "m", the, "y"],
              real={"s": "saw", "d": "", "m": "april"})
    assert finalize(time_phrases(c, CONTEXT)) == "saw april the 1909"
    labels = {"l": "lose-02", "d": "date-entity", "n": "night", the: "the"}
    c = final(labels, [("l", "time", "d"), ("d", "dayperiod", "n"), ("n", PLACEHOLDER, the)], ["l", "d", the, "n"],
              real={"l": "lost", "d": ""})
    assert finalize(time_phrases(c, CONTEXT)) == "lost in the night"


def test_not_goes_where_a_negative_word_already_says_it():
    c = final({"l": "learn-01", "i": "i", "m": "-", "e": "ever"},
              [("l", "ARG0", "i"), ("l", "polarity", "m"), ("l", "time", "e")], ["i", "m", "e", "l"],
              real={"l": "learned", "m": "not", "e": "never"})
    assert finalize(single_negation(c, CONTEXT)) == "i never learned"
    plain = final({"l": "learn-01", "i": "i", "m": "-"}, [("l", "ARG0", "i"), ("l", "polarity", "m")],
                  ["i", "m", "l"], real={"l": "learned", "m": "not"})
    assert finalize(single_negation(plain, CONTEXT)) == "i not learned"
    ever = final({"l": "learn-01", "i": "i", "m": "-", "e": "ever"},
                 [("l", "ARG0", "i"), ("l", "polarity", "m"), ("l", "time", "e")], ["i", "m", "e", "l"],
                 real={"l": "learned", "m": "not"})
    assert finalize(single_negation(ever, CONTEXT)) == "i never learned"



def test_no_right_before_a_verb_is_not():
    labels = {"t": "tie-01", "y": "you", "m": "-", "h": "he"}
    edges = [("t", "ARG0", "y"), ("t", "polarity", "m"), ("t", "ARG1", "h")]
    c = final(labels, edges, ["y", "m", "t", "h"], pos={"t": "VB"}, real={"t": "tie", "m": "no", "h": "him"})
    assert finalize(single_negation(c, CONTEXT)) == "you not tie him"
    assert finalize(do_support(single_negation(c, CONTEXT), CONTEXT)) == "you do not tie him"
    # before the object it stays: "he has no friends"
    labels = {"t": "have-03", "y": "he", "m": "-", "h": "friend"}
    c = final(labels, edges, ["y", "t", "m", "h"], pos={"t": "VB"}, real={"t": "has", "m": "no", "h": "friends"})
    assert finalize(single_negation(c, CONTEXT)) == "he has no friends"
