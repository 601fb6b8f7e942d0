"""The items that draw the graph G of a configuration, as the thesis's figures draw it.

Each vertex is an ellipse inscribed ``v : label``; below the label stands its
realization ρ(REAL) once it has one, or what it is a copy of (ρ(LINK)).
Deleted vertices (ρ(DEL) = 1) have a dotted border, inserted ones a dashed
border, as in the figures of Section 4.2.  σ1 is amber, β1 sky blue; small
badges number the rest of the node buffer σ and the child buffer β; a ``+N``
tab counts the vertices collapsed below a vertex.  Hovering a vertex reports it
to the model.  :class:`~amrgen_gui.qt.views.graph_view.GraphView` shows them;
the exports draw them too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from amrgen.graph import Edge, Vertex
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.layout import EdgeRoute, GraphLayout, hidden_vertices, shown_edges

LABEL_FONT = theme.scene_font(14, bold=True)
NAME_FONT = theme.scene_font(13)
NOTE_FONT = theme.scene_font(13, italic=True)
EDGE_FONT = theme.scene_font(11)
STAR_FONT = theme.scene_font(17)
BADGE_FONT = theme.scene_font(10, bold=True)
LINE_HEIGHT = 17.0
PADDING = QSizeF(30, 12)
SKETCH_SCALE = 0.35
"""Below this scale (the overview, a view zoomed far out) vertices and edges are drawn
without their text: labels would be under 5 px, and a 150-vertex graph's text takes
a tenth of a second to draw."""


@dataclass(frozen=True)
class NodeLook:
    """What a vertex shows in a configuration and how it is drawn."""

    name: str
    label: str
    note: str
    """The second line: the realization, what it is a copy of; "" for none."""
    deleted: bool
    inserted: bool
    role: str | None
    """``"sigma1"``, ``"beta1"`` or None."""
    badge: str
    """Its place in σ or β (``σ3``, ``β2``), "" when in neither."""
    folded: int = 0
    """How many vertices below it are collapsed away."""

    @property
    def size(self) -> QSizeF:
        """The ellipse that holds the text."""
        return text_size(self.name, self.label, self.note)


@functools.lru_cache(maxsize=4096)
def text_size(name: str, label: str, note: str) -> QSizeF:
    """The ellipse that holds ``name : label`` over ``note`` (cached: a session of a
    200-vertex graph measures some 400,000 vertex drawings, most of them alike)."""
    first = QFontMetricsF(NAME_FONT).horizontalAdvance(f"{name} : ") + \
        QFontMetricsF(LABEL_FONT).horizontalAdvance(label)
    second = QFontMetricsF(NOTE_FONT).horizontalAdvance(note)
    lines = 2 if note else 1
    return QSizeF(max(first, second) + PADDING.width(), lines * LINE_HEIGHT + PADDING.height())


def node_note(c: Configuration, v: Vertex) -> tuple[str, bool]:
    """The second line of vertex v in c (its realization, what it is a copy of) and whether it is deleted."""
    rho = c.rho
    deleted = rho.get(Key.DEL, v) == 1
    notes = []
    if rho.defined(Key.REAL, v) and not deleted:
        notes.append(f"“{rho.get(Key.REAL, v)}”" if rho.get(Key.REAL, v) else "ε")
    if rho.defined(Key.LINK, v):
        notes.append(f"copy of {rho.get(Key.LINK, v)}")
    return " · ".join(notes), deleted


def node_look(c: Configuration, v: Vertex) -> NodeLook:
    """How vertex v of c's graph is drawn."""
    note, deleted = node_note(c, v)
    role = "sigma1" if v == c.sigma1 else "beta1" if v == c.beta1 else None
    badge = (f"σ{c.node_buffer.index(v) + 1}" if v in c.node_buffer
             else f"β{c.child_buffer.index(v) + 1}" if v in c.child_buffer else "")
    return NodeLook(str(v), str(c.graph.label(v)), note, deleted, isinstance(v, InsertedVertex), role, badge)


def edge_text(label: str) -> str:
    """An edge label as the thesis prints it (⋆ for the placeholder)."""
    return "⋆" if label == PLACEHOLDER else label


class NodeItem(QGraphicsItem):
    """One vertex: an ellipse with its text, a badge, and hover reporting."""

    def __init__(self, vertex: Vertex, look: NodeLook, centre: QPointF, model: SessionModel,
                 toggle: Callable[[Vertex], None] | None = None) -> None:
        super().__init__()
        self.vertex, self.look, self.model, self.toggle = vertex, look, model, toggle
        size = look.size
        self.ellipse = QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                              size.width(), size.height())
        self.hovered = False
        self.setAcceptHoverEvents(True)
        self.setZValue(2 if look.role else 1)
        self.setToolTip(f"{look.name} : {look.label}" + (f"\n{look.note}" if look.note else ""))

    def boundingRect(self) -> QRectF:
        return self.ellipse.adjusted(-4, -12, 14, 16 if self.look.folded else 4)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.ellipse)
        return path

    def set_hovered(self, hovered: bool) -> None:
        if hovered != self.hovered:
            self.hovered = hovered
            self.update()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.toggle is not None:  # after the event: toggling redraws the scene, this item included
            QTimer.singleShot(0, lambda toggle=self.toggle, v=self.vertex: toggle(v))
        event.accept()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.model.point_at_vertices([self.vertex])

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.model.point_at_vertices([])

    def colours(self) -> tuple[QColor, QColor, float]:
        """Border, fill and border width."""
        look = self.look
        if self.hovered:
            return theme.HOVER.line, theme.HOVER.fill, 2.5
        if look.role == "sigma1":
            return theme.SIGMA1.line, theme.SIGMA1.fill, 2.5
        if look.role == "beta1":
            return theme.BETA1.line, theme.BETA1.fill, 2.5
        if look.deleted:
            return theme.FAINT, theme.CANVAS, 1.6
        if look.inserted:
            return theme.INSERTED.line, theme.INSERTED.fill, 1.6
        return theme.NODE_LINE, theme.PAPER, 1.3

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        look = self.look
        line, fill, width = self.colours()
        pen = QPen(line, width)
        if look.deleted:
            pen.setStyle(Qt.PenStyle.DotLine)
        elif look.inserted:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawEllipse(self.ellipse)
        if option.levelOfDetailFromTransform(painter.worldTransform()) < SKETCH_SCALE:
            return
        self._paint_text(painter)
        if look.badge:
            self._paint_badge(painter, line if look.role else theme.MUTED)
        if look.folded:
            self._paint_pill(painter, f"+{look.folded}", QPointF(self.ellipse.center().x(), self.ellipse.bottom() + 6))

    def _paint_text(self, painter: QPainter) -> None:
        look = self.look
        name_width = QFontMetricsF(NAME_FONT).horizontalAdvance(f"{look.name} : ")
        label_width = QFontMetricsF(LABEL_FONT).horizontalAdvance(look.label)
        lines = 2 if look.note else 1
        top = self.ellipse.center().y() - lines * LINE_HEIGHT / 2
        x = self.ellipse.center().x() - (name_width + label_width) / 2
        first = QRectF(x, top, name_width + label_width, LINE_HEIGHT)
        painter.setFont(NAME_FONT)
        painter.setPen(theme.MUTED)
        painter.drawText(first, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"{look.name} : ")
        painter.setFont(LABEL_FONT)
        painter.setPen(theme.MUTED if look.deleted else theme.INK)
        painter.drawText(first.adjusted(name_width, 0, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         look.label)
        if look.note:
            second = QRectF(self.ellipse.left(), top + LINE_HEIGHT, self.ellipse.width(), LINE_HEIGHT)
            painter.setFont(NOTE_FONT)
            painter.setPen(theme.REALIZED)
            painter.drawText(second, Qt.AlignmentFlag.AlignCenter, look.note)

    def _paint_badge(self, painter: QPainter, colour: QColor) -> None:
        width = QFontMetricsF(BADGE_FONT).horizontalAdvance(self.look.badge) + 10
        self._paint_pill(painter, self.look.badge, QPointF(self.ellipse.right() - width / 2 + 2, self.ellipse.top() - 2),
                         colour)

    @staticmethod
    def _paint_pill(painter: QPainter, text: str, centre: QPointF, colour: QColor = theme.MUTED) -> None:
        """A small rounded label centred at ``centre``."""
        width = QFontMetricsF(BADGE_FONT).horizontalAdvance(text) + 10
        rect = QRectF(centre.x() - width / 2, centre.y() - 8, width, 16)
        painter.setPen(QPen(colour, 1))
        painter.setBrush(theme.PAPER)
        painter.drawRoundedRect(rect, 8, 8)
        painter.setFont(BADGE_FONT)
        painter.setPen(colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class EdgeItem(QGraphicsItem):
    """One edge: its spline, arrowhead and label."""

    ARROW = 9.0

    def __init__(self, route: EdgeRoute, label: str, colour: QColor) -> None:
        super().__init__()
        self.route, self.text, self.colour = route, edge_text(label), colour
        self.font = STAR_FONT if label == PLACEHOLDER else EDGE_FONT
        metrics = QFontMetricsF(self.font)
        width, height = metrics.horizontalAdvance(self.text) + 8, QFontMetricsF(EDGE_FONT).height() + 2
        self.label_rect = QRectF(route.label.x() - width / 2, route.label.y() - height / 2, width, height)

    def boundingRect(self) -> QRectF:
        return self.route.path.boundingRect().united(self.label_rect).adjusted(-10, -10, 10, 10)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(QPen(self.colour, 1.4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        route = self.route
        path = QPainterPath(route.path)
        path.lineTo(route.tip)
        painter.drawPath(path)
        if option.levelOfDetailFromTransform(painter.worldTransform()) < SKETCH_SCALE:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawPolygon(arrowhead(route.tail, route.tip, self.ARROW))
        painter.setBrush(QBrush(theme.PAPER))
        painter.drawRoundedRect(self.label_rect, 4, 4)
        painter.setFont(self.font)
        painter.setPen(theme.MUTED)
        painter.drawText(self.label_rect, Qt.AlignmentFlag.AlignCenter, self.text)


def arrowhead(tail: QPointF, tip: QPointF, length: float) -> QPolygonF:
    """A filled triangle at ``tip`` pointing away from ``tail``."""
    direction = tip - tail
    norm = max((direction.x() ** 2 + direction.y() ** 2) ** 0.5, 1e-6)
    ux, uy = direction.x() / norm, direction.y() / norm
    base = QPointF(tip.x() - ux * length, tip.y() - uy * length)
    side = QPointF(-uy * length * 0.45, ux * length * 0.45)
    return QPolygonF([tip, base + side, base - side])


def draw(scene: QGraphicsScene, c: Configuration, layout: GraphLayout, model: SessionModel,
         collapsed: set[Vertex] | None = None, toggle: Callable[[Vertex], None] | None = None) -> dict[Vertex, NodeItem]:
    """Put c's graph into ``scene`` at the places ``layout`` gives, without what
    ``collapsed`` hides; returns the vertices' items (``toggle(v)`` on a double click)."""
    collapsed = collapsed or set()
    hidden = hidden_vertices(c.graph, collapsed)
    for edge in shown_edges(c.graph, hidden):
        scene.addItem(EdgeItem(layout.edges[edge], edge[1], edge_colour(c, edge)))
    nodes = {}
    for v in c.graph.vertices:
        if v in hidden:
            continue
        look = node_look(c, v)
        if v in collapsed:
            look = replace(look, folded=len(c.graph.successors(v)))
        nodes[v] = NodeItem(v, look, layout.nodes[v].center(), model, toggle)
        scene.addItem(nodes[v])
    scene.setSceneRect(layout.bounds.adjusted(-24, -24, 24, 24))  # room for the badges
    return nodes


def edge_colour(c: Configuration, edge: Edge) -> QColor:
    """The edge from σ1 to β1 stands out."""
    source, _, target = edge
    return theme.BETA1.line if (source, target) == (c.sigma1, c.beta1) else theme.FAINT


def largest_drawings(configurations: list[Configuration]) -> dict[Vertex, QSizeF]:
    """The room every vertex needs: its largest drawing over ``configurations``."""
    room: dict[Vertex, QSizeF] = {}
    for c in configurations:
        for v in c.graph.vertices:
            size = text_size(str(v), str(c.graph.label(v)), node_note(c, v)[0])
            room[v] = size.expandedTo(room.get(v, size))
    return room
