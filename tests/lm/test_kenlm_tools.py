"""KenLM's command-line tools (amrgen.lm.kenlm_tools)."""

import subprocess

import kenlm
import pytest

from amrgen.lm import kenlm_tools
from amrgen.errors import MissingResourceError
from amrgen.lm.kenlm_tools import ENV_VAR, find_tool

TEXT = "the cat sat on the mat\nthe dog sat on the log\nthe cat saw the dog\n"


def test_lmplz_and_build_binary_make_a_model_kenlm_scores(kenlm_tools, tmp_path):
    arpa, binary = tmp_path / "lm.arpa", tmp_path / "lm.bin"
    with arpa.open("w") as out:
        subprocess.run(
            [kenlm_tools["lmplz"], "-o", "2", "--discount_fallback", "-S", "100M", "-T", str(tmp_path)],
            input=TEXT, text=True, stdout=out, stderr=subprocess.DEVNULL, check=True,
        )
    assert arpa.read_text().startswith("\\data\\\nngram 1=")
    subprocess.run([kenlm_tools["build_binary"], arpa, binary], capture_output=True, check=True)
    for path in (arpa, binary):
        model = kenlm.Model(str(path))
        assert model.order == 2
        assert model.score("the cat sat on the mat") > model.score("mat the on sat cat the")
        assert model.score("the cat sat") == pytest.approx(sum(s for s, _, _ in model.full_scores("the cat sat")))


def fake_tool(directory, name="lmplz"):
    directory.mkdir(parents=True, exist_ok=True)
    tool = directory / name
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    return tool


@pytest.fixture
def places(tmp_path, monkeypatch):
    """Empty env dir, project bin/ and PATH, for tests to put fake tools in."""
    env_dir, bin_dir, path_dir = tmp_path / "env", tmp_path / "bin", tmp_path / "path"
    for directory in (env_dir, bin_dir, path_dir):
        directory.mkdir()
    monkeypatch.setenv(ENV_VAR, str(env_dir))
    monkeypatch.setattr(kenlm_tools, "BIN_DIR", bin_dir)
    monkeypatch.setenv("PATH", str(path_dir))
    return env_dir, bin_dir, path_dir


def test_search_order_env_then_bin_then_path(places, monkeypatch):
    env_dir, bin_dir, path_dir = places
    on_path = fake_tool(path_dir)
    assert find_tool("lmplz") == on_path
    in_bin = fake_tool(bin_dir)
    assert find_tool("lmplz") == in_bin
    in_env = fake_tool(env_dir)
    assert find_tool("lmplz") == in_env
    monkeypatch.delenv(ENV_VAR)
    assert find_tool("lmplz") == in_bin


def test_not_executable_is_not_found(places):
    _, bin_dir, _ = places
    fake_tool(bin_dir).chmod(0o644)
    with pytest.raises(MissingResourceError):
        find_tool("lmplz")


def test_missing_tool_names_setup_script(places):
    with pytest.raises(MissingResourceError, match=r"build_binary not found .*run \./setup\.sh"):
        find_tool("build_binary")


def test_only_kenlm_tools_are_looked_up():
    with pytest.raises(ValueError, match="not a KenLM tool"):
        find_tool("ls")
