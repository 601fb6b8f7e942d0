"""Long work off the GUI thread: opening and preparing corpora, learning the
constrained system's resources, loading a generator.

A :class:`Task` runs ``work(report)`` in a worker thread and hands the result
back through Qt signals, which arrive on the GUI thread, so the window stays
responsive.  ``report(done, total)`` shows progress; once the user cancels,
the next call raises :class:`Cancelled`, which ends work that reports.  Work
that cannot report (one long library call) is abandoned instead: its result
is dropped when it comes.  The thread is a daemon, so an abandoned task
never holds up quitting (a QThread would have to be waited for).

A worker thread does not free the GUI thread from Python's garbage
collector: a full collection holds the interpreter for as long as it scans
every object alive, and making a session of a 150-vertex graph sets off a
dozen of them, up to 0.3 s each, whichever thread triggers them.  Work that
makes many long-lived objects runs inside
:func:`amrgen.collector.without_collection_pauses`.

Nor does it free the GUI thread from the interpreter lock.  Every call into Qt
lets the lock go, and a worker busy in Python then keeps it for the switch
interval (5 ms by default) before the GUI thread has it back: a turn of the
event loop that calls Qt forty times (the views answering a new session
being made) took 0.1-0.3 s while a worker generated, and painting a 148-vertex
graph (a Python ``paint`` per item, each calling Qt several times) is such a
turn too.  From the first task on the interval is :data:`SWITCH_INTERVAL`, so
such a turn waits a fiftieth as long (the longest stall of the window while
the oracle comparison of 148 vertices is made: 0.13-0.27 s at 0.5 ms,
0.09-0.16 s at 0.1 ms).  The worker gives way only while the GUI thread
asks for the lock: an idle window costs it nothing.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from amrgen.stepping.session import USER_ERRORS
from amrgen_gui.state.progress import Cancelled, Report

SWITCH_INTERVAL = 0.0001
"""How long (seconds) a thread keeps the interpreter lock while another waits,
from the first task on (:func:`sys.setswitchinterval`; Python's default is 0.005)."""


T = TypeVar("T")


class _GuiThreadCalls(QObject):
    """Runs a function on the GUI thread, where it was made, for a worker."""

    call = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.thread_id = threading.get_ident()
        self.call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    @Slot(object)
    def _run(self, job: Callable[[], None]) -> None:
        job()


_GUI_THREAD_CALLS: list[_GuiThreadCalls] = []
"""The one :class:`_GuiThreadCalls`, made on the GUI thread with the first task."""


def on_gui_thread(work: Callable[[], T]) -> T:
    """``work()``, run on the GUI thread where a worker asks: Qt's drawing of text from two
    threads at once could hang both (an export's picture drawn in a worker while the window
    painted), so a worker has each small drawing made there, holding the event loop only as
    long as that drawing takes.  The worker waits on an event, which lets the interpreter lock
    go (a blocking queued connection would keep it, and the GUI thread could not run ``work``)."""
    if not _GUI_THREAD_CALLS or threading.get_ident() == _GUI_THREAD_CALLS[0].thread_id:
        return work()
    ran = threading.Event()
    results: list[tuple[bool, Any]] = []

    def job() -> None:
        try:
            results.append((True, work()))
        except Exception as error:  # noqa: BLE001 (handed back to the worker, which raises it)
            results.append((False, error))
        finally:
            ran.set()

    _GUI_THREAD_CALLS[0].call.emit(job)
    ran.wait()
    done, value = results[0]
    if not done:
        raise value
    return value


class Task(QObject):
    """One piece of work in a worker thread; the signals arrive on the GUI thread."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, work: Callable[[Report], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        if not _GUI_THREAD_CALLS:
            _GUI_THREAD_CALLS.append(_GuiThreadCalls())
        self.work = work
        self.cancelled = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.thread.start()

    def cancel(self) -> None:
        self.cancelled.set()

    def _report(self, done: int, total: int) -> None:
        if self.cancelled.is_set():
            raise Cancelled
        self._emit(self.progressed, done, total)

    def _run(self) -> None:
        try:
            result = self.work(self._report)
        except Cancelled:
            return
        except Exception as error:  # noqa: BLE001 (the thread's boundary: report every error, never die silently)
            if not self.cancelled.is_set():
                expected = isinstance(error, (*USER_ERRORS, OSError))
                self._emit(self.failed, str(error) if expected and str(error) else f"{type(error).__name__}: {error}")
            return
        if not self.cancelled.is_set():
            self._emit(self.succeeded, result)

    @staticmethod
    def _emit(signal, *args: object) -> None:
        """Emit, unless the task's object is gone (its window closed meanwhile): nobody is left to tell."""
        with contextlib.suppress(RuntimeError):
            signal.emit(*args)


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
