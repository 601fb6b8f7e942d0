"""The node buffer σ and the child buffer β as one row of chips, σ1 and β1 first
and highlighted; hovering a chip highlights its vertex in the graph.

The row never wraps, so a graph of 200 vertices leaves the graph view its room:
what does not fit is counted in a last chip (``+12 more``), and the tooltip
lists both buffers whole."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from amrgen.graph import Vertex
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel

NAME_FONT = theme.ui_font(9.5)
LABEL_FONT = theme.ui_font(10, bold=True)
TITLE_FONT = theme.ui_font(13)
CHIP_HEIGHT, SPACING, MARGIN, TITLE_WIDTH = 24.0, 6.0, 10.0, 24.0
GROUP_SPACING, EMPTY_WIDTH = 28.0, 20.0
HEIGHT = int(CHIP_HEIGHT + 2 * MARGIN)
BETA_SHARE = 0.35
"""The part of a row too narrow for both buffers that β may take (it is the shorter one)."""


@dataclass(frozen=True)
class Chip:
    """One vertex of a buffer as shown."""

    vertex: Vertex | None
    """None for the chip that counts the hidden ones."""
    name: str
    label: str
    highlight: theme.Highlight | None

    @property
    def text(self) -> str:
        return f"{self.name} {self.label}"

    def width(self) -> float:
        return (QFontMetricsF(NAME_FONT).horizontalAdvance(self.name + " ")
                + QFontMetricsF(LABEL_FONT).horizontalAdvance(self.label) + 20)


def more_chip(hidden: int) -> Chip | None:
    """The chip that counts the ``hidden`` members a row has no room for (None: none hidden)."""
    return Chip(None, "", f"+{hidden} more", None) if hidden else None


def shown_count(widths: list[float], room: float) -> int:
    """How many of the chips of ``widths`` fit into ``room``, with the count chip
    of the others when not all of them fit; at least the first (σ1, β1)."""
    if sum(widths) + SPACING * len(widths) <= room:
        return len(widths)
    shown, used = 0, 0.0
    for width in widths:
        hidden = len(widths) - shown - 1
        count = more_chip(hidden).width() + SPACING if hidden else 0  # the last chip needs no count after it
        if shown and used + width + SPACING + count > room:
            break
        shown, used = shown + 1, used + width + SPACING
    return min(shown, len(widths))


class BufferView(QWidget):
    """σ and β of the current configuration."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.rows: dict[str, list[Chip]] = {"σ": [], "β": []}
        self._placed: list[tuple[QRectF, Chip, str]] = []
        """Each chip shown, where, and in which buffer."""
        self._titles: list[tuple[str, QPointF]] = []
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.zoom = 1.0
        """The text size the row is drawn at (View > Text Size): its layout is made at 100% and drawn scaled."""
        self.setFixedHeight(HEIGHT)
        model.changed.connect(self._refresh)
        model.hovered.connect(self._refresh)

    def chips(self, buffer: str) -> list[str]:
        """The texts of the chips of ``"σ"`` or ``"β"``, in buffer order (all of them, shown or not)."""
        return [chip.text for chip in self.rows[buffer]]

    def shown(self, buffer: str) -> list[str]:
        """The texts of the chips of ``"σ"`` or ``"β"`` the row shows, the count chip last."""
        return [chip.text.strip() for rect, chip, name in self._placed if name == buffer]

    def _refresh(self) -> None:
        session = self.model.session
        rows: dict[str, list[Chip]] = {"σ": [], "β": []}
        if session is not None:
            c = session.current
            for name, buffer, first in (("σ", c.node_buffer, theme.SIGMA1), ("β", c.child_buffer, theme.BETA1)):
                for index, v in enumerate(buffer):
                    highlight = (theme.HOVER if v in self.model.hover_vertices else first if index == 0 else None)
                    rows[name].append(Chip(v, str(v), str(c.graph.label(v)), highlight))
        self.rows = rows
        self._place()
        self.update()

    def _place(self) -> None:
        """Lay σ and then β out in one row; when they do not fit, β takes at most
        :data:`BETA_SHARE` of it (or what σ leaves) and each counts what it hides."""
        room = self.width() / self.zoom - 2 * MARGIN - 2 * TITLE_WIDTH - GROUP_SPACING
        widths = {name: [chip.width() for chip in self.rows[name]] for name in ("σ", "β")}
        needed = {name: sum(w) + SPACING * len(w) if w else EMPTY_WIDTH for name, w in widths.items()}
        beta_room = needed["β"] if needed["σ"] + needed["β"] <= room else max(
            min(needed["β"], BETA_SHARE * room), room - needed["σ"])
        rooms = {"σ": room - beta_room, "β": beta_room}
        placed, titles, x = [], [], MARGIN
        for name in ("σ", "β"):
            titles.append((name, QPointF(x, MARGIN)))
            x += TITLE_WIDTH
            end = x + rooms[name]
            chips = self.rows[name]
            count = shown_count(widths[name], rooms[name])
            more = more_chip(len(chips) - count)
            for chip in chips[:count] + ([more] if more else []):
                placed.append((QRectF(x, MARGIN, chip.width(), CHIP_HEIGHT), chip, name))
                x += chip.width() + SPACING
            x = (max(x, end) if more else x) + (0 if chips else EMPTY_WIDTH) + GROUP_SPACING
        self._placed, self._titles = placed, titles

    def sizeHint(self) -> QSize:
        return QSize(400, self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.height())

    def text_size_changed(self, scale: float) -> None:
        """Draw the row at the text size ``scale``."""
        self.zoom = scale
        self.setFixedHeight(round(HEIGHT * scale))
        self._place()
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place()
        super().resizeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            QToolTip.showText(event.globalPos(), self.tooltip(), self)
            return True
        return super().event(event)

    def tooltip(self) -> str:
        """Both buffers whole, one vertex a line as the chips show them."""
        return "\n\n".join(f"{name} ({len(self.rows[name])}):\n" + ("\n".join(self.chips(name)) or "ε")
                            for name in ("σ", "β"))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position() / self.zoom
        self.model.point_at_vertices([chip.vertex for rect, chip, _ in self._placed
                                      if chip.vertex is not None and rect.contains(point)])

    def leaveEvent(self, event) -> None:
        self.model.point_at_vertices([])

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), theme.PAPER)
        painter.setPen(theme.RULE)
        painter.drawLine(0, self.height() - 1, self.width(), self.height() - 1)
        painter.scale(self.zoom, self.zoom)
        painter.setFont(TITLE_FONT)
        for name, corner in self._titles:
            painter.setPen(theme.MUTED)
            painter.drawText(QRectF(corner.x(), corner.y(), TITLE_WIDTH, CHIP_HEIGHT), Qt.AlignmentFlag.AlignVCenter, name)
            if not self.rows[name]:
                painter.setPen(theme.FAINT)
                painter.drawText(QRectF(corner.x() + TITLE_WIDTH, corner.y(), EMPTY_WIDTH, CHIP_HEIGHT),
                                 Qt.AlignmentFlag.AlignVCenter, "ε")
        for rect, chip, _ in self._placed:
            self._paint_chip(painter, rect, chip)

    @staticmethod
    def _paint_chip(painter: QPainter, rect: QRectF, chip: Chip) -> None:
        line, fill = (chip.highlight.line, chip.highlight.fill) if chip.highlight else (theme.RULE, theme.PAPER)
        painter.setPen(QPen(line, 1.5 if chip.highlight else 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), CHIP_HEIGHT / 2, CHIP_HEIGHT / 2)
        name_width = QFontMetricsF(NAME_FONT).horizontalAdvance(chip.name + " ")
        text = rect.adjusted(10, 0, -10, 0)
        painter.setFont(NAME_FONT)
        painter.setPen(theme.MUTED)
        painter.drawText(text, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, chip.name)
        painter.setFont(LABEL_FONT)
        painter.setPen(theme.INK)
        painter.drawText(text.adjusted(name_width, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         chip.label)
