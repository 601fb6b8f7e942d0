"""The legend of the graph view: what the colours and borders of the vertices mean
(σ1, β1, inserted and deleted vertices, as :mod:`amrgen_gui.qt.views.graph_items` draws them)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from amrgen_gui.qt import theme

LEGEND = [("σ1", theme.SIGMA1.line, theme.SIGMA1.fill, Qt.PenStyle.SolidLine),
          ("β1", theme.BETA1.line, theme.BETA1.fill, Qt.PenStyle.SolidLine),
          ("inserted", theme.INSERTED.line, theme.INSERTED.fill, Qt.PenStyle.DashLine),
          ("deleted", theme.FAINT, theme.CANVAS, Qt.PenStyle.DotLine)]
"""The legend's entries: text, line, fill and line style of the ellipse that shows it."""
LEGEND_FONT = theme.ui_font(9)


class Legend(QWidget):
    """What the colours and borders of the vertices mean, in the band above the viewport
    (over the graph it would cover vertices)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.zoom = 1.0
        self.text_size_changed(1.0)

    def text_size_changed(self, scale: float) -> None:
        """Draw the legend at the text size ``scale``."""
        self.zoom = scale
        metrics = QFontMetricsF(LEGEND_FONT)
        self.setFixedSize(int(scale * sum(40 + metrics.horizontalAdvance(text) for text, *_ in LEGEND)), int(22 * scale))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(self.zoom, self.zoom)
        painter.setFont(LEGEND_FONT)
        metrics = painter.fontMetrics()
        x, y = 4.0, (self.height() / self.zoom - 14) / 2
        for text, line, fill, style in LEGEND:
            painter.setPen(QPen(line, 1.6, style))
            painter.setBrush(fill)
            painter.drawEllipse(QRectF(x, y, 22, 14))
            painter.setPen(theme.MUTED)
            painter.drawText(QPointF(x + 28, y + 11), text)
            x += 40 + metrics.horizontalAdvance(text)
