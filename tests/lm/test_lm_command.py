"""``amrgen lm build`` and ``amrgen lm perplexity`` (amrgen.commands.lm)."""

from pathlib import Path

import pytest

from amrgen.cli import main
from amrgen.lm.build import amr_sentences, text_sentences
from amrgen.lm.model import LanguageModel

TEXT = (Path(__file__).resolve().parents[1] / "fixtures" / "story.txt").read_text()

CORPUS = """\
# ::id a ::snt The woman saw the king's crown .
(s / see-01 :ARG0 (w / woman) :ARG1 (c / crown :poss (k / king)))

# ::id b ::snt Where is the dog ?
(b / be-located-at-91 :ARG1 (d / dog) :ARG2 (a / amr-unknown))
"""


@pytest.fixture
def sources(tmp_path):
    text, corpus = tmp_path / "story.txt", tmp_path / "corpus.txt"
    text.write_text(TEXT)
    corpus.write_text(CORPUS)
    return text, corpus


def rows(stdout):
    lines = stdout.splitlines()
    assert lines[0] == "source\tsentences\ttokens\toov\tperplexity"
    return {cells[0]: cells[1:] for cells in (line.split("\t") for line in lines[1:])}


def test_build_then_perplexity(kenlm_tools, sources, tmp_path, capsys):
    text, corpus = sources
    output = tmp_path / "lm.binary"
    status = main(["lm", "build", str(text), "--amr", str(corpus), "-o", str(output), "--order", "2",
                   "--memory", "100M"])
    out, err = capsys.readouterr()
    assert status == 0
    assert out.startswith(f"{output}: 2-gram model of 12 sentences, ")
    assert "amrgen lm: reading" in err and "build_binary" in err
    lm = LanguageModel.load(output)
    assert lm.order == 2

    assert main(["lm", "perplexity", str(output), str(text), "--amr", str(corpus)]) == 0
    table = rows(capsys.readouterr().out)
    assert list(table) == [str(text), str(corpus), "all"]
    text_sentences_ = list(text_sentences(text))
    assert table[str(text)][:3] == ["10", str(sum(map(len, text_sentences_))), "0.00%"]
    assert float(table[str(text)][3]) == pytest.approx(lm.perplexity(text_sentences_), abs=0.01)
    corpus_sentences = list(amr_sentences(corpus))
    assert float(table[str(corpus)][3]) == pytest.approx(lm.perplexity(corpus_sentences), abs=0.01)
    assert table[str(corpus)][2] == "0.00%"  # every word of the corpus is in the model
    assert float(table[str(text)][3]) < float(table["all"][3])


def test_perplexity_counts_unknown_words(kenlm_tools, sources, tmp_path, capsys):
    text, _ = sources
    output = tmp_path / "lm.arpa"
    assert main(["lm", "build", str(text), "-o", str(output), "--memory", "100M"]) == 0
    other = tmp_path / "other.txt"
    other.write_text("the zebra ate the king 's crown .\n")
    capsys.readouterr()
    assert main(["lm", "perplexity", str(output), str(other)]) == 0
    assert rows(capsys.readouterr().out)[str(other)][:3] == ["1", "8", "37.50%"]  # zebra, ate, 's


def test_errors_are_one_line_and_status_2(sources, tmp_path, capsys):
    text, _ = sources
    assert main(["lm", "perplexity", str(tmp_path / "absent.binary"), str(text)]) == 2
    assert capsys.readouterr().err.strip() == f"amrgen: error: {tmp_path / 'absent.binary'}: no such language model file"
    assert main(["lm", "perplexity", str(text)]) == 2
    assert "give at least one TEXT or --amr CORPUS" in capsys.readouterr().err
    assert main(["lm", "build", "-o", str(tmp_path / "lm.binary")]) == 2
    assert "no text files or AMR corpora" in capsys.readouterr().err
    assert main(["lm", "build", str(text), "-o", str(tmp_path / "lm.binary"), "--prune", "0", "1", "1", "2"]) == 2
    assert "--prune 0 1 1 2" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["lm"])


def test_a_model_without_its_checksum_loads_with_one_warning_until_one_is_recorded(sources, tmp_path, capsys):
    """A model built by KenLM's tools directly has no LM.sha256: it is loaded, said
    to be unchecked in one line, and ``amrgen lm checksum`` records one (never loading)."""
    from amrgen.lm.model import DEFAULT_LM, checksum_path

    text, _ = sources
    model = tmp_path / "kenlm.binary"
    model.write_bytes(DEFAULT_LM.read_bytes())
    assert main(["lm", "perplexity", str(model), str(text)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert warnings == [(f"amrgen: warning: {model}: no kenlm.binary.sha256 beside it, so damage to it goes "
                         f"unnoticed (amrgen lm checksum {model} records its checksum)")]
    assert not checksum_path(model).exists()
    assert main(["lm", "checksum", str(model)]) == 0
    assert checksum_path(model).read_text() == checksum_path(DEFAULT_LM).read_text()
    capsys.readouterr()
    assert main(["lm", "perplexity", str(model), str(text)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_checksum_that_cannot_be_written_or_a_model_that_is_none_is_one_error_line(sources, tmp_path, capsys):
    text, _ = sources
    assert main(["lm", "checksum", str(text)]) == 2
    assert "not a language model KenLM can read" in capsys.readouterr().err
    assert not (tmp_path / "story.txt.sha256").exists()
    from amrgen.lm.model import DEFAULT_LM

    model = tmp_path / "lm.binary"
    model.write_bytes(DEFAULT_LM.read_bytes())
    (tmp_path / "lm.binary.sha256").mkdir()  # in the way
    assert main(["lm", "checksum", str(model)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
