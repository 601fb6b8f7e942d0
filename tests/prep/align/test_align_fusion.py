"""Fusion of A'_wa and A_rb and the handwritten rules (thesis 4.3.1, reference §3.2)."""

import pytest

from amrgen.amr import Amr
from amrgen.prep.align.fusion import apply_rules, fuse, is_stripped
from amrgen.prep.align.spans import as_pairs, first_run, is_contiguous


def rules(graph: str, sentence: str, alignment: dict, pos: str | None = None, lemmas: str | None = None) -> dict:
    amr = Amr.from_penman(graph)
    words = sentence.split()
    tags = pos.split() if pos else ["NN"] * len(words)
    return apply_rules(amr, words, lemmas.split() if lemmas else words, tags,
                       {v: frozenset(ps) for v, ps in alignment.items()})


def test_first_run_keeps_the_leftmost_contiguous_sequence():
    assert first_run({7, 2, 3, 5}) == {2, 3}
    assert first_run(set()) == frozenset()
    assert is_contiguous({4, 5, 6}) and not is_contiguous({4, 6}) and is_contiguous(())


def test_fuse_is_the_thesis_formula():
    a_wa = {"v1": {3}, "v2": {2, 3, 5}, "v3": set()}
    a_rb = {"v1": {4}, "v2": {1}, "v3": {6}, "v4": {7, 8}}
    fused = fuse(a_wa, a_rb)
    a_wa_first = {(v, i) for v, ps in a_wa.items() for i in first_run(ps)}
    aligned = {v for v, _ in a_wa_first}
    expected = a_wa_first | {(v, i) for v, ps in a_rb.items() for i in ps if v not in aligned}
    assert as_pairs(fused) == expected
    assert fused == {"v1": {3}, "v2": {2, 3}, "v3": {6}, "v4": {7, 8}}


def test_articles_auxiliaries_and_adpositions_are_stripped_from_the_ends():
    aligned = rules("(s / sleep-01 :ARG0 (c / cat))", "the cat will be sleeping in", {"c": {1, 2}, "s": {3, 4, 5, 6}})
    assert aligned == {"c": {2}, "s": {5}}


def test_a_function_word_inside_a_span_stays():
    aligned = rules('(b / bank :name (n / name :op1 "Bank" :op2 "of" :op3 "America"))', "bank of america",
                    {"b": {1, 2, 3}, "n": {1, 2, 3}, "n.1": {2}})
    assert aligned == {"b": {1, 2, 3}, "n": {1, 2, 3}, "n.1": {2}}


@pytest.mark.parametrize(
    ("concept", "word", "kept"),
    [("before", "before", True), ("-", "without", True), ("amr-unknown", "which", True),
     ("like-01", "like", True), ("resemble-01", "like", True), ("go-01", "to", False),
     ("have-03", "has", True), ("have-org-role-91", "has", False), ("obligate-01", "had", True),
     ("be-located-at-91", "is", False), ("possible-01", "will", False), ("amr-unknown", "how", False),
     ("cat", "the", False), ("do-02", "did", True), ("say-01", "did", False)],
)
def test_which_words_a_concept_keeps(concept, word, kept):
    amr = Amr.from_penman(f"(x / {concept})" if concept != "-" else "(x / go-01 :polarity -)")
    v = "x.0" if concept == "-" else "x"
    assert is_stripped(amr, v, word) is not kept


def test_no_alignment_concepts_unrealized_constants_and_how_where_are_dropped():
    aligned = rules('(d / date-entity :wiki "X" :year 2000 :mod (h / how) :location (w / where))', "how in 2000 where",
                    {"d": {2, 3}, "d.0": {1}, "d.1": {3}, "h": {1}, "w": {4}})
    assert aligned == {"d.1": {3}}


def test_hyphenated_concepts_take_an_unaligned_run_of_their_words():
    aligned = rules("(a / at-least :op1 (t / thing))", "at least at least things", {"t": {5}})
    assert aligned == {"t": {5}, "a": {1, 2}}
    aligned = rules("(a / at-least :op1 (t / thing))", "at least", {"t": {2}})
    assert "a" not in aligned  # "least" is taken


def test_unaligned_vertices_take_unaligned_identical_words():
    aligned = rules("(s / sleep-01 :ARG0 (a / amr-unknown))", "who slept", {}, lemmas="who sleep")
    assert aligned == {"a": {1}, "s": {2}}


def test_have_org_role_takes_the_alignment_of_its_arg2():
    graph = "(h / have-org-role-91 :ARG0 (p / person) :ARG1 (c / company) :ARG2 (s / spokesman))"
    assert rules(graph, "the spokesman", {"s": {2}, "h": {1}})["h"] == {2}
    assert "h" not in rules(graph, "the company", {"c": {2}, "h": {2}})  # ARG2 is unaligned
    assert rules("(h / have-org-role-91 :ARG1 (c / company))", "company", {"c": {1}})["h"] == {1}


def test_polarity_joins_its_parents_negative_prefix_word():
    aligned = rules("(p / possible-01 :polarity -)", "it was inconceivable", {"p": {3}})
    assert aligned["p.0"] == {3}
    aligned = rules("(p / happy-01 :polarity -)", "unhappy", {"p": {1}})
    assert aligned["p.0"] == {1}
    assert "p.0" not in rules("(p / fair-01 :polarity -)", "fair", {"p": {1}})


def test_more_under_degree_joins_a_comparative_parent():
    aligned = rules("(b / big :degree (m / more))", "bigger", {"b": {1}}, pos="JJR")
    assert aligned == {"b": {1}, "m": {1}}
    assert "m" not in rules("(b / big :degree (m / more))", "big", {"b": {1}}, pos="JJ")


def test_rules_keep_alignments_contiguous():
    aligned = rules("(w / want-01 :ARG1 (g / go-01))", "i do want to go to the park",
                    {"w": {2, 3, 4}, "g": {5, 6, 7}})
    assert aligned == {"w": {3}, "g": {5}}
    assert all(is_contiguous(ps) for ps in aligned.values())


def test_a_unit_is_not_aligned_to_a_number_and_a_number_takes_its_multiplier():
    """Issue 34, point 9: "$ 80 million" once gave dollar the word "million" (the realize model
    then said 20 dollars as "20 million"), and the number only "80"."""
    graph = "(b / budget-01 :ARG1 (m / monetary-quantity :unit (d / dollar) :quant 80000000))"
    aligned = rules(graph, "a budget of 80 million", {"b": {2}, "d": {5}, "m.1": {4}})
    assert aligned == {"b": {2}, "m.1": {4, 5}}
    aligned = rules(graph, "a budget of 80 million dollars", {"b": {2}, "d": {5, 6}, "m.1": {4}})
    assert aligned == {"b": {2}, "d": {6}, "m.1": {4, 5}}
