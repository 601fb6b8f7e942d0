"""Readable at every length (issue 33): the sentence pane of a 148-vertex Bio graph at 1280x800 keeps
its words at least 11 px high and scrolls rather than shrinking them."""

import pytest
from test_exports import big_oracle  # noqa: F401 (the fixture)

from amrgen_gui.qt.views.sentence_view import WORD_FONT

pytestmark = pytest.mark.gui


def test_the_sentence_pane_keeps_its_words_readable_and_scrolls(qtbot, big_oracle):  # noqa: F811
    view = big_oracle.sentence
    qtbot.wait(100)
    view.fit()
    scene_height = view.scene().sceneRect().height()
    assert scene_height * 0.75 > view.viewport().height()  # too deep to fit readable: it must scroll
    assert WORD_FONT.pixelSize() * view.transform().m11() >= 11
    bar = view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()  # the words (at the bottom) in sight
