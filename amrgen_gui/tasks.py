"""Long work off the GUI thread: opening and preparing corpora, learning the
constrained system's resources, loading a generator.

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

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from amrgen.stepping.session import USER_ERRORS

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


def run_with_progress(window: QWidget, task: Task, label: str, running: set[Task], succeeded: Callable[[Any], None],
                      failed: Callable[[str], None], cancelled: Callable[[], None]) -> None:
    """Run ``task`` behind a cancellable progress dialog over ``window`` (shown if it
    takes a while); ``running`` holds the task until it ends."""
    dialog = QProgressDialog(label, "Cancel", 0, 0, window)
    dialog.setWindowTitle("amrgen")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)
    dialog.setAutoReset(False)
    running.add(task)

    def finish() -> None:
        running.discard(task)
        shown = dialog.isVisible() or dialog.wasCanceled()
        dialog.canceled.disconnect()
        dialog.close()
        dialog.deleteLater()
        if shown:  # give the window (and its shortcuts) the keyboard back once the dialog is gone
            QTimer.singleShot(0, window.activateWindow)

    def progressed(done: int, total: int) -> None:
        if task not in running:
            return  # reported before the task was cancelled; the dialog is gone
        dialog.setMaximum(total)
        dialog.setValue(done)

    def cancel() -> None:
        task.cancel()
        finish()
        cancelled()

    task.progressed.connect(progressed)
    task.succeeded.connect(lambda result: (finish(), succeeded(result)))
    task.failed.connect(lambda message: (finish(), failed(message)))
    dialog.canceled.connect(cancel)
    task.start()
