"""Cells set side by side keep in sight, and mark, the part where they differ (issue 33):
phase 2's partial yields and the model's and the oracle's transitions."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from amrgen_gui.qt import theme
from amrgen_gui.qt.views.differences import DifferenceDelegate, column_others, fitted, row_others
from amrgen_gui.state.differences import differing_span

pytestmark = pytest.mark.gui


def test_the_differing_span_is_what_the_others_do_not_share_at_start_and_end():
    a, b = "the value of the last night", "the value of the night"
    start, end = differing_span(a, [b])
    assert (a[:start], a[start:end], a[end:]) == ("the value of the ", "last ", "night")
    start, end = differing_span(b, [a])
    assert start == end == len("the value of the ")  # b lacks a word there: an empty span
    realize = "Realize-(wants,{POS=VB,DENOM=--,TENSE=present,NUMBER=--,VOICE=active})"
    start, end = differing_span(realize, [realize.replace("present", "past")])
    assert realize[start:end] == "present"  # α compared field by field
    assert differing_span("a", ["a"]) is None and differing_span("a", []) is None


def test_a_narrow_cell_elides_what_is_shared_and_keeps_the_difference():
    def elide(text, mode, width):
        width = int(width)
        if len(text) <= width:
            return text
        return "…" + text[len(text) - width + 1:] if mode == Qt.TextElideMode.ElideLeft else text[:width - 1] + "…"

    head, middle, tail = fitted("the value of the ", "last ", "night", 16, len, elide)
    assert middle == "last " and head.startswith("…") and head == "…the " and tail == "night"
    assert fitted("a ", "b ", "c", 40, len, elide) == ("a ", "b ", "c")  # room for everything: nothing elided
    assert fitted("x" * 30, "middle part here", "y" * 30, 10, len, elide)[1].endswith("…")


def test_the_differing_part_is_painted_marked_in_a_narrow_column(qtbot):
    rows = QStandardItemModel()
    for text in ("the value of the long and winding road last night", "the value of the long and winding road night"):
        rows.appendRow(QStandardItem(text))
    view = QTableView()
    view.setModel(rows)
    view.setItemDelegateForColumn(0, DifferenceDelegate(column_others(0), view))
    view.setColumnWidth(0, 120)  # far narrower than either text
    view.resize(200, 120)
    qtbot.addWidget(view)
    view.show()
    image = view.viewport().grab(view.visualRect(rows.index(0, 0))).toImage()
    colours = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}
    assert theme.CHANGED.fill.name() in colours  # "last" kept in sight and marked


def test_a_row_whose_transitions_are_one_is_not_marked():
    rows = QStandardItemModel()
    rows.appendRow([QStandardItem("Keep"), QStandardItem("= the model's")])
    rows.appendRow([QStandardItem("Delete"), QStandardItem("Keep")])
    others = row_others((0, 1), "= the model's")
    assert others(rows.index(0, 0)) == [] and others(rows.index(0, 1)) == []
    assert others(rows.index(1, 0)) == ["Keep"] and others(rows.index(1, 1)) == ["Delete"]
