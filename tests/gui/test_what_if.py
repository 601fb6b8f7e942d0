"""The what-if editor (issue 33): an edit of the open entry keeps model mode and runs the
model to the end in the background, with no other action; the next keystroke cancels a
generation under way; the sentence before and after are shown with the changed words
marked, and the entry's reference is kept (BLEU before and after) if the user wants."""

import time

import pytest
from PySide6.QtWidgets import QApplication
from test_main_window import settle
from test_own_amr import OWN

from amrgen.stepping.session import Mode
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.state.what_if import WhatIf, changed_words

pytestmark = pytest.mark.gui

TWENTY = """# ::id twenty
(s / say-01
   :ARG0 (t / teacher)
   :ARG1 (s2 / see-01 :polarity -
      :ARG0 (m / man
         :mod (o / old)
         :location (t2 / town :mod (s3 / small)))
      :ARG1 (c / car :mod (r / red)
         :poss (g / girl :mod (y / young)))
      :time (y2 / yesterday))
   :ARG2 (b / boy
      :ARG0-of (w / want-01
         :ARG1 (k / know-01 :ARG0 b
            :ARG1 (t3 / truth :mod (w2 / whole)))))
   :time (d /day :mod (l / last)))"""


def test_changed_words_mark_what_the_edit_replaced():
    before, after = changed_words("the girl sleeps .", "the boy does not sleep .")
    assert [w.text for w in before if w.changed] == ["girl", "sleeps"]
    assert [w.text for w in after if w.changed] == ["boy", "does", "not", "sleep"]
    assert WhatIf(before="a", after="b").scores() == (None, None)  # no reference kept


@pytest.fixture
def editing(qtbot, settings, open_in, tmp_path, default_generator) -> MainWindow:
    path = tmp_path / "own.txt"
    path.write_text(f"{OWN}\n{TWENTY}\n", encoding="utf-8")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    open_in(window, path)
    with qtbot.waitSignal(window.generatorLoaded, timeout=60_000):
        window.load_generator()
    window.set_mode(Mode.MODEL)
    return settle(window)


def edit(window: MainWindow, old: str, new: str) -> None:
    """Change the editor's text as a user does, one replacement; no other action."""
    cursor = window.editor.text.document().find(old)
    assert not cursor.isNull(), old
    cursor.insertText(new)


def wait_for_after(window: MainWindow, seconds: float) -> float:
    start = time.monotonic()
    while window.editor.what_if.after is None:
        assert time.monotonic() - start < seconds, f"no sentence {seconds} s after the edit"
        QApplication.processEvents()
        time.sleep(0.005)
    return time.monotonic() - start


def test_an_edit_of_a_20_vertex_graph_gives_the_new_sentence_within_3_s(qtbot, editing):
    window = editing
    window.browser.select(window.workspace.corpus.index("twenty"))
    settle(window)
    assert len(window.model.entry.amr.graph.vertices) == 20
    before = window.model.session.generation.sentence
    window.editor.edit_open_entry()
    wait_for_after(window, 30)  # the graph as it was, shown from the editor
    edit(window, "(o / old)", "(o / tall)")
    assert window.editor.what_if.after is None  # the keystroke made the sentence after stale
    seconds = wait_for_after(window, 3.0)
    session = window.model.session
    assert window.model.mode is Mode.MODEL and session.entry.id == "twenty-edited"
    assert session.is_terminal()  # run to the end without any other action
    after = window.editor.what_if.after
    assert "tall" in after and "old" not in after.split() and window.editor.what_if.before == before
    assert window.output.sentence.text() == after
    shown = window.editor.comparison.text.text()
    assert "tall</span>" in shown and "line-through" in shown  # "old" struck out, "tall" marked
    print(f"new sentence {seconds:.2f} s after the edit")


def test_the_reference_is_kept_if_wanted_and_the_next_keystroke_cancels(qtbot, editing):
    window = editing
    window.browser.select(window.workspace.corpus.index("ref.sleep"))
    settle(window)
    window.editor.edit_open_entry()
    edit(window, "(g / girl)", "(g / boy)")
    wait_for_after(window, 30)
    shown = window.editor.comparison.text.text()
    assert "The girl sleeps ." in shown and "BLEU" in shown
    scores = window.editor.what_if.scores()
    assert scores[0] is not None and scores[1] is not None and scores[0] > scores[1]
    window.editor.comparison.keep.setChecked(False)
    assert "BLEU" not in window.editor.comparison.text.text()
    edit(window, "(g / boy)", "(g / dog)")
    qtbot.waitUntil(lambda: window.model.loading, timeout=3000)  # the dog's graph is being generated
    edit(window, "(g / dog)", "(g / cat)")  # the next keystroke cancels it
    assert not window.model.loading  # cancelled at once: the dog is never said
    wait_for_after(window, 30)
    assert "cat" in window.editor.what_if.after
