"""The words w' of the reference with their POS tags, the dependency tree D over
them drawn as arcs (as displaCy draws it), and the alignment A_G: under each
word the vertices aligned with it.

Words aligned with σ1 (β1) are amber (sky blue); hovering a word highlights
it and its vertices in the graph, hovering a vertex highlights its words.
The alignment shown is the oracle's at the current step, which Merge and
insertions change.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from amrgen.graph import Vertex
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.graph_items import arrowhead
from amrgen_gui.qt.views.zoom import ZoomableView

WORD_FONT = theme.scene_font(16, bold=True)
TAG_FONT = theme.scene_font(12)
VERTEX_FONT = theme.scene_font(12, italic=True)
ARC_FONT = theme.scene_font(11)
NOTE_FONT = theme.scene_font(12, italic=True)
MIN_READABLE_SCALE = 0.75
"""Fitting never shrinks the sentence below this: words 12 px high; a deep dependency tree scrolls
up and down instead (a Bio sentence was shrunk to words of 5 to 7 px)."""
GAP = 26.0
LEVEL_HEIGHT = 30.0
WORD_HEIGHT = 26.0
ROW = 18.0


class WordItem(QGraphicsItem):
    """Word i with its POS tag and the vertices aligned with it."""

    def __init__(self, position: int, word: str, tag: str, rect: QRectF, model: SessionModel) -> None:
        super().__init__()
        self.position, self.word, self.tag, self.rect, self.model = position, word, tag, rect, model
        self.vertices: list[Vertex] = []
        self.highlight: theme.Highlight | None = None
        self.setAcceptHoverEvents(True)
        self.setToolTip(f"w{position} = {word} ({tag})")

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-GAP / 2, -2, GAP / 2, 2)

    def set_state(self, vertices: list[Vertex], highlight: theme.Highlight | None) -> None:
        self.vertices, self.highlight = vertices, highlight
        self.update()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.model.point_at_words([self.position])

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.model.point_at_words([])

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        top = QRectF(self.rect.left() - GAP / 2 + 4, self.rect.top(), self.rect.width() + GAP - 8, WORD_HEIGHT)
        if self.highlight is not None:
            painter.setPen(QPen(self.highlight.line, 1.5))
            painter.setBrush(self.highlight.fill)
            painter.drawRoundedRect(top, 7, 7)
        painter.setFont(WORD_FONT)
        painter.setPen(theme.INK)
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, self.word)
        row = QRectF(self.rect.left() - GAP / 2, top.bottom() + 2, self.rect.width() + GAP, ROW)
        painter.setFont(TAG_FONT)
        painter.setPen(theme.MUTED)
        painter.drawText(row, Qt.AlignmentFlag.AlignCenter, self.tag)
        painter.setFont(VERTEX_FONT)
        painter.setPen(theme.HOVER.line)
        painter.drawText(row.translated(0, ROW), Qt.AlignmentFlag.AlignCenter, " ".join(map(str, self.vertices)))


class ArcItem(QGraphicsItem):
    """The dependency edge from a head to a dependent (arrow at the dependent);
    without a head, the root arrow from above."""

    def __init__(self, start: float, end: float, base: float, height: float, label: str) -> None:
        super().__init__()
        self.start, self.end, self.base, self.height, self.label = start, end, base, height, label
        metrics = QFontMetricsF(ARC_FONT)
        width = metrics.horizontalAdvance(label) + 8
        self.label_rect = QRectF((start + end - width) / 2, base - height - 8, width, 16)

    def boundingRect(self) -> QRectF:
        left, right = min(self.start, self.end), max(self.start, self.end)
        return QRectF(left - 8, self.base - self.height - 10, right - left + 16, self.height + 12).united(
            self.label_rect)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        top = self.base - self.height
        path = QPainterPath(QPointF(self.start, self.base))
        if self.start == self.end:
            path.moveTo(self.start, top)
            path.lineTo(self.end, self.base)
        else:
            radius = min(10.0, abs(self.end - self.start) / 2)
            sign = 1 if self.end > self.start else -1
            path.lineTo(self.start, top + radius)
            path.quadTo(self.start, top, self.start + sign * radius, top)
            path.lineTo(self.end - sign * radius, top)
            path.quadTo(self.end, top, self.end, top + radius)
            path.lineTo(self.end, self.base)
        painter.setPen(QPen(theme.FAINT, 1.4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.FAINT)
        painter.drawPolygon(arrowhead(QPointF(self.end, self.base - 10), QPointF(self.end, self.base), 8))
        painter.setBrush(theme.PAPER)
        painter.drawRoundedRect(self.label_rect, 4, 4)
        painter.setFont(ARC_FONT)
        painter.setPen(theme.MUTED)
        painter.drawText(self.label_rect, Qt.AlignmentFlag.AlignCenter, self.label)


def arc_levels(heads: list[int]) -> dict[int, int]:
    """The height (1, 2, ...) of the arc to every dependent: one more than the highest
    arc it spans, so that nested arcs never cross their label.  The arcs are taken by
    right end, then left end from the right, so that every arc inside one comes before
    it; a Fenwick tree over left ends gives the highest of them in O(log n) (comparing
    every pair took minutes for a 100,000-word reference)."""
    size = len(heads) + 1
    highest = [0] * (size + 1)  # by left end, reversed: a prefix maximum is a maximum over left ends >= l
    levels: dict[int, int] = {}
    for right, left, dependent in sorted(((max(h, d), -min(h, d), d) for d, h in enumerate(heads, start=1) if h)):
        i, inner = size + left + 1, 0  # left is negated: position size - min(h, d) + 1
        while i > 0:
            inner = max(inner, highest[i])
            i -= i & -i
        levels[dependent] = inner + 1
        i = size + left + 1
        while i <= size:
            highest[i] = max(highest[i], inner + 1)
            i += i & -i
    return levels


class SentenceView(ZoomableView):
    """The words, tags, dependency arcs and alignment of the entry shown."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.words: list[WordItem] = []
        # fit() scales the sentence to the viewport's height: a horizontal scroll bar that came
        # and went with the scale would change that height, and the scale, for ever.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        model.sessionReset.connect(self._rebuild)
        model.changed.connect(self._restyle)
        model.hovered.connect(self._restyle)

    def _rebuild(self) -> None:
        scene = self.scene()
        scene.clear()
        self.words = []
        entry = self.model.entry
        if entry is None or self.model.session is None:
            return
        if not entry.has_reference:
            note = scene.addSimpleText("No reference sentence: no words, tags, dependencies or alignment to show.\n"
                                       "This graph is for generation only (model mode, Ctrl+M).", NOTE_FONT)
            note.setBrush(theme.MUTED)
            scene.setSceneRect(note.boundingRect().adjusted(-12, -12, 12, 12))
            self.resetTransform()
            return
        levels = arc_levels(entry.heads)
        base = LEVEL_HEIGHT * (max(levels.values(), default=0) + 1) + 10
        x = GAP / 2
        for i, (word, tag) in enumerate(zip(entry.words, entry.pos), start=1):
            width = max(QFontMetricsF(WORD_FONT).horizontalAdvance(word),
                        QFontMetricsF(TAG_FONT).horizontalAdvance(tag), 24)
            item = WordItem(i, word, tag, QRectF(x, base, width, WORD_HEIGHT + 2 * ROW + 2), self.model)
            self.words.append(item)
            scene.addItem(item)
            x += width + GAP
        for dependent, (head, label) in enumerate(zip(entry.heads, entry.labels), start=1):
            end = self.words[dependent - 1].rect.center().x()
            if head:
                start = self.words[head - 1].rect.center().x() + (9 if head < dependent else -9)
                scene.addItem(ArcItem(start, end, base, LEVEL_HEIGHT * levels[dependent], label))
            else:
                scene.addItem(ArcItem(end, end, base, base - 8, label))
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-8, -8, 8, 8))
        self._restyle()
        self.fit()

    def fit(self) -> None:
        """Show the whole height of the sentence (never enlarged), from its first word;
        a long sentence scrolls sideways, and one whose dependency tree is too deep to fit at a
        readable size (:data:`MIN_READABLE_SCALE`) scrolls up and down, its words in sight."""
        self.fitted = True
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.resetTransform()
        scale = max(MIN_READABLE_SCALE, min(self.max_fit_scale, (self.viewport().height() - 2) / rect.height()))
        self.scale(scale, scale)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())  # the words, under their arcs

    def _restyle(self) -> None:
        session = self.model.session
        if session is None or not self.words:
            return
        c, alignment = session.current, session.alignment
        owners: dict[int, list[Vertex]] = {}
        for v, positions in alignment.items():
            if v in c.graph:
                for i in positions:
                    owners.setdefault(i, []).append(v)
        sigma1 = alignment.get(c.sigma1, frozenset()) if c.sigma1 is not None else frozenset()
        beta1 = alignment.get(c.beta1, frozenset()) if c.beta1 is not None else frozenset()
        for item in self.words:
            i = item.position
            highlight = (theme.HOVER if i in self.model.hover_words else theme.SIGMA1 if i in sigma1
                         else theme.BETA1 if i in beta1 else None)
            item.set_state(sorted(owners.get(i, []), key=str), highlight)
