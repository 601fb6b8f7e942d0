"""For the classroom: View > Text Size, which scales every font of the window (kept in
the settings), and the presentation mode (F5), which hides the toolbar and the
secondary docks, sets large type and lets Fit enlarge the graph past its natural size.

Fonts set on a widget are scaled where they are (the ratio of the new size to the old);
the application's font follows the text size; fonts made later (:func:`theme.ui_font`,
:func:`theme.mono_font`) are made at it.  The drawings of the graph and the sentence are
in scene units: the sentence pane shows its scene at the text size, the graph follows
Zoom and Fit."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from amrgen_gui.qt import theme
from amrgen_gui.qt.docks import SECONDARY
from amrgen_gui.qt.menus import action

PRESENTATION_TEXT = 1.75
"""The text size of a presentation (at least)."""
PRESENTATION_FIT = 3.0
"""How far Fit enlarges the graph in a presentation (1.0 elsewhere: never enlarged)."""
SETTING = "textSize"


BASE = "amrgenBaseFontSize"
"""The property of a widget that keeps its font's size at 100% (so that sizes never drift)."""


def remember_bases(root: QWidget, old: float) -> list[tuple[QWidget, float]]:
    """Every widget under ``root`` with a font of its own, and that font's size at 100%
    (kept in the property :data:`BASE` the first time, so that sizes never drift)."""
    bases = []
    for widget in root.findChildren(QWidget):
        base = widget.property(BASE)
        if base is None and widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            font = widget.font()
            base = (font.pointSizeF() if font.pointSizeF() > 0 else font.pixelSize()) / old
            widget.setProperty(BASE, base)
        if base is not None:
            bases.append((widget, base))
    return bases


def rescale_fonts(root: QWidget, bases: list[tuple[QWidget, float]], new: float) -> None:
    """The fonts of their own at the text size ``new`` (the others follow the application's)."""
    for widget, base in bases:
        font = widget.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(base * new)
        else:
            font.setPixelSize(max(1, round(base * new)))
        widget.setFont(font)


class Classroom:
    """The Text Size menu and the presentation mode of ``window`` (a MainWindow)."""

    def __init__(self, window: Any, menu: QMenu) -> None:
        self.window = window
        self.readable = 0.0
        """The graph's least fitting scale outside the presentation (a big graph fits at 1.0 in it)."""
        self.saved: tuple[QByteArray, float] | None = None
        """The window's dock state and text size before the presentation; None when not presenting."""
        sizes = menu.addMenu("Text &Size")
        group = QActionGroup(window)
        self.size_actions: list[QAction] = []
        for scale in theme.TEXT_SIZES:
            made = action(window, f"{scale:.0%}", lambda scale=scale: self.set_text_size(scale), checkable=True)
            made.setData(scale)
            group.addAction(made)
            self.size_actions.append(made)
        sizes.addActions(self.size_actions)
        sizes.addSeparator()
        sizes.addActions([action(window, "&Larger Text", lambda: self.step_text_size(1), "Ctrl+Alt+=",
                                 "Every font one size larger"),
                          action(window, "&Smaller Text", lambda: self.step_text_size(-1), "Ctrl+Alt+-",
                                 "Every font one size smaller")])
        self.presentation_action = action(window, "&Presentation", self.toggle_presentation, "F5",
                                          "Large type, the graph and the sentence only (F5 again to leave)",
                                          checkable=True)
        menu.addAction(self.presentation_action)
        self.set_text_size(float(window.settings.value(SETTING, 1.0)), remember=False)

    # -- text size ---------------------------------------------------------------------

    def set_text_size(self, scale: float, remember: bool = True) -> None:
        """Scale every font by ``scale`` (of the usual sizes); kept in the settings unless
        ``remember`` is false (a presentation's large type is not)."""
        scale = min(theme.TEXT_SIZES, key=lambda size: abs(size - scale))
        old = theme.text_scale()
        for made in self.size_actions:
            made.setChecked(made.data() == scale)
        if remember:
            self.window.settings.setValue(SETTING, scale)
        if scale == old:
            return
        theme.set_text_scale(scale)
        app = QApplication.instance()
        bases = remember_bases(self.window, old)
        app.setFont(theme.ui_font(10))
        app.setStyleSheet(app.styleSheet())  # under a style sheet, only polishing again gives widgets the new font
        rescale_fonts(self.window, bases, scale)
        for widget in self.window.findChildren(QWidget):  # the rows drawn by hand: σ and β, the legend
            if hasattr(widget, "text_size_changed"):
                widget.text_size_changed(scale)
        self.window.graph.fit()
        self.window.toolbar_fit.fit()  # larger buttons: fewer words may fit
        self.window.sentence.max_fit_scale = scale
        self.window.sentence.fit()
        self.window.model.changed.emit()  # the views measure their texts again

    def step_text_size(self, steps: int) -> None:
        sizes = theme.TEXT_SIZES
        index = min(range(len(sizes)), key=lambda i: abs(sizes[i] - theme.text_scale()))
        self.set_text_size(sizes[max(0, min(len(sizes) - 1, index + steps))], remember=self.saved is None)

    # -- presentation ---------------------------------------------------------------------

    def presenting(self) -> bool:
        return self.saved is not None

    def toggle_presentation(self) -> None:
        if self.presenting():
            self.leave()
        else:
            self.enter()

    def enter(self) -> None:
        """Hide the toolbar and the secondary docks, large type, Fit enlarging."""
        w = self.window
        self.saved = (w.saveState(), theme.text_scale())
        w.toolbar.hide()
        for name in SECONDARY:
            w.docks[name].hide()
        w.docks["sentence"].show()
        w.docks["sentence"].raise_()
        self.set_text_size(max(theme.text_scale(), PRESENTATION_TEXT), remember=False)
        w.graph.max_fit_scale = PRESENTATION_FIT
        self.readable, w.graph.min_fit_scale = w.graph.min_fit_scale, max(w.graph.min_fit_scale, 1.0)  # from afar
        w.resizeDocks([w.docks["sentence"]], [int(w.height() * 0.28)], Qt.Orientation.Vertical)
        w.resizeDocks([w.docks["transitions"]], [int(w.width() * 0.3)], Qt.Orientation.Horizontal)
        w.graph.fit()
        self.presentation_action.setChecked(True)

    def leave(self) -> None:
        """Back to the window as it was before the presentation."""
        if self.saved is None:
            return
        state, scale = self.saved
        self.saved = None
        w = self.window
        w.graph.max_fit_scale, w.graph.min_fit_scale = 1.0, self.readable
        self.set_text_size(scale, remember=False)
        w.restoreState(state)
        w.graph.fit()
        self.presentation_action.setChecked(False)
