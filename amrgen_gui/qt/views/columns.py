"""Column widths measured from the texts a table shows.

Qt's own fitting (``ResizeToContents``, ``sizeHintForColumn``) asks the model
for every role of every cell, through Python: for the 200-odd rows of a big
graph's tables that takes a quarter of a second on the GUI thread.  The texts
are known when the rows are set, so they are measured once here instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QTableView

CELL_PADDING = 14
"""Room beside a cell's text: the item's margins (as ``sizeHintForColumn`` gives them) and a gap."""


def text_widths(rows: Sequence[Sequence[str]], font: QFont,
                bold: Callable[[int, int], bool] = lambda row, column: False,
                bold_font: QFont | None = None) -> list[int]:
    """The width each column's widest text needs (with :data:`CELL_PADDING`);
    a cell for which ``bold(row, column)`` holds is measured in ``bold_font``."""
    plain = QFontMetricsF(font)
    heavy = QFontMetricsF(bold_font) if bold_font is not None else plain
    widest: list[float] = []
    for r, texts in enumerate(rows):
        widest.extend([0.0] * (len(texts) - len(widest)))
        for column, text in enumerate(texts):
            metrics = heavy if bold(r, column) else plain
            widest[column] = max(widest[column], metrics.horizontalAdvance(text))
    return [math.ceil(width) + CELL_PADDING for width in widest]


def fit_columns(view: QTableView, widths: Sequence[int], columns: Sequence[int], grow_only: bool = False) -> None:
    """Give each of ``columns`` the room its texts (``widths``) and its header need;
    ``grow_only`` never narrows a column (so that stepping does not make it jitter)."""
    header = view.horizontalHeader()
    for column in columns:
        width = max(widths[column] if column < len(widths) else 0, header.sectionSizeHint(column))
        view.setColumnWidth(column, max(width, view.columnWidth(column)) if grow_only else width)
