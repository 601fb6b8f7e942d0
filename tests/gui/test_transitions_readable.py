"""Every transition is read whole (issue 17, point 4): rows wrap instead of being
cut, tooltips give the whole transition, and Realize options that differ only
in part of their annotation show that part."""

import pytest
from PySide6.QtGui import QFontMetrics

from amrgen.transitions import Keep
from amrgen.transitions.annotations import SyntacticAnnotation
from amrgen.transitions.transitions import Realize
from amrgen_gui.qt.views.transitions import distinctions

pytestmark = pytest.mark.gui


def test_realize_options_alike_but_for_the_annotation_show_where_they_differ():
    past, present, plain = (Realize("want", SyntacticAnnotation(pos="VB", tense=tense))
                            for tense in ("past", "present", "--"))
    plural = Realize("want", SyntacticAnnotation(pos="NN", number="plural"))
    other = Realize("wants", SyntacticAnnotation(pos="VBZ", tense="present"))
    marks = distinctions([past, present, plain, Keep(), other, None])
    assert marks == {past: "  ‹TENSE=past›", present: "  ‹TENSE=present›", plain: "  ‹TENSE=--›"}
    marks = distinctions([past, plural])
    assert marks == {past: "  ‹POS=VB,TENSE=past,NUMBER=--›", plural: "  ‹POS=NN,TENSE=--,NUMBER=plural›"}


def test_a_long_transition_wraps_in_its_row_and_its_tooltip_gives_it_whole(qtbot, window):
    window.docks["transitions"].setFloating(True)  # narrow, as a dock may be
    window.docks["transitions"].resize(260, 300)
    while not isinstance(window.choices.transitions()[0], Realize):
        window.model.step()
    realize = window.choices.transitions()[0]
    view = window.choices.list
    item = view.item(0)
    qtbot.waitUntil(lambda: view.visualItemRect(item).right() <= view.viewport().width(), timeout=2000)
    line = QFontMetrics(view.font()).lineSpacing()
    rect = view.visualItemRect(item)
    assert len(str(realize)) * QFontMetrics(view.font()).averageCharWidth() > view.viewport().width()
    assert rect.height() >= 2 * line and rect.right() <= view.viewport().width()  # wrapped, not cut
    assert item.text() == f"★  {realize}"  # the text itself stays whole and unbroken
    assert item.toolTip().startswith(str(realize))
    window.model.step()
    history = window.history
    qtbot.waitUntil(lambda: history.visualItemRect(history.item(history.count() - 1)).right()
                    <= history.viewport().width(), timeout=2000)
    row = history.visualItemRect(history.item(history.count() - 1))
    assert str(realize) in history.item(history.count() - 1).text()
    assert row.right() <= history.viewport().width()
