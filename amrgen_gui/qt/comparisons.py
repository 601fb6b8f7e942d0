"""Model ▸ Compare (issue 17, point 5): the oracle beside the model on the entry
shown (:class:`~amrgen_gui.qt.views.oracle_comparison.OracleComparisonView`,
Ctrl+D) and two generators beside each other on the open corpus
(:class:`~amrgen_gui.qt.views.generator_comparison.GeneratorComparisonView`,
Ctrl+Shift+G): the two views, their actions, and what the window does for
them (the model session taken to a step of generate(G), the generators
asked for)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from amrgen.stepping.session import Mode
from amrgen_gui.qt.busy import BusyIndicator
from amrgen_gui.qt.dialogs.generator_pair import GeneratorPairDialog
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.generator_comparison import GeneratorComparisonView
from amrgen_gui.qt.views.oracle_comparison import OracleComparisonView
from amrgen_gui.state.workspace import Workspace


class Window(Protocol):
    """What the comparisons ask of the main window (:class:`~amrgen_gui.qt.main_window.MainWindow`)."""

    model: SessionModel
    workspace: Workspace
    docks: dict[str, QDockWidget]
    generatorLoaded: SignalInstance
    busy: BusyIndicator

    def open_derivation(self, entry_id: str) -> None: ...

    def set_mode(self, mode: Mode) -> None: ...

    def corpus_run(self, doing: str, dock: str) -> tuple[Any, Any] | None: ...

ORACLE_DOCK, GENERATORS_DOCK = "compare", "pairwise"
"""The names of the two views' docks in :attr:`MainWindow.docks`."""


class Comparisons:
    """The comparison views of one window and their actions."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.oracle = OracleComparisonView(window.model)
        self.generators = GeneratorComparisonView()
        self.oracle.jumpTo.connect(self.go_to_generation_step)
        self.oracle.runningChanged.connect(self._comparing)
        self.generators.openDerivation.connect(window.open_derivation)
        window.generatorLoaded.connect(self.oracle.refresh)

    def actions(self, action: Callable[..., QAction]) -> list[QAction]:
        """The menu's actions, made by the window's ``action(text, slot, shortcut, tip)``."""
        self.oracle_action = action("Compare with &Oracle", self.compare_with_oracle, "Ctrl+D",
                                    "Where the model leaves the oracle's path on this entry: list both, go there")
        self.generators_action = action("Compare Two &Generators…", self.ask_generators, "Ctrl+Shift+G",
                                        "The open corpus by two models or hyperparameter files, side by side")
        return [self.oracle_action, self.generators_action]

    def update(self) -> None:
        """Enable the actions where they can run: a generator loaded, an entry shown, a corpus open."""
        workspace, model = self.window.workspace, self.window.model
        self.oracle_action.setEnabled(model.entry is not None and workspace.generator is not None)
        self.generators_action.setEnabled(workspace.corpus is not None and workspace.generator is not None)

    def cancel(self) -> None:
        self.oracle.cancel()
        self.generators.cancel()

    # -- the oracle beside the model --------------------------------------------------

    def compare_with_oracle(self) -> None:
        """Show the oracle beside the model on this entry, and the model session where they part."""
        self._raise_oracle()
        self.oracle.when_compared(self.oracle.go_to_divergence)

    def go_to_generation_step(self, position: int) -> None:
        """The model session after ``position`` transitions of generate(G) (model mode, the comparison in sight)."""
        window = self.window
        if window.model.mode is not Mode.MODEL:
            window.set_mode(Mode.MODEL)
            self._raise_oracle()
        window.model.when_settled(lambda: window.model.follow_generation(position))

    def _comparing(self, running: bool) -> None:
        """Say in the status bar that the comparison is being made, with a Cancel (Esc)."""
        busy, entry = self.window.busy, self.window.model.entry
        if running:
            busy.start("compare", f"Comparing {entry.id} with the oracle…", self.oracle.cancel)
        else:
            busy.finish("compare")

    def _raise_oracle(self) -> None:
        self.window.docks[ORACLE_DOCK].show()
        self.window.docks[ORACLE_DOCK].raise_()

    # -- two generators -----------------------------------------------------------------

    def ask_generators(self) -> None:
        loaded = self.window.workspace.generator
        if loaded is not None:
            dialog = GeneratorPairDialog(loaded.describe(), self.oracle.window())
            if dialog.exec():
                self.compare_generators(*dialog.chosen())

    def compare_generators(self, a: str | None, b: str | None) -> None:
        """Generate the open corpus with A and with B in the background (a model directory
        or hyperparameters file each, None: the loaded generator)."""
        run = self.window.corpus_run("Comparing", GENERATORS_DOCK)
        if run is not None:
            corpus, generator = run
            self.generators.compare(corpus.path, generator, a, b)
