"""Evaluation against reference alignments (amrgen.prep.align.evaluate) and ``amrgen align-eval``."""

import argparse

import pytest

from amrgen.amr import Amr
from amrgen.errors import AmrgenError
from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import read_corpus_text
from amrgen.prep import parser as annotators
from amrgen.prep.align.evaluate import (
    alignment_prf,
    by_design,
    evaluate,
    load_reference_corpus,
    reference_alignment,
    without_names,
)
from amrgen.prep.parser import SpacyAnnotator
from amrgen.prep.tokenize import Reference

# Thesis listing 3411-3441: "the developer wants to sleep ." with ISI and JAMR alignments.
ISI = """# ::id isi
# ::tok The developer wants to sleep .
# ::alignments 1-1.1 1-1.1.1 2-1 4-1.2 3-1.2.r 5-1
(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))
"""
JAMR = ISI.replace("# ::alignments 1-1.1 1-1.1.1 2-1 4-1.2 3-1.2.r 5-1",
                   "# ::alignments 1-2|0.0+0.0.0 2-3|0 4-5|0.1 ::annotator x").replace("isi", "jamr")
MARKS = """# ::id marks
# ::tok The developer wants to sleep .
(v1 / want-01~e.2 :ARG0 (v2 / person~e.1 :ARG0-of (v4 / develop-02~e.1)) :ARG1~e.3 (v3 / sleep-01~e.4 :ARG0 v2~e.1))
"""


def entry(text):
    return read_corpus_text(text).entries[0]


def reference(text):
    e = entry(text)
    return reference_alignment(e, Amr.from_tree(e.tree), Reference.from_tokens(e.metadata["tok"].split()))


@pytest.mark.parametrize("text", [ISI, JAMR, MARKS])
def test_reference_alignment_from_isi_jamr_and_marks(text):
    assert reference(text) == {"v2": {2}, "v4": {2}, "v1": {3}, "v3": {5}}


def test_reference_alignment_keeps_split_runs_and_drops_punctuation():
    text = ISI.replace("1-1.1 1-1.1.1", "1-1.1 4-1.1 5-1.1.1")
    assert reference(text) == {"v2": {2, 5}, "v1": {3}, "v3": {5}}


def test_reference_alignment_to_a_missing_token_or_node():
    with pytest.raises(CorpusFormatError, match="out of range"):
        reference(ISI.replace("5-1", "9-1"))
    with pytest.raises(CorpusFormatError, match="missing place"):
        reference(ISI.replace("5-1", "4-1.3"))


def test_alignment_prf_is_micro_averaged_over_pairs():
    gold = [{"a": {1, 2}, "b": {3}}, {"c": {1}}]
    predicted = [{"a": {1}, "b": {4}}, {"c": {1}, "d": {2}}]
    precision, recall, f1 = alignment_prf(gold, predicted)
    assert (precision, recall) == (2 / 4, 2 / 4) and f1 == pytest.approx(0.5)
    assert alignment_prf([{}], [{}]) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        alignment_prf(gold, predicted[:1])


def test_without_names_and_by_design():
    amr = Amr.from_penman('(v / visit-01 :ARG0 (c / city :name (n / name :op1 "Paris")) :time (d / date-entity))')
    item = (amr, "visited the paris".split(), [], [])
    alignment = {"v": frozenset({1, 2}), "c": frozenset({3}), "n": frozenset({3}), "n.0": frozenset({3}),
                 "d": frozenset({1})}
    assert without_names(item, alignment) == {"v": {1, 2}, "n.0": {3}, "d": {1}}
    assert by_design(item, alignment) == {"v": {1}, "n.0": {3}}


def test_load_reference_corpus_skips_bad_entries_with_a_line(tmp_path, chain_annotator):
    path = tmp_path / "corpus.txt"
    path.write_text(ISI + "\n# ::id broken\n# ::tok x\n# ::alignments 0-1.5\n(a / alpha)\n\n"
                    "# ::id none\n(b / beta)\n\n# ::id dots\n# ::tok . .\n(c / gamma)\n")
    corpus = load_reference_corpus(path, chain_annotator)
    assert corpus.ids == ["isi"] and len(corpus.skipped) == 3
    assert "entry broken" in corpus.skipped[0] and "missing place" in corpus.skipped[0]
    amr, words, lemmas, pos = corpus.items[0]
    assert words == lemmas == "the developer wants to sleep".split() and pos == ["NN"] * 5
    assert chain_annotator.calls == 1


def run_command(argv, monkeypatch, annotator):
    from amrgen.commands import align_eval

    monkeypatch.setattr(annotators, "SpacyAnnotator", lambda: annotator)
    parser = argparse.ArgumentParser()
    align_eval.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.func(args)


def test_align_eval_command(tmp_path, monkeypatch, capsys, chain_annotator):
    path = tmp_path / "corpus.txt"
    path.write_text(ISI + "\n" + JAMR)
    assert run_command(["align-eval", str(path), "--quiet"], monkeypatch, chain_annotator) == 0
    out = capsys.readouterr().out
    assert "aligned 2 graphs" in out and "by design" in out and "F1 1.000" in out.splitlines()[3]


def test_align_eval_command_missing_file(tmp_path, monkeypatch, chain_annotator):
    with pytest.raises(AmrgenError, match="no such file"):
        run_command(["align-eval", str(tmp_path / "missing.txt")], monkeypatch, chain_annotator)


@pytest.mark.slow
def test_bio_dev_against_isi(shared_corpus, english):
    """Measured: F1 0.694 as is, 0.854 without name/entity vertices, 0.860 by design."""
    corpus = load_reference_corpus(shared_corpus("bio-alignments-dev"), SpacyAnnotator(english))
    assert len(corpus.items) == 500 and not corpus.skipped
    result = evaluate(corpus)
    assert result.prf[2] > 0.67
    assert result.prf_without_names[2] > 0.83
    assert result.prf_by_design[2] > 0.84
