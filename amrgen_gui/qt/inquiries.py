"""Asking the corpus and the oracle: Search (Ctrl+F, :class:`~amrgen_gui.qt.views.search_view.SearchView`),
the oracle's losses over the corpus (Oracle ▸ Run over Corpus,
:class:`~amrgen_gui.qt.views.oracle_losses.OracleLossesView`) and the exercise of guessing the
oracle's next transition (Oracle ▸ Exercise, :class:`~amrgen_gui.qt.views.exercise.ExerciseView`):
the views, their actions and menus, and what the window does for them (the entry opened, at a
step, with what matters pointed at)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenuBar, QStatusBar

from amrgen.graph import Vertex
from amrgen.search import EntryMatch
from amrgen.stepping.session import Mode
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.corpus_browser import CorpusBrowser
from amrgen_gui.qt.views.exercise import ExerciseView
from amrgen_gui.qt.views.graph_view import GraphView
from amrgen_gui.qt.views.oracle_losses import OracleLossesView
from amrgen_gui.qt.views.search_view import SearchView
from amrgen_gui.state.workspace import Change, Workspace

SEARCH_DOCK, LOSSES_DOCK, EXERCISE_DOCK = "search", "losses", "exercise"
"""The names of the views' docks in :attr:`MainWindow.docks`."""


class Window(Protocol):
    """What the inquiries ask of the main window (:class:`~amrgen_gui.qt.main_window.MainWindow`)."""

    model: SessionModel
    workspace: Workspace
    browser: CorpusBrowser
    docks: dict[str, QDockWidget]
    graph: GraphView

    def set_mode(self, mode: Mode) -> None: ...

    def statusBar(self) -> QStatusBar: ...


class Inquiries:
    """Search and the oracle's losses for one window."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.search = SearchView()
        self.losses = OracleLossesView()
        self.exercise = ExerciseView(window.model)
        self.losses_system: tuple[Any, Any] | None = None
        """(approach, system) the losses shown were found in."""
        self.search.matchChosen.connect(self.show_match)
        self.losses.openStep.connect(self.open_step)
        self.losses.finished.connect(self.update)
        window.workspace.observe(self._workspace_changed)

    def add_menus(self, menus: QMenuBar, action: Callable[..., QAction]) -> None:
        """The Search and Oracle menus, their actions made by the window's ``action(text, slot, shortcut, tip)``."""
        self.search_action = action("&Search Corpus and Graph…", self.start_search, "Ctrl+F",
                                    "A concept, :role, word, id or sub-graph pattern such as (x / possible-01 :ARG1 (y / *))")
        self.next_action = action("&Next Match", lambda: self.search.step(1), "F3")
        self.previous_action = action("&Previous Match", lambda: self.search.step(-1), "Shift+F3")
        search_menu = menus.addMenu("&Search")
        search_menu.addActions([self.search_action, self.next_action, self.previous_action])
        self.losses_action = action("&Run over Corpus", self.run_losses, tip=(
            "The oracle on every entry: its BLEU, worst first, and each reference word it lacks or misplaces, with why"))
        self.stop_losses_action = action("&Stop the Run", self.losses.cancel)
        oracle_menu = menus.addMenu("O&racle")
        self.exercise_action = action("&Exercise: Guess the Next Transition", self.set_exercise, "Ctrl+Shift+X",
                                      "Pick the transition the oracle applies next; told whether it agrees and why",
                                      checkable=True)
        oracle_menu.addActions([self.losses_action, self.stop_losses_action])
        oracle_menu.addSeparator()
        oracle_menu.addAction(self.exercise_action)
        self.update()

    def update(self) -> None:
        has_corpus = self.window.workspace.corpus is not None
        self.losses_action.setEnabled(has_corpus)
        self.stop_losses_action.setEnabled(self.losses.running())

    def cancel(self) -> None:
        self.losses.cancel()

    def _workspace_changed(self, change: Change) -> None:
        if change is Change.CORPUS:
            corpus = self.window.workspace.corpus
            self.search.set_entries(corpus.entries if corpus is not None else [])
        if hasattr(self, "losses_action"):
            self.update()

    def _raise(self, name: str) -> None:
        dock = self.window.docks[name]
        if not dock.isVisible():
            dock.show()
        dock.raise_()

    # -- search ---------------------------------------------------------------------------

    def start_search(self) -> None:
        """Ctrl+F: the search dock in sight, the keyboard in its query line."""
        self._raise(SEARCH_DOCK)
        self.search.focus()

    def show_match(self, found: EntryMatch) -> None:
        """Open the entry matched and point at what matched in its graph and sentence."""
        match = found.match
        self._open(found.index, lambda: self._point(match.vertices, match.words))

    def _point(self, vertices: Iterable[Vertex], words: Iterable[int]) -> None:
        """Point at the vertices (and their words) or else the words, the first vertex brought into sight."""
        model, graph = self.window.model, self.window.graph
        vertices = list(vertices)
        if vertices:
            model.point_at_vertices(vertices)
        else:
            model.point_at_words(words)

        def bring_into_sight() -> None:  # once the view has drawn the entry (and followed σ1)
            items = [graph.nodes[v] for v in vertices if v in graph.nodes]
            if items and not any(graph.in_sight(item.ellipse) for item in items):
                graph.centerOn(items[0].ellipse.center())

        QTimer.singleShot(0, bring_into_sight)

    def _open(self, index: int, then: Callable[[], object]) -> None:
        """Show the corpus's ``index``-th entry (the corpus list unfiltered) and call ``then`` once it is shown."""
        window = self.window
        if window.browser.current() != index:
            window.browser.filter.clear()
            window.browser.select(index)
        window.model.when_settled(then)

    # -- exercise ------------------------------------------------------------------------------

    def set_exercise(self, on: bool | None = None) -> None:
        """Exercise mode on (the Transitions dock, which stars the oracle's choice, hidden; manual
        mode, so stepping applies one's own choices) or off (as its action is checked when None)."""
        on = self.exercise_action.isChecked() if on is None else on
        self.exercise_action.setChecked(on)
        docks = self.window.docks
        if on:
            self.window.set_mode(Mode.MANUAL)
            self.exercise.restart()
            self._raise(EXERCISE_DOCK)
            docks["transitions"].hide()
        else:
            docks[EXERCISE_DOCK].hide()
            docks["transitions"].show()

    # -- the oracle's losses ----------------------------------------------------------------

    def run_losses(self) -> None:
        """Run the oracle over the open corpus in the session's approach and system, in the background."""
        corpus, model = self.window.workspace.corpus, self.window.model
        if corpus is None:
            return
        self._raise(LOSSES_DOCK)
        self.losses_system = (model.approach, model.system)
        self.losses.start(corpus.entries, model.approach, model.system, corpus.path.name)
        self.update()

    def open_step(self, entry_id: str, step: int, vertex: Vertex | None) -> None:
        """The entry in oracle mode after ``step`` of the oracle's transitions, ``vertex`` pointed at."""
        window = self.window
        corpus = window.workspace.corpus
        index = corpus.index(entry_id) if corpus is not None else None
        if index is None:
            return
        if window.model.mode is not Mode.ORACLE:
            window.set_mode(Mode.ORACLE)
        if self.losses_system != (window.model.approach, window.model.system):
            window.statusBar().showMessage(
                "The oracle's losses were found in another approach or system than the one chosen now: "
                "their steps may differ", 10_000)

        def there() -> None:
            model = window.model
            model.run_to_end()
            model.jump(min(step, len(model.session.steps) - 1) if model.session else step)
            if vertex is not None:
                self._point([vertex], [])

        self._open(index, there)
