"""Learnt punctuation (``amrgen train --learnt-punctuation``): the bigraph keeps the reference's
punctuation, the oracle explains the mark that ends a sentence by Insert-Child right of its
root, and the constrained system allows it."""

import dataclasses

import pytest

from amrgen.amr import Amr
from amrgen.oracle import training_data
from amrgen.prep.extended import ExtendedEntry, punctuated
from amrgen.transitions import LEFT, RIGHT, InsertChild, SyntacticAnnotation, initial
from amrgen.transitions.configuration import finalize
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Keep, NoInsertion, Realize, Reorder

GRAPH = "(l / leave-11 :ARG0 (i / i) :time (y / yesterday))"


def entry(tokens: str, words: str, alignment: dict, heads: list[int], graph: str = GRAPH) -> ExtendedEntry:
    w = words.split()
    return ExtendedEntry(id="x", amr=Amr.from_penman(graph), words=w, pos=["NN"] * len(w), lemmas=list(w),
                         heads=heads, labels=["dep"] * len(w), alignment=alignment, tokens=tokens.split(),
                         punctuated=True)


@pytest.fixture
def yesterday() -> ExtendedEntry:
    return entry("Yesterday , I left .", "yesterday i left",
                 {"y": frozenset({1}), "i": frozenset({2}), "l": frozenset({3})}, [3, 3, 0])


def test_the_bigraph_keeps_the_punctuation_where_the_reference_has_it(yesterday):
    words, pos, lemmas, heads, labels, position = punctuated(yesterday)
    assert words == ["yesterday", ",", "i", "left", "."]
    assert position == {1: 1, 2: 3, 3: 4}
    # a mark is its own tag and lemma and depends on the word before it
    assert (pos[1], lemmas[1], heads[1], labels[1]) == (",", ",", 1, "punct")
    assert heads == [4, 1, 4, 0, 4]
    b = yesterday.bigraph()
    assert b.words == words and b.amr_alignment == {("y", 1), ("i", 3), ("l", 4)}


def test_tokens_that_do_not_give_the_words_leave_them_as_they_are(yesterday):
    yesterday.tokens = "Yesterday , we left .".split()
    assert punctuated(yesterday)[0] == ["yesterday", "i", "left"]


@pytest.mark.parametrize("system", [TransitionSystem(), TransitionSystem(Constraints())], ids=["formal", "constrained"])
def test_the_oracle_says_the_final_mark_by_insert_child_right_of_the_root(yesterday, system):
    run = training_data(yesterday.bigraph(), system=system)
    assert [t for t in run.transitions if isinstance(t, InsertChild)] == [InsertChild(".", RIGHT)]
    assert run.output == "yesterday i left ."  # the comma is not learnt: no Insert-Between explains it


def test_without_learnt_punctuation_the_bigraph_has_none(yesterday):
    plain = dataclasses.replace(yesterday, punctuated=False)
    assert plain.bigraph().words == ["yesterday", "i", "left"]
    assert training_data(plain.bigraph()).output == "yesterday i left"


def test_a_question_ends_in_its_mark_and_nothing_is_inserted_beside_it():
    """The final mark is the root's child: no word the reference has before it (here "to")
    is inserted between the root and the mark."""
    e = entry("Where do you want to go ?", "where do you want to go",
              {"w": frozenset({4}), "y": frozenset({3}), "g": frozenset({6}), "a": frozenset({1})},
              [4, 4, 4, 0, 6, 4],
              graph="(w / want-01 :ARG0 (y / you) :ARG1 (g / go-02 :ARG0 y :ARG4 (a / amr-unknown)))")
    run = training_data(e.bigraph(), system=TransitionSystem(Constraints()))
    marks = [t for t in run.transitions if isinstance(t, InsertChild) and t.side == RIGHT]
    assert marks == [InsertChild("?", RIGHT)]
    assert run.output.endswith(" ?") and not run.output.endswith("to ?")


def test_the_constraints_allow_one_final_mark_at_a_sentence_root_and_keep_it_last():
    system = TransitionSystem(Constraints())
    c = initial(Amr.from_penman("(m / multi-sentence :snt1 (l / leave-11 :ARG0 (i / i)) :snt2 (s / sleep-01))").graph)
    c = c.with_(node_buffer=("l", *[v for v in c.node_buffer if v != "l"]))
    c = Realize("left", SyntacticAnnotation()).apply(Keep().apply(c))
    assert system.applicable(InsertChild(".", RIGHT), c)  # a sentence of a multi-sentence graph
    assert not system.applicable(InsertChild(".", LEFT), c)
    marked = InsertChild(".", RIGHT).apply(c)
    mark = marked.sigma1
    marked = marked.with_(node_buffer=marked.node_buffer[1:])
    assert not system.applicable(InsertChild("?", RIGHT), marked)  # one mark
    assert system.applicable(InsertChild("will", LEFT), marked)  # and still a word left of σ1
    done = NoInsertion().apply(marked)
    assert system.applicable(Reorder("i", "l", mark), done)
    assert not system.applicable(Reorder("i", mark, "l"), done)
    below = initial(Amr.from_penman("(l / leave-11 :ARG0 (i / i))").graph)
    below = below.with_(node_buffer=("i", "l"))
    assert not system.applicable(InsertChild(".", RIGHT), Realize("i", SyntacticAnnotation()).apply(Keep().apply(below)))


def test_a_hyphen_inside_a_realization_is_kept():
    e = entry("The grown - ups left .", "the grown ups left",
              {"g": frozenset({2, 3}), "l": frozenset({4})}, [3, 3, 4, 0],
              graph="(l / leave-11 :ARG0 (g / grown-up))")
    run = training_data(e.bigraph())
    assert any(isinstance(t, Realize) and t.word == "grown - ups" for t in run.transitions)
    assert finalize(run.final) == run.output and "grown - ups left ." in run.output
