"""Saving what the application shows: a graphics scene as SVG or PNG (to a file
or as bytes, for :mod:`amrgen_gui.qt.exports.html_derivation`), text as a file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene

from amrgen.io.atomic import write_atomically
from amrgen_gui.qt import theme
from amrgen_gui.qt.exports.embedded_font import with_fonts

MARGIN = 16


def _area(scene: QGraphicsScene) -> QRectF:
    return scene.itemsBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


def save_svg(scene: QGraphicsScene, path: str | Path, title: str = "") -> None:
    """Write the scene's items as an SVG drawing at their natural size, carrying
    the fonts it was measured with (:func:`amrgen_gui.qt.exports.embedded_font.with_fonts`)."""
    Path(path).write_bytes(with_fonts(svg_bytes(scene, title)))


def svg_bytes(scene: QGraphicsScene, title: str = "") -> bytes:
    """The scene's items as an SVG drawing at their natural size."""
    area = _area(scene)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(int(area.width()), int(area.height())))
    generator.setViewBox(QRectF(0, 0, area.width(), area.height()))
    generator.setTitle(title)
    generator.setDescription("Drawn by amrgen-gui")
    painter = QPainter(generator)
    painter.fillRect(QRectF(0, 0, area.width(), area.height()), theme.PAPER)
    scene.render(painter, QRectF(0, 0, area.width(), area.height()), area)
    painter.end()
    return bytes(buffer.data())


def save_png(scene: QGraphicsScene, path: str | Path, scale: float = 2.0) -> None:
    """Write the scene's items as a PNG image, ``scale`` pixels per scene unit."""
    write_atomically(path, png_bytes(scene, scale))


def png_bytes(scene: QGraphicsScene, scale: float = 2.0) -> bytes:
    """The scene's items as a PNG image, ``scale`` pixels per scene unit (a 148-vertex graph takes
    half a second: :mod:`~amrgen_gui.qt.exports.files` makes it in the background)."""
    area = _area(scene)
    image = QImage(int(area.width() * scale), int(area.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(theme.PAPER)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(image.rect()), area, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("cannot encode the picture as PNG")
    return bytes(buffer.data())


def save_text(text: str, path: str | Path) -> None:
    Path(path).write_text(text, encoding="utf-8")
