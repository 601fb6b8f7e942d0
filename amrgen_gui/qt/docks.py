"""The docks around the graph and where they start: the corpus on the left (tabbed
with the PENMAN editor); the transitions, the history and the realization on the
right; the sentence (tabbed with the generated corpus and the comparison of two
generators) and the ρ table (tabbed with phase 2 and the comparison with the
oracle) below."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget

from amrgen_gui.qt.comparisons import GENERATORS_DOCK, ORACLE_DOCK
from amrgen_gui.qt.inquiries import EXERCISE_DOCK, LOSSES_DOCK, SEARCH_DOCK

Window = Any
"""The main window (:class:`amrgen_gui.qt.main_window.MainWindow`, which imports this module)."""

SECONDARY = ("corpus", "editor", "history", "rho", "phase2", "generated", ORACLE_DOCK, GENERATORS_DOCK, SEARCH_DOCK,
             LOSSES_DOCK)
"""The docks a presentation hides (the graph, the sentence, the transitions and the realization stay)."""


def dock(window: QMainWindow, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
    made = QDockWidget(title, window)
    made.setObjectName(name)
    made.setWidget(widget)
    made.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                     | QDockWidget.DockWidgetFeature.DockWidgetClosable
                     | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
    window.addDockWidget(area, made)
    return made


def build(w: Window) -> dict[str, QDockWidget]:
    """The window's docks by name, placed."""
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    bottom = Qt.DockWidgetArea.BottomDockWidgetArea
    w.setCorner(Qt.Corner.BottomLeftCorner, bottom)
    w.setCorner(Qt.Corner.BottomRightCorner, bottom)
    w.setCorner(Qt.Corner.TopLeftCorner, left)
    w.setCorner(Qt.Corner.TopRightCorner, right)
    docks = {name: dock(w, title, name, widget, area) for name, title, widget, area in (
        ("corpus", "Corpus", w.browser, left),
        ("transitions", "Transitions", w.transitions_panel, right),
        ("history", "History", w.history, right),
        ("output", "Realization", w.output, right),
        ("sentence", "Sentence, dependencies and alignment", w.sentence, bottom),
        ("rho", "Annotations ρ", w.rho, bottom),
        ("phase2", "Phase 2: best(v)", w.inspector, bottom),
        ("generated", "Generated corpus", w.generated, bottom),
        ("editor", "PENMAN editor", w.editor, left),
        (ORACLE_DOCK, "Compare with oracle", w.comparisons.oracle, bottom),
        (GENERATORS_DOCK, "Two generators", w.comparisons.generators, bottom),
        (SEARCH_DOCK, "Search", w.inquiries.search, left),
        (LOSSES_DOCK, "Oracle over corpus", w.inquiries.losses, bottom),
        (EXERCISE_DOCK, "Exercise", w.inquiries.exercise, right))}
    w.tabifyDockWidget(docks["transitions"], docks[EXERCISE_DOCK])
    docks[EXERCISE_DOCK].hide()  # until Oracle > Exercise
    w.tabifyDockWidget(docks["corpus"], docks["editor"])
    w.tabifyDockWidget(docks["editor"], docks[SEARCH_DOCK])
    docks["corpus"].raise_()
    w.splitDockWidget(docks["sentence"], docks["rho"], Qt.Orientation.Horizontal)
    for first, second in (("sentence", "generated"), ("generated", GENERATORS_DOCK), (GENERATORS_DOCK, LOSSES_DOCK), ("rho", "phase2"),
                          ("phase2", ORACLE_DOCK)):
        w.tabifyDockWidget(docks[first], docks[second])
    docks["sentence"].raise_()
    docks["rho"].raise_()
    w.resizeDocks([docks["corpus"]], [250], Qt.Orientation.Horizontal)
    w.resizeDocks([docks["transitions"]], [330], Qt.Orientation.Horizontal)
    w.resizeDocks([docks["sentence"], docks["rho"]], [560, 720], Qt.Orientation.Horizontal)
    w.resizeDocks([docks["sentence"]], [215], Qt.Orientation.Vertical)
    w.resizeDocks([docks["transitions"], docks["history"], docks["output"]], [230, 130, 160], Qt.Orientation.Vertical)
    _hide_stale_tab_bars(w)
    return docks


def _hide_stale_tab_bars(w: QMainWindow) -> None:
    """Tabifying two docks of an area split in two leaves Qt's first tab bars for them behind, unused
    but shown (and drawn over the left docks once another of them is raised): hide every tab bar
    whose tabs begin another's made after it."""
    bars = w.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
    for i, bar in enumerate(bars):
        tabs = [bar.tabText(k) for k in range(bar.count())]
        if any([later.tabText(k) for k in range(min(later.count(), len(tabs)))] == tabs for later in bars[i + 1:]):
            bar.hide()
