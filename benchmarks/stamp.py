"""When and on what code a benchmark measured its figures: the columns ``measured``
(the UTC date) and ``commit`` (git's short hash, ``+changes`` where the checkout
differed from it outside benchmarks/results/) that every results file of benchmarks/results/ carries."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ["measured", "commit"]


def stamp() -> dict[str, str]:
    """The ``measured`` and ``commit`` of figures measured now."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    if git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!benchmarks/results"):
        commit += "+changes"  # the results files the benchmarks themselves write do not count
    return {"measured": datetime.datetime.now(datetime.UTC).date().isoformat(), "commit": commit}
