"""The amrgen command line (amrgen.cli) and its info command."""

import argparse
import os
import subprocess
import sys
import sysconfig
import types
from pathlib import Path

import pytest

from amrgen import __version__, cli
from amrgen.lm import kenlm_tools
from amrgen.errors import AmrgenError


def test_version(capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == "amrgen 0.1.0\n"
    assert __version__ == "0.1.0"


def test_installed_console_script():
    script = Path(sysconfig.get_path("scripts")) / "amrgen"
    if not script.exists():  # setup.sh installs it, so CI fails here instead of skipping
        missing = "amrgen's console script is not installed in this Python: pip install -e ."
        pytest.fail(missing) if os.environ.get("CI") else pytest.skip(missing)
    result = subprocess.run([script, "--version"], capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, f"amrgen {__version__}\n")
    result = subprocess.run([script], capture_output=True, text=True)
    assert result.returncode == 2
    assert "required: COMMAND" in result.stderr
    result = subprocess.run([script, "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "    info " in result.stdout  # found in amrgen.commands without being listed anywhere


@pytest.fixture
def commands(monkeypatch):
    """Registers the command module this returns, as a command module of amrgen would be."""
    module = types.ModuleType("amrgen_test_commands")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    modules = [*cli.command_modules(), module.__name__]
    monkeypatch.setattr(cli, "command_modules", lambda: modules)
    return module


def test_a_registered_command_runs_with_its_arguments(commands):
    def register(subparsers):
        parser = subparsers.add_parser("echo")
        parser.add_argument("status", type=int)
        parser.set_defaults(func=lambda args: args.status)

    commands.register = register
    assert cli.main(["echo", "7"]) == 7


def test_user_error_is_one_line_and_status_2(commands, capsys):
    def fail(args):
        raise AmrgenError("corpus.txt, line 3: unbalanced parenthesis")

    commands.register = lambda subparsers: subparsers.add_parser("fail").set_defaults(func=fail)
    assert cli.main(["fail"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "amrgen: error: corpus.txt, line 3: unbalanced parenthesis\n"
    assert captured.out == ""


def test_info_reports_versions_and_resources(wordnet, english, kenlm_tools, capsys):
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"amrgen {__version__} (Python ")
    assert "spacy 3." in out and "kenlm " in out
    assert f"WordNet: 3.0 in {wordnet.root}" in out
    assert f"spaCy English pipeline: {english.meta['lang']}_{english.meta['name']} " in out
    for name, path in kenlm_tools.items():
        assert f"KenLM {name}: {path}\n" in out


def test_info_names_a_missing_tool_and_fails(wordnet, english, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(kenlm_tools.ENV_VAR, raising=False)
    monkeypatch.setattr(kenlm_tools, "BIN_DIR", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert cli.main(["info"]) == 1
    out = capsys.readouterr().out
    assert "KenLM lmplz: missing: KenLM's lmplz not found" in out
    assert "run ./setup.sh" in out


def _subparsers(parser):
    """Every (path, parser) below ``parser``: ["lm", "build"] for ``amrgen lm build``."""
    for action in parser._actions:  # argparse has no public way to list subcommands
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield [name], sub
                for path, deeper in _subparsers(sub):
                    yield [name, *path], deeper


@pytest.mark.parametrize("path", [path for path, _ in _subparsers(cli.build_parser())], ids=" ".join)
def test_every_command_prints_its_help(path, capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main([*path, "--help"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.startswith("usage: amrgen " + " ".join(path))


def test_a_named_command_imports_only_its_own_module():
    code = ("import sys; from amrgen import cli; cli.build_parser('generate'); "
            "print(sorted(m for m in sys.modules if m.startswith('amrgen.commands.')), 'sklearn' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert result.stdout.strip() == "['amrgen.commands.generate'] False"


def test_generating_one_graph_imports_neither_spacy_nor_scikit_learn_nor_joblib_nor_dask_nor_sacrebleu(generator, tmp_path):
    """Start-up (issue 18): what amrgen generate does not need, it does not import."""
    corpus = Path(__file__).resolve().parent / "fixtures" / "lp-dev-30.txt"
    code = ("import sys; from amrgen import cli; "
            f"cli.main(['generate', '-i', {str(corpus)!r}, '-o', {str(tmp_path / 'out.txt')!r}]); "
            "print([m for m in ('spacy', 'sklearn', 'joblib', 'scipy', 'dask', 'distributed', 'sacrebleu') "
            "if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert result.stdout.strip() == "[]"
    assert len((tmp_path / "out.txt").read_text().splitlines()) == 30
