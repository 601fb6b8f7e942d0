"""Inputs a hostile or careless user gives (issue 19): each costs its own entry
or is refused in one line before any work, never a traceback for the whole run.
The commands run with the shipped default generator."""

from pathlib import Path

import pytest

from amrgen.cli import main

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
