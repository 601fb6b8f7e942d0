"""Oracle ▸ Run over Corpus: the oracle's own losses (thesis 4.3.3; :mod:`amrgen.oracle.losses`),
the ceiling of everything trained on the corpus. Every entry's oracle output c_f beside its
reference with sentence BLEU, worst first, and the reference words c_f lacks or misplaces; the
entry chosen lists each such word with its cause and the step where it was lost, and the causes
are counted over the corpus above. Clicking one of its words (or activating an entry: double
click, Enter) opens the entry in oracle mode at the step where that word (the entry's first) was lost.

The oracle runs in the transition system and approach of the session when the run starts (the
constrained system on the entries as they are, as oracle mode steps them), in the background."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QSplitter, QTableWidget, QTableWidgetItem, QWidget

from amrgen.evaluation.ceiling import EntryLosses, cause_counts, corpus_losses
from amrgen.oracle.annotations import Approach
from amrgen.oracle.losses import Cause, Loss
from amrgen.transitions.system import TransitionSystem
from amrgen_gui.qt import theme
from amrgen_gui.qt.views.corpus_run import ID_ROLE, Cell, CorpusRunView

COLUMNS = ("BLEU", "id", "lost", "oracle c_f")
DETAIL_COLUMNS = ("word", "", "cause", "step")
SHORT = {Cause.UNALIGNED: "unaligned", Cause.NOT_INSERTED: "not insertable", Cause.MERGE_NOT_IN_TABLE: "Merge not in L_M",
         Cause.DELETED: "deleted", Cause.ALIGNMENT_CONFLICT: "alignment conflict", Cause.NO_TERMINAL: "unfinished",
         Cause.ORDER_FORBIDDEN: "forbidden order", Cause.TREE_ORDER: "tree order"}
"""The causes in the summary line (in full in its tooltip and the words' table)."""


def lost_words(row: EntryLosses) -> str:
    """The words c_f lacks, then those it misplaces marked ↔."""
    return " ".join([loss.word for loss in row.lacking] + [f"{loss.word}↔" for loss in row.losses if not loss.missing])


class OracleLossesView(CorpusRunView):
    """The oracle's losses over the open corpus, worst entry first, each loss with its cause."""

    openStep = Signal(str, int, object)
    """Open the entry with this id in oracle mode after this many transitions, pointing at the vertex (or None)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(COLUMNS, "Oracle > Run over Corpus runs the oracle on every entry: what its output loses, and why.",
                         stretch=(2, 3), widths={0: 56, 1: 110}, parent=parent)
        self.detail = QTableWidget(0, len(DETAIL_COLUMNS))
        self.detail.setHorizontalHeaderLabels(list(DETAIL_COLUMNS))
        self.detail.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.detail.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.detail.verticalHeader().hide()
        self.detail.horizontalHeader().setStretchLastSection(False)
        self.detail.horizontalHeader().setSectionResizeMode(2, self.detail.horizontalHeader().ResizeMode.Stretch)
        for column, width in ((0, 84), (1, 44), (3, 96)):
            self.detail.setColumnWidth(column, width)
        # The entries beside the words of the one chosen: stacked, each would show a row or two in a
        # dock of the usual height.
        beside = QSplitter(Qt.Orientation.Horizontal)
        self.layout().removeWidget(self.table)
        beside.addWidget(self.table)
        beside.addWidget(self.detail)
        beside.setStretchFactor(0, 3)
        beside.setStretchFactor(1, 2)
        self.layout().addWidget(beside, 1)
        self.shown_row: EntryLosses | None = None
        self.table.selectionModel().currentRowChanged.connect(self._show_detail)
        # A click on a word opens its entry where it was lost (Enter too, from the keyboard).
        for signal in (self.detail.itemClicked, self.detail.itemActivated):
            signal.connect(lambda item: self._open_loss(self.shown_row, item.row()))

    def start(self, entries: Sequence, approach: Approach, system: TransitionSystem, name: str) -> None:
        """Run the oracle over ``entries`` (the open corpus ``name``) in ``system`` in the background."""
        self.shown_row = None
        self.detail.setRowCount(0)
        self.run(lambda report, deliver: corpus_losses(entries, approach, system, report, deliver),
                 f"Running the oracle over {name}…", "The oracle could not run")

    def cells(self, row: EntryLosses) -> tuple[str, str, list[Cell]]:
        lost = lost_words(row)
        return row.id, f"{row.id}: {len(row.lacking)} words lacking, {len(row.losses) - len(row.lacking)} misplaced", [
            (f"{row.bleu:.1f}", row.bleu, None), (row.id, row.index, None),
            (lost or "nothing", len(row.losses), theme.MUTED if not lost else None), (row.output, row.output, None)]

    def summarize(self, note: str = "") -> None:
        table: list[EntryLosses] = self.results
        if not table:
            self.summary.setText(note or "The oracle ran on no entry.")
            return
        counts = cause_counts(table)
        lacking, misplaced = (sum(pair[k] for pair in counts.values()) for k in (0, 1))

        def counted(cause: Cause, short: bool) -> str:
            lack, place = counts[cause]
            return f"{SHORT[cause] if short else cause.value} " + " + ".join(
                ([str(lack)] if lack else []) + ([f"{place}↔"] if place else []))

        self.summary.setText(f"{len(table)} entries: {lacking} reference words lacking, {misplaced} misplaced ↔ · "
                             + " · ".join(counted(cause, True) for cause in counts) + (f" · {note}" if note else ""))
        self.summary.setToolTip("\n".join(counted(cause, False) for cause in counts)
                                + "\n\nChoose an entry for its words; click one to open the entry where it was lost.")

    def _row(self, index: QModelIndex) -> EntryLosses | None:
        if not index.isValid():
            return None
        entry_id = self.proxy.index(index.row(), 0).data(ID_ROLE)
        return next((row for row in self.results if row.id == entry_id), None)

    def _show_detail(self, current: QModelIndex, previous: QModelIndex | None = None) -> None:
        row = self._row(current)
        self.shown_row = row
        losses: list[Loss] = row.losses if row else []
        self.detail.setRowCount(len(losses))
        for r, loss in enumerate(losses):
            where = f"step {loss.step}" + (f" · σ1 {loss.vertex}" if loss.vertex is not None else "")
            texts = (f"{loss.position} {loss.word}", "lacks" if loss.missing else "↔", loss.cause.value, where)
            for c, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setToolTip(f"w{loss.position} = {loss.word}: {'lacking' if loss.missing else 'misplaced'}, "
                                f"{loss.cause.value}; lost at {where}")
                self.detail.setItem(r, c, item)

    def _open(self, index: QModelIndex) -> None:
        """An entry activated: open it where its first word was lost (at c_s when it loses none)."""
        row = self._row(index)
        if row is not None:
            self._open_loss(row, 0)

    def _open_loss(self, row: EntryLosses | None, number: int) -> None:
        if row is None:
            return
        loss = row.losses[number] if number < len(row.losses) else None
        self.openStep.emit(row.id, loss.step if loss else 0, loss.vertex if loss else None)

    def rows(self) -> list[tuple[str, str, str]]:
        """(BLEU, id, lost) as the table shows them, top to bottom."""
        return self.shown(3)
