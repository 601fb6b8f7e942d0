"""Tests for ``amrgen prepare`` (amrgen.commands.prepare)."""

import argparse

from amrgen.commands import prepare
from amrgen.prep.prepared_format import read_prepared

CORPUS = """\
# ::id a.1
# ::tok The United States want to go .
(w / want-01~e.3 :ARG0 (c / country :wiki "United_States" :name (n / name :op1 "United"~e.1 :op2 "States"~e.2))
   :ARG1 (g / go-02~e.5 :ARG0 c))

# ::id a.2
# ::tok Broken (
(b / broken
"""

CONLLU = """\
1\tThe\tthe\tDET\tDT\t_\t3\tdet\t_\t_
2\tUnited\tunited\tPROPN\tNNP\t_\t3\tcompound\t_\t_
3\tStates\tstates\tPROPN\tNNP\t_\t4\tnsubj\t_\t_
4\twant\twant\tVERB\tVBP\t_\t0\troot\t_\t_
5\tto\tto\tPART\tTO\t_\t6\taux\t_\t_
6\tgo\tgo\tVERB\tVB\t_\t4\txcomp\t_\t_
7\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_

1\tBroken\tbroken\tADJ\tJJ\t_\t0\troot\t_\t_
2\t(\t(\tPUNCT\t-LRB-\t_\t1\tpunct\t_\t_

"""


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="amrgen")
    prepare.register(parser.add_subparsers())
    args = parser.parse_args(["prepare", *argv])
    return args.func(args)


def test_prepare_writes_the_prepared_corpus_and_a_summary(corpus_file, tmp_path, capsys, no_computing):
    output = tmp_path / "prepared.txt"
    status = run(str(corpus_file(CORPUS)), "-o", str(output), "--quiet", "--normalize",
                 "--dependencies", str(corpus_file(CONLLU, "deps.conllu")))
    out, err = capsys.readouterr()
    assert status == 0
    assert "prepared 1 of 2 entries (1 skipped) in" in out
    assert "aligned vertices: 3 of 4 (75.0%)" in out
    assert err.strip().startswith("amrgen prepare: skipped ") and "entry a.2: unbalanced parenthesis" in err
    (entry,) = read_prepared(output).entries
    assert entry.amr.to_penman(indent=None) == (
        '(w / want-01 :ARG0 (c / country :name "United States") :ARG1 (g / go-02 :ARG0 c))'
    )
    assert entry.pos == ["DT", "NNP", "NNP", "VBP", "TO", "VB"]


def test_a_missing_file_is_one_line(tmp_path, capsys):
    assert run(str(tmp_path / "missing.txt"), "-o", str(tmp_path / "out.txt")) == 1
    err = capsys.readouterr().err
    assert err.startswith("amrgen prepare: error: ") and err.count("\n") == 1
