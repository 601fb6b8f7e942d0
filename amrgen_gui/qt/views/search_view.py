"""Search (Ctrl+F): a concept, a role, a word, an id or a PENMAN sub-graph pattern over the open
corpus (:mod:`amrgen.search`, docs/application.md), run in the background as the corpus may be
large; the entries it matches listed with what matched, and the one chosen opened with its matches
highlighted in the graph and the sentence."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from amrgen.search import EntryMatch, SearchSyntaxError, parse_query, search_entries
from amrgen_gui.qt.tasks import Task
from amrgen_gui.qt.views.corpus_browser import sentence

PLACEHOLDER = "concept, :role, word, id, or (x / possible-01 :ARG1 (y / *))"
SNIPPET = 90
"""How much of a match's sentence the list shows (all of it in the tooltip): a Bio sentence would fill the dock."""


class SearchView(QWidget):
    """The query line and the entries it matches."""

    matchChosen = Signal(object)
    """The user chose a match (:class:`~amrgen.search.EntryMatch`)."""
    finished = Signal()
    """A search ended (found, failed or superseded)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: Sequence = ()
        self.matches: list[EntryMatch] = []
        self.task: Task | None = None
        self.query = QLineEdit(placeholderText=PLACEHOLDER, clearButtonEnabled=True)
        self.query.setToolTip(
            "A concept (possible or possible-01), a word of the sentence, a variable or an entry id, globs allowed;\n"
            ":ARG1 for a role (inverse roles read backwards); or a sub-graph pattern in PENMAN,\n"
            "(x / possible-01 :ARG1 (y / *)): * for any concept, a variable written again for a re-entrance.")
        self.summary = QLabel("Enter searches the open corpus.", objectName="caption")
        self.summary.setWordWrap(True)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addWidget(self.query)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        self.query.returnPressed.connect(self.search)
        self.list.currentRowChanged.connect(self._chosen)

    def set_entries(self, entries: Sequence) -> None:
        """Search these entries from now on (the open corpus); the matches of another are dropped."""
        self.entries = entries
        self._cancel()
        self.matches = []
        self.list.clear()

    def search(self, text: str | None = None) -> None:
        """Search the entries for ``text`` (the query line's when None) in the background."""
        if text is not None:
            self.query.setText(text)
        self._cancel()
        try:
            query = parse_query(self.query.text())
        except SearchSyntaxError as error:
            self.summary.setText(f"Cannot search: {error}")
            self.finished.emit()
            return
        entries = list(self.entries)
        self.summary.setText(f"Searching {len(entries)} entries…")
        task = Task(lambda report: search_entries(query, entries), self)
        task.succeeded.connect(lambda found: self._found(task, found))
        task.failed.connect(lambda message: self._found(task, [], message))
        self.task = task
        task.start()

    def running(self) -> bool:
        return self.task is not None

    def _cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def _found(self, task: Task, found: list[EntryMatch], error: str = "") -> None:
        if task is not self.task:
            return  # superseded by a later search
        self.task = None
        self.matches = found
        self.list.blockSignals(True)
        self.list.clear()
        for match in found:
            entry = self.entries[match.index]
            said = sentence(entry)
            item = QListWidgetItem(f"{match.id}  ·  {match.match.describe()}\n"
                                   + (said if len(said) <= SNIPPET else said[:SNIPPET - 1] + "…"))
            item.setToolTip(f"{match.id}: {match.match.describe()}\n{sentence(entry)}")
            self.list.addItem(item)
        self.list.blockSignals(False)
        graphs = "graph" if len(found) == 1 else "graphs"
        self.summary.setText(f"Cannot search: {error}" if error else
                             f"{len(found)} {graphs} of {len(self.entries)} match"
                             + (" · choose one to see where" if found else ""))
        self.finished.emit()

    def step(self, delta: int) -> None:
        """Choose the next (1) or previous (-1) match, wrapping around."""
        if self.matches:
            self.list.setCurrentRow((self.list.currentRow() + delta) % len(self.matches))

    def _chosen(self, row: int) -> None:
        if 0 <= row < len(self.matches):
            self.matchChosen.emit(self.matches[row])

    def focus(self) -> None:
        """Put the keyboard in the query line, its text selected to type over."""
        self.query.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.query.selectAll()
