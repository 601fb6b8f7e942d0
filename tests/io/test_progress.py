"""Progress where stderr is not a terminal (a log file, a pipe, CI): plain lines,
a few of them, never carriage-return redraws (issue 32)."""

import io

from amrgen.io import progress
from amrgen.io.progress import progress_bar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_plain_lines_not_redraws(monkeypatch):
    log = io.StringIO()
    with progress_bar(file=log, total=1000, unit="graph", leave=False) as bar:
        for _ in range(1000):
            bar.update()
    written = log.getvalue()
    assert "\r" not in written
    lines = written.splitlines()
    assert 1 <= len(lines) <= 3 and all(line.strip() for line in lines)
    assert written.endswith("\n")


def test_a_log_gets_a_line_every_few_seconds(monkeypatch):
    monkeypatch.setattr(progress, "PLAIN_SECONDS", 0.0)
    log = io.StringIO()
    with progress_bar(file=log, total=3, unit="graph") as bar:
        for _ in range(3):
            bar.update()
    assert "\r" not in log.getvalue() and "3/3" in log.getvalue().splitlines()[-1]


def test_a_terminal_keeps_the_bar():
    terminal = _Terminal()
    with progress_bar(file=terminal, total=2, mininterval=0) as bar:
        bar.update(2)
    assert "\r" in terminal.getvalue()
