"""A QGraphicsView that zooms with the wheel (plain or with Ctrl) around the
pointer, pans by dragging, and fits its scene on request.

Once fitted, the view stays fitted when it is resized, until the user zooms.
A view may refuse to fit below a scale (:attr:`ZoomableView.min_fit_scale`):
then it shows what fits at that scale, and the user scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from amrgen_gui.qt import theme

MIN_SCALE, MAX_SCALE = 0.1, 6.0
STEP = 1.15


class ZoomableView(QGraphicsView):
    """A pannable, zoomable view; :meth:`fit` shows the whole scene, enlarged at most to :attr:`max_fit_scale`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))  # parented, so Python does not collect it
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(theme.PAPER)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        self.fitted = False
        """Whether the view follows its size with :meth:`fit` (until the user zooms)."""
        self.min_fit_scale = MIN_SCALE
        """The smallest scale :meth:`fit` chooses."""
        self.max_fit_scale = 1.0
        """The largest scale :meth:`fit` chooses: the scene's natural size, or larger in a
        presentation (:mod:`amrgen_gui.qt.classroom`)."""

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(STEP ** steps)
        event.accept()

    def zoom(self, factor: float) -> None:
        """Scale by ``factor``, kept within [MIN_SCALE, MAX_SCALE]."""
        current = self.transform().m11()
        factor = max(MIN_SCALE / current, min(MAX_SCALE / current, factor))
        self.scale(factor, factor)
        self.fitted = False

    def fit(self) -> None:
        """Show the whole scene, at most at its natural size; when that would take a
        scale below :attr:`min_fit_scale`, show as much as that scale allows, from the top."""
        self.fitted = True
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        view = self.viewport().rect()
        whole = min(view.width() / rect.width(), view.height() / rect.height(), self.max_fit_scale)
        scale = max(whole, min(self.min_fit_scale, self.max_fit_scale))
        self.resetTransform()
        self.scale(scale, scale)
        if scale == whole:
            self.centerOn(rect.center())
        else:
            self.centerOn(rect.center().x(), rect.top() + view.height() / scale / 2)

    def shows_whole_scene(self) -> bool:
        """Whether the whole scene is in sight."""
        return self.mapToScene(self.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1).contains(
            self.scene().sceneRect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()
