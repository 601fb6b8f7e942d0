"""The toolbar (open, stepping, mode, oracle, system) and the status bar's permanent
fields.  The toolbar holds at any width from 1024 px: where its actions would not fit
(Qt would hide the last group behind a »), it first drops the group captions, then
shows the stepping actions as their arrows alone (their tooltips still say them)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QToolBar

from amrgen_gui.qt.busy import BusyIndicator

SHORT = {"start_action": "⇤", "back_action": "←", "step_action": "→", "end_action": "⇥", "reset_action": "↺"}
"""The stepping actions as their arrows alone, for a narrow window."""


class FittedToolbar(QObject):
    """Keeps every action of ``bar`` in sight as ``window`` is resized."""

    def __init__(self, window: Any, bar: QToolBar, captions: list[QAction]) -> None:
        super().__init__(bar)
        self.window, self.bar, self.captions = window, bar, captions
        self.stepping = [(getattr(window, name), short) for name, short in SHORT.items()]
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def needed(self) -> int:
        """The width the toolbar's contents take as they are shown now."""
        layout = self.bar.layout()
        margins = layout.contentsMargins()
        return layout.sizeHint().width() + margins.left() + margins.right() + 24

    def fit(self) -> int:
        """Show as much as the window's width allows; returns the level (0: everything,
        1: without the captions, 2: the stepping actions as arrows)."""
        room = self.window.width()
        for level in range(3):
            for caption in self.captions:
                caption.setVisible(level == 0)
            for made, short in self.stepping:
                made.setIconText(short if level == 2 else "")  # "": the action's text
            self.bar.layout().invalidate()
            if self.needed() <= room:
                return level
        return 2


def build(w: Any) -> None:
    bar = QToolBar("Stepping", objectName="toolbar")
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    bar.addAction(w.open_action)
    bar.addSeparator()
    bar.addActions([w.start_action, w.back_action, w.step_action, w.end_action, w.reset_action])
    captions = []
    for caption, group in (("mode", w.mode_actions), ("oracle", w.approach_actions), ("system", w.system_actions)):
        bar.addSeparator()
        captions.append(bar.addWidget(QLabel(caption)))
        bar.addActions(group)
    w.addToolBar(bar)
    w.toolbar = bar
    w.toolbar_fit = FittedToolbar(w, bar, captions)
    w.position_label = QLabel()
    w.generator_label = QLabel("no model loaded")
    w.busy = BusyIndicator()
    for widget in (w.busy, w.generator_label, w.position_label):
        w.statusBar().addPermanentWidget(widget)
