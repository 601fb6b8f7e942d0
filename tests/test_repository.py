"""What the repository tracks: data that ships lies under resources/, nothing large elsewhere
(a clone stays small, and a file nothing uses is not carried along)."""

from __future__ import annotations

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
