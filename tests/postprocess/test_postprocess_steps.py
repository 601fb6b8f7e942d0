"""The postprocessing steps (thesis 4.4 and our additions): amrgen.postprocess."""

from itertools import pairwise

import pytest

from amrgen.graph import Graph, Order
from amrgen.hyperparameters import Hyperparameters
from amrgen.postprocess.articles import indefinite_article, revise_articles_refined
from amrgen.postprocess.clauses import (
    auxiliary_agreement,
    finite_verbs,
    bare_infinitives,
    do_support,
    frame_question_words,
    infinitive_subjects,
    modal_subjects,
    nominal_questions,
    predicative_copula,
    question_words_first,
)
from amrgen.postprocess.phrases import (
    ago,
    argument_cases,
    as_possible,
    consequences,
    counted_plurals,
    demonstratives,
    manner_adverbs,
    modifiers_first,
    percentages,
    pronoun_cases,
    single_negation,
    synthetic_degrees,
    time_phrases,
)
from amrgen.postprocess.pipeline import resolve_pipeline
from amrgen.postprocess.punctuation import (
    coordination_commas,
    exclamations,
    fronted_clause_commas,
    punctuate_refined,
    quote_dialogue,
    quote_speech,
    restore_hyphens,
)
from amrgen.postprocess.step import Context
from amrgen.postprocess.thesis import remove_duplicates
from amrgen.transitions.annotations import NONE, AnnotationFunction, Key
from amrgen.transitions.configuration import (
    PLACEHOLDER,
    Configuration,
    InsertedVertex,
    finalize,
)
from postprocess.helpers import CONTEXT, BigramLM, final, uniform_denom

THE = InsertedVertex(1)


FULL = resolve_pipeline("full")


def punctuate(c):
    """Our punctuation: the refined punc(v), then ``!`` for :mode expressive."""
    return exclamations(punctuate_refined(c, CONTEXT), CONTEXT)


def quotation_marks(c):
    """Our quotation marks: direct speech, then a question or exclamation as dialogue."""
    return quote_dialogue(quote_speech(c, CONTEXT), CONTEXT)


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
    # the full stop is ours (docs/deviations.md)
    assert FULL.run(c, context) == ["easter", "island", "."]


# -- punctuation ------------------------------------------------------------------------


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


def test_an_expressive_mode_child_makes_an_exclamation():
    c = final({"g": "go-02", "y": "you", "m": "expressive"}, [("g", "ARG0", "y"), ("g", "mode", "m")],
              ["y", "g", "m"], real={"g": "go", "m": ""})
    assert finalize(punctuate(c)) == "you go !"


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


# -- articles -----------------------------------------------------------------------------


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


def test_a_question_puts_its_verb_s_auxiliary_before_the_subject_instead_of_do():
    """MASSIVE-AMR "when was benjamin franklin born", said "when benjamin franklin was
    born": the be that Insert-Child put before born goes before the subject."""
    was = InsertedVertex(1)
    labels = {"b": "bear-02", "p": "person", "u": "amr-unknown", was: "be"}
    edges = [("b", "ARG1", "p"), ("b", "time", "u"), ("b", PLACEHOLDER, was)]
    real = {"b": "born", "p": "benjamin franklin", "u": "when", was: "was"}
    c = final(labels, edges, ["u", "p", was, "b"], pos={"b": "VB"}, real=real)
    assert finalize(do_support(c, CONTEXT)) == "when was benjamin franklin born"
    # not in a statement, nor past anything but auxiliaries
    labels["u"], real["u"] = "date-entity", "in 1706"
    statement = final(labels, edges, ["p", was, "b", "u"], pos={"b": "VB"}, real=real)
    assert finalize(do_support(statement, CONTEXT)) == "benjamin franklin was born in 1706"


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


def test_a_question_without_a_verb_asks_with_a_copula():
    """MASSIVE-AMR and QALD-9: AMR writes no copula in "how old is jennifer lopez",
    "what is the exchange rate", "who is the mayor of rotterdam"."""
    context = Context(BigramLM({}), uniform_denom)
    labels = {"p": "person", "n": '"Jennifer"', "u": "amr-unknown"}
    age = final(labels, [("p", "name", "n"), ("p", "age", "u")], ["u", "n", "p"],
                real={"p": "", "n": "jennifer lopez", "u": "how old"})
    assert finalize(nominal_questions(age, context)) == "how old is jennifer lopez"
    # an amr-unknown that says nothing asks what, or who for r's ARG0; the copula agrees with r
    labels = {"r": "rate-01", "t": "the", "d": "dollar", "u": "amr-unknown"}
    rates = final(labels, [("r", "*", "t"), ("r", "ARG1", "d"), ("r", "ARG2", "u")], ["t", "r", "d", "u"],
                  pos={"r": "NN", "d": "NN"}, real={"r": "rates", "d": "of the dollar", "u": ""})
    assert finalize(nominal_questions(rates, context)) == "what are the rates of the dollar"
    labels = {"m": "mayor", "c": "rotterdam", "u": "amr-unknown"}
    mayor = final(labels, [("m", "ARG0", "u"), ("m", "ARG1", "c")], ["m", "c", "u"],
                  pos={"m": "NN"}, real={"m": "the mayor", "c": "of rotterdam", "u": ""})
    assert finalize(nominal_questions(mayor, context)) == "who is the mayor of rotterdam"
    # the language model chooses the tense
    past = Context(BigramLM({("old", "was"): 0.0}), uniform_denom)
    assert finalize(nominal_questions(age, past)) == "how old was jennifer lopez"


def test_a_frame_s_role_asks_with_its_own_question_word():
    """MASSIVE-AMR: "where is stonehenge" (be-located-at-91 :ARG2 amr-unknown, said
    "what"), "how much is the us dollar" (have-quant-91 of a currency), "how many
    rivers" (of anything else); a word the model chose otherwise stays."""
    context = Context(BigramLM({}), uniform_denom)
    labels = {"b": "be-located-at-91", "s": "stonehenge", "u": "amr-unknown"}
    located = final(labels, [("b", "ARG1", "s"), ("b", "ARG2", "u")], ["u", "b", "s"], real={"b": "", "u": "what"})
    assert finalize(frame_question_words(located, context)) == "where stonehenge"
    assert finalize(nominal_questions(frame_question_words(located, context), context)) == "where is stonehenge"
    assert frame_question_words(located.with_(rho=located.rho.updated([(Key.REAL, "u", "which")])),
                                context).rho.get(Key.REAL, "u") == "which"
    for counted, word in (("currency", "how much"), ("river", "how many")):
        labels = {"h": "have-quant-91", "c": counted, "u": "amr-unknown"}
        quantity = final(labels, [("h", "ARG1", "c"), ("h", "ARG2", "u")], ["u", "h", "c"], real={"h": "", "u": ""})
        assert frame_question_words(quantity, context).rho.get(Key.REAL, "u") == word


def test_no_copula_for_a_verb_a_yes_no_question_or_a_question_about_nothing():
    context = Context(BigramLM({}), uniform_denom)
    labels = {"l": "live-01", "y": "you", "u": "amr-unknown"}
    verb = final(labels, [("l", "ARG0", "y"), ("l", "location", "u")], ["u", "y", "l"], pos={"l": "VB"},
                 real={"l": "live", "u": "where"})
    assert finalize(nominal_questions(verb, context)) == "where you live"
    labels = {"c": "child", "t": "tom", "u": "amr-unknown"}
    polar = final(labels, [("c", "domain", "t"), ("c", "polarity", "u")], ["t", "c", "u"], pos={"c": "NN"},
                  real={"u": ""})
    assert finalize(nominal_questions(polar, context)) == "tom child"
    labels = {"c": "cause-01", "u": "amr-unknown"}
    why = final(labels, [("c", "ARG0", "u")], ["u", "c"], real={"c": "", "u": "why"})
    assert finalize(nominal_questions(why, context)) == "why"


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


def test_a_modal_said_after_its_clause_goes_after_the_subject():
    # the transitions may put the modal after its clause ("the boy not go must")
    assert finalize(_modal(["i", "d", "c"], modal_first=False)) == "i distinguish china can"
    assert finalize(modal_subjects(_modal(["i", "d", "c"], modal_first=False), CONTEXT)) == "i can distinguish china"
    # without a subject opening the clause, the modal goes before the clause
    assert finalize(modal_subjects(_modal(["c", "i", "d"], modal_first=False), CONTEXT)) == "can china i distinguish"


def test_more_and_most_merge_into_the_inflected_forms():
    # "a most good portrait" -> "the best portrait"
    labels = {"p": "portrait", "g": "good", "m": "most", "a": "a"}
    c = final(labels, [("p", "mod", "g"), ("g", "degree", "m"), ("p", PLACEHOLDER, "a")], ["a", "m", "g", "p"],
              pos={"p": "NN", "g": "JJ"})
    assert finalize(synthetic_degrees(c, CONTEXT)) == "the best portrait"
    # "more large of a house" -> "larger than a house"
    of = InsertedVertex(7)
    labels = {"l": "large", "m": "more", of: "of", "h": "house"}
    c = final(labels, [("l", "degree", "m"), ("l", "compared-to", of), (of, "*", "h")], ["m", "l", of, "h"],
              pos={"l": "JJ", "h": "NN"})
    assert finalize(synthetic_degrees(c, CONTEXT)) == "larger than house"
    # English writes more before a long adjective; nothing between the two: left alone
    labels = {"b": "beautiful", "m": "more"}
    assert finalize(synthetic_degrees(final(labels, [("b", "degree", "m")], ["m", "b"], pos={"b": "JJ"}), CONTEXT)) \
        == "more beautiful"
    labels = {"b": "big", "m": "more", "v": "very"}
    c = final(labels, [("b", "degree", "m"), ("b", "mod", "v")], ["m", "v", "b"], pos={"b": "JJ"})
    assert finalize(synthetic_degrees(c, CONTEXT)) == "more very big"


def test_most_compared_to_possible_is_as_x_as_possible():
    labels = {"d": "destroy-01", "i": "it", "s": "soon", "m": "most", "p": "possible-01"}
    edges = [("d", "ARG1", "i"), ("d", "time", "s"), ("s", "degree", "m"), ("s", "compared-to", "p")]
    c = final(labels, edges, ["d", "i", "p", "m", "s"], pos={"d": "VB", "s": "JJ"},
              real={"d": "destroy", "p": "can"})
    assert finalize(synthetic_degrees(as_possible(c, CONTEXT), CONTEXT)) == "destroy it as soon as possible"
    # without possible-01 the superlative stays a superlative
    del labels["p"]
    c = final(labels, edges[:3], ["d", "i", "m", "s"], pos={"d": "VB", "s": "JJ"}, real={"d": "destroy"})
    assert finalize(synthetic_degrees(as_possible(c, CONTEXT), CONTEXT)) == "destroy it soonest"


def test_before_now_with_a_quantity_is_ago():
    labels = {"b": "before", "n": "now", "t": "temporal-quantity", "y": "year", "q": "6"}
    edges = [("b", "op1", "n"), ("b", "quant", "t"), ("t", "unit", "y"), ("t", "quant", "q")]
    c = final(labels, edges, ["n", "q", "t", "y", "b"], real={"t": "", "y": "years", "q": "six"})
    assert finalize(c) == "now six years before"
    assert finalize(ago(c, CONTEXT)) == "six years ago"
    c = final(labels, edges, ["b", "n", "q", "t", "y"], real={"t": "", "y": "years", "q": "six"})
    assert finalize(ago(c, CONTEXT)) == "six years ago"


def test_a_percentage_said_as_nothing_is_a_percent_sign_after_its_value():
    labels = {"u": "up-to", "p": "percentage-entity", "v": "70"}
    edges = [("u", "op1", "p"), ("p", "value", "v")]
    c = final(labels, edges, ["u", "p", "v"], real={"u": "up to", "p": ""})
    assert finalize(c) == "up to 70"
    assert finalize(percentages(c, CONTEXT)) == "up to 70 %"
    worded = final(labels, edges, ["u", "v", "p"], real={"u": "up to", "p": "percent"})
    assert percentages(worded, CONTEXT) is worded  # the models said it: left so
    unsaid = final(labels, edges, ["u", "p", "v"], real={"u": "up to", "p": "", "v": ""})
    assert percentages(unsaid, CONTEXT) is unsaid  # no value said: no sign alone


def test_obligate_raises_the_subject_of_its_arg2():
    labels = {"o": "obligate-01", "w": "wait-01", "we": "we"}
    order = Order([("o", "w"), ("we", "w")])
    rho = AnnotationFunction({Key.REAL: {"o": "must", "w": "wait", "we": "we"}, Key.POS: {"w": "VB"}})
    c = Configuration(Graph(labels, [("o", "ARG2", "w"), ("w", "ARG1", "we")], order), (), (), rho)
    assert finalize(c) == "must we wait"
    assert finalize(modal_subjects(c, CONTEXT)) == "we must wait"


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


def _want(subject, word, link=False):
    """want-01 :ARG1 (e / eat-01 :ARG0 subject), Insert-Between's to above eat."""
    to = InsertedVertex(8)
    labels = {"w": "want-01", "y": "you", to: "to", "e": "eat-01", "s": subject}
    edges = [("w", "ARG0", "y"), ("w", "ARG1", to), (to, "*", "e"), ("e", "ARG0", "s")]
    order = Order([("y", "w"), ("w", to), (to, "e"), ("s", "e")])
    rho = AnnotationFunction({Key.REAL: {"w": "want", "y": "you", to: "to", "e": "eats", "s": word},
                              Key.POS: {"w": "VB", "e": "VB"}, **({Key.LINK: {"s": "y"}} if link else {})})
    return Configuration(Graph(labels, edges, order), (), (), rho)


def test_the_subject_of_an_infinitive_goes_before_its_to():
    assert finalize(_want("sheep", "the sheep")) == "you want to the sheep eats"
    assert finalize(infinitive_subjects(_want("sheep", "the sheep"), CONTEXT)) == "you want the sheep to eat"
    assert finalize(infinitive_subjects(_want("he", "he"), CONTEXT)) == "you want him to eat"
    # a copy stays, for pronoun_cases to leave unsaid
    assert finalize(infinitive_subjects(_want("you", "you", link=True), CONTEXT)) == "you want to you eats"


def test_a_manner_adjective_of_a_verb_is_its_adverb():
    labels = {"a": "answer-01", "i": "i", "m": "modest"}
    c = final(labels, [("a", "ARG0", "i"), ("a", "manner", "m")], ["i", "a", "m"], pos={"a": "VB", "m": "JJ"},
              real={"a": "answered"})
    assert finalize(manner_adverbs(c, CONTEXT)) == "i answered modestly"
    # a noun's modifier stays an adjective
    c = final({"p": "person", "m": "modest"}, [("p", "mod", "m")], ["m", "p"], pos={"p": "NN", "m": "JJ"})
    assert finalize(manner_adverbs(c, CONTEXT)) == "modest person"


def test_a_possessive_after_its_noun_goes_first():
    of, the = InsertedVertex(3), InsertedVertex(4)
    labels = {"p": "picture", "n": '"Drawing Number One"', of: "of", "i": "i", the: "the"}
    edges = [("p", "name", "n"), ("n", PLACEHOLDER, the), ("p", "poss", of), (of, "*", "i")]
    c = final(labels, edges, [the, "n", "p", of, "i"], pos={"p": "NN"},
              real={"p": "", "n": "drawing number one", "i": "my"})
    assert finalize(c) == "the drawing number one of my"
    assert finalize(modifiers_first(c, CONTEXT)) == "my drawing number one"
    # an object pronoun stays: "a friend of me" is no possessive
    c = final(labels, edges, [the, "n", "p", of, "i"], pos={"p": "NN"},
              real={"p": "", "n": "drawing number one", "i": "me"})
    assert finalize(modifiers_first(c, CONTEXT)) == "the drawing number one of me"


def test_a_country_adjective_after_its_noun_goes_right_before_it():
    of, the, the2 = InsertedVertex(3), InsertedVertex(4), InsertedVertex(5)
    labels = {"a": "astronomer", of: "of", "c": "country", "n": '"Turkey"', the: "the", the2: "the"}
    edges = [("a", PLACEHOLDER, the), ("a", "mod", of), (of, "*", "c"), ("c", "name", "n"), ("n", PLACEHOLDER, the2)]
    real = {"c": "", "n": "turkish"}
    c = final(labels, edges, [the, "a", of, the2, "n", "c"], pos={"a": "NN"}, real=real)
    assert finalize(c) == "the astronomer of the turkish"
    assert finalize(modifiers_first(c, CONTEXT)) == "the turkish astronomer"
    # the country said by its name stays where it is
    c = final(labels, edges, [the, "a", of, the2, "n", "c"], pos={"a": "NN"}, real={**real, "n": "turkey"})
    assert finalize(modifiers_first(c, CONTEXT)) == "the astronomer of the turkey"


def test_a_cause_without_its_cause_says_so():
    labels = {"c": "cause-01", "d": "demonstrate-01", "a": "astronomer"}
    c = final(labels, [("c", "ARG1", "d"), ("d", "ARG0", "a")], ["c", "a", "d"], real={"c": "because"})
    assert finalize(consequences(c, CONTEXT)) == "so astronomer demonstrate-01"
    labels["i"] = "it"
    c = final(labels, [("c", "ARG1", "d"), ("d", "ARG0", "a"), ("c", "ARG0", "i")], ["c", "i", "a", "d"],
              real={"c": "because"})
    assert finalize(consequences(c, CONTEXT)) == "because it astronomer demonstrate-01"


def test_a_pronoun_argument_takes_the_case_of_its_side_of_the_verb():
    labels = {"f": "forget-01", "i": "i", "h": "he"}
    c = final(labels, [("f", "ARG0", "i"), ("f", "ARG1", "h")], ["i", "f", "h"], pos={"f": "VB"},
              real={"f": "forget", "h": "he"})
    assert finalize(argument_cases(c, CONTEXT)) == "i forget him"
    c = final(labels, [("f", "ARG0", "i"), ("f", "ARG1", "h")], ["i", "f", "h"], pos={"f": "VB"},
              real={"f": "forget", "i": "me", "h": "his"})
    assert finalize(argument_cases(c, CONTEXT)) == "i forget his"  # a possessive is another matter


def test_a_not_after_its_verb_goes_before_it_with_do():
    labels = {"k": "know-01", "i": "i", "m": "-", "d": "draw-01"}
    c = final(labels, [("k", "ARG0", "i"), ("k", "polarity", "m"), ("k", "ARG1", "d")], ["i", "k", "m", "d"],
              pos={"k": "VB", "d": "VB"}, real={"k": "know", "m": "not", "d": "to draw"})
    assert finalize(do_support(c, CONTEXT)) == "i do not know to draw"


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


@pytest.mark.parametrize("count, word, expected", [
    ("44", "sunset", "forty - four sunsets"), ("1", "sunset", "one sunset"), ("2", "sunsets", "two sunsets"),
    ("2", "sheep", "two sheep"),
])
def test_a_noun_counted_above_one_is_plural(count, word, expected):
    spelled = {"44": "forty - four", "1": "one", "2": "two"}[count]
    c = final({"s": "sunset", "q": count}, [("s", "quant", "q")], ["q", "s"], pos={"s": "NN"},
              real={"s": word, "q": spelled})
    assert finalize(counted_plurals(c, CONTEXT)) == expected


@pytest.mark.parametrize("noun, number, demonstrative, expected", [
    ("results", "plural", "this", "these results"),
    ("result", "singular", "these", "this result"),
    ("lines", "singular", "that", "those lines"),  # made plural by counted-plurals
    ("result", "singular", "that", "that result"),
])
def test_a_demonstrative_agrees_with_its_noun(noun, number, demonstrative, expected):
    c = final({"r": "result", "t": "this"}, [("r", "mod", "t")], ["t", "r"], pos={"r": "NN"},
              real={"r": noun, "t": demonstrative})
    c = c.with_(rho=c.rho.updated([(Key.NUMBER, "r", number)]))
    assert finalize(demonstratives(c, CONTEXT)) == expected
    after = final({"r": "result", "t": "this"}, [("r", "mod", "t")], ["r", "t"], pos={"r": "NN"},
                  real={"r": noun, "t": demonstrative})
    assert finalize(demonstratives(after, CONTEXT)) == f"{noun} {demonstrative}"


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


def test_a_question_or_exclamation_without_a_speech_verb_is_quoted_as_dialogue():
    def go(mode):
        return final({"g": "go-02", "y": "you", "m": mode}, [("g", "ARG0", "y"), ("g", "mode", "m")],
                     ["y", "g", "m"], real={"g": "go", "m": ""})
    assert finalize(quotation_marks(punctuate(go("interrogative")))) == '" you go ? "'
    assert finalize(quotation_marks(punctuate(go("expressive")))) == '" you go !'
    assert finalize(quotation_marks(punctuate(go("imperative")))) == "you go ."
    labels = {"m": "multi-sentence", "g": "go-02", "y": "you", "q": "interrogative"}
    several = final(labels, [("m", "snt1", "g"), ("g", "ARG0", "y"), ("g", "mode", "q")], ["m", "y", "g", "q"],
                    real={"m": "", "g": "go", "q": ""})
    assert finalize(quotation_marks(punctuate(several))) == "you go ?"


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


def test_a_hyphen_goes_back_where_the_language_model_is_far_likelier_with_it():
    lm = BigramLM({("grown", "-"): -0.5, ("-", "ups"): -0.1, ("ups", ","): -0.5, (",", "-"): -0.1})
    assert restore_hyphens(["the", "grown", "ups", ",", "ups"], Context(lm, uniform_denom)) == ["the", "grown", "-", "ups", ",", "ups"]
    # -3 for ("grown", "ups") against -0.6 with the hyphen: 2.4 more, not enough for a margin of 3
    assert restore_hyphens(["the", "grown", "ups"], Context(lm, uniform_denom, hyper=Hyperparameters(hyphen_margin=3.0))) == ["the", "grown", "ups"]
    assert restore_hyphens([], Context(lm, uniform_denom)) == []


# -- do-support and the copula of adjectival predicates -------------------------------


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


def passive(subject, be, number=None, subject_first=True):
    """``subject be compared``: compare-01 with its ARG1 and the be Insert-Child put before it."""
    aux = InsertedVertex(5)
    labels = {"v": "compare-01", "s": subject, aux: "be"}
    order = ["s", aux, "v"] if subject_first else [aux, "s", "v"]
    c = final(labels, [("v", "ARG1", "s"), ("v", PLACEHOLDER, aux)], order,
              pos={"v": "VB", "s": "NN"}, real={"v": "compared", aux: be})
    return c.with_(rho=c.rho.updated([(Key.NUMBER, "s", number)])) if number else c


@pytest.mark.parametrize("subject, be, number, expected", [
    ("results", "was", "plural", "results were compared"),
    ("results", "is", "plural", "results are compared"),
    ("result", "were", "singular", "result was compared"),
    ("i", "is", None, "i am compared"),
    ("they", "was", None, "they were compared"),
    ("result", "was", "singular", "result was compared"),
])
def test_an_inserted_be_agrees_with_the_subject_before_it(subject, be, number, expected):
    assert finalize(auxiliary_agreement(passive(subject, be, number), CONTEXT)) == expected


def test_an_inserted_be_before_its_subject_is_left_as_it_is():
    assert finalize(auxiliary_agreement(passive("results", "was", "plural", subject_first=False), CONTEXT)) \
        == "was results compared"


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


def test_a_question_of_degree_asks_how_and_puts_the_copula_before_the_subject():
    """MASSIVE-AMR "how big is japan": (b / big-01 :ARG1 japan :ARG2 amr-unknown), said
    "japan what big"; QALD-9 "how deep is lake placid" asks through :quant."""
    context = Context(BigramLM({}), uniform_denom)
    for role, subject in (("ARG2", "japan"), ("quant", "the lakes")):
        labels = {"b": "big-01", "j": "japan", "u": "amr-unknown"}
        c = final(labels, [("b", "ARG1", "j"), ("b", role, "u")], ["j", "u", "b"], pos={"b": "JJ", "j": "NN"},
                  real={"b": "big", "j": subject, "u": "what"})
        copula = "is" if subject == "japan" else "are"
        assert finalize(predicative_copula(c, context)) == f"how big {copula} {subject}"


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
