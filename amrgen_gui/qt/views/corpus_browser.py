"""The entries of the open corpus: id and sentence, a filter (a substring, or a
regular expression, over id, sentence and concepts) and previous/next.

Sentences are shown without the markup some corpora keep in ``::snt`` (Bio
AMR's ``<i>BRAF</i>``, ``<xref ref-type="bibr" rid="B1">1</xref>``,
``<sup>``), as the references are read (:func:`amrgen.prep.tokenize.strip_markup`),
and the filter reads them so too."""

from __future__ import annotations

from PySide6.QtCore import (
    QModelIndex,
    QRectF,
    QRegularExpression,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontMetrics, QPainter, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.tokenize import strip_markup
from amrgen_gui.qt import theme

INDEX_ROLE = Qt.ItemDataRole.UserRole + 1
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2
ID_ROLE = Qt.ItemDataRole.UserRole + 3
ID_FONT = theme.ui_font(8.5, bold=True)
SENTENCE_FONT = theme.ui_font(10)


NO_REFERENCE = "(no reference sentence: for generation only)"


def sentence(entry: ExtendedEntry) -> str:
    """The reference as the corpus wrote it (``::snt``) without markup tags, else its tokens."""
    if not entry.has_reference:
        return NO_REFERENCE
    # the spaces a removed tag stood between ("of <i> DSmurf</i>") shown as one
    return " ".join(strip_markup(entry.metadata.get("snt", "")).split()) or " ".join(entry.tokens or entry.words)


class EntryDelegate(QStyledItemDelegate):
    """Two lines per entry: the id, small and muted, above the sentence."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        return QSize(200, QFontMetrics(ID_FONT).height() + QFontMetrics(SENTENCE_FONT).height() + 14)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        painter.save()
        rect = QRectF(option.rect).adjusted(8, 5, -8, -5)
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, theme.RULE)
        elif option.state & QStyle.StateFlag.State_MouseOver:
            painter.fillRect(option.rect, theme.CANVAS)
        painter.setFont(ID_FONT)
        painter.setPen(theme.MUTED)
        id_height = QFontMetrics(ID_FONT).height()
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, index.data(ID_ROLE))
        painter.setFont(SENTENCE_FONT)
        painter.setPen(theme.INK)
        text = QFontMetrics(SENTENCE_FONT).elidedText(index.data(Qt.ItemDataRole.DisplayRole),
                                                      Qt.TextElideMode.ElideRight, int(rect.width()))
        painter.drawText(rect.adjusted(0, id_height + 2, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         text)
        painter.restore()


class CorpusBrowser(QWidget):
    """Lists the entries; emits :attr:`entrySelected` with an index into them."""

    entrySelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.items)
        self.proxy.setFilterRole(SEARCH_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter = QLineEdit(placeholderText="Filter: id, words or concepts")
        self.filter.setClearButtonEnabled(True)
        self.regex = QToolButton(text=".*", checkable=True, toolTip="Filter with a regular expression")
        self.count = QLabel(objectName="caption")
        self.view = QListView()
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(EntryDelegate(self.view))
        self.view.setMouseTracking(True)
        self.view.setUniformItemSizes(True)
        row = QHBoxLayout()
        row.addWidget(self.filter)
        row.addWidget(self.regex)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addLayout(row)
        layout.addWidget(self.view)
        layout.addWidget(self.count)
        self.filter.textChanged.connect(self._apply_filter)
        self.regex.toggled.connect(self._apply_filter)
        self.view.selectionModel().currentChanged.connect(self._current_changed)

    def set_entries(self, entries: list[ExtendedEntry]) -> None:
        """Show these entries, none selected (and no :attr:`entrySelected` meanwhile)."""
        selection = self.view.selectionModel()
        selection.blockSignals(True)
        self.items.clear()
        for index, entry in enumerate(entries):
            item = QStandardItem(sentence(entry))
            item.setData(index, INDEX_ROLE)
            item.setData(entry.id, ID_ROLE)
            concepts = " ".join(str(entry.amr.graph.label(v)) for v in entry.amr.graph.vertices)
            item.setData(f"{entry.id}\n{sentence(entry)}\n{concepts}", SEARCH_ROLE)
            item.setToolTip(f"{entry.id}\n{sentence(entry)}")
            item.setEditable(False)
            self.items.appendRow(item)
        self.view.setCurrentIndex(self.proxy.index(-1, 0))
        selection.blockSignals(False)
        self._update_count()

    def current(self) -> int | None:
        """The index of the entry selected, None when none is."""
        index = self.view.currentIndex()
        return index.data(INDEX_ROLE) if index.isValid() else None

    def select(self, entry_index: int) -> None:
        """Select an entry by its index in the corpus (if the filter shows it)."""
        source = self.items.index(entry_index, 0)
        row = self.proxy.mapFromSource(source)
        if row.isValid():
            self.view.setCurrentIndex(row)

    def step(self, delta: int) -> None:
        """Select the entry ``delta`` rows below (above, if negative) among those shown."""
        rows = self.proxy.rowCount()
        if rows:
            current = self.view.currentIndex().row()
            row = max(0, min(rows - 1, current + delta)) if current >= 0 else 0
            self.view.setCurrentIndex(self.proxy.index(row, 0))

    def visible_ids(self) -> list[str]:
        """The ids of the entries the filter lets through."""
        return [self.proxy.index(row, 0).data(ID_ROLE) for row in range(self.proxy.rowCount())]

    def _apply_filter(self) -> None:
        text = self.filter.text()
        valid = True
        if self.regex.isChecked():
            # Each of id, sentence and concepts is a line, so ^ and $ anchor within one of them.
            options = (QRegularExpression.PatternOption.CaseInsensitiveOption
                       | QRegularExpression.PatternOption.MultilineOption)
            pattern = QRegularExpression(text, options)
            valid = pattern.isValid()
            if valid:
                self.proxy.setFilterRegularExpression(pattern)
        else:
            self.proxy.setFilterFixedString(text)
        self.filter.setProperty("invalid", not valid)
        self.filter.style().polish(self.filter)
        self._update_count()

    def _update_count(self) -> None:
        shown, total = self.proxy.rowCount(), self.items.rowCount()
        noun = "entry" if total == 1 else "entries"
        self.count.setText(f"{total} {noun}" if shown == total else f"{shown} of {total} {noun}")

    def _current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if current.isValid():
            self.entrySelected.emit(current.data(INDEX_ROLE))
