"""The table of several corpora (amrgen.evaluation.corpus_rows): a row per corpus."""

import pytest

from amrgen.evaluation.bleu import corpus_bleu, corpus_chrf
from amrgen.evaluation.corpus_rows import CorpusRow, corpora_csv, corpus_row, format_corpora
from amrgen.evaluation.lengths import Scored

GRAPHS = [
    Scored("the boy wants to go .", ["The", "boy", "wants", "to", "go", "."], 0.5),
    Scored("sheep eat", ["Sheep", "eat", "flowers", "."], 1.5, alternatives=[["sheep", "eat"]]),
]


def test_a_row_scores_against_every_reference_and_measures_against_the_first():
    row = corpus_row("lp/dev.txt", GRAPHS)
    references = [["The boy wants to go ."], ["Sheep eat flowers .", "sheep eat"]]
    hypotheses = ["the boy wants to go .", "sheep eat"]
    assert row.graphs == 2
    assert row.bleu == pytest.approx(corpus_bleu(hypotheses, references))
    assert row.bleu > corpus_bleu(hypotheses, ["The boy wants to go .", "Sheep eat flowers ."])
    assert row.chrf == pytest.approx(corpus_chrf(hypotheses, references))
    assert row.length_ratio == pytest.approx(8 / 10)  # 6 + 2 tokens generated, 6 + 4 in the first references
    assert row.seconds == pytest.approx(1.0)


def test_the_table_and_its_csv():
    rows = [corpus_row("lp/dev.txt", GRAPHS), CorpusRow("empty.txt", 0, None, None, None, None)]
    lines = format_corpora(rows).splitlines()
    assert lines[0].split() == ["corpus", "graphs", "BLEU", "chrF++", "len", "ratio", "s/graph"]
    assert lines[1].split()[:2] == ["lp/dev.txt", "2"] and lines[1].split()[4:] == ["0.800", "1.000"]
    assert lines[2].split() == ["empty.txt", "0", "-", "-", "-", "-"]
    csv = corpora_csv(rows).splitlines()
    assert csv[0] == "corpus,graphs,bleu,chrf,length_ratio,seconds"
    assert csv[1].startswith("lp/dev.txt,2,") and csv[1].endswith(",0.8,1")
    assert csv[2] == "empty.txt,0,,,,"
