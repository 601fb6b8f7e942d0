"""The busy indicator: while work runs in the background (a session being made,
a model loading), the status bar says what, with a running bar and a Cancel
button (Esc does the same), and the pointer is the busy one (an arrow with a
wait sign: the window stays usable meanwhile).  Work that ends within
:data:`SHOW_AFTER_MS` shows nothing, so that stepping through small entries
does not flicker.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget

SHOW_AFTER_MS = 150


class BusyIndicator(QWidget):
    """What runs in the background, for the status bar; each job is known by a key
    and cancelled by the function it came with."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # no measure of how far: a running bar
        self.bar.setFixedWidth(90)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.button = QToolButton()
        self.button.setText("Cancel")
        self.button.setToolTip("Stop it (Esc); what it would have shown is dropped")
        self.button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 0)
        for widget in (self.label, self.bar, self.button):
            layout.addWidget(widget)
        self.jobs: dict[str, tuple[str, Callable[[], None]]] = {}
        """Key → what it does (shown) and how to cancel it, in the order they started."""
        self._cursor = False
        self._timer = QTimer(self, singleShot=True, interval=SHOW_AFTER_MS)
        self._timer.timeout.connect(self._update)
        self.hide()

    def start(self, key: str, text: str, cancel: Callable[[], None]) -> None:
        """Job ``key`` runs (again, superseding its last run): show ``text`` if it runs a while."""
        self.jobs.pop(key, None)
        self.jobs[key] = (text, cancel)
        if self.isVisible():
            self._update()
        elif not self._timer.isActive():
            self._timer.start()

    def finish(self, key: str) -> None:
        """Job ``key`` ended (or was cancelled)."""
        if self.jobs.pop(key, None) is not None:
            self._update()

    def cancel(self) -> None:
        """Cancel every job shown."""
        for _, cancel in list(self.jobs.values()):
            cancel()
        self.jobs.clear()
        self._update()

    def busy(self) -> bool:
        return bool(self.jobs)

    def _update(self) -> None:
        if self.jobs:
            self.label.setText(" · ".join(text for text, _ in self.jobs.values()))
        self.setVisible(bool(self.jobs))
        if bool(self.jobs) != self._cursor:
            self._cursor = bool(self.jobs)
            if self._cursor:
                QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
            else:
                QApplication.restoreOverrideCursor()
