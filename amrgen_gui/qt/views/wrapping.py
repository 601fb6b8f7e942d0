"""Item views whose rows wrap instead of cutting their text: a transition such as
``Realize-(want,{POS=VB,DENOM=--,TENSE=past,NUMBER=--,VOICE=active})`` is
longer than a dock is wide, and options that differ only at the end of it
(TENSE) must not look alike (issue 17, point 4)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyledItemDelegate, QStyleOptionViewItem

BREAKS = str.maketrans({",": ",\u200b", "{": "{\u200b", "(": "(\u200b"})
"""Where a line may break besides spaces: after the separators of a transition (zero-width spaces)."""


class WrappingDelegate(QStyledItemDelegate):
    """Draws and measures an item's text wrapped to the view's width, breaking
    at spaces and after ``,``, ``{`` and ``(``; the item's text stays as it is."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        super().initStyleOption(option, index)
        option.text = option.text.translate(BREAKS)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        # Measured at the viewport's width: the list would measure it a little wider
        # than the viewport, and the row's end would be cut.
        width = self.parent().viewport().width()
        fitted = QStyleOptionViewItem(option)
        fitted.rect.setWidth(width)
        hint = super().sizeHint(fitted, index)
        return QSize(min(hint.width(), width), hint.height())


def wrap_rows(view: QListView) -> None:
    """Make ``view`` wrap its rows to its width (no horizontal scrolling, rows as high as their text)."""
    view.setItemDelegate(WrappingDelegate(view))
    view.setWordWrap(True)
    view.setUniformItemSizes(False)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setResizeMode(QListView.ResizeMode.Adjust)  # re-wrap when the dock is resized
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
