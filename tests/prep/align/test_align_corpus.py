"""align_corpus: A'_wa, A_rb, fusion and the handwritten rules together (thesis 4.3.1)."""

from amrgen.amr import Amr
from amrgen.prep.align import align_corpus
from amrgen.prep.align.spans import is_contiguous

THESIS = "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"

ITEMS = [
    (THESIS, "the developer wants to sleep", "the developer want to sleep", "DT NN VBZ TO VB"),
    ("(s / sleep-01 :ARG0 (b / boy) :polarity -)", "the boy did not sleep", "the boy do not sleep",
     "DT NN VBD RB VB"),
    ('(v / visit-01 :ARG0 (b / boy) :ARG1 (c / city :name (n / name :op1 "New" :op2 "York")) '
     ':time (d / date-entity :year 2008))', "the boy visited new york in 2008",
     "the boy visit new york in 2008", "DT NN VBD NNP NNP IN CD"),
    ("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :ARG4 (c / city)))",
     "the boy wants to go to the city", "the boy want to go to the city", "DT NN VBZ TO VB IN DT NN"),
]


def items():
    return [(Amr.from_penman(g), w.split(), lemmas.split(), p.split()) for g, w, lemmas, p in ITEMS]


def test_thesis_example_and_no_function_words():
    alignments = align_corpus(items())
    thesis = alignments[0]
    assert thesis["v1"] == {3} and thesis["v4"] == {2} and thesis["v3"] == {5}
    assert thesis.get("v2", frozenset({2})) == {2}
    for (_, words, _, _), alignment in zip(items(), alignments):
        for positions in alignment.values():
            assert not {words[i - 1] for i in positions} & {"the", "to", "did", "in"}


def test_names_dates_and_polarity():
    _, negated, visit, _ = align_corpus(items())
    assert negated["s.1"] == {4} and negated["s"] == {5} and negated["b"] == {2}
    assert visit["n.0"] == {4} and visit["n.1"] == {5} and visit["c"] == {4, 5}
    assert visit["d.0"] == {7} and "d" not in visit  # date-entity is a NO_ALIGNMENT concept


def test_contiguous_and_deterministic():
    first, second = align_corpus(items()), align_corpus(items())
    assert first == second
    assert all(is_contiguous(ps) and ps for alignment in first for ps in alignment.values())


def test_progress_runs_to_the_total():
    calls = []
    align_corpus(items(), progress=lambda done, total: calls.append((done, total)))
    total = len(ITEMS) + 2
    assert calls == [(done, total) for done in range(1, total + 1)]


def test_empty_corpus_and_sentences_without_words():
    assert align_corpus([]) == []
    amr = Amr.from_penman("(m / multi-sentence)")
    assert align_corpus([(amr, [], [], []), (amr, ["the"], ["the"], ["DT"])]) == [{}, {}]
