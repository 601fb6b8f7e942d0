"""Model > Generation Limits…: the time and memory one graph may take when the
application generates it (the graph of a model-mode session, each graph of
Generate Open Corpus), as ``amrgen generate --max-seconds/--max-memory`` bound
it (:mod:`amrgen.decoding.limits`), with the same defaults.

A graph past a limit costs itself alone: model mode says in the status bar
that the entry cannot be generated and which limit it passed, and corpus
generation gives its row that message and goes on with the next graph.  The
limits are checked at the decoder's check points in the worker thread that
generates; the memory is how much the application's resident size may grow
while one graph is generated (its address space is not capped: the window
would fail with the graph).

The values persist in QSettings (``limits/seconds``, ``limits/memory_mb``;
0 is no limit); a stored value that is not a number 0 or more is replaced by
the default.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from amrgen.decoding.limits import DEFAULT_LIMITS, Limits
from amrgen_gui.state.workspace import Workspace

SECONDS_KEY = "limits/seconds"
MEMORY_KEY = "limits/memory_mb"
MAX_SECONDS = 86_400.0
MAX_MEMORY_MB = 1 << 20


def stored_limits(settings: QSettings) -> Limits:
    """The limits kept in ``settings`` (the defaults where none or not a number 0 or more)."""
    seconds = _number(settings.value(SECONDS_KEY), DEFAULT_LIMITS.seconds, MAX_SECONDS)
    memory = _number(settings.value(MEMORY_KEY), DEFAULT_LIMITS.memory_mb, MAX_MEMORY_MB)
    return Limits(seconds or None, int(memory) or None)


def store_limits(settings: QSettings, limits: Limits) -> None:
    settings.setValue(SECONDS_KEY, limits.seconds or 0.0)
    settings.setValue(MEMORY_KEY, limits.memory_mb or 0)


def _number(value: object, default: float, highest: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if math.isfinite(number) and 0 <= number <= highest else default


class LimitsDialog(QDialog):
    """Two fields, seconds and megabytes per graph, 0 for none."""

    def __init__(self, limits: Limits, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generation Limits")
        self.seconds = QDoubleSpinBox(decimals=1, minimum=0.0, maximum=MAX_SECONDS, suffix=" s",
                                      specialValueText="no limit", value=limits.seconds or 0.0)
        self.memory = QSpinBox(minimum=0, maximum=MAX_MEMORY_MB, suffix=" MB", singleStep=256,
                               specialValueText="no limit", value=limits.memory_mb or 0)
        tip = " a graph that needs more is not generated, and says so"
        self.seconds.setToolTip("Wall-clock time one graph may take;" + tip)
        self.memory.setToolTip("Memory the application may grow by while it generates one graph;" + tip)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self._defaults)
        form = QFormLayout(self)
        form.addRow("Time per graph:", self.seconds)
        form.addRow("Memory per graph:", self.memory)
        form.addRow(buttons)

    def limits(self) -> Limits:
        return Limits(self.seconds.value() or None, self.memory.value() or None)

    def _defaults(self) -> None:
        self.seconds.setValue(DEFAULT_LIMITS.seconds or 0.0)
        self.memory.setValue(DEFAULT_LIMITS.memory_mb or 0)


class LimitsChoice:
    """The menu action, the stored limits, and the workspace's generator kept within them."""

    def __init__(self, parent: QWidget, settings: QSettings, workspace: Workspace) -> None:
        self.parent, self.settings, self.workspace = parent, settings, workspace
        self.action = QAction("Generation &Limits…", parent)
        self.action.setStatusTip("The time and memory one graph may take when it is generated")
        self.action.triggered.connect(self.ask)
        workspace.set_limits(stored_limits(settings))

    def ask(self) -> None:
        dialog = LimitsDialog(self.workspace.limits, self.parent)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.choose(dialog.limits())

    def choose(self, limits: Limits) -> None:
        """Generate within ``limits`` from now on, and keep them for the next start."""
        self.workspace.set_limits(limits)
        store_limits(self.settings, limits)
