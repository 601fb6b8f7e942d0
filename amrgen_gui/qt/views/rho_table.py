"""The annotation function ρ as a table: one row per vertex, one column per
annotation key (Tables tab:annotations and tab:trans-annotations of 4.1-4.2).

Cells the last transition changed are highlighted; the vertex column marks
σ1, β1 and the vertex under the pointer in their colours.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from amrgen.graph import Vertex
from amrgen.transitions.annotations import ALL_KEYS, AnnotationFunction, Key
from amrgen.transitions.configuration import Configuration, InsertedVertex
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.columns import fit_columns, text_widths


def cell_text(rho: AnnotationFunction, key: Key, v: Vertex) -> str:
    """ρ(key)(v) as shown: blank where undefined, ε for the empty realization."""
    if not rho.defined(key, v):
        return ""
    value = rho.get(key, v)
    return "ε" if value == "" else str(value)


def changed_cells(before: AnnotationFunction, after: AnnotationFunction,
                  vertices: Iterable[Vertex]) -> set[tuple[Key, Vertex]]:
    """(k, v) with ρ(k)(v) defined differently in ``after`` than in ``before``."""
    return {(key, v) for key in ALL_KEYS for v in vertices
            if before.defined(key, v) != after.defined(key, v) or before.get(key, v) != after.get(key, v)}


def annotated_vertices(c: Configuration, first: Iterable[Vertex]) -> list[Vertex]:
    """The vertices of c's graph or ρ, in the order the table lists them: ``first``
    (the graph's vertices in c_s's node buffer), then inserted vertices, then the rest."""
    shown = set(c.graph.vertices) | {v for key in ALL_KEYS for v in c.rho[key]}
    first = [v for v in first if v in shown]
    inserted = sorted((v for v in shown if isinstance(v, InsertedVertex)), key=lambda v: v.index)
    return first + inserted + sorted((v for v in shown if v not in first and v not in inserted), key=str)


class RhoTableModel(QAbstractTableModel):
    """ρ of the current configuration over its vertices (rows) and keys (columns 1...)."""

    def __init__(self, model: SessionModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.vertices: list[Vertex] = []
        self.texts: list[list[str]] = []
        """What each cell shows, row by row (made once per configuration: a big graph's
        table is asked for its cells tens of thousands of times)."""
        self.changed_cells: set[tuple[Key, Vertex]] = set()
        """(k, v) with ρ(k)(v) changed by the last transition."""
        model.changed.connect(self._refresh)
        model.hovered.connect(self._repaint_vertices)

    def _refresh(self) -> None:
        self.beginResetModel()
        session = self.model.session
        self.vertices = []
        if session is not None:
            c = session.current
            self.vertices = annotated_vertices(c, session.steps[0].configuration.node_buffer)
        self.texts = [[self._vertex_text(c, v), *(cell_text(c.rho, key, v) for key in ALL_KEYS)]
                      for v in self.vertices]
        self.changed_cells = self._changed_cells()
        self.endResetModel()

    def _repaint_vertices(self) -> None:
        if self.vertices:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.vertices) - 1, 0))

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.vertices)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else 1 + len(ALL_KEYS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return "vertex" if section == 0 else str(ALL_KEYS[section - 1])
        return None

    def _changed_cells(self) -> set[tuple[Key, Vertex]]:
        session = self.model.session
        if session is None or session.previous is None:
            return set()
        return changed_cells(session.previous.rho, session.current.rho, self.vertices)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        session = self.model.session
        if session is None or not index.isValid():
            return None
        c, v, column = session.current, self.vertices[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.texts[index.row()][column]
        if column == 0:
            return self._vertex_data(c, v, role)
        key = ALL_KEYS[column - 1]
        if role == Qt.ItemDataRole.BackgroundRole and (key, v) in self.changed_cells:
            return theme.CHANGED.fill
        if role == Qt.ItemDataRole.FontRole and (key, v) in self.changed_cells:
            return theme.ui_font(9.5, bold=True)
        return None

    @staticmethod
    def _vertex_text(c: Configuration, v: Vertex) -> str:
        return f"{v} : {c.graph.label(v)}" if v in c.graph else str(v)

    def _vertex_data(self, c: Configuration, v: Vertex, role: int) -> Any:
        highlight = (theme.HOVER if v in self.model.hover_vertices else theme.SIGMA1 if v == c.sigma1
                     else theme.BETA1 if v == c.beta1 else None)
        if role == Qt.ItemDataRole.BackgroundRole and highlight:
            return highlight.fill
        if role == Qt.ItemDataRole.ForegroundRole:
            return theme.INK if v in c.graph else theme.FAINT
        return None


class RhoTable(QTableView):
    """The table of ρ; columns grow to fit what they show and never shrink while stepping."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(RhoTableModel(model, self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(self.focusPolicy().NoFocus)
        self.verticalHeader().hide()
        self.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.setFont(theme.ui_font(9.5))
        self.verticalHeader().setDefaultSectionSize(24)
        model.sessionReset.connect(self._reset_columns)
        model.changed.connect(self._grow_columns)
        model.changed.connect(self._show_sigma1)

    def _reset_columns(self) -> None:
        for column in range(self.model().columnCount()):
            self.setColumnWidth(column, self.horizontalHeader().sectionSizeHint(column))

    def _show_sigma1(self) -> None:
        session, rows = self.model().model.session, self.model().vertices
        if session is not None and session.current.sigma1 in rows:
            self.scrollTo(self.model().index(rows.index(session.current.sigma1), 0))

    def _grow_columns(self) -> None:
        table = self.model()
        widths = text_widths(table.texts, self.font(), lambda row, column: column > 0 and (
            ALL_KEYS[column - 1], table.vertices[row]) in table.changed_cells, theme.ui_font(9.5, bold=True))
        fit_columns(self, widths, range(table.columnCount()), grow_only=True)
