"""Our punctuation and quotation steps: amrgen.postprocess.punctuation."""

import pytest

from amrgen.hyperparameters import Hyperparameters
from amrgen.postprocess.punctuation import (
    coordination_commas,
    fronted_clause_commas,
    punctuate_refined,
    quote_speech,
    restore_hyphens,
)
from amrgen.postprocess.step import Context
from amrgen.transitions.configuration import PLACEHOLDER, InsertedVertex, finalize
from postprocess.helpers import CONTEXT, BigramLM, final, uniform_denom


def punctuate(c):
    """Our punctuation: the refined punc(v)."""
    return punctuate_refined(c, CONTEXT)


def quotation_marks(c):
    """Our quotation marks: direct speech."""
    return quote_speech(c, CONTEXT)


# -- commas -------------------------------------------------------------------------


def test_a_comma_goes_before_a_coordinating_and_with_conjuncts_on_its_left():
    c = final({"a": "and", "s1": "stand-up-07", "s2": "leave-11"}, [("a", "op1", "s1"), ("a", "op2", "s2")],
              ["s1", "a", "s2"], pos={"s1": "VB", "s2": "VB"}, real={"s1": "stood up", "s2": "left"})
    assert finalize(coordination_commas(c, CONTEXT)) == "stood up , and left"
    initial_and = final({"a": "and", "s2": "leave-11"}, [("a", "op1", "s2")], ["a", "s2"], real={"s2": "left"})
    assert finalize(coordination_commas(initial_and, CONTEXT)) == "and left"


def test_two_conjuncts_that_are_no_verbs_take_no_comma_three_do():
    two = final({"a": "and", "b": "boy", "g": "girl"}, [("a", "op1", "b"), ("a", "op2", "g")], ["b", "a", "g"],
                pos={"b": "NN", "g": "NN"})
    assert finalize(coordination_commas(two, CONTEXT)) == "boy and girl"
    three = final({"a": "or", "x": "he", "y": "she", "z": "it"},
                  [("a", "op1", "x"), ("a", "op2", "y"), ("a", "op3", "z")], ["x", "y", "a", "z"],
                  pos={"x": "NN", "y": "NN", "z": "NN"})
    assert finalize(coordination_commas(three, CONTEXT)) == "he , she , or it"


def test_a_comma_follows_a_fronted_clause_of_three_words_or_more():
    labels = {"v": "value", "g": "get-03", "o": "one", "l": "lost", "k": "knowledge"}
    edges = [("v", "condition", "g"), ("g", "ARG1", "o"), ("g", "ARG2", "l"), ("v", "domain", "k")]
    c = final(labels, edges, ["o", "g", "l", "k", "v"], real={"o": "if one", "g": "gets", "l": "lost",
                                                             "k": "knowledge is", "v": "valuable"})
    assert finalize(fronted_clause_commas(c, CONTEXT)) == "if one gets lost , knowledge is valuable"
    after = final(labels, edges, ["k", "v", "o", "g", "l"], real={"o": "if one", "g": "gets", "l": "lost",
                                                                 "k": "knowledge is", "v": "valuable"})
    assert finalize(fronted_clause_commas(after, CONTEXT)) == "knowledge is valuable if one gets lost"
    short = final({"l": "leave-11", "t": "then"}, [("l", "time", "t")], ["t", "l"], real={"t": "then", "l": "left"})
    assert finalize(fronted_clause_commas(short, CONTEXT)) == "then left"
    where = final({"s": "small", "l": "live-01", "e": "everything"}, [("s", "location", "l"), ("s", "domain", "e")],
                  ["l", "e", "s"], real={"l": "where i live", "e": "everything is"})
    assert finalize(fronted_clause_commas(where, CONTEXT)) == "where i live , everything is small"


def test_commas_separate_the_conjuncts_of_a_list():
    subjects = ("geography", "history", "arithmetic", "grammar")
    labels = {"a": "and", **{s: s for s in subjects}, "m": "many"}
    edges = [*(("a", f"op{i}", s) for i, s in enumerate(subjects, start=1)), ("arithmetic", "mod", "m")]
    c = final(labels, edges, ["geography", "history", "m", "arithmetic", "a", "grammar"],
              real={"m": "much"})
    assert finalize(coordination_commas(c, CONTEXT)) == "geography , history , much arithmetic , and grammar"
    # a left child that is no conjunct gets no comma of its own, nor counts as a third conjunct
    mod = final({"o": "or", "x": "star", "y": "sun", "e": "either"},
                [("o", "op1", "x"), ("o", "op2", "y"), ("o", "mod", "e")], ["e", "x", "o", "y"], real={"e": "either"})
    assert finalize(coordination_commas(mod, CONTEXT)) == "either star or sun"


def test_the_conjuncts_of_a_coordination_said_as_nothing_are_separated_by_commas():
    # Bio AMR's citations: (and :op1 23 :op2 24) said "( 23 , 24 )"; a child between
    # two conjuncts stays on its side of the comma, a conjunct said as nothing gets none
    cited = final({"a": "and", "x": "23", "y": "24", "z": "person"},
                  [("a", "op1", "x"), ("a", "op2", "y"), ("a", "op3", "z")], ["x", "y", "z", "a"],
                  real={"a": "", "z": ""})
    assert finalize(coordination_commas(cited, CONTEXT)) == "23 , 24"
    between = final({"a": "and", "x": "figure", "y": "lane", "m": "data"},
                    [("a", "op1", "x"), ("a", "op2", "y"), ("a", "mod", "m")], ["x", "m", "y", "a"],
                    real={"a": ""})
    assert finalize(coordination_commas(between, CONTEXT)) == "figure , data lane"


# -- quotation marks ----------------------------------------------------------------


def test_direct_speech_is_quoted():
    """(s / say-01 :ARG0 (h / he) :ARG1 (d / draw-01 :ARG1 (s2 / sheep)))"""
    c = final({"s": "say-01", "h": "he", "d": "draw-01", "x": "sheep"},
              [("s", "ARG0", "h"), ("s", "ARG1", "d"), ("d", "ARG1", "x")],
              ["h", "s", "d", "x"], real={"s": "said", "d": "draw", "x": "a sheep"})
    assert finalize(quotation_marks(punctuate(c))) == 'he said : " draw a sheep . "'
    reported = final({"s": "say-01", "h": "he", "x": "sheep"}, [("s", "ARG0", "h"), ("s", "ARG1", "x")],
                     ["h", "s", "x"], real={"s": "said", "x": "sheep"})
    assert finalize(quotation_marks(reported)) == "he said sheep"
    noun = final({"a": "add-01", "h": "he", "d": "draw-01", "x": "sheep"},
                 [("a", "ARG0", "h"), ("a", "ARG1", "d"), ("d", "ARG1", "x")],
                 ["a", "h", "d", "x"], pos={"a": "NN"}, real={"a": "the addition of", "d": "draw", "x": "a sheep"})
    assert finalize(quotation_marks(punctuate(noun))) == "the addition of he draw a sheep ."  # Bio: no quotes


def test_a_quoted_question_ends_the_sentence_in_a_question_mark():
    """(a / and :op1 (s / smile-01 :ARG0 i) :op2 (d / demand-01 :ARG0 i :ARG1 (c / come-01 :mode interrogative
    :ARG1 (y / you))))"""
    labels = {"a": "and", "s": "smile-01", "i": "i", "d": "demand-01", "i2": "i", "c": "come-01",
              "m": "interrogative", "y": "you"}
    edges = [("a", "op1", "s"), ("a", "op2", "d"), ("s", "ARG0", "i"), ("d", "ARG0", "i2"), ("d", "ARG1", "c"),
             ("c", "mode", "m"), ("c", "ARG1", "y")]
    c = final(labels, edges, ["i", "s", "a", "i2", "d", "m", "y", "c"],
              real={"a": "and", "s": "smiled", "d": "demanded", "c": "come", "m": ""})
    assert finalize(quotation_marks(punctuate(c))) == 'i smiled and i demanded : " you come ? "'


@pytest.mark.parametrize("word", ["to", "that"])
def test_quoted_speech_loses_the_infinitive_marker_or_complementizer_before_it(word):
    to = InsertedVertex(1)
    c = final({"s": "say-01", "h": "he", to: word, "d": "draw-01", "x": "sheep"},
              [("s", "ARG0", "h"), ("s", "ARG1", to), (to, PLACEHOLDER, "d"), ("d", "ARG1", "x")],
              ["h", "s", to, "d", "x"], real={"s": "said", "d": "draw", "x": "a sheep"}, inserted=1)
    assert finalize(c) == f"he said {word} draw a sheep"
    assert finalize(quotation_marks(punctuate(c))) == 'he said : " draw a sheep . "'


def test_direct_speech_before_its_verb_is_quoted_with_a_comma():
    """(s / say-01 :ARG0 (p / prince) :ARG1 (m / morning :mod (g / good)))"""
    c = final({"s": "say-01", "p": "prince", "m": "morning", "g": "good"},
              [("s", "ARG0", "p"), ("s", "ARG1", "m"), ("m", "mod", "g")],
              ["g", "m", "s", "p"], real={"s": "said", "p": "the prince"})
    assert finalize(quotation_marks(c)) == '" good morning , " said the prince'


# -- hyphens ------------------------------------------------------------------------


def test_a_hyphen_goes_back_where_the_language_model_is_far_likelier_with_it():
    lm = BigramLM({("grown", "-"): -0.5, ("-", "ups"): -0.1, ("ups", ","): -0.5, (",", "-"): -0.1})
    assert restore_hyphens(["the", "grown", "ups", ",", "ups"], Context(lm, uniform_denom)) == ["the", "grown", "-", "ups", ",", "ups"]
    # -3 for ("grown", "ups") against -0.6 with the hyphen: 2.4 more, not enough for a margin of 3
    assert restore_hyphens(["the", "grown", "ups"], Context(lm, uniform_denom, hyper=Hyperparameters(hyphen_margin=3.0))) == ["the", "grown", "ups"]
    assert restore_hyphens([], Context(lm, uniform_denom)) == []
