"""Inputs a hostile or careless user gives (issue 19): each costs its own entry
or is refused in one line before any work, never a traceback for the whole run.
The commands run with the shipped default generator."""

from pathlib import Path

import pytest

from amrgen.cli import main
from amrgen.decoding.generator import DEFAULT_LM, DEFAULT_MODEL

GOOD = """\
# ::id good-1
# ::snt The girl sleeps.
(s / sleep-01 :ARG0 (g / girl))

# ::id good-2
# ::snt The boy wants to go.
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))
"""


def _generate(generator, corpus: Path, output: Path, *options: str) -> int:
    return main(["generate", "-i", str(corpus), "-o", str(output), *options])


def test_a_metadata_line_without_a_key_costs_its_entry(generator, tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_text("# ::id bad\n# ::\n(a / apple)\n\n" + GOOD, encoding="utf-8")
    output = tmp_path / "out.txt"
    assert _generate(generator, corpus, output) == 1
    lines = output.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and lines[0] == "" and lines[1] and lines[2]
    err = capsys.readouterr().err
    assert f"{corpus}:1: entry bad: line 2: metadata line '# ::' has no key" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [
    "generate -i {corpus} -o {directory}",
    "generate -i {corpus} -o {directory}/out.txt --trace {directory}",
    "prepare {corpus} -o {directory}",
    "evaluate -i {corpus} --csv {directory}",
    "tune {model} {corpus} --lm {lm} -o {directory}",
    "lm build --amr {corpus} -o {directory}",
    "select-features {corpus} {corpus} --model realize -o {directory}",
])
def test_an_output_path_that_is_a_directory_is_refused_before_any_work(command, tmp_path, capsys, monkeypatch):
    import amrgen.evaluation.generation as generation
    import amrgen.prep.pipeline as pipeline

    def no_work(*args, **kwargs):
        raise AssertionError("work started before the output path was checked")

    for module, name in ((generation, "read_items"), (pipeline, "read_corpus"), (pipeline, "load_corpus")):
        monkeypatch.setattr(module, name, no_work)
    corpus = tmp_path / "in.txt"
    corpus.write_text(GOOD, encoding="utf-8")
    directory = tmp_path / "out"
    directory.mkdir()
    arguments = command.format(corpus=corpus, directory=directory, model=DEFAULT_MODEL, lm=DEFAULT_LM)
    assert main(arguments.split()) == 2
    assert capsys.readouterr().err == f"amrgen: error: {directory}: is a directory; give the name of a file to write\n"
    assert [p.name for p in directory.iterdir()] == []


@pytest.mark.parametrize("command", ["prepare {corpus} -o {output} --quiet", "oracle {corpus} --bleu"])
def test_an_alignment_span_bomb_costs_its_entry_alone(command, english, tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_text("# ::id bomb\n# ::snt The girl sleeps.\n# ::alignments 0-99999999999999999999|0\n"
                      "(s / sleep-01 :ARG0 (g / girl))\n\n" + GOOD, encoding="utf-8")
    assert main(command.format(corpus=corpus, output=tmp_path / "out.txt").split()) == 0
    out, err = capsys.readouterr()
    assert (f"{corpus}:1: entry bomb: JAMR alignment span 0-99999999999999999999 is out of range: "
            "the sentence has 4 tokens") in err
    assert "prepared 2 of 3 entries" in out or "terminated: 2/2" in out
