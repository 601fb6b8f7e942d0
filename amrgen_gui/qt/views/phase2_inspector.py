"""Phase 2 of the generation shown (model mode): best(v) for every vertex of G'.

On the left, the vertices in the bottom-up order the search took them
(Algorithm 5, lines 2-5), each with the words its candidate on the winner's
path gives.  On the right, the candidates of the vertex selected: those of
best(v) with their realization (the first Realize of b(v)), partial yield,
the partial score, θ_LM · score_LM, score_TS, and score_TS by transition class
(Σ θ_C(t) · log p over the whole subtree); below them, greyed, the
candidates the search dropped on the way (:meth:`GenerationSession.best`),
each with the pruning that dropped it: best_{≤i}(v) by (n4, r4) after the
i-th of n children, or best(v) by (n5, r5), and whether it was merged into
a candidate of the same partial yield rather than pruned by (n, r); or
dropped for saying a word twice in a row where its child's words meet their
neighbours; or dropped before best(v) as disagreeing (:mod:`amrgen.decoding.agreement`).
The candidates on the path to the winner b̂ (the root's best candidate and,
recursively, the child candidates it combines) are marked ▶.  The caption says
why b̂ was said: its place in best(root) by ŝ and its score after the final
re-ranking, ŝ + θ_LM · score_LM(w̃) of its postprocessed sentence
(:meth:`amrgen.decoding.generator.Generator.say`), which may prefer a candidate
the search ranked lower; in one line, so that the candidates get the dock's
height (the tooltip says it whole).

The partial yields, long and alike, keep the words where they differ from the other
candidates' (marked yellow; what all of them share at the start and the end is elided first,
:mod:`~amrgen_gui.qt.views.differences`) and give way to the three sums (score, θ_LM·score_LM,
score_TS), which stay in sight in a narrow dock (1280x800); the scores by class
after them are a horizontal scroll away.  After an override the derivation
leaves generate(G): the table is cleared (it no
longer describes what is shown) until Back or Reset returns to it.

Selecting a candidate shows it in the graph: generatePartial(c, b) for the
phase-1 configuration c and the candidate's b (its order, insertions and
realizations).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from amrgen.graph import Vertex
from amrgen.stepping.session import USER_ERRORS, Mode
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.columns import fit_columns, text_widths
from amrgen_gui.qt.views.differences import DifferenceDelegate, column_others
from amrgen_gui.state.phase2 import (
    COLUMNS,
    MAX_DROPPED,
    Row,
    candidates,
    left_at,
    preview,
    vertex_lines,
    why_said,
)
from amrgen_gui.state.session_cache import per_session

TABLE_FONT = theme.ui_font(9.5)
YIELD_COLUMN = 3
"""The partial yield: long, so it gets the room the other columns leave (elided in the middle)."""
LAST_IN_SIGHT = COLUMNS.index("score_TS")
"""The last of the columns kept in sight: the yield gives way to them."""
MIN_YIELD_WIDTH = 100
"""The partial yield's least width, however narrow the table: a dozen characters around
the ellipsis, and room for the three sums at 1280x800 when a large graph's scores run
into the thousands (a 148-vertex graph's: -1021.04, one digit more in three columns)."""
STAGE_TIP = ("Where Algorithm 3 dropped a candidate of v. “pruned at child i of n (n4, r4)”: best≤i(v) keeps the "
             "(n4, r4)-best candidates after combining the i-th of the n children of an order of v; “pruned from "
             "best(v) (n5, r5)”: best(v) keeps the (n5, r5)-best of the complete candidates; “merged”: a candidate "
             "of the same partial yield scored at least as high was kept in its place before that pruning; "
             "“a word twice in a row”: dropped at the i-th child for saying one word twice where the child's "
             "words meet their neighbours, as other candidates do not; "
             "“disagrees”: dropped before best(v), its verb disagreeing with its subject or its negation said "
             "twice or not at all.")


class CandidateTable(QAbstractTableModel):
    """The candidates of one vertex."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []
        self.cells: list[list[str]] = []
        """The text of every row, made once (a row's scores by class take milliseconds)."""

    def set_rows(self, rows: list[Row], cells: list[list[str]]) -> None:
        self.beginResetModel()
        self.rows, self.cells = rows, cells
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if section < len(COLUMNS) - 1 else "kept / dropped"
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole \
                and section == len(COLUMNS) - 1:
            return STAGE_TIP
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cells[index.row()][index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(f"{t}   p = {p:.4f}" for t, p in row.hypothesis.steps)
        if role == Qt.ItemDataRole.ForegroundRole:
            return theme.CHOICE.line if row.on_path else theme.INK if row.rank else theme.FAINT
        if role == Qt.ItemDataRole.BackgroundRole and row.on_path:
            return theme.CHOICE.fill
        if role == Qt.ItemDataRole.TextAlignmentRole and 4 <= index.column() < len(COLUMNS) - 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class Phase2Inspector(QWidget):
    """The vertices of phase 2 and the candidates of the one selected."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.caption = QLabel(objectName="caption")
        self.caption.setWordWrap(True)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # never widens the dock
        self.widths: list[int] = []
        """What the columns of the table shown need (:func:`text_widths`)."""
        self.vertices = QListWidget()
        self.vertices.setFont(theme.ui_font(9.5))
        self.table = CandidateTable(self)
        self.view = QTableView()
        self.view.setModel(self.table)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(20)  # three candidates in sight at 1280x800
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # fitted to the texts in _show_vertex
        header.setStretchLastSection(True)
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # A yield keeps the words where it differs from the other candidates' and marks them.
        self.view.setItemDelegateForColumn(YIELD_COLUMN, DifferenceDelegate(column_others(YIELD_COLUMN), self.view))
        self.view.setFont(TABLE_FONT)
        splitter = QSplitter()
        splitter.addWidget(self.vertices)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([150, 800])
        self.view.viewport().installEventFilter(self)  # its width changes with the splitter and the scroll bar too
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setSpacing(2)
        layout.addWidget(self.caption)
        layout.addWidget(splitter, 1)
        self.count = QLabel(objectName="caption")
        self.count.setWordWrap(True)
        layout.addWidget(self.count)
        self._shown: tuple | None = None
        """The session listed and whether it was on generate(G)'s path."""
        self.path: dict[Vertex, Any] = {}
        model.sessionReset.connect(self._refresh)
        model.changed.connect(self._refresh)
        model.warmups.append(_warm)
        self.vertices.currentRowChanged.connect(self._show_vertex)
        self.view.selectionModel().currentRowChanged.connect(lambda current, _: self._preview(current.row()))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._refresh()

    # -- what is listed ---------------------------------------------------------------

    def order(self) -> list[Vertex]:
        """The vertices listed, in bottom-up order."""
        return [self.vertices.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.vertices.count())]

    def select_vertex(self, v: Vertex) -> None:
        self.vertices.setCurrentRow(self.order().index(v))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._fit_yield()
        return False

    def _refresh(self) -> None:
        session = self.model.session
        model_mode = self.model.mode is Mode.MODEL and session is not None and session.mode is Mode.MODEL
        shown = (session, model_mode and session.on_generation_path())
        if not self.isVisible() or (shown == self._shown and session is not None):
            return  # phase 2 is run again for the pruned candidates: only for a session that is looked at
        self._shown = shown
        self.vertices.clear()
        self.table.set_rows([], [])
        self.count.clear()
        self.caption.setToolTip("")
        self.caption.setWordWrap(True)  # a note, with nothing below it: whole
        if not model_mode:
            self.caption.setText("Model mode (Ctrl+M) shows the candidates best(v) of phase 2 here.")
            return
        if not shown[1]:
            self.caption.setText(f"Your transition at step {left_at(session)} left generate(G)'s path: best(v) "
                                 "describes generate(G), not this derivation (Back or Reset returns to it).")
            return
        generation = session.generation
        self.path = session.winner_path
        # One line above the candidates, so that the table gets the height; the tooltip has it all.
        self.caption.setWordWrap(False)
        self.caption.setText(f"▶ the path to b̂ · {why_said(generation, short=True)}")
        self.caption.setToolTip(f"▶ the path to the winner b̂. {why_said(generation)}\n"
                                f"b̂ says “{generation.sentence}”.\nThe vertices in the search's bottom-up order, "
                                "and the candidates best(v) of the one selected; select a candidate to see "
                                "generatePartial(c, b) for it in the graph.")
        for v, line, count in vertex_lines(generation, self.path):
            item = QListWidgetItem(line)
            item.setData(Qt.ItemDataRole.UserRole, v)
            item.setToolTip(f"{count} candidates in best({v})")
            self.vertices.addItem(item)
        self.vertices.setCurrentRow(self.vertices.count() - 1)

    def _show_vertex(self, row: int) -> None:
        session = self.model.session
        if row < 0 or session is None or self.model.mode is not Mode.MODEL:
            return
        v = self.vertices.item(row).data(Qt.ItemDataRole.UserRole)
        rows, texts, widths, dropped = candidate_table(session, v)
        hyper = session.generator.generator.hyper
        self.table.set_rows(rows, texts)
        self.widths = widths
        fit_columns(self.view, widths, [c for c in range(len(COLUMNS) - 1) if c != YIELD_COLUMN])
        self._fit_yield()
        kept = sum(row.rank is not None for row in rows)
        merged = sum(d.merged_into is not None for d in dropped)
        disagreeing = sum(d.disagreeing for d in dropped)
        repeating = sum(d.repeating for d in dropped)
        pruned = len(dropped) - merged - disagreeing - repeating
        self.count.setText(f"best({v}): {kept} kept; {pruned} pruned, {merged} merged"
                           + (f", {repeating} repeating a word" if repeating else "")
                           + (f", {disagreeing} disagreeing" if disagreeing else "")
                           + (f"; the first {MAX_DROPPED} dropped listed" if len(dropped) > MAX_DROPPED else ""))
        self.count.setToolTip(f"Pruned by (n4, r4) = ({hyper.n4}, {hyper.r4:g}) or (n5, r5) = ({hyper.n5}, "
                              f"{hyper.r5:g}); merged: into a kept candidate of the same partial yield; "
                              "repeating a word: one word twice in a row where a child's words meet their neighbours; "
                              "disagreeing: a verb with its subject, or a negation (phase-2 agreement)")

    def _fit_yield(self) -> None:
        """The partial yield gets what the other columns leave of the table's width, at most
        what its texts need and at least :data:`MIN_YIELD_WIDTH`.  Where all of them leave
        less, it gives way to all but the pruning stage, or (the bottom docks split 1280 px)
        to those up to score_TS: the three sums stay in sight, the columns after them are a
        horizontal scroll away."""
        if not self.widths:
            return
        width = self.view.viewport().width()
        stage = max(self.widths[-1], self.view.horizontalHeader().sectionSizeHint(len(COLUMNS) - 1))
        scores = sum(self.view.columnWidth(c) for c in range(LAST_IN_SIGHT + 1) if c != YIELD_COLUMN)
        by_class = sum(self.view.columnWidth(c) for c in range(LAST_IN_SIGHT + 1, len(COLUMNS) - 1))
        rooms = [width - scores - by_class - stage, width - scores - by_class, width - scores]
        room = next((room for room in rooms if room >= MIN_YIELD_WIDTH), MIN_YIELD_WIDTH)
        self.view.setColumnWidth(YIELD_COLUMN, min(room, self.widths[YIELD_COLUMN]))

    def _preview(self, row: int) -> None:
        session = self.model.session
        if row < 0 or session is None or not self.table.rows:
            return
        try:
            c, caption = preview(session, self.table.rows[row])
        except USER_ERRORS as error:
            self.model.failed.emit(f"cannot show this candidate: {error}")
            return
        self.model.show_preview(c, caption)



@per_session
def candidate_table(session, v: Vertex) -> tuple[list[Row], list[list[str]], list[int], list]:
    """The rows of v's table and their text (:func:`amrgen_gui.state.phase2.candidates`), the
    columns' widths, and every candidate dropped."""
    rows, texts, dropped = candidates(session, v)
    return rows, texts, text_widths(texts, TABLE_FONT), dropped


def _warm(session) -> None:
    """For a new session of model mode, in the worker that makes it: the table
    shown first, the root's (phase 2 run again to record the pruning first)."""
    if session.mode is Mode.MODEL and session.generation.phase2.order:
        candidate_table(session, session.generation.phase2.order[-1])
