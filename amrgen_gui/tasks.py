"""Long work off the GUI thread: opening and preparing corpora, learning the
constrained system's resources.

A :class:`Task` runs ``work(report)`` in a worker thread and hands the result
back through Qt signals, which arrive on the GUI thread, so the window stays
responsive.  ``report(done, total)`` shows progress; once the user cancels,
the next call raises :class:`Cancelled`, which ends work that reports.  Work
that cannot report (one long library call) is abandoned instead: its result
is dropped when it comes.  The thread is a daemon, so an abandoned task
never holds up quitting (a QThread would have to be waited for).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from amrgen_gui.session import USER_ERRORS

Report = Callable[[int, int], None]


class Cancelled(Exception):
    """Raised by ``report`` once the task was cancelled."""


class Task(QObject):
    """One piece of work in a worker thread; the signals arrive on the GUI thread."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, work: Callable[[Report], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.cancelled = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def cancel(self) -> None:
        self.cancelled.set()

    def _report(self, done: int, total: int) -> None:
        if self.cancelled.is_set():
            raise Cancelled
        self.progressed.emit(done, total)

    def _run(self) -> None:
        try:
            result = self.work(self._report)
        except Cancelled:
            return
        except Exception as error:  # noqa: BLE001 (the thread's boundary: report every error, never die silently)
            if not self.cancelled.is_set():
                expected = isinstance(error, (*USER_ERRORS, OSError))
                self.failed.emit(str(error) if expected and str(error) else f"{type(error).__name__}: {error}")
            return
        if not self.cancelled.is_set():
            self.succeeded.emit(result)
