"""Cells that keep in sight, and mark, the part where they differ from the cells they are set
beside (:func:`amrgen_gui.state.differences.differing_span`): what they share at the start and
at the end is what a narrow cell elides (“… the last night” beside “… the night”, not
“the valu…st night” beside “the valu…he night”), and the differing part has the yellow of a
changed cell. The full text stays in the cell's tooltip."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from amrgen_gui.qt import theme
from amrgen_gui.state.differences import differing_span

Others = Callable[[QModelIndex], list[str]]
"""The texts a cell is set beside: the other candidates' yields, the other transition of its row."""
PADDING = 4
MARK = 3
"""The width of the mark where another text has words this one has not."""


def fitted(head: str, middle: str, tail: str, width: float, advance: Callable[[str], float],
           elide: Callable[[str, Qt.TextElideMode, float], str]) -> tuple[str, str, str]:
    """``head + middle + tail`` in ``width``: the middle whole if it fits (else elided at its end),
    then as many of the last words of the head and of the first words of the tail as the room
    left holds (whole words where one fits)."""
    if advance(head + middle + tail) <= width:
        return head, middle, tail
    room = width - advance(middle)
    if room <= advance("…"):
        return ("…" if head else ""), elide(middle, Qt.TextElideMode.ElideRight, width - advance("…")), ""
    half = room / 2
    head_room = max(half, room - advance(tail)) if advance(head) > half else advance(head)
    shown_head = _words_kept(head, head_room, advance, elide, at_end=True)
    return shown_head, middle, _words_kept(tail, room - advance(shown_head), advance, elide, at_end=False)


def _words_kept(text: str, room: float, advance: Callable[[str], float],
                elide: Callable[[str, Qt.TextElideMode, float], str], at_end: bool) -> str:
    """The last (``at_end``) or first words of ``text`` that fit in ``room`` with an ellipsis for the rest."""
    if not text or advance(text) <= room:
        return text
    words = text.split(" ")
    for cut in range(1, len(words)):
        kept = "…" + " ".join(words[cut:]) if at_end else " ".join(words[:len(words) - cut]) + "…"
        if advance(kept) <= room and kept.strip("… "):
            return kept
    return elide(text, Qt.TextElideMode.ElideLeft if at_end else Qt.TextElideMode.ElideRight, room)


class DifferenceDelegate(QStyledItemDelegate):
    """Paints a column's cells with their differing part kept and marked (see the module docstring)."""

    def __init__(self, others: Others, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.others = others

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        span = differing_span(text, self.others(index)) if isinstance(text, str) and text else None
        if span is None:
            super().paint(painter, option, index)
            return
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        shown.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, shown, painter, widget)
        metrics = shown.fontMetrics
        rect = QRectF(option.rect).adjusted(PADDING, 0, -PADDING, 0)
        start, end = span
        parts = fitted(text[:start], text[start:end], text[end:], rect.width(), metrics.horizontalAdvance,
                       lambda s, mode, width: metrics.elidedText(s, mode, int(width)))
        painter.save()
        painter.setFont(shown.font)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        ink = shown.palette.highlightedText().color() if selected else theme.INK
        x = rect.left()
        for number, part in enumerate(parts):
            width = metrics.horizontalAdvance(part)
            if number == 1:
                marked = QRectF(x - 1, rect.top() + 2, max(width, MARK) + 2, rect.height() - 4)
                painter.fillRect(marked, theme.CHANGED.line if not part else theme.CHANGED.fill)
            painter.setPen(theme.INK if number == 1 else (ink if selected else theme.MUTED))
            painter.drawText(QRectF(x, rect.top(), width + 1, rect.height()),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), part)
            x += width
        painter.restore()


def column_others(column: int) -> Others:
    """The other cells of a cell's column (phase 2's yields: each candidate beside the others)."""
    def others(index: QModelIndex) -> list[str]:
        model = index.model()
        return [model.index(row, column).data() or "" for row in range(model.rowCount()) if row != index.row()]
    return others


def row_others(columns: tuple[int, ...], same: str | None = None) -> Others:
    """The cells of ``columns`` in a cell's row but its own (the model's transition beside the oracle's);
    none where one of them says ``same`` (the row's transitions are one)."""
    def others(index: QModelIndex) -> list[str]:
        model = index.model()
        texts = [model.index(index.row(), column).data() or "" for column in columns]
        return [] if same in texts else [text for column, text in zip(columns, texts) if column != index.column()]
    return others
