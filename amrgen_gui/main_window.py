"""The main window: docks around the graph, the actions and their shortcuts,
opening corpora, loading the generator and exporting.  It owns the
:class:`SessionModel`, which every view follows, and the
:class:`~amrgen_gui.workspace.Workspace` (the open corpus, its constrained
systems, the generator asked for), which it observes.

Layout: the corpus on the left; σ and β above the graph in the centre; the
transitions to choose from, the history and the realization on the right;
the sentence with its dependency tree and alignment (tabbed with the
generated corpus), and the ρ table (tabbed with phase 2's candidates), below.
Window geometry, dock layout, recent files and options persist in QSettings.

The generator (model mode, generating the corpus) loads in the background
(:meth:`MainWindow.load_generator`; ``amrgen-gui`` loads the shipped
default at start), so the window is usable at once; the status bar says
which generator is loaded, or why none is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import Mode
from amrgen.transitions.system import TransitionSystem
from amrgen_gui import export, html_export
from amrgen_gui.busy import BusyIndicator
from amrgen_gui.comparisons import GENERATORS_DOCK, ORACLE_DOCK, Comparisons
from amrgen_gui.conventions_choice import ConventionsChoice
from amrgen_gui.limits_choice import LimitsChoice
from amrgen_gui.model import SessionModel
from amrgen_gui.paths import SAMPLE
from amrgen_gui.postprocess_choice import PIPELINES, PostprocessChoice
from amrgen_gui.recent import RecentFiles
from amrgen_gui.tasks import Report, Task, run_with_progress
from amrgen_gui.views.buffers import BufferView
from amrgen_gui.views.corpus_browser import CorpusBrowser
from amrgen_gui.views.generated_corpus import GeneratedCorpusView
from amrgen_gui.views.generator_pair import HYPERPARAMETERS_FILTER
from amrgen_gui.views.graph_view import GraphView
from amrgen_gui.views.history import HistoryView
from amrgen_gui.views.output import OutputView
from amrgen_gui.views.penman_editor import PenmanEditor
from amrgen_gui.views.phase2_inspector import Phase2Inspector
from amrgen_gui.views.rho_table import RhoTable
from amrgen_gui.views.sentence_view import SentenceView
from amrgen_gui.views.transitions import TransitionsView
from amrgen_gui.workspace import Change, Corpus, Workspace, open_corpus

MAX_ERRORS_SHOWN = 8
CORPUS_FILTER = "AMR corpora (*.txt *.amr *.penman);;All files (*)"
LM_FILTER = "KenLM language models (*.binary *.arpa *.klm *.bin);;All files (*)"
EXPORT_FILTERS = {"svg": "SVG drawings (*.svg)", "png": "PNG images (*.png)", "txt": "Transition listings (*.txt)",
                  "html": "Web pages (*.html)"}
FORMAL, CONSTRAINED = "formal", "constrained"


class MainWindow(QMainWindow):
    """The application window."""

    corpusLoaded = Signal()
    """A corpus was opened and its first entry is shown (or it had none, or opening failed)."""
    systemChanged = Signal()
    """The session now runs in the transition system chosen."""
    generatorLoaded = Signal()
    """Loading a generator ended: :attr:`SessionModel.generator` is the new one, or it failed."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.model = SessionModel(self)
        self.workspace = Workspace()
        self.tasks: set[Task] = set()
        self.setWindowTitle("amrgen")
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)

        self.graph = GraphView(self.model)
        self.buffers = BufferView(self.model)
        self.sentence = SentenceView(self.model)
        self.rho = RhoTable(self.model)
        self.history = HistoryView(self.model)
        self.choices = TransitionsView(self.model)
        self.output = OutputView(self.model)
        self.browser = CorpusBrowser()
        self.inspector = Phase2Inspector(self.model)
        self.generated = GeneratedCorpusView()
        self.editor = PenmanEditor(self.model)
        self.comparisons = Comparisons(self)
        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.buffers)
        column.addWidget(self.graph, 1)
        self.setCentralWidget(centre)
        self._build_docks()
        self._build_actions()
        self._default_state = self.saveState()
        self._restore_settings()

        self.browser.entrySelected.connect(self._show_entry)
        self.generated.openDerivation.connect(self.open_derivation)
        self.editor.entryEdited.connect(self.show_edited)
        self.docks[ORACLE_DOCK].visibilityChanged.connect(self.comparisons.oracle.sighted)
        self.generated.finished.connect(self._update_status)
        self.comparisons.generators.finished.connect(self._update_status)
        self.model.changed.connect(self._update_status)
        self.model.failed.connect(lambda message: self.statusBar().showMessage(message, 10_000))
        self.model.loadingChanged.connect(self._session_loading)
        self.model.loadingChanged.connect(self._update_status)
        self.workspace.observe(self._workspace_changed)
        self._update_status()

    # -- building -----------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.setCorner(Qt.Corner.BottomLeftCorner, bottom)
        self.setCorner(Qt.Corner.BottomRightCorner, bottom)
        self.setCorner(Qt.Corner.TopLeftCorner, left)
        self.setCorner(Qt.Corner.TopRightCorner, right)
        self.docks = {
            "corpus": self._dock("Corpus", "corpus", self.browser, left),
            "transitions": self._dock("Transitions", "transitions", self.choices, right),
            "history": self._dock("History", "history", self.history, right),
            "output": self._dock("Realization", "output", self.output, right),
            "sentence": self._dock("Sentence, dependencies and alignment", "sentence", self.sentence, bottom),
            "rho": self._dock("Annotations ρ", "rho", self.rho, bottom),
            "phase2": self._dock("Phase 2: best(v)", "phase2", self.inspector, bottom),
            "generated": self._dock("Generated corpus", "generated", self.generated, bottom),
            "editor": self._dock("PENMAN editor", "editor", self.editor, left),
            ORACLE_DOCK: self._dock("Compare with oracle", ORACLE_DOCK, self.comparisons.oracle, bottom),
            GENERATORS_DOCK: self._dock("Two generators", GENERATORS_DOCK, self.comparisons.generators, bottom),
        }
        self.tabifyDockWidget(self.docks["corpus"], self.docks["editor"])
        self.docks["corpus"].raise_()
        self.splitDockWidget(self.docks["sentence"], self.docks["rho"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(self.docks["sentence"], self.docks["generated"])
        self.tabifyDockWidget(self.docks["generated"], self.docks[GENERATORS_DOCK])
        self.tabifyDockWidget(self.docks["rho"], self.docks["phase2"])
        self.tabifyDockWidget(self.docks["phase2"], self.docks[ORACLE_DOCK])
        self.docks["sentence"].raise_()
        self.docks["rho"].raise_()
        self.resizeDocks([self.docks["corpus"]], [250], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["transitions"]], [330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["sentence"], self.docks["rho"]], [560, 720], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["sentence"]], [215], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["transitions"], self.docks["history"], self.docks["output"]],
                         [230, 130, 160], Qt.Orientation.Vertical)

    def _action(self, text: str, slot: Callable[[], Any], shortcut: QKeySequence | str | None = None,
                tip: str = "", checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(f"{tip or text} ({action.shortcut().toString()})" if shortcut else tip or text)
        action.setCheckable(checkable)
        action.triggered.connect(lambda: slot())  # not slot itself: triggered passes `checked`
        self.addAction(action)
        return action

    def _choice(self, options: list[tuple[str, str, str]], chosen: Callable[[str], None]) -> list[QAction]:
        """An exclusive group of checkable actions (text, value, shortcut)."""
        group = QActionGroup(self)
        actions = []
        for text, value, shortcut in options:
            action = self._action(text, lambda value=value: chosen(value), shortcut, checkable=True)
            action.setData(value)
            group.addAction(action)
            actions.append(action)
        return actions

    def _build_actions(self) -> None:
        a = self._action
        self.open_action = a("&Open…", self._ask_open, QKeySequence.StandardKey.Open, "Open an AMR corpus")
        self.sample_action = a("Open &Sample", lambda: self.open_corpus(SAMPLE))
        self.export_svg_action = a("Export Graph as &SVG…", lambda: self._ask_export("svg"), "Ctrl+E")
        self.export_png_action = a("Export Graph as &PNG…", lambda: self._ask_export("png"), "Ctrl+Shift+E")
        self.export_listing_action = a("Export &Transitions…", lambda: self._ask_export("txt"), "Ctrl+T")
        self.export_html_action = a("Export Derivation as &HTML…", lambda: self._ask_export("html"), "Ctrl+Shift+H",
                                    "A self-contained web page: every step's graph, transition, buffers and ρ")
        self.load_model_action, self.load_lm_action, self.load_hyper_action = (
            a(text, lambda i=i: self._ask_generator_file(i), tip=tip) for i, (text, tip) in enumerate([
                ("Open &Model Directory…", "Load another model"), ("Open &Language Model…", "Load another KenLM model"),
                ("Open &Hyperparameters…", "Load the hyperparameters amrgen tune wrote")]))
        self.default_model_action = a("Use the &Default Model", self.load_generator,
                                      tip="The shipped model, LM and hyperparameters (resources/default)")
        self.postprocess = PostprocessChoice(self, self.workspace)
        self.postprocess.actions = self._choice(PIPELINES, self.postprocess.choose)
        self.conventions = ConventionsChoice(self, self.workspace)
        self.limits = LimitsChoice(self, self.settings, self.workspace)
        self.generate_corpus_action = a("&Generate Open Corpus", self.generate_corpus, "Ctrl+G",
                                        "Generate every entry in the background, with BLEU against the references")
        self.cancel_generating_action = a("&Stop Generating", self.generated.cancel)
        self.cancel_action = a("Cancel", lambda: self.busy.cancel(), "Esc",
                               "Stop what runs in the background (a graph being generated, a model loading)")
        quit_action = a("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.start_action = a("⇤  Start", self.model.to_start, "Home", "Back to c_s, keeping the history")
        self.back_action = a("←  Back", self.model.back, "Left", "Undo the last transition")
        self.step_action = a("Step  →", self.model.step, "Right", "Apply the next transition")
        self.end_action = a("Run  ⇥", self.model.run_to_end, "End", "Apply transitions up to a terminal configuration")
        self.reset_action = a("↺  Reset", self.model.reset, "Ctrl+R", "Back to c_s, forgetting the history")
        previous_entry = a("Previous Entry", lambda: self.browser.step(-1), "PgUp")
        next_entry = a("Next Entry", lambda: self.browser.step(1), "PgDown")
        self.mode_actions = self._choice([("Oracle", Mode.ORACLE.value, "Ctrl+1"),
                                          ("Manual", Mode.MANUAL.value, "Ctrl+2"),
                                          ("Model", Mode.MODEL.value, "Ctrl+M")], self._set_mode)
        self.approach_actions = self._choice([("Text", Approach.TEXT.value, "Ctrl+3"),
                                              ("Dependency", Approach.DEPENDENCY.value, "Ctrl+4")],
                                             self._set_approach)
        self.system_actions = self._choice([("Formal", FORMAL, "Ctrl+5"), ("Constrained", CONSTRAINED, "Ctrl+6")],
                                           self._set_system)
        zoom_in = a("Zoom In", lambda: self.graph.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        zoom_out = a("Zoom Out", lambda: self.graph.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        fit = a("Fit Graph", self.graph.fit, "Ctrl+0", "Fit the graph, its labels still readable")
        self.follow_action = a("Follow σ1", lambda: self.graph.set_following(self.follow_action.isChecked()),
                               "Ctrl+F", "Scroll σ1 back into sight when a step takes it out", checkable=True)
        expand = a("Expand All Subtrees", self.graph.expand_all, tip="Show every subtree collapsed by a double click")
        legend = a("Graph Legend", lambda: self.graph.set_legend(legend.isChecked()), checkable=True)
        for action, short in ((zoom_out, "−"), (zoom_in, "+"), (fit, "Fit"), (self.follow_action, "Follow σ1")):
            action.setIconText(short)
            action.setChecked(action.isCheckable())
        self.graph.add_controls([zoom_out, zoom_in, fit, self.follow_action])
        legend.setChecked(True)
        reset_layout = a("Reset Layout", lambda: self.restoreState(self._default_state))

        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        file_menu.addActions([self.open_action, self.sample_action])
        self.recent = RecentFiles(self.settings, file_menu.addMenu("Open &Recent"), self.open_corpus)
        file_menu.addSeparator()
        file_menu.addActions([self.export_svg_action, self.export_png_action, self.export_listing_action,
                              self.export_html_action])
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        step_menu = menus.addMenu("&Step")
        step_menu.addActions([self.step_action, self.back_action, self.end_action, self.start_action,
                              self.reset_action])
        step_menu.addSeparator()
        step_menu.addActions([previous_entry, next_entry])
        step_menu.addSeparator()
        step_menu.addAction(self.cancel_action)
        model_menu = menus.addMenu("&Model")
        for group in ([self.load_model_action, self.load_lm_action, self.load_hyper_action, self.default_model_action],
                      self.postprocess.actions, self.conventions.actions, [self.limits.action]):
            model_menu.addActions(group)
            model_menu.addSeparator()
        model_menu.addActions([self.generate_corpus_action, self.cancel_generating_action,
                               *self.comparisons.actions(a)])
        options_menu = menus.addMenu("&Options")
        for group in (self.mode_actions, self.approach_actions, self.system_actions):
            options_menu.addActions(group)
            options_menu.addSeparator()
        view_menu = menus.addMenu("&View")
        view_menu.addActions([zoom_in, zoom_out, fit, self.follow_action, expand, legend])
        view_menu.addSeparator()
        view_menu.addActions([dock.toggleViewAction() for dock in self.docks.values()])
        view_menu.addSeparator()
        view_menu.addAction(reset_layout)

        bar = QToolBar("Stepping", objectName="toolbar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.addAction(self.open_action)
        bar.addSeparator()
        bar.addActions([self.start_action, self.back_action, self.step_action, self.end_action, self.reset_action])
        for caption, group in (("mode", self.mode_actions), ("oracle", self.approach_actions),
                               ("system", self.system_actions)):
            bar.addSeparator()
            bar.addWidget(QLabel(caption))
            bar.addActions(group)
        self.addToolBar(bar)
        self.position_label = QLabel()
        self.generator_label = QLabel("no model loaded")
        self.busy = BusyIndicator()
        self.statusBar().addPermanentWidget(self.busy)
        self.statusBar().addPermanentWidget(self.generator_label)
        self.statusBar().addPermanentWidget(self.position_label)

    # -- settings -------------------------------------------------------------------------

    def _restore_settings(self) -> None:
        s = self.settings
        if s.value("geometry"):
            self.restoreGeometry(s.value("geometry"))
        else:
            self.resize(1280, 800)
        if s.value("windowState"):
            self.restoreState(s.value("windowState"))
        mode, approach = Mode(s.value("mode", Mode.ORACLE.value)), Approach(s.value("approach", Approach.TEXT.value))
        for actions, value in ((self.mode_actions, mode.value), (self.approach_actions, approach.value),
                               (self.system_actions, s.value("system", FORMAL))):
            for action in actions:
                action.setChecked(action.data() == value)
        self._set_mode(mode.value)
        self.model.configure(approach, TransitionSystem())  # a constrained system is learnt once a corpus is open

    def _save_settings(self) -> None:
        s = self.settings
        s.setValue("geometry", self.saveGeometry())
        s.setValue("windowState", self.saveState())
        for key, actions in (("mode", self.mode_actions), ("approach", self.approach_actions),
                             ("system", self.system_actions)):
            s.setValue(key, self._chosen(actions))
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        for task in self.tasks:
            task.cancel()
        self.model.cancel_loading()
        self.generated.cancel()
        self.comparisons.cancel()
        self._save_settings()
        super().closeEvent(event)

    # -- long work ---------------------------------------------------------------------

    def _run(self, task: Task, label: str, succeeded: Callable[[Any], None],
             failed: Callable[[str], None], cancelled: Callable[[], None] = lambda: None) -> None:
        """Run ``task`` behind a cancellable progress dialog (shown if it takes a while)."""
        run_with_progress(self, task, label, self.tasks, succeeded, failed, cancelled)

    # -- corpora -------------------------------------------------------------------------

    def _ask_open(self) -> None:
        start = self.recent.files()[0] if self.recent.files() else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, "Open AMR Corpus", str(Path(start).parent), CORPUS_FILTER)
        if path:
            self.open_corpus(path)

    def open_corpus(self, path: str | Path, quiet: bool = False) -> None:
        """Open (and if needed prepare) a corpus in the background; :attr:`corpusLoaded` follows.
        A file that cannot be opened is said in a message box (in the status bar when ``quiet``)."""
        path = Path(path)
        self.statusBar().showMessage(f"Opening {path}…")
        self._run(Task(lambda report: open_corpus(path, report), self),
                  f"Opening {path.name}…\nA corpus that is not prepared yet is tagged, parsed and aligned first.",
                  self._show_corpus,
                  lambda message: self._open_failed(path, message, quiet),
                  lambda: self.statusBar().showMessage(f"Stopped opening {path}", 5000))

    def _open_failed(self, path: Path, message: str, quiet: bool) -> None:
        message = message if message.startswith(str(path)) else f"{path}: {message}"  # the file named once
        if quiet:
            self.statusBar().showMessage(message)
        else:
            self.statusBar().clearMessage()
            QMessageBox.critical(self, "Cannot open corpus", message)
        self.corpusLoaded.emit()

    def _show_corpus(self, corpus: Corpus) -> None:
        self.workspace.set_corpus(corpus)
        self.setWindowTitle(f"{corpus.path.name} — amrgen")
        self.recent.remember(corpus.path)
        self.browser.set_entries(corpus.entries)
        self.statusBar().showMessage(f"Opened {corpus.path}: {self.browser.count.text()}", 5000)
        if corpus.errors:
            shown = "\n".join(str(error) for error in corpus.errors[:MAX_ERRORS_SHOWN])
            more = len(corpus.errors) - MAX_ERRORS_SHOWN
            QMessageBox.warning(
                self, "Entries skipped",
                f"{len(corpus.errors)} entries of {corpus.path} could not be read; "
                f"the other {len(corpus.entries)} are open.\n\n{shown}" + (f"\n… and {more} more" if more > 0 else ""))
        if self._chosen(self.system_actions) == CONSTRAINED:
            self._set_system(CONSTRAINED)
        if corpus.entries:
            self.browser.select(0)
        else:
            self.model.set_entry(None)
        self.model.when_settled(self.corpusLoaded.emit)

    def _session_loading(self, loading: bool) -> None:
        if not loading:
            self.busy.finish("session")
            return
        doing = "Generating" if self.model.mode is Mode.MODEL else "Laying out"
        self.busy.start("session", f"{doing} {self.model.entry.id}…", self.model.cancel_loading)

    def show_edited(self, entry: ExtendedEntry) -> None:
        """A graph of the PENMAN editor, for generation alone: in model mode (manual
        without a model), as the oracle has no reference to follow."""
        if self.model.mode is Mode.ORACLE:
            self.set_mode(Mode.MODEL if self.workspace.generator is not None else Mode.MANUAL)
        self.model.set_entry(entry)

    def _show_entry(self, index: int) -> None:
        if self.workspace.corpus is not None:
            self.model.set_entry(self.workspace.corpus.entries[index])

    # -- options ---------------------------------------------------------------------------

    @staticmethod
    def _chosen(actions: list[QAction]) -> str:
        return next(action.data() for action in actions if action.isChecked())

    def set_mode(self, mode: Mode) -> None:
        """Choose the mode as its action does."""
        for action in self.mode_actions:
            action.setChecked(action.data() == mode.value)
        self._set_mode(mode.value)

    def _set_mode(self, value: str) -> None:
        """Oracle, manual or model mode; model mode runs in the generator's own
        system, so the formal/constrained choice does not apply there."""
        mode = Mode(value)
        for action in self.system_actions:
            action.setEnabled(mode is not Mode.MODEL)
        self.model.set_mode(mode)
        if mode is Mode.MODEL:
            self.docks["phase2"].raise_()

    def _set_approach(self, value: str) -> None:
        self._set_system(self._chosen(self.system_actions))

    def _set_system(self, value: str) -> None:
        """Run the approach chosen in the formal system, or in the constrained one,
        learning that first if needed."""
        approach = Approach(self._chosen(self.approach_actions))
        system = self.workspace.system(approach, constrained=value == CONSTRAINED)
        if system is not None:
            self._configure(approach, system)
        else:
            self._learn_constrained_system(approach)

    def _configure(self, approach: Approach, system: TransitionSystem) -> None:
        self.model.configure(approach, system)
        self.model.when_settled(self.systemChanged.emit)

    def _learn_constrained_system(self, approach: Approach) -> None:
        def learnt(result: tuple[Corpus, TransitionSystem]) -> None:
            corpus, system = result
            if self.workspace.learnt(corpus, approach, system):
                self._configure(approach, system)

        def back_to_formal() -> None:
            for action in self.system_actions:
                action.setChecked(action.data() == FORMAL)
            self._set_system(FORMAL)

        def failed(message: str) -> None:
            QMessageBox.critical(self, "Cannot learn the constrained system", message)
            back_to_formal()

        self._run(Task(lambda report: self.workspace.learn_constrained(approach, report), self),
                  f"Learning the constraints' resources from {len(self.workspace.corpus.entries)} oracle runs…",
                  learnt, failed, back_to_formal)

    # -- the generator -----------------------------------------------------------------------

    def load_generator(self, model_dir: str | Path | None = None, lm_path: str | Path | None = None,
                       hyperparameters: str | Path | None = None, quiet: bool = False) -> None:
        """Load a generator (None: the shipped default's model, LM, hyperparameters) in
        the background; :attr:`generatorLoaded` follows.  A file that is missing or
        unreadable is reported in one message naming it (in the status bar only when
        ``quiet``), and the generator loaded before stays."""
        paths = tuple(str(p) if p else None for p in (model_dir, lm_path, hyperparameters))
        self.workspace.ask_generator(paths)
        self.generator_label.setText("loading the model…")

        def loaded(generator: LoadedGenerator) -> None:
            if self.workspace.set_generator(paths, generator):  # not when another was asked for meanwhile
                self.generatorLoaded.emit()

        def failed(message: str) -> None:
            if self.workspace.is_stale(paths):
                return
            current = self.workspace.generator
            self.generator_label.setText(current.describe() if current else "no model loaded")
            self.generator_label.setToolTip(message)
            if quiet:
                self.statusBar().showMessage(f"No model: {message}")
            else:
                QMessageBox.critical(self, "Cannot load the model", message)
            self.generatorLoaded.emit()

        def load(report: Report) -> LoadedGenerator:
            return LoadedGenerator.load(*paths)

        task = Task(load, self)
        self.tasks.add(task)
        task.succeeded.connect(lambda generator: (self.tasks.discard(task), loaded(generator)))
        task.failed.connect(lambda message: (self.tasks.discard(task), failed(message)))
        task.start()

    def _ask_generator_file(self, index: int) -> None:
        """Ask for the model directory (0), the LM (1) or the hyperparameters (2), and load with it."""
        paths = list(self.workspace.generator_paths)
        title, home = ("Open Model Directory", "Open Language Model", "Open Hyperparameters")[index], str(Path.home())
        path = QFileDialog.getExistingDirectory(self, title, home) if index == 0 else \
            QFileDialog.getOpenFileName(self, title, home, (LM_FILTER, HYPERPARAMETERS_FILTER)[index - 1])[0]
        if path:
            paths[index] = path
            self.load_generator(*paths)

    def generate_corpus(self) -> None:
        """Generate every entry of the open corpus in the background (see :class:`GeneratedCorpusView`)."""
        if (run := self.corpus_run("Generating", "generated")) is not None:
            self.generated.generate(run[0].path, run[1])
            self._update_status()

    def corpus_run(self, doing: str, dock: str) -> tuple[Corpus, LoadedGenerator] | None:
        """The open corpus and the loaded generator, ``dock`` raised; None (said) without either."""
        corpus, generator = self.workspace.corpus, self.workspace.generator
        if corpus is None or generator is None:
            self.statusBar().showMessage(f"{doing} needs an open corpus and a loaded model", 5000)
            return None
        self.docks[dock].show()
        self.docks[dock].raise_()
        return corpus, generator

    def open_derivation(self, entry_id: str) -> None:
        """Show the entry with this id in model mode, from c_s."""
        index = self.workspace.corpus.index(entry_id) if self.workspace.corpus else None
        if index is None:
            self.statusBar().showMessage(f"Entry {entry_id} is not among the entries open (it could not be read)",
                                         10_000)
            return
        self.browser.filter.clear()
        self.set_mode(Mode.MODEL)
        if self.browser.current() == index:
            self._show_entry(index)
        else:
            self.browser.select(index)

    def _workspace_changed(self, change: Change) -> None:
        generator = self.workspace.generator
        if change is Change.GENERATOR:
            self.model.set_generator(generator)
            self.generator_label.setText(generator.describe())
            self.generator_label.setToolTip(f"{generator.spec}\nloaded in {generator.seconds:.1f} s")
            warning = generator.warning()
            self.statusBar().showMessage(f"Loaded {generator.describe()} in {generator.seconds:.1f} s"
                                         + (f"; warning: {warning}" if warning else ""), 20_000 if warning else 5000)
            self.postprocess.check()
        self._update_status()

    # -- export ----------------------------------------------------------------------------

    def _ask_export(self, kind: str) -> None:
        if self.model.session is None:
            return
        name = self.model.session.entry.id.replace("/", "_")
        suggested = f"{name}-step{self.model.session.position}.{kind}" if kind in ("svg", "png") else f"{name}.{kind}"
        path, _ = QFileDialog.getSaveFileName(self, "Export", str(Path.home() / suggested), EXPORT_FILTERS[kind])
        if path:
            self.export(kind, path)

    def export(self, kind: str, path: str | Path) -> None:
        """Write the graph (``svg``, ``png``), the transition listing (``txt``) or the
        derivation so far as a web page (``html``) to ``path``."""
        session = self.model.session
        if session is None:
            return
        try:
            if kind == "svg":
                export.save_svg(self.graph.scene(), path, f"{session.entry.id}, step {session.position}")
            elif kind == "png":
                export.save_png(self.graph.scene(), path)
            elif kind == "html":
                html_export.save_html(session, self.model, path)
            else:
                export.save_text(session.listing(), path)
        except OSError as error:
            QMessageBox.critical(self, "Cannot export", f"{path}:\n{error}")
            return
        self.statusBar().showMessage(f"Saved {path}", 5000)

    # -- status ------------------------------------------------------------------------------

    def _update_status(self) -> None:
        session = self.model.session
        for action in (self.start_action, self.back_action, self.step_action, self.end_action,
                       self.export_svg_action, self.export_png_action, self.export_listing_action,
                       self.export_html_action):
            action.setEnabled(session is not None)
        self.reset_action.setEnabled(self.model.entry is not None)
        self.generate_corpus_action.setEnabled(self.workspace.corpus is not None
                                               and self.workspace.generator is not None)
        self.cancel_generating_action.setEnabled(self.generated.running())
        self.comparisons.update()
        for action in self.postprocess.actions:
            action.setEnabled(self.workspace.generator is not None)
        self.conventions.update()
        if session is None:
            self.position_label.setText("no entry")
            return
        self.back_action.setEnabled(session.position > 0)
        self.start_action.setEnabled(session.position > 0)
        self.step_action.setEnabled(not session.is_terminal())
        self.end_action.setEnabled(not session.is_terminal())
        self.position_label.setText(session.describe())
