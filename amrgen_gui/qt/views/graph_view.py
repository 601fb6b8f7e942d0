"""The graph G of the current configuration, drawn as the thesis's figures draw it
(the vertices and edges as :mod:`amrgen_gui.qt.views.graph_items` draws them).

Hovering a vertex highlights it and the words aligned with it.  A preview
(:meth:`SessionModel.show_preview`, a candidate of phase 2) is drawn instead
of the current configuration, with its caption over the graph.

Big graphs (Bio's have 40 to 150 vertices) stay readable: fitting never
shrinks labels below :data:`READABLE_SCALE` (the view fits the width and
scrolls instead), the view follows σ1 when a step takes it out of sight
(:attr:`GraphView.following`), and an overview of the whole graph stands in
the corner whenever the view shows only part of it.  The legend and the zoom,
fit and follow buttons stand in a band above the viewport, never over a vertex.
Double-clicking a vertex collapses what is below it (a ``+N`` tab counts it)
or expands it again; a step that takes σ1 into a collapsed subtree expands it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from amrgen.graph import Vertex
from amrgen.stepping.session import Session
from amrgen.transitions.configuration import Configuration
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.graph_items import NodeItem, draw, largest_drawings
from amrgen_gui.qt.views.layout import GraphLayout, layout_union
from amrgen_gui.qt.views.legend import Legend
from amrgen_gui.qt.views.overview import SHRINKS, Overview
from amrgen_gui.qt.views.zoom import ZoomableView
from amrgen_gui.state.session_cache import per_session

READABLE_SCALE = 0.75
"""The smallest scale fitting chooses: labels (14 px) stay 10.5 px high, edge labels 8 px."""
OVERLAY_MARGIN, BAND_GAP = 8, 3
"""The gap around the controls and the overview; the gap above and below the legend and
the controls in their band above the viewport."""


def session_layout(configurations: list[Configuration], collapsed: set[Vertex] | None = None) -> GraphLayout:
    """One layout for all of ``configurations`` without what ``collapsed`` hides (see
    :mod:`amrgen_gui.qt.views.layout`)."""
    return layout_union([k.graph for k in configurations], largest_drawings(configurations).get, collapsed or ())


@per_session
def first_layout(session: Session) -> GraphLayout:
    """The layout a new session starts with, nothing collapsed: made in the worker
    that makes the session (:attr:`SessionModel.warmups`), as it takes seconds for
    a graph of 150 vertices."""
    return session_layout(session.expected() + [session.current])


class GraphView(ZoomableView):
    """Shows the current configuration's graph (or the preview) and follows the model."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.layout_: GraphLayout | None = None
        self.nodes: dict[Vertex, NodeItem] = {}
        self.following = True
        """Whether a step that takes σ1 out of sight scrolls it back into the middle."""
        self.collapsed: set[Vertex] = set()
        """The vertices whose successors are hidden."""
        self._focus: set[Vertex] = set()
        """σ1 and β1 as last drawn."""
        self.min_fit_scale = READABLE_SCALE
        self._fit_next = False
        """A new session: fit once it is drawn."""
        # The preview's caption is drawn over the viewport, so scrolling must repaint everything.
        self.setViewportUpdateMode(ZoomableView.ViewportUpdateMode.FullViewportUpdate)
        self.legend = Legend(self)
        self.controls = QWidget(self)
        QHBoxLayout(self.controls).setContentsMargins(0, 0, 0, 0)
        self.overview = Overview(self)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.rangeChanged.connect(lambda *_: self._place_overlays())
            bar.valueChanged.connect(lambda _: self._place_overlays())  # the overview moves off the vertices
        model.warmups.append(first_layout)
        model.sessionReset.connect(self._new_session)
        model.changed.connect(self._refresh)
        model.previewed.connect(self._refresh)
        model.hovered.connect(self._restyle)

    def add_controls(self, actions: list[QAction]) -> None:
        """Buttons for ``actions`` (zooming, fitting, following) in the view's top right corner."""
        for action in actions:
            button = QToolButton(self.controls)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            self.controls.layout().addWidget(button)
        self._place_overlays()

    # -- following the model ----------------------------------------------------------

    def _new_session(self) -> None:
        """Start over; the model's ``changed`` comes next and draws (once), then fits."""
        self.layout_ = first_layout(self.model.session) if self.model.session is not None else None
        self.collapsed = set()
        self._fit_next = True

    def _refresh(self) -> None:
        scene = self.scene()
        scene.clear()
        self.nodes = {}
        session = self.model.session
        if session is None:
            return
        c = self.model.preview or session.current
        bounds = scene.sceneRect()
        focus, self._focus = self._focus, {c.sigma1, c.beta1} - {None}
        around = {v for v in self.collapsed if v in c.graph and self._focus & set(c.graph.successors(v))}
        if around and focus != self._focus:  # a step took σ1 or β1 into a collapsed subtree: show it
            self.collapsed -= around
            self.layout_ = None
        if self.layout_ is None or not self.layout_.covers(c.graph, self.collapsed):
            self.layout_ = session_layout(session.expected() + [c], self.collapsed)
        self.nodes = draw(scene, c, self.layout_, self.model, self.collapsed, self.toggle_collapsed)
        self._restyle()
        if self._fit_next or (self.fitted and scene.sceneRect() != bounds):  # new: a session, or a layout
            self._fit_next = False
            self.fit()
        self._place_overlays()
        self._follow()

    def toggle_collapsed(self, v: Vertex) -> None:
        """Collapse what is below v, or show it again; a vertex without children stays as it is."""
        session = self.model.session
        if v in self.collapsed:
            self.collapsed.discard(v)
        elif session is not None and (self.model.preview or session.current).graph.children(v):
            self.collapsed.add(v)
        else:
            return
        self.layout_ = None
        self._refresh()

    def expand_all(self) -> None:
        """Show every collapsed subtree again."""
        if self.collapsed:
            self.collapsed = set()
            self.layout_ = None
            self._refresh()

    def _restyle(self) -> None:
        for v, item in self.nodes.items():
            item.set_hovered(v in self.model.hover_vertices)

    def fit(self) -> None:
        """Fit the graph (see :meth:`ZoomableView.fit`), then bring σ1 into sight."""
        super().fit()
        self._follow()
        self._place_overlays()

    def set_following(self, following: bool) -> None:
        """Follow σ1 or not; following starts by bringing it into sight."""
        self.following = following
        self._follow()

    def set_legend(self, shown: bool) -> None:
        self.legend.setVisible(shown)
        self._place_overlays()

    def sigma1_item(self) -> NodeItem | None:
        """The item of σ1 of the configuration shown (None: σ is empty)."""
        session = self.model.session
        c = self.model.preview or (session.current if session else None)
        return self.nodes.get(c.sigma1) if c is not None and c.node_buffer else None

    def root_item(self) -> NodeItem | None:
        """At a terminal configuration, the item of the root, where the sentence is read from
        (Follow σ1 goes there once σ is empty, rather than stay where σ1 last was)."""
        session = self.model.session
        c = self.model.preview or (session.current if session else None)
        if c is None or c.node_buffer or not c.graph.vertices:
            return None
        roots = c.graph.roots()
        return self.nodes.get(roots[0]) if roots else None

    def in_sight(self, rect: QRectF) -> bool:
        """Whether the scene's ``rect`` is in the viewport, clear of the overview."""
        shown = self.mapFromScene(rect).boundingRect()
        covered = self.overview.geometry().translated(-self.viewport().pos())
        return self.viewport().rect().contains(shown) and not (self.overview.isVisible() and covered.intersects(shown))

    def _follow(self) -> None:
        item = self.sigma1_item() or self.root_item()
        if self.following and item is not None and not self.in_sight(item.ellipse):
            self.centerOn(item.ellipse.center())

    # -- overlays ---------------------------------------------------------------------------

    def _place_overlays(self) -> None:
        """Controls in the band above the viewport, at the right; the overview in the viewport's
        top right corner (or in another, where it hides no vertex) when the view shows only part
        of the graph."""
        self._fit_band()
        port = self.viewport().geometry()
        controls_top = (self.band_rows()[0] - self.controls.height()) // 2
        self.controls.move(port.right() - self.controls.width() - OVERLAY_MARGIN, controls_top)
        rows = self.band_rows()
        legend_top = (rows[0] - self.legend.height()) // 2 if len(rows) == 1 else rows[0] + BAND_GAP
        self.legend.move(port.left() + OVERLAY_MARGIN, legend_top)
        wanted = bool(self.nodes) and not self.shows_whole_scene() \
            and port.height() > 2 * self.overview.size_for(port.width()).height()
        if wanted and not self.overview.dragging:
            self._place_overview(port)
        if wanted != self.overview.isVisible():
            self.overview.setVisible(wanted)
        self.overview.viewport().update()

    def band_rows(self) -> list[int]:
        """The heights of the rows of the band above the viewport: one row, the legend at the
        left and the controls at the right, where the view is wide enough for both; else the
        controls, and the legend in a row below them (they never overlap)."""
        self.controls.adjustSize()
        legend = self.legend.height() if self.legend.isVisibleTo(self) else 0
        row = max(self.controls.height(), legend) + 2 * BAND_GAP
        side_by_side = self.legend.width() + self.controls.width() + 3 * OVERLAY_MARGIN <= self.width()
        return [row] if side_by_side or not legend else [self.controls.height() + 2 * BAND_GAP, legend + BAND_GAP]

    def _fit_band(self) -> None:
        band = sum(self.band_rows())
        if self.viewportMargins().top() != band:
            self.setViewportMargins(0, band, 0, 0)

    def _place_overview(self, port: QRect) -> None:
        """Put the overview where it hides no vertex drawn: where it is if it hides none there,
        else the first free of top right, bottom right, top left and bottom left, at the largest
        of :data:`SHRINKS` that leaves one free; where none is, at the smallest, in the corner
        that hides the fewest, see-through (the vertices under it show).  Sizes are tried
        without resizing it: each resize would draw the whole graph again."""
        here = self.overview.geometry()
        for shrink in SHRINKS:
            size = self.overview.size_for(port.width(), shrink)
            places = [QRect(corner, size) for corner in self._corners(port, size)]
            if here in places:
                places.insert(0, here)
            free = next((place for place in places if not self._hidden_under(place, port)), None)
            if free is not None:
                self._put_overview(free, see_through=False)
                return
        self._put_overview(min(places, key=lambda place: self._hidden_under(place, port)), see_through=True)

    def _put_overview(self, place: QRect, see_through: bool) -> None:
        if place != self.overview.geometry():
            self.overview.setGeometry(place)
        if see_through != self.overview.see_through.isEnabled():
            self.overview.see_through.setEnabled(see_through)

    @staticmethod
    def _corners(port: QRect, size: QSize) -> list[QPoint]:
        """The overview's places, in the order they are preferred."""
        m = OVERLAY_MARGIN
        right, left = port.right() - size.width() - m, port.left() + m
        low = port.bottom() - size.height() - m
        return [QPoint(right, port.top() + m), QPoint(right, low), QPoint(left, port.top() + m), QPoint(left, low)]

    def _hidden_under(self, place: QRect, port: QRect) -> int:
        """How many vertices the overview would hide at ``place`` (the scene's index finds
        them: no walk over 200 vertices)."""
        area = self.mapToScene(place.translated(-port.topLeft()))
        return sum(isinstance(item, NodeItem) for item in self.scene().items(area))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_overlays()

    def zoom(self, factor: float) -> None:
        super().zoom(factor)
        self._place_overlays()

    # -- the caption ------------------------------------------------------------------------

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        if self.model.preview is not None:
            self._draw_caption(painter, self.model.preview_caption)

    def _draw_caption(self, painter: QPainter, caption: str) -> None:
        """What the preview shows, in a box at the top left."""
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(theme.ui_font(9.5, bold=True))
        metrics = painter.fontMetrics()
        box = QRectF(10, 10, metrics.horizontalAdvance(caption) + 16, metrics.height() + 10)
        painter.setPen(QPen(theme.HOVER.line, 1.2))
        painter.setBrush(theme.HOVER.fill)
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(theme.INK)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, caption)
        painter.restore()
