"""The node buffer σ and the child buffer β as rows of chips, σ1 and β1 first and
highlighted; hovering a chip highlights its vertex in the graph."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from amrgen.graph import Vertex
from amrgen_gui import theme
from amrgen_gui.model import SessionModel

NAME_FONT = theme.ui_font(9.5)
LABEL_FONT = theme.ui_font(10, bold=True)
TITLE_FONT = theme.ui_font(13)
CHIP_HEIGHT, SPACING, MARGIN, TITLE_WIDTH = 24.0, 6.0, 10.0, 24.0
GROUP_SPACING, EMPTY_WIDTH = 28.0, 20.0


@dataclass(frozen=True)
class Chip:
    """One vertex of a buffer as shown."""

    vertex: Vertex
    name: str
    label: str
    highlight: theme.Highlight | None

    @property
    def text(self) -> str:
        return f"{self.name} {self.label}"

    def width(self) -> float:
        return (QFontMetricsF(NAME_FONT).horizontalAdvance(self.name + " ")
                + QFontMetricsF(LABEL_FONT).horizontalAdvance(self.label) + 20)


class BufferView(QWidget):
    """σ and β of the current configuration."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.rows: dict[str, list[Chip]] = {"σ": [], "β": []}
        self._placed: list[tuple[QRectF, Chip]] = []
        self._titles: list[tuple[str, QPointF]] = []
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        model.changed.connect(self._refresh)
        model.hovered.connect(self._refresh)

    def chips(self, buffer: str) -> list[str]:
        """The texts of the chips of ``"σ"`` or ``"β"``, in buffer order."""
        return [chip.text for chip in self.rows[buffer]]

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
        """Lay σ and then β out in one flow of chips that wraps at the widget's width."""
        placed, titles, x, y = [], [], MARGIN, MARGIN
        for name in ("σ", "β"):
            chips = self.rows[name]
            first = chips[0].width() if chips else EMPTY_WIDTH
            if x > MARGIN and x + TITLE_WIDTH + first > self.width() - MARGIN:
                x, y = MARGIN, y + CHIP_HEIGHT + SPACING
            titles.append((name, QPointF(x, y)))
            x += TITLE_WIDTH
            for chip in chips:
                width = chip.width()
                if x + width > self.width() - MARGIN and x > MARGIN + TITLE_WIDTH:
                    x, y = MARGIN + TITLE_WIDTH, y + CHIP_HEIGHT + SPACING
                placed.append((QRectF(x, y, width, CHIP_HEIGHT), chip))
                x += width + SPACING
            x += (0 if chips else EMPTY_WIDTH) + GROUP_SPACING
        self._placed, self._titles = placed, titles
        height = int(y + CHIP_HEIGHT + MARGIN)
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(400, self.minimumHeight())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place()
        super().resizeEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        self.model.point_at_vertices([chip.vertex for rect, chip in self._placed if rect.contains(point)])

    def leaveEvent(self, event) -> None:
        self.model.point_at_vertices([])

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), theme.PAPER)
        painter.setPen(theme.RULE)
        painter.drawLine(0, self.height() - 1, self.width(), self.height() - 1)
        painter.setFont(TITLE_FONT)
        for name, corner in self._titles:
            painter.setPen(theme.MUTED)
            painter.drawText(QRectF(corner.x(), corner.y(), TITLE_WIDTH, CHIP_HEIGHT), Qt.AlignmentFlag.AlignVCenter, name)
            if not self.rows[name]:
                painter.setPen(theme.FAINT)
                painter.drawText(QRectF(corner.x() + TITLE_WIDTH, corner.y(), EMPTY_WIDTH, CHIP_HEIGHT),
                                 Qt.AlignmentFlag.AlignVCenter, "ε")
        for rect, chip in self._placed:
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
