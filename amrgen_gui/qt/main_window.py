"""The main window: docks around the graph, the actions and their shortcuts,
opening corpora, loading the generator and exporting.  It owns the
:class:`SessionModel`, which every view follows, and the
:class:`~amrgen_gui.state.workspace.Workspace` (the open corpus, its constrained
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
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QMainWindow, QSplitter, QVBoxLayout, QWidget

from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import Mode
from amrgen.transitions.system import TransitionSystem
from amrgen_gui.qt import docks, menus
from amrgen_gui.qt.classroom import Classroom
from amrgen_gui.qt.comparisons import ORACLE_DOCK, Comparisons
from amrgen_gui.qt.dialogs.generator_pair import HYPERPARAMETERS_FILTER
from amrgen_gui.qt.exports import files
from amrgen_gui.qt.help import HelpMenu
from amrgen_gui.qt.inquiries import Inquiries
from amrgen_gui.qt.menus import CONSTRAINED, FORMAL, check, chosen
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.notices import tell
from amrgen_gui.qt.tasks import Report, Task, run_with_progress
from amrgen_gui.qt.views.buffers import BufferView
from amrgen_gui.qt.views.corpus_browser import CorpusBrowser
from amrgen_gui.qt.views.definitions import DefinitionPane
from amrgen_gui.qt.views.generated_corpus import GeneratedCorpusView
from amrgen_gui.qt.views.graph_view import GraphView
from amrgen_gui.qt.views.history import HistoryView
from amrgen_gui.qt.views.output import OutputView
from amrgen_gui.qt.views.penman_editor import PenmanEditor
from amrgen_gui.qt.views.phase2_inspector import Phase2Inspector
from amrgen_gui.qt.views.rho_table import RhoTable
from amrgen_gui.qt.views.sentence_view import SentenceView
from amrgen_gui.qt.views.transitions import TransitionsView
from amrgen_gui.state.paths import SAMPLE
from amrgen_gui.state.workspace import Change, Corpus, Workspace, open_corpus

MAX_ERRORS_SHOWN = 8
CORPUS_FILTER = "AMR corpora (*.txt *.amr *.penman);;All files (*)"
LM_FILTER = "KenLM language models (*.binary *.arpa *.klm *.bin);;All files (*)"


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
        self.headless = False
        """Rendered for --screenshot: what a message box would say goes to stderr (:mod:`notices`)."""
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
        self.definition = DefinitionPane()
        self.transitions_panel = QSplitter(Qt.Orientation.Vertical)
        self.transitions_panel.addWidget(self.choices)
        self.transitions_panel.addWidget(self.definition)
        self.transitions_panel.setStretchFactor(0, 3)
        self.transitions_panel.setStretchFactor(1, 2)
        self.choices.list.currentItemChanged.connect(
            lambda item, _: self.definition.show_transition(item.data(Qt.ItemDataRole.UserRole) if item else None))
        self.inquiries = Inquiries(self)
        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.buffers)
        column.addWidget(self.graph, 1)
        self.setCentralWidget(centre)
        self.docks = docks.build(self)
        menus.build(self)
        self.classroom = Classroom(self, self.view_menu)
        self.help = HelpMenu(self)
        self._default_state = self.saveState()
        self._restore_settings()

        self.browser.entrySelected.connect(self._show_entry)
        self.generated.openDerivation.connect(self.open_derivation)
        self.editor.entryEdited.connect(self.show_edited)
        self.editor.edit_button.clicked.connect(lambda: self.resizeDocks(  # room for the graph and the sentences
            [self.docks["editor"]], [max(420, self.docks["editor"].width())], Qt.Orientation.Horizontal))
        self.docks[ORACLE_DOCK].visibilityChanged.connect(self.comparisons.oracle.sighted)
        self.generated.finished.connect(self._update_status)
        self.comparisons.generators.finished.connect(self._update_status)
        self.model.changed.connect(self._update_status)
        self.model.failed.connect(lambda message: self.statusBar().showMessage(message, 10_000))
        self.model.loadingChanged.connect(self._session_loading)
        self.model.loadingChanged.connect(self._update_status)
        self.workspace.observe(self._workspace_changed)
        self._update_status()

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
            check(actions, value)
        self.choose_mode(mode.value)
        self.model.configure(approach, TransitionSystem())  # a constrained system is learnt once a corpus is open

    def reset_layout(self) -> None:
        """The docks where they were at the start."""
        self.restoreState(self._default_state)

    def _save_settings(self) -> None:
        s = self.settings
        s.setValue("geometry", self.saveGeometry())
        s.setValue("windowState", self.saveState())
        for key, actions in (("mode", self.mode_actions), ("approach", self.approach_actions),
                             ("system", self.system_actions)):
            s.setValue(key, chosen(actions))
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        for task in self.tasks:
            task.cancel()
        self.model.cancel_loading()
        self.generated.cancel()
        self.comparisons.cancel()
        self.inquiries.cancel()
        self.classroom.leave()  # the layout kept is the window's, not the presentation's
        self._save_settings()
        super().closeEvent(event)

    # -- long work ---------------------------------------------------------------------

    def _run(self, task: Task, label: str, succeeded: Callable[[Any], None],
             failed: Callable[[str], None], cancelled: Callable[[], None] = lambda: None) -> None:
        """Run ``task`` behind a cancellable progress dialog (shown if it takes a while)."""
        run_with_progress(self, task, label, self.tasks, succeeded, failed, cancelled)

    # -- corpora -------------------------------------------------------------------------

    def ask_open(self) -> None:
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
            tell(self, "Cannot open corpus", message)
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
            tell(
                self, "Entries skipped",
                f"{len(corpus.errors)} entries of {corpus.path} could not be read; "
                f"the other {len(corpus.entries)} are open.\n\n{shown}" + (f"\n… and {more} more" if more > 0 else ""),
                warning=True)
        if chosen(self.system_actions) == CONSTRAINED:
            self.choose_system(CONSTRAINED)
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

    def set_mode(self, mode: Mode) -> None:
        """Choose the mode as its action does."""
        check(self.mode_actions, mode.value)
        self.choose_mode(mode.value)

    def choose_mode(self, value: str) -> None:
        """Oracle, manual or model mode; model mode runs in the generator's own
        system, so the formal/constrained choice does not apply there."""
        mode = Mode(value)
        for action in self.system_actions:
            action.setEnabled(mode is not Mode.MODEL)
        self.model.set_mode(mode)
        if mode is Mode.MODEL:
            self.docks["phase2"].raise_()

    def choose_approach(self, value: str) -> None:
        self.choose_system(chosen(self.system_actions))

    def choose_system(self, value: str) -> None:
        """Run the approach chosen in the formal system, or in the constrained one,
        learning that first if needed."""
        approach = Approach(chosen(self.approach_actions))
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
            check(self.system_actions, FORMAL)
            self.choose_system(FORMAL)

        def failed(message: str) -> None:
            tell(self, "Cannot learn the constrained system", message)
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
                tell(self, "Cannot load the model", message)
            self.generatorLoaded.emit()

        def load(report: Report) -> LoadedGenerator:
            return LoadedGenerator.load(*paths)

        task = Task(load, self)
        self.tasks.add(task)
        task.succeeded.connect(lambda generator: (self.tasks.discard(task), loaded(generator)))
        task.failed.connect(lambda message: (self.tasks.discard(task), failed(message)))
        task.start()

    def ask_generator_file(self, index: int) -> None:
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

    def ask_export(self, kind: str) -> None:
        files.ask_export(self, kind)

    def export(self, kind: str, path: str | Path) -> None:
        """Write the graph (``svg``, ``png``), the transition listing (``txt``) or the
        derivation so far as a web page (``html``) to ``path``."""
        files.export(self, kind, path)

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
