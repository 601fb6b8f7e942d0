"""The overview of a big graph: the whole scene of a view in a small picture,
the part the view shows framed; pressing or dragging in it moves the view there.
The view places it in a corner where it hides no vertex, smaller if it must; where no
corner is free even so, it stands where it hides the fewest, see-through
(:meth:`GraphView._place_overview`).

It shares the view's scene, so it shows what the view shows (hover, σ1, ρ)
without drawing anything twice in code.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsOpacityEffect, QGraphicsView

from amrgen_gui.qt import theme

MAX_HEIGHT, MIN_HEIGHT, MAX_SHARE = 150, 48, 0.4
"""The overview is at most MAX_HEIGHT high and MAX_SHARE of the view wide, shaped like the graph."""
SHRINKS = (1.0, 0.75, 0.5)
"""The sizes the view tries, largest first, for a corner where the overview hides no vertex."""
SEE_THROUGH = 0.45
"""The overview's opacity where it cannot help hiding a vertex: the vertex shows through."""


class Overview(QGraphicsView):
    """The whole of ``view``'s scene, fitted, with ``view``'s visible part framed."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view.scene(), view)
        self.view = view
        self.dragging = False
        """Whether the pointer is pressed in it (the view keeps it where it is meanwhile)."""
        self.see_through = QGraphicsOpacityEffect(self)
        self.see_through.setOpacity(SEE_THROUGH)
        self.see_through.setEnabled(False)
        self.setGraphicsEffect(self.see_through)
        self.setInteractive(False)  # hovering the overview must not point at vertices
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setFrameShape(QFrame.Shape.Box)
        self.setStyleSheet(f"QGraphicsView {{ border: 1px solid {theme.FAINT.name()}; }}")
        self.setBackgroundBrush(theme.PAPER)
        self.setToolTip("Overview: press or drag to move the graph view there")
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        view.scene().sceneRectChanged.connect(lambda _: self.refit())
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(lambda _: self.viewport().update())

    def size_for(self, width: int, shrink: float = 1.0) -> QSize:
        """The graph's shape within MAX_SHARE of a view ``width`` wide and MAX_HEIGHT high,
        both times ``shrink``."""
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return self.size()
        most = QSize(int(width * MAX_SHARE * shrink), int(MAX_HEIGHT * shrink))
        shaped = rect.size().toSize().scaled(most, Qt.AspectRatioMode.KeepAspectRatio)
        return QSize(max(shaped.width(), MIN_HEIGHT), max(shaped.height(), MIN_HEIGHT))

    def refit(self) -> None:
        """Show the whole scene again (after it changed)."""
        rect = self.scene().sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()

    def visible_part(self) -> QRectF:
        """The part of the scene the view shows, in scene units."""
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        fill = QColor(theme.SIGMA1.line)
        fill.setAlpha(40)
        painter.setPen(QPen(theme.SIGMA1.line, 0))  # cosmetic: one pixel at any scale
        painter.setBrush(fill)
        painter.drawRect(self.visible_part().intersected(self.scene().sceneRect()))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.dragging = True
        self.view.centerOn(self.mapToScene(event.position().toPoint()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self.dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.view.centerOn(self.mapToScene(event.position().toPoint()))
