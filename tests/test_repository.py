"""What the repository tracks: data that ships lies under resources/, nothing large elsewhere
(a clone stays small, and a file nothing uses is not carried along)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_BYTES = 1_000_000
"""The largest file tracked outside resources/."""


def _tracked() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in listed.decode("utf-8").split("\0") if name]


def large_outside_resources(paths: list[Path], limit: int = MAX_BYTES) -> list[str]:
    """The files of ``paths`` over ``limit`` bytes that do not lie under resources/."""
    return [str(p.relative_to(ROOT)) for p in paths
            if p.is_file() and p.stat().st_size > limit and p.relative_to(ROOT).parts[0] != "resources"]


def test_no_large_file_is_tracked_outside_resources() -> None:
    assert large_outside_resources(_tracked()) == []


def test_a_large_file_outside_resources_is_found() -> None:
    files = sorted((ROOT / "tests" / "fixtures").iterdir())
    found = large_outside_resources(files, limit=1)
    assert found and all(name.startswith("tests/fixtures/") for name in found)
    shipped = sorted((ROOT / "resources" / "default").rglob("*"))
    assert large_outside_resources(shipped, limit=1) == []


def test_no_module_writes_a_path_of_shared_itself() -> None:
    """The corpora of ../shared are named in resources/corpora.json alone (amrgen.corpus_registry)."""
    written = re.compile(r"""["']shared["']|["']shared/data|/ ["']data["'] / ["']amr["']""")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for folder in ("amrgen", "amrgen_gui", "benchmarks", "scripts", "tests")
             for path in (ROOT / folder).rglob("*.py") if path != ROOT / "amrgen" / "corpus_registry.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if written.search(line)]
    assert found == []


def test_the_registry_names_each_corpus_once_with_its_split_and_licence() -> None:
    from amrgen.corpus_registry import held_out_corpora, registered

    corpora = registered()
    assert len({c.path for c in corpora.values()}) == len(corpora)
    assert all(c.licence and c.split in ("train", "dev", "test", "held-out", "alignments", "lm", "dictionary")
               for c in corpora.values())
    assert [c.name for c in held_out_corpora()] == ["qald", "guidelines"]
    assert all(c.split == "held-out" and c.held_out_every == 5 for c in held_out_corpora())


def test_a_held_out_corpus_is_split_every_kth_graph(tmp_path, monkeypatch) -> None:
    from amrgen.corpus_registry import corpus

    shared = tmp_path / "corpora"
    guidelines = corpus("guidelines")
    (shared / guidelines.path).parent.mkdir(parents=True)
    entries = "".join(f"# ::id g{i}\n(b / boy)\n\n" for i in range(1, 12))
    (shared / guidelines.path).write_text("# a header\n\n" + entries, encoding="utf-8")
    monkeypatch.setenv("AMRGEN_SHARED", str(shared))
    kept, held = guidelines.held_out_parts(tmp_path)
    assert held.read_text(encoding="utf-8") == "# ::id g5\n(b / boy)\n\n# ::id g10\n(b / boy)\n\n"
    assert kept.read_text(encoding="utf-8").count("# ::id") == 9
