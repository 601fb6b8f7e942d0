"""The rule-based aligner A_rb (thesis 4.3.1, after JAMR): amrgen.prep.align.rules."""

import pytest

from amrgen.amr import Amr
from amrgen.prep.align.rules import depth_first, rule_alignment
from amrgen.prep.align.spans import is_contiguous

THESIS = "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"


def align(graph: str, sentence: str, lemmas: str | None = None) -> tuple[Amr, dict]:
    amr = Amr.from_penman(graph)
    words = sentence.split()
    return amr, rule_alignment(amr, words, lemmas.split() if lemmas else words)


def by_label(amr: Amr, alignment: dict) -> dict:
    return {amr.graph.label(v): sorted(positions) for v, positions in alignment.items()}


def test_thesis_example():
    amr, alignment = align(THESIS, "the developer wants to sleep", "the developer want to sleep")
    assert alignment == {"v1": {3}, "v4": {2}, "v2": {2}, "v3": {5}}


def test_depth_first_is_written_order_each_vertex_once():
    amr = Amr.from_penman(THESIS)
    assert depth_first(amr) == ["v1", "v2", "v4", "v3"]


def test_exact_match_beats_lemma_and_prefix_and_takes_the_word_once():
    amr, alignment = align("(a / and :op1 (d / develop-02) :op2 (d2 / develop-02))",
                           "developers develop and develop")
    assert alignment["d"] == {2} and alignment["d2"] == {4} and alignment["a"] == {3}


def test_lemma_match():
    amr, alignment = align("(s / sleep-01)", "he slept", "he sleep")
    assert alignment == {"s": {2}}


def test_prefix_needs_four_letters():
    _, alignment = align("(a / act-02)", "activity")
    assert alignment == {}
    _, alignment = align("(d / develop-02)", "development")
    assert alignment == {"d": {1}}


def test_concept_words():
    amr, alignment = align("(p / possible-01 :ARG1 (g / go-01 :ARG0 (i / i)))", "i can go")
    assert by_label(amr, alignment) == {"possible-01": [2], "go-01": [3], "i": [1]}


@pytest.mark.parametrize(
    ("strings", "sentence", "ops", "span"),
    [
        ('"New" :op2 "York"', "i love new york", [[3], [4]], [3, 4]),
        ('"B-Raf"', "the b raf gene", [[2, 3]], [2, 3]),  # one string spelled by two words
        ('"China"', "chinese food", [[1]], [1]),  # fuzzy: a four-letter prefix
    ],
)
def test_named_entities(strings, sentence, ops, span):
    amr, alignment = align(f"(c / city :name (n / name :op1 {strings}))", sentence)
    assert [sorted(alignment[f"n.{k}"]) for k in range(len(ops))] == ops
    assert sorted(alignment["n"]) == span and sorted(alignment["c"]) == span


def test_a_name_mentioned_twice_gets_both_mentions_in_order():
    amr, alignment = align(
        '(a / and :op1 (p / person :name (n / name :op1 "Mary")) :op2 (p2 / person :name (n2 / name :op1 "Mary")))',
        "mary and mary",
    )
    assert alignment["n.0"] == {1} and alignment["n2.0"] == {3}


def test_wiki_and_mode_constants_are_not_aligned():
    amr, alignment = align('(c / city :wiki "Paris" :name (n / name :op1 "Paris") :mode imperative)', "paris")
    assert "c.0" not in alignment and "c.2" not in alignment and alignment["n.0"] == {1}


@pytest.mark.parametrize(
    "sentence",
    ["on march 5 2008", "on 5th march 08", "on 2008-03-05", "on march 5th , 2008".replace(" ,", "")],
)
def test_dates(sentence):
    amr, alignment = align("(d / date-entity :year 2008 :month 3 :day 5)", sentence)
    assert {"d.0", "d.1", "d.2"} <= set(alignment)
    assert 1 not in alignment["d"] and is_contiguous(alignment["d"])


def test_date_components_too_far_apart_are_not_a_date():
    _, alignment = align("(d / date-entity :year 2008 :month 3)", "march was long and cold unlike 2008")
    assert alignment == {"d.0": {7}}  # the year is still a number


@pytest.mark.parametrize(
    ("constant", "sentence", "positions"),
    [("5", "five cats", [1]), ("1000", "1,000 cats", [1]), ("2500000", "2.5 million cats", [1, 2]),
     ("50", "50% of cats", [1])],
)
def test_numbers(constant, sentence, positions):
    _, alignment = align(f"(c / cat :quant {constant})", sentence, sentence.replace("cats", "cat"))
    assert sorted(alignment["c.0"]) == positions and alignment["c"] == {len(sentence.split())}


def test_polarity_takes_the_negation_word_closest_to_its_parent():
    amr, alignment = align(
        "(a / and :op1 (g / go-01 :polarity -) :op2 (s / stay-01 :polarity -))",
        "no one did not go and never stay",
    )
    assert alignment["g.0"] == {4} and alignment["s.0"] == {7}


def test_polarity_in_a_negative_prefix():
    amr, alignment = align("(p / possible-01 :polarity -)", "it is impossible")
    assert alignment == {"p": {3}, "p.0": {3}}


def test_person_of_takes_the_span_of_its_derived_child():
    amr, alignment = align("(p / person :ARG0-of (t / teach-01))", "teachers")
    assert alignment == {"t": {1}, "p": {1}}


def test_every_alignment_is_contiguous_and_one_word_one_vertex_outside_groups():
    amr, alignment = align(
        '(s / say-01 :ARG0 (p / person :name (n / name :op1 "John" :op2 "Smith")) '
        ':ARG1 (b / buy-01 :ARG0 p :ARG1 (c / car :quant 2) :time (d / date-entity :year 2001)) :polarity -)',
        "john smith did not say he bought two cars in 2001",
    )
    assert all(is_contiguous(positions) and positions for positions in alignment.values())
    groups = [{"n.0", "n.1", "n", "p"}, {"d.0", "d"}]
    for v, positions in alignment.items():
        for u, others in alignment.items():
            if u != v and positions & others:
                assert any({u, v} <= group for group in groups), (u, v)
