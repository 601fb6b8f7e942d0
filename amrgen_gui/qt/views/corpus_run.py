"""A corpus worked through in the background, a row per entry as each is done:
the frame of the generated corpus (:mod:`~amrgen_gui.qt.views.generated_corpus`)
and of two generators compared (:mod:`~amrgen_gui.qt.views.generator_comparison`).

A summary line with a progress bar and a Cancel button above a sortable
table; the work runs in a worker thread (:class:`~amrgen_gui.qt.tasks.Task`)
and hands each entry's result over as it is done, so the window stays
usable and the rows fill in.  Double-clicking a row (or Enter) asks for the
entry's derivation.  A subclass says what a result's row is
(:meth:`CorpusRunView.cells`) and what the summary says (:meth:`CorpusRunView.summarize`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from amrgen_gui.qt.tasks import Report, Task

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2

Cell = tuple[str, Any, QColor | None]
"""A cell: its text, the key it sorts by, and a colour for its text (None: the usual)."""
Work = Callable[[Report, Callable[[Any], None]], object]
"""``work(report, deliver)``: the work of a run, handing each entry's result to ``deliver``."""


class CorpusRunView(QWidget):
    """A table filled in the background with a result per entry."""

    openDerivation = Signal(str)
    """The user asked for the derivation of the entry with this id."""
    arrived = Signal(object, object)
    """A result from the worker thread, with the task that made it."""
    finished = Signal()
    """The run stopped: done, cancelled or failed."""

    def __init__(self, columns: Sequence[str], placeholder: str, stretch: Sequence[int],
                 widths: dict[int, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: list = []
        self.task: Task | None = None
        self.items = QStandardItemModel(0, len(columns), self)
        self.items.setHorizontalHeaderLabels(list(columns))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.items)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column in stretch:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        for column, width in widths.items():
            self.table.setColumnWidth(column, width)
        self.summary = QLabel(placeholder, objectName="caption")
        self.summary.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        row = QHBoxLayout()
        row.addWidget(self.summary, 1)
        row.addWidget(self.progress)
        row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        self.arrived.connect(self._add)
        self.cancel_button.clicked.connect(self.cancel)
        self.table.activated.connect(self._open)

    # -- running ---------------------------------------------------------------------

    def run(self, work: Work, doing: str, failed: str) -> None:
        """Run ``work`` in the background (any run before is cancelled), saying ``doing``
        meanwhile; a failure is said after ``failed``."""
        self.cancel()
        self.results = []
        self.items.removeRows(0, self.items.rowCount())
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.summary.setText(doing)
        task = Task(lambda report: work(report, lambda result: self.arrived.emit(task, result)), self)
        task.progressed.connect(self._progressed)
        task.succeeded.connect(lambda _: self._stop(task))
        task.failed.connect(lambda message: self._stop(task, f"{failed}: {message}"))
        self.task = task
        task.start()

    def running(self) -> bool:
        return self.task is not None

    def cancel(self) -> None:
        """Stop the run; the entries done so far stay."""
        if self.task is not None:
            self.task.cancel()
            self._stop(self.task, "stopped")

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(f"{done} of {total}")

    def _stop(self, task: Task, note: str = "") -> None:
        if task is not self.task:
            return  # a cancelled run's last word
        self.task = None
        self.progress.hide()
        self.cancel_button.hide()
        self.summarize(note)
        self.finished.emit()

    # -- the table -----------------------------------------------------------------------

    def cells(self, result: Any) -> tuple[str, str, list[Cell]]:
        """The entry id of a result, its tooltip's first line and its row's cells."""
        raise NotImplementedError

    def summarize(self, note: str = "") -> None:
        """Say what the run gave, once it stops (``note``: how it stopped, if not done)."""
        raise NotImplementedError

    def _add(self, task: Task, result: Any) -> None:
        if task is not self.task:
            return  # from a run that was cancelled meanwhile
        self.results.append(result)
        entry_id, place, cells = self.cells(result)
        row = []
        for text, key, colour in cells:
            item = QStandardItem(text)
            item.setData(key, SORT_ROLE)
            item.setData(entry_id, ID_ROLE)
            item.setToolTip(f"{place}\n{text}")
            if colour is not None:
                item.setForeground(colour)
            if isinstance(key, float):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            row.append(item)
        self.items.appendRow(row)

    def shown(self, columns: int) -> list[tuple[str, ...]]:
        """The first ``columns`` cells of every row as the table shows them, top to bottom."""
        return [tuple(self.proxy.index(r, c).data() for c in range(columns)) for r in range(self.proxy.rowCount())]

    def _open(self, index: QModelIndex) -> None:
        self.openDerivation.emit(index.data(ID_ROLE))
