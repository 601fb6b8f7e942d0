"""Colours, fonts and the style sheet of the application: one calm palette with
a few clear highlight colours, shared by every view.

The highlight colours carry meaning everywhere they appear: amber is σ1,
sky blue is β1, violet is what the pointer is over (a vertex and the words
aligned with it), emerald is what transitions inserted, rose is the model's
choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from amrgen_gui.state.paths import ASSETS

FONT_FILES = ("Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Italic.otf")
UI_FAMILY = "Inter"


@dataclass(frozen=True)
class Highlight:
    """A highlight: a border (or text) colour and a light fill."""

    line: QColor
    fill: QColor


INK = QColor("#0f172a")
"""Text."""
MUTED = QColor("#64748b")
"""Secondary text: POS tags, edge labels, vertex names."""
FAINT = QColor("#94a3b8")
"""Edges, deleted vertices."""
RULE = QColor("#e2e8f0")
"""Hairlines and grid lines."""
PAPER = QColor("#ffffff")
CANVAS = QColor("#f8fafc")
NODE_LINE = QColor("#475569")
REALIZED = QColor("#047857")
"""Realizations (ρ(REAL))."""

SIGMA1 = Highlight(QColor("#d97706"), QColor("#fef3c7"))
BETA1 = Highlight(QColor("#0284c7"), QColor("#e0f2fe"))
HOVER = Highlight(QColor("#7c3aed"), QColor("#ede9fe"))
INSERTED = Highlight(QColor("#059669"), QColor("#ecfdf5"))
CHANGED = Highlight(QColor("#a16207"), QColor("#fef9c3"))
"""ρ cells the last transition changed."""
GOLD = Highlight(QColor("#b45309"), QColor("#fffbeb"))
"""The oracle's transition among the applicable ones."""
CHOICE = Highlight(QColor("#be123c"), QColor("#fff1f2"))
"""The model's choice: its transition among all(c), the winner's path among the candidates of phase 2."""


def load_fonts() -> None:
    """Register the bundled Inter faces (a no-op for files that are missing)."""
    for name in FONT_FILES:
        path = ASSETS / "fonts" / name
        if path.is_file():
            QFontDatabase.addApplicationFont(str(path))


TEXT_SIZES = (0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)
"""The text sizes of View > Text Size, as factors of the usual sizes."""
_text_scale = [1.0]


def text_scale() -> float:
    """The factor every interface font is scaled by (View > Text Size)."""
    return _text_scale[0]


def set_text_scale(scale: float) -> None:
    """Scale the fonts :func:`ui_font` and :func:`mono_font` make from now on by ``scale``
    (:mod:`amrgen_gui.qt.classroom` rescales those already set)."""
    _text_scale[0] = scale


def ui_font(point_size: float = 10, bold: bool = False, italic: bool = False) -> QFont:
    """The interface font at a size (times the text scale); falls back to the system's sans serif."""
    font = QFont(UI_FAMILY)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPointSizeF(point_size * text_scale())
    font.setWeight(QFont.Weight.DemiBold if bold else QFont.Weight.Normal)
    font.setItalic(italic)
    return font


def scene_font(pixel_size: int, bold: bool = False, italic: bool = False) -> QFont:
    """The interface font sized in scene units, so that drawings measure and
    export (SVG, PNG) the same on every screen."""
    font = ui_font(10, bold, italic)
    font.setPixelSize(pixel_size)  # scene units: the views scale them (never the text scale)
    return font


def mono_font(point_size: float = 9.5, bold: bool = False) -> QFont:
    """The fixed-pitch font for transitions and annotation values (times the text scale)."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setPointSizeF(point_size * text_scale())
    font.setBold(bold)
    return font


STYLE_SHEET = f"""
QMainWindow, QDialog {{ background: {CANVAS.name()}; }}
QMainWindow::separator {{ background: {RULE.name()}; width: 1px; height: 1px; }}
QDockWidget {{ font-weight: 600; color: {MUTED.name()}; }}
QDockWidget::title {{
    background: {CANVAS.name()}; padding: 6px 10px; text-transform: uppercase;
}}
QToolBar {{ background: {PAPER.name()}; border: none; border-bottom: 1px solid {RULE.name()};
            padding: 4px 8px; spacing: 4px; }}
QToolBar QToolButton {{ padding: 4px 6px; border-radius: 6px; color: {INK.name()}; }}
QToolBar QToolButton:hover {{ background: #f1f5f9; }}
QToolBar QToolButton:checked {{ background: #e2e8f0; }}
QToolBar QToolButton:disabled {{ color: #cbd5e1; }}
QToolBar QLabel {{ color: {MUTED.name()}; padding: 0 2px 0 10px; }}
QListView, QTableView, QTreeView, QPlainTextEdit, QTextBrowser {{
    background: {PAPER.name()}; border: 1px solid {RULE.name()}; border-radius: 6px;
    selection-background-color: #e2e8f0; selection-color: {INK.name()};
}}
QListView::item {{ padding: 4px 6px; border-radius: 4px; }}
QListView::item:hover {{ background: #f1f5f9; }}
QListView::item:selected {{ background: #e2e8f0; color: {INK.name()}; }}
QHeaderView::section {{ background: {CANVAS.name()}; color: {MUTED.name()}; border: none;
    border-bottom: 1px solid {RULE.name()}; padding: 3px 6px; font-weight: 600; }}
QTableView {{ gridline-color: #f1f5f9; }}
QLineEdit, QComboBox {{ background: {PAPER.name()}; border: 1px solid #cbd5e1; border-radius: 6px;
    padding: 4px 8px; }}
QLineEdit:focus {{ border-color: {SIGMA1.line.name()}; }}
QLineEdit[invalid="true"] {{ border-color: #dc2626; background: #fef2f2; }}
QPushButton {{ background: {PAPER.name()}; border: 1px solid #cbd5e1; border-radius: 6px;
    padding: 4px 12px; }}
QPushButton:hover {{ background: #f1f5f9; }}
QStatusBar {{ background: {PAPER.name()}; border-top: 1px solid {RULE.name()}; color: {MUTED.name()}; }}
QLabel#chip {{ border: 1px solid #cbd5e1; border-radius: 10px; padding: 1px 8px; background: {PAPER.name()}; }}
QLabel#chip[role="sigma1"] {{ border-color: {SIGMA1.line.name()}; background: {SIGMA1.fill.name()}; font-weight: 600; }}
QLabel#chip[role="beta1"] {{ border-color: {BETA1.line.name()}; background: {BETA1.fill.name()}; font-weight: 600; }}
QLabel#chip[role="hover"] {{ border-color: {HOVER.line.name()}; background: {HOVER.fill.name()}; }}
QLabel#bufferName {{ color: {MUTED.name()}; font-size: 13pt; min-width: 18px; }}
QLabel#caption {{ color: {MUTED.name()}; font-weight: 600; }}
QLabel#placeholder {{ color: {FAINT.name()}; }}
"""


def apply(app: QApplication) -> None:
    """Give the application its fonts, style and style sheet."""
    load_fonts()
    app.setFont(ui_font(10))
    app.setStyle("Fusion")
    app.setStyleSheet(STYLE_SHEET)
