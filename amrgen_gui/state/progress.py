"""How long work reports its progress, without Qt: ``report(done, total)``, which
raises :class:`Cancelled` once the user has cancelled (:class:`amrgen_gui.qt.tasks.Task`
runs such work in a worker thread)."""

from __future__ import annotations

from collections.abc import Callable

Report = Callable[[int, int], None]


class Cancelled(Exception):
    """Raised by ``report`` once the task was cancelled."""
