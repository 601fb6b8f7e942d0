"""Two generators on one corpus (issue 17, point 5): entries by the difference in
sentence BLEU, corpus BLEU of each, and ``amrgen compare``."""

from pathlib import Path

import pytest

from amrgen import cli
from amrgen.decoding.generator import DEFAULT_HYPERPARAMETERS
from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu
from amrgen.evaluation.pairwise import (
    by_difference,
    corpus_scores,
    format_pairs,
    pair,
    pairs_tsv,
)
from amrgen.prep.prepared_format import read_prepared

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "sample.amr"


def test_pairs_are_listed_by_b_minus_a_lowest_first_unscored_last():
    pairs = [pair("same", "the boy sleeps", "the boy sleeps", "the boy sleeps"),
             pair("b wins", "the girl wants to sleep", "girl sleep", "the girl wants to sleep"),
             pair("none", None, "x", "y"),
             pair("a wins", "a dog barks loudly", "a dog barks loudly", "dog")]
    ordered = by_difference(pairs)
    assert [p.entry_id for p in ordered] == ["a wins", "same", "b wins", "none"]
    differences = [p.difference for p in ordered[:3]]
    assert differences == sorted(differences) and differences[1] == 0 and ordered[3].difference is None
    win = ordered[2]
    assert win.bleu == (sentence_bleu("girl sleep", win.reference), sentence_bleu(win.sentences[1], win.reference))
    references = [p.reference for p in pairs if p.reference]
    assert corpus_scores(pairs) == (corpus_bleu(["the boy sleeps", "girl sleep", "a dog barks loudly"], references),
                                    corpus_bleu(["the boy sleeps", "the girl wants to sleep", "dog"], references))
    assert corpus_scores([pairs[2]]) is None
    table = format_pairs(pairs, ("modelA", "modelB"))
    assert table.index("a wins") < table.index("same") < table.index("b wins") < table.index("none")
    assert table.startswith(f"A = modelA: corpus BLEU {corpus_scores(pairs)[0]:.2f}\n")
    rows = pairs_tsv(pairs).splitlines()
    assert rows[0].split("\t")[:4] == ["id", "bleu_b_minus_a", "bleu_a", "bleu_b"]
    assert [r.split("\t")[0] for r in rows[1:]] == ["a wins", "same", "b wins", "none"]


def test_amrgen_compare_prints_and_writes_both_generators_by_the_difference(generator, hyperparameters_without_lm,
                                                                            tmp_path, capsys):
    tsv = tmp_path / "compare.tsv"
    b = str(hyperparameters_without_lm)
    assert cli.main(["compare", str(DEFAULT_HYPERPARAMETERS), b, "-i", str(SAMPLE), "--tsv", str(tsv)]) == 0
    out = capsys.readouterr().out
    entries = read_prepared(SAMPLE).entries
    rows = [line.split("\t") for line in tsv.read_text(encoding="utf-8").splitlines()[1:]]
    assert sorted(r[0] for r in rows) == sorted(e.id for e in entries)
    differences = [float(r[1]) for r in rows]
    assert differences == sorted(differences)
    said = {e.id: generator.generate(e.amr).sentence for e in entries}  # A is the shipped generator
    assert {r[0]: r[4] for r in rows} == said
    assert any(r[4] != r[5] for r in rows)  # without the LM, B says something else somewhere
    for r in rows:
        assert float(r[2]) == pytest.approx(sentence_bleu(r[4], r[6]), abs=0.005)
        assert float(r[1]) == pytest.approx(float(r[3]) - float(r[2]), abs=0.011)
    score = corpus_bleu([r[4] for r in rows], [r[6] for r in rows])
    assert out.splitlines()[0] == f"A = {DEFAULT_HYPERPARAMETERS}: corpus BLEU {score:.2f}"


def test_amrgen_compare_names_a_side_that_is_neither_model_nor_hyperparameters(tmp_path, capsys):
    assert cli.main(["compare", str(tmp_path / "nothing"), str(DEFAULT_HYPERPARAMETERS), "-i", str(SAMPLE)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"amrgen: error: {tmp_path / 'nothing'}: neither a model directory nor a hyperparameters file"]


def test_a_side_may_name_a_generator_directory_as_shipped(tmp_path):
    """``resources/little-prince``: its model, LM and hyperparameters, not the base's;
    a generator directory without an LM keeps the base's."""
    from amrgen.paths import RESOURCES_DIR
    from amrgen.run.spec import GeneratorFiles

    base = GeneratorFiles(lm_path="base.binary", hyperparameters="base.json", postprocess="thesis")
    book = RESOURCES_DIR / "little-prince"
    named = base.named(book)
    assert named == GeneratorFiles(str(book / "model"), str(book / "lm.binary"), str(book / "hyperparameters.json"),
                                   "thesis")
    (tmp_path / "model").mkdir()
    assert base.named(tmp_path) == GeneratorFiles(str(tmp_path / "model"), "base.binary", "base.json", "thesis")
