"""Oracle and model side by side on the entry shown: every step of generate(G)
beside gold_B(c) at its configuration, the first step where the model leaves
the oracle's path marked (:mod:`amrgen.stepping.divergence`), with both
transitions and what the model gives each, and the model's, the oracle's and
the reference sentence.  The divergence takes one line beside the buttons
(all of it in the line's tooltip, and above the steps under Details), so that
the steps get the rest of the dock.  Clicking a step takes the model session there
(:attr:`OracleComparisonView.jumpTo`); Model ▸ Compare with Oracle (Ctrl+D)
shows the view and goes to the first divergence.

The comparison is made in a worker thread (:class:`~amrgen_gui.qt.tasks.Task`)
when the view is in sight (:meth:`OracleComparisonView.sighted`, its dock's
``visibilityChanged``) and the entry, the generator or the oracle's
approach has changed; while hidden it waits until shown.  While it is made
the status bar's busy indicator says so and Esc cancels it
(:attr:`OracleComparisonView.runningChanged`).  The rows are a
table model over the comparison, so that a graph of 200 vertices (1,500
steps) is listed without building an item per cell.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from amrgen.collector import without_collection_pauses
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.tasks import Task
from amrgen_gui.qt.views.differences import DifferenceDelegate, row_others

if TYPE_CHECKING:  # the decoder is imported when a comparison is made, not when the window opens
    from amrgen.stepping.divergence import ComparedStep, Comparison
    from amrgen.transitions.configuration import Configuration

COLUMNS = ("step", "σ1", "stage", "model's transition", "P", "oracle's transition", "P (model)")
TRANSITION_COLUMNS = (3, 5)
"""The model's and the oracle's transition: where they differ is kept in sight and marked."""
SAME = "= the model's"
"""The oracle's transition where it is the model's."""
Index = QModelIndex | QPersistentModelIndex
ROW_HEIGHT = 20
"""The steps' rows, in the monospaced font: five and more in sight at 1280x800."""


def probability(p: float | None) -> str:
    """P as the view shows it; — for a transition outside all(c)."""
    return "—" if p is None else f"{p:.3f}"


def _vertex(c: Configuration) -> str:
    """σ1 with its label, as the graph shows it: ``d distinguish-01``."""
    return f"{c.sigma1} {c.graph.label(c.sigma1)}"


class ComparedSteps(QAbstractTableModel):
    """The steps of a comparison, all of them or only those where the model is not the oracle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.shown: list[ComparedStep] = []

    def set_comparison(self, comparison: Comparison | None, disagreements_only: bool) -> None:
        self.beginResetModel()
        self.comparison = comparison
        steps = comparison.steps if comparison else ()
        self.shown = [s for s in steps if not (disagreements_only and s.agrees)]
        self.endResetModel()

    def row_of(self, step: ComparedStep) -> int | None:
        return next((row for row, s in enumerate(self.shown) if s is step), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        step = self.shown[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._cells(step)[index.column()]
        if role == Qt.ItemDataRole.UserRole:
            return step.position
        if role == Qt.ItemDataRole.ForegroundRole:
            if step is self.comparison.divergence:
                return theme.CHOICE.line
            return theme.MUTED if step.agrees else theme.INK
        if role == Qt.ItemDataRole.BackgroundRole and step is self.comparison.divergence:
            return theme.CHOICE.fill
        if role == Qt.ItemDataRole.FontRole and step is self.comparison.divergence:
            return theme.mono_font(bold=True)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 4, 6):
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    @staticmethod
    def _cells(step: ComparedStep) -> tuple[str, ...]:
        oracle = str(step.oracle) if step.oracle is not None else f"(cannot tell: {step.oracle_error})"
        return (str(step.position), _vertex(step.configuration), str(int(step.stage)), str(step.model),
                probability(step.model_probability), SAME if step.agrees else oracle,
                probability(step.oracle_probability))


class OracleComparisonView(QWidget):
    """generate(G) beside the oracle on the entry shown; a click goes to a step."""

    jumpTo = Signal(int)
    """The user asked for the model session after this many transitions of generate(G)."""
    compared = Signal()
    """A comparison is shown (or why there is none)."""
    runningChanged = Signal(bool)
    """A comparison started being made in the background (True), or that ended (False)."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.comparison: Comparison | None = None
        self.task: Task | None = None
        self._retired: list[Task] = []
        """Tasks cancelled or superseded, deleted once their thread has ended."""
        self._key: tuple | None = None
        """(entry, generator, approach) of the comparison shown or being made."""
        self._then: list[Callable[[], None]] = []
        self.summary = QLabel(objectName="caption")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        # One line, cut at the dock's edge rather than widening it; the tooltip and Details have it all.
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.sentences = QLabel()
        self.sentences.setWordWrap(True)
        self.sentences.setTextFormat(Qt.TextFormat.RichText)
        self.sentences.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.only = QCheckBox("Disagreements only")
        self.only.setToolTip("List only the steps where the model's transition is not the oracle's")
        self.go = QToolButton(text="Go to Divergence")
        self.go.setToolTip("Show the model session at the first step where it leaves the oracle's path (Ctrl+D)")
        self.more = QToolButton(text="Details", checkable=True)
        self.more.setToolTip("Where the model leaves the oracle's path, and the model's, the oracle's and the "
                             "reference sentence, above the steps")
        self.rows = ComparedSteps(self)
        self.table = QTableView()
        self.table.setModel(self.rows)
        self.table.setFont(theme.mono_font())
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        marked = DifferenceDelegate(row_others(TRANSITION_COLUMNS, SAME), self.table)  # what tells the two apart
        for column in TRANSITION_COLUMNS:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
            self.table.setItemDelegateForColumn(column, marked)
        for column, width in ((0, 44), (1, 150), (2, 44), (4, 52), (6, 74)):
            self.table.setColumnWidth(column, width)
        # The summary and the buttons take one line, so that the steps get the rest of a dock
        # about 190 px high at 1280x800 (5 rows and more); Details shows the rest above them.
        texts = QWidget()
        column = QVBoxLayout(texts)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.details)
        column.addWidget(self.sentences)
        column.addStretch(1)
        self.details_pane = QScrollArea()
        self.details_pane.setWidget(texts)
        self.details_pane.setWidgetResizable(True)
        self.details_pane.setFrameShape(QFrame.Shape.NoFrame)
        self.details_pane.setMinimumHeight(40)
        self.details_pane.hide()
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.summary, 1)
        for widget in (self.more, self.go, self.only):
            top.addWidget(widget)
        self.table.setMinimumHeight(44)
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.details_pane)
        split.addWidget(self.table)
        split.setChildrenCollapsible(False)
        split.setSizes([84, 200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        self.more.toggled.connect(self.details_pane.setVisible)
        self.only.toggled.connect(lambda: self._list())
        self.go.clicked.connect(self.go_to_divergence)
        self.table.clicked.connect(lambda index: self.jumpTo.emit(index.data(Qt.ItemDataRole.UserRole)))
        model.sessionReset.connect(self.refresh)
        self._show(None, "")

    # -- making it -------------------------------------------------------------------

    def refresh(self) -> None:
        """Compare the entry shown, if the view is in sight and it is not compared yet."""
        if self.isVisible() and not self.visibleRegion().isEmpty():  # a dock's tab behind another is not
            self._start()

    def sighted(self, visible: bool) -> None:
        """The view came into sight (its dock shown, or its tab chosen) or went out of it."""
        if visible:
            self._start()

    def when_compared(self, then: Callable[[], None]) -> None:
        """Make the comparison of the entry shown (if not made yet) and call ``then`` once it is shown."""
        self._then.append(then)
        if not self._start() and self.task is None:
            self._flush()

    def running(self) -> bool:
        return self.task is not None

    def cancel(self) -> None:
        """Stop making the comparison; the view says so (it is made again when asked for)."""
        if self.task is not None:
            self._set_task(None)
            self._key, self._then = None, []
            self._show(None, "Stopped comparing.")

    def _set_task(self, task: Task | None) -> None:
        """The task making the comparison now (None: none); the one before is cancelled."""
        if self.task is not None:
            self.task.cancel()
            self._retired.append(self.task)
        for done in [t for t in self._retired if not t.thread.is_alive()]:
            self._retired.remove(done)
            done.deleteLater()
        was, self.task = self.task is not None, task
        if task is not None:
            task.start()
        if was != (task is not None):
            self.runningChanged.emit(task is not None)

    def _start(self) -> bool:
        """Start comparing when the entry, generator or approach differs from the last; whether it started."""
        m = self.model
        key = (m.entry, m.generator, m.approach)
        if self._key is not None and all(a is b for a, b in zip(key, self._key)):
            return False  # compared already (entries are compared by identity: equality walks the graph)
        self._set_task(None)
        self._key = key
        if m.entry is None or m.generator is None:
            self._show(None, "No entry shown." if m.entry is None
                       else "Comparing needs a model: Model ▸ Open Model Directory… or Use the Default Model.")
            return False
        entry, generator, approach = m.entry, m.generator, m.approach
        self._show(None, f"Comparing {escape(entry.id)} with the oracle…")

        def work(report: Callable[[int, int], None]) -> Comparison:
            from amrgen.stepping.divergence import compare_with_oracle

            with without_collection_pauses():  # a comparison of 148 vertices makes thousands of objects
                return compare_with_oracle(entry, generator, approach)

        task = Task(work, self)
        task.succeeded.connect(lambda comparison: self._done(task, comparison))
        task.failed.connect(lambda message: self._done(task, None, message))
        self._set_task(task)
        return True

    def _done(self, task: Task, comparison: Comparison | None, message: str = "") -> None:
        if task is not self.task:
            return  # superseded meanwhile
        self._set_task(None)
        self._show(comparison, f"Cannot compare: {escape(message)}")
        self._flush()

    def _flush(self) -> None:
        then, self._then = self._then, []
        for callback in then:
            callback()

    # -- showing it ------------------------------------------------------------------------

    def _show(self, comparison: Comparison | None, note: str) -> None:
        self.comparison = comparison
        self.go.setEnabled(comparison is not None and comparison.divergence is not None)
        if comparison is None:
            self.summary.setText(note)
            self.details.setText(note)
            self.sentences.setText("")
        else:
            self.summary.setText(self._line(comparison))
            self.details.setText(self._summary(comparison))
            self.sentences.setText(self._sentences(comparison))
        self.summary.setToolTip("<br>".join(label.text() for label in (self.details, self.sentences)
                                            if label.text()))
        self._list()
        self.compared.emit()

    def _list(self) -> None:
        self.rows.set_comparison(self.comparison, self.only.isChecked())
        divergence = self.comparison.divergence if self.comparison else None
        row = self.rows.row_of(divergence) if divergence else None
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.rows.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)

    @staticmethod
    def _line(c: Comparison) -> str:
        """The divergence in one short line: the step, both transitions and their probabilities."""
        d = c.divergence
        if d is None:
            return f"The model follows the oracle at all {len(c.steps)} steps."
        oracle = (f"<b>{escape(str(d.oracle))}</b> {probability(d.oracle_probability)}" if d.oracle is not None
                  else "cannot tell")
        return (f"<span style='color:{theme.CHOICE.line.name()}'>Diverges at step {d.position}:</span> model "
                f"<b>{escape(str(d.model))}</b> {probability(d.model_probability)}, "
                f"<span style='color:{theme.GOLD.line.name()}'>oracle</span> {oracle}")

    @staticmethod
    def _summary(c: Comparison) -> str:
        d, total = c.divergence, len(c.steps)
        if d is None:
            return f"The model follows the oracle at every one of its {total} steps."
        counterpart = c.oracle_counterpart(d)
        where = f" (its step {counterpart})" if counterpart is not None else ""
        oracle = (f"<b>{escape(str(d.oracle))}</b>, P = {probability(d.oracle_probability)} under the model"
                  + (" (not among all(c))" if d.oracle_probability is None else "") + where
                  if d.oracle is not None else f"cannot tell: {escape(d.oracle_error or '')}")
        return (f"<span style='color:{theme.CHOICE.line.name()}'>Leaves the oracle's path at step "
                f"{d.position}</span> (stage {int(d.stage)}, σ1 = {escape(_vertex(d.configuration))})<br>"
                f"model: <b>{escape(str(d.model))}</b>, P = {probability(d.model_probability)}<br>"
                f"<span style='color:{theme.GOLD.line.name()}'>oracle:</span> {oracle}")

    @staticmethod
    def _sentences(c: Comparison) -> str:
        rows = (("model", c.model_sentence), ("oracle", c.oracle_output or "(no c_f)"), ("reference", c.reference))
        return f"{c.disagreements} of {len(c.steps)} steps differ.<br>" + "<br>".join(f"<span style='color:{theme.MUTED.name()}'>{name}:</span> {escape(text)}"
                           for name, text in rows)

    def go_to_divergence(self) -> None:
        """Ask for the model session at the first divergence, if there is one."""
        divergence = self.comparison.divergence if self.comparison else None
        if divergence is not None:
            self.jumpTo.emit(divergence.position)
