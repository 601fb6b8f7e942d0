"""Section 4.4's postprocessing, as our pipeline runs it: duplicates, the sentence's mark, articles."""

import pytest

from amrgen.amr import Amr
from amrgen.hyperparameters import Hyperparameters
from amrgen.postprocess.articles import indefinite_article, revise_articles_refined
from amrgen.postprocess.pipeline import resolve_pipeline
from amrgen.postprocess.punctuation import punctuate_refined
from amrgen.postprocess.step import Context
from amrgen.postprocess.thesis import remove_duplicates
from amrgen.transitions.annotations import NONE, Key
from amrgen.transitions.configuration import PLACEHOLDER, InsertedVertex, finalize
from postprocess.helpers import CONTEXT, BigramLM, final, uniform_denom


THE = InsertedVertex(1)


FULL = resolve_pipeline("full")


def punctuate(c):
    """Our punctuation: the refined punc(v)."""
    return punctuate_refined(c, CONTEXT)


# -- duplicates ---------------------------------------------------------------------


def test_easter_island_island_loses_its_duplicate():
    assert remove_duplicates(["easter", "island", "island"], CONTEXT) == ["easter", "island"]
    assert remove_duplicates(["a", "a", "a", "b", "a"], CONTEXT) == ["a", "b", "a"]
    assert remove_duplicates([], CONTEXT) == []


def test_worked_example_17_the_easter_island_graph():
    """Worked example 17, Figure fig:easterisland: the four vertices v1: island,
    v2: name, v3: 'Easter', v4: 'Island'; the name v2 says nothing, its
    operands precede island: "easter island island", which loses its duplicate."""
    c = final({"v1": "island", "v2": "name", "v3": '"Easter"', "v4": '"Island"'},
              [("v1", "name", "v2"), ("v2", "op1", "v3"), ("v2", "op2", "v4")], ["v3", "v4", "v2", "v1"],
              pos={"v1": "NN", "v3": "NNP", "v4": "NNP"}, real={"v2": "", "v3": "easter", "v4": "island"})
    assert finalize(c) == "easter island island"
    context = Context(BigramLM({}), uniform_denom)
    # Section 4.4 exactly: a graph of four vertices ends in no mark
    assert resolve_pipeline("thesis").run(c, context) == ["easter", "island"]
    # full leaves duplicates to the search (phase 2 says no word twice in a row), and the
    # full stop is ours (docs/deviations.md)
    assert FULL.run(c, context) == ["easter", "island", "island", "."]


def test_worked_example_17_said_without_the_duplicate_step(generator):
    graph = '(i / island :name (n / name :op1 "Easter" :op2 "Island"))'
    assert generator.with_postprocess(["articles", "punctuation"]).generate(
        Amr.from_penman(graph)).sentence == "easter island"


# -- punctuation --------------------------------------------------------------------


def test_a_question_ends_in_a_question_mark():
    """(w / want-01 :ARG0 (y / you) :ARG1 (a / amr-unknown)) → what do you want ?"""
    do = InsertedVertex(1)
    c = final({"w": "want-01", "y": "you", "a": "amr-unknown", do: "do"},
              [("w", "ARG0", "y"), ("w", "ARG1", "a"), ("w", PLACEHOLDER, do)], ["a", do, "y", "w"],
              real={"w": "want", "a": "what"}, inserted=1)
    punctuated = punctuate(c)
    assert finalize(punctuated) == "what do you want ?"
    (mark,) = set(punctuated.graph.vertices) - set(c.graph.vertices)
    assert mark == InsertedVertex(2) and punctuated.inserted == 2
    assert punctuated.graph.out_edges("w")[-1] == ("w", PLACEHOLDER, mark)
    assert punctuated.rho[Key.REAL][mark] == "?"


def test_an_interrogative_mode_child_makes_a_question_too():
    c = final({"g": "go-02", "y": "you", "m": "interrogative"}, [("g", "ARG0", "y"), ("g", "mode", "m")],
              ["y", "g", "m"], real={"g": "go", "m": ""})
    assert finalize(punctuate(c)) == "you go ?"


def test_an_unknown_deeper_in_the_sentence_makes_a_question_too():
    """(s / say-01 :ARG0 (h / he) :ARG1 (d / do-02 :ARG0 (y / you) :ARG1 (a / amr-unknown)))"""
    c = final({"s": "say-01", "h": "he", "d": "do-02", "y": "you", "a": "amr-unknown"},
              [("s", "ARG0", "h"), ("s", "ARG1", "d"), ("d", "ARG0", "y"), ("d", "ARG1", "a")],
              ["h", "s", "a", "d", "y"], real={"s": "said", "d": "do", "a": "what"})
    assert finalize(punctuate(c)) == "he said what do you ?"


def test_multi_sentence_graphs_get_commas_between_sentences_and_a_full_stop_at_the_end():
    labels = {"m": "multi-sentence", "s1": "go-02", "h": "he", "s2": "sleep-01", "sh": "she"}
    edges = [("m", "snt1", "s1"), ("s1", "ARG0", "h"), ("m", "snt2", "s2"), ("s2", "ARG0", "sh")]
    c = final(labels, edges, ["m", "h", "s1", "sh", "s2"], real={"m": "", "s1": "went", "s2": "slept"})
    assert finalize(punctuate(c)) == "he went , she slept ."
    # the mark follows the whole subgraph, also where its root comes first
    c = final(labels, edges, ["m", "s1", "h", "s2", "sh"], real={"m": "", "s1": "went", "s2": "slept"})
    assert finalize(punctuate(c)) == "went he , slept she ."


def test_every_sentence_ends_in_a_full_stop_however_small():
    """The thesis leaves graphs of fewer than five vertices without one; the references do not."""
    c = final({"c": "chapter", "n": "4"}, [("c", "mod", "n")], ["c", "n"])
    assert finalize(punctuate(c)) == "chapter 4 ."


# -- articles -----------------------------------------------------------------------


def saw_cat(**extra):
    return final({"s": "see-01", "h": "he", "c": "cat"}, [("s", "ARG0", "h"), ("s", "ARG1", "c")],
                 ["h", "s", "c"], pos={"s": "VB", "h": "PRP", "c": "NN"}, real={"s": "saw"}, **extra)


def test_an_article_the_language_model_wants_is_inserted_as_leftmost_child():
    lm = BigramLM({("saw", "the"): -0.1, ("the", "cat"): -0.1})
    revised = revise_articles_refined(saw_cat(), Context(lm, uniform_denom))
    (article,) = set(revised.graph.vertices) - {"s", "h", "c"}
    assert revised.graph.label(article) == "the" and revised.rho[Key.REAL][article] == "the"
    assert revised.graph.edge_labels("c", article) == [PLACEHOLDER]
    assert revised.rho[Key.DENOM]["c"] == "the" and revised.inserted == 1
    assert finalize(revised) == "he saw the cat"
    # the window: two words each side, the end of the sentence reached
    assert (["he", "saw", "the", "cat"], True, True) in lm.asked
    assert FULL.run(saw_cat(), Context(lm, uniform_denom)) == ["he", "saw", "the", "cat", "."]


def test_the_denom_model_weighs_in():
    lm = BigramLM({})  # every candidate the same LM score but for one more bigram
    only_denom = Hyperparameters(article_lm_weight=0.0, article_denom_weight=1.0)
    favours_the = revise_articles_refined(
        saw_cat(), Context(lm, lambda c, v: {"the": 1.0, "a": 0.0, NONE: 0.0}, hyper=only_denom))
    assert finalize(favours_the) == "he saw the cat"
    favours_none = revise_articles_refined(
        saw_cat(), Context(lm, lambda c, v: {"the": 0.2, "a": 0.2, NONE: 0.6}, hyper=only_denom))
    assert finalize(favours_none) == "he saw cat"


def test_an_before_a_vowel():
    assert indefinite_article("apple") == "an" and indefinite_article("cat") == "a"
    lm = BigramLM({("ate", "an"): -0.2, ("an", "apple"): -0.1, ("ate", "a"): -0.2, ("a", "apple"): -0.1})
    c = final({"e": "eat-01", "h": "he", "a": "apple"}, [("e", "ARG0", "h"), ("e", "ARG1", "a")],
              ["h", "e", "a"], pos={"a": "NN"}, real={"e": "ate"})
    assert finalize(revise_articles_refined(c, Context(lm, uniform_denom))) == "he ate an apple"


def test_an_article_phase_2_chose_is_kept_even_where_the_language_model_prefers_none():
    c = final({"l": "like-01", "h": "he", "m": "music", THE: "the"},
              [("l", "ARG0", "h"), ("l", "ARG1", "m"), ("m", PLACEHOLDER, THE)], ["h", "l", THE, "m"],
              pos={"m": "NN"}, real={"l": "likes"}, inserted=1)
    lm = BigramLM({("likes", "music"): -0.1, ("music", "</s>"): -0.1})
    assert finalize(revise_articles_refined(c, Context(lm, uniform_denom))) == "he likes the music"
    c_without = final({"l": "like-01", "h": "he", "m": "music"},
                      [("l", "ARG0", "h"), ("l", "ARG1", "m")], ["h", "l", "m"],
                      pos={"m": "NN"}, real={"l": "likes"})
    assert finalize(revise_articles_refined(c_without, Context(lm, uniform_denom))) == "he likes music"


def test_a_kept_article_is_definite_or_not_as_the_denom_model_and_the_language_model_prefer():
    def saw_the_cat(article):
        return final({"s": "see-01", "h": "he", "c": "cat", THE: article},
                     [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", PLACEHOLDER, THE)], ["h", "s", THE, "c"],
                     pos={"s": "VB", "h": "PRP", "c": "NN"}, real={"s": "saw"}, inserted=1)

    only_denom = Hyperparameters(article_lm_weight=0.0, article_denom_weight=1.0)
    indefinite = Context(BigramLM({}), lambda c, v: {"the": 0.2, "a": 0.7, NONE: 0.1}, hyper=only_denom)
    assert finalize(revise_articles_refined(saw_the_cat("the"), indefinite)) == "he saw a cat"
    definite = Context(PREFERS_THE, uniform_denom)
    assert finalize(revise_articles_refined(saw_the_cat("a"), definite)) == "he saw the cat"
    assert finalize(revise_articles_refined(saw_the_cat("the"), Context(BigramLM({}), uniform_denom))) == \
        "he saw the cat"  # of equal scores, phase 2's


PREFERS_THE = BigramLM({("saw", "the"): -0.1, ("the", "cat"): -0.1, ("the", "it"): 0.0, ("his", "the"): 0.0,
                        ("the", "his"): 0.0, ("the", "united"): -5.0})


def test_no_article_for_pronouns_and_the_one_there_goes():
    c = final({"s": "see-01", "h": "he", "i": "it", THE: "the"},
              [("s", "ARG0", "h"), ("s", "ARG1", "i"), ("i", PLACEHOLDER, THE)], ["h", "s", THE, "i"],
              pos={"i": "NN"}, real={"s": "saw"}, inserted=1)
    assert finalize(revise_articles_refined(c, Context(PREFERS_THE, uniform_denom))) == "he saw it"


def test_no_article_next_to_a_possessive():
    poss = InsertedVertex(1)
    c = final({"s": "see-01", "h": "he", "c": "cat", poss: "he"},
              [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", "poss", poss)], ["h", "s", poss, "c"],
              pos={"c": "NN"}, real={"s": "saw", poss: "his"}, inserted=1)
    assert finalize(revise_articles_refined(c, Context(PREFERS_THE, uniform_denom))) == "he saw his cat"


def test_names_keep_the_article_generation_gave_them():
    c = final({"c": "country", "n": '"United States"', THE: "the"},
              [("c", "name", "n"), ("n", PLACEHOLDER, THE)], [THE, "n", "c"],
              pos={"n": "NN", "c": "NN"}, real={"n": "united states", "c": ""}, inserted=1)
    assert finalize(revise_articles_refined(c, Context(PREFERS_THE, uniform_denom))) == "the united states"


def test_postprocess_refuses_an_unfinished_configuration():
    c = final({"a": "a", "b": "b"}, [("a", "x", "b")], [])
    with pytest.raises(ValueError, match="totally ordered"):
        FULL.run(c, Context(BigramLM({}), uniform_denom))
