"""Issue 34 point 2: ``amrgen generate --workers N`` ended with SIGTERM or SIGKILL
leaves no worker process behind (each watches its parent; SIGTERM ends the run as
SIGINT does and kills the pool)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

LP_DEV_30 = Path(__file__).resolve().parents[1] / "fixtures" / "lp-dev-30.txt"
LOADED_MB = 250
"""A worker process holds more once it has loaded the shipped generator."""
ROOT = Path(os.environ.get("AMRGEN_TEST_ROOT", Path(__file__).resolve().parents[2]))


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid`` now (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _resident_mb(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) // 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGKILL])
def test_the_workers_end_with_the_command(tmp_path, number):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    corpus = tmp_path / "in.txt"  # long enough that the workers are generating when the signal comes
    corpus.write_text("\n\n".join([LP_DEV_30.read_text(encoding="utf-8").strip()] * 6) + "\n", encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "amrgen", "generate", "-i", str(corpus), "-o",
                            str(tmp_path / "out.txt"), "--workers", "2"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while sum(_resident_mb(pid) > LOADED_MB for pid in _descendants(run.pid)) < 2:
            assert run.poll() is None and time.monotonic() < deadline, "the workers never loaded the generator"
            time.sleep(0.2)
        time.sleep(1)  # generating
        workers = _descendants(run.pid)
        assert len(workers) >= 2
        run.send_signal(number)
        code = run.wait(timeout=30)
        assert code == (128 + signal.SIGTERM if number == signal.SIGTERM else -signal.SIGKILL)
        deadline = time.monotonic() + 15
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(map(_alive, workers)), f"still running: {sorted(filter(_alive, workers))}"
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in filter(_alive, workers):  # this test's own workers, should the command not have ended them
            os.kill(pid, signal.SIGKILL)
