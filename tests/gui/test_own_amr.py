"""Your own AMR (issue 17, point 3): graphs without a reference open for generation
alone, and the PENMAN editor shows what the model makes of a graph as it is typed."""

import pytest
from PySide6.QtWidgets import QMessageBox
from test_main_window import settle

from amrgen.io.penman_corpus import read_corpus
from amrgen.stepping.session import Mode
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.qt.views.corpus_browser import NO_REFERENCE

pytestmark = pytest.mark.gui

OWN = """# ::id mine.want
(w / want-01
   :ARG0 (b / boy)
   :ARG1 (g / go-02
            :ARG0 b))

# ::id ref.sleep
# ::snt The girl sleeps.
(s / sleep-01
   :ARG0 (g / girl))
"""


@pytest.fixture
def own(qtbot, settings, open_in, tmp_path) -> MainWindow:
    """A corpus of one graph without a reference and one with, open in oracle mode."""
    path = tmp_path / "own.txt"
    path.write_text(OWN, encoding="utf-8")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    window.set_mode(Mode.ORACLE)
    return open_in(window, path)


def load_default(qtbot, window: MainWindow) -> MainWindow:
    with qtbot.waitSignal(window.generatorLoaded, timeout=60_000):
        window.load_generator()
    return window


def test_a_graph_without_reference_opens_for_generation_only(qtbot, own, default_generator):
    entries = own.workspace.corpus.entries
    assert [e.id for e in entries] == ["mine.want", "ref.sleep"] and own.workspace.corpus.errors == []
    assert not entries[0].has_reference and entries[1].has_reference
    # the first entry is shown in oracle mode: refused, with what works instead
    assert own.model.session is None
    assert "no reference sentence" in own.statusBar().currentMessage()
    assert "model mode" in own.statusBar().currentMessage()
    own.set_mode(Mode.MANUAL)
    settle(own)
    assert own.model.session is not None and own.model.session.applicable()
    assert "none" in own.output.reference.text()
    load_default(qtbot, own)
    own.set_mode(Mode.MODEL)
    settle(own)
    session = own.model.session
    own.model.run_to_end()
    assert session.sentence() == default_generator.generator.generate(entries[0].amr).sentence != ""
    assert own.output.sentence.text() == session.sentence()
    assert "no reference" in own.output.bleu.text()
    assert any("No reference sentence" in item.text() for item in own.sentence.scene().items()
               if hasattr(item, "text"))


def test_the_corpus_list_says_an_entry_has_no_reference(own):
    from amrgen_gui.qt.views.corpus_browser import sentence

    assert sentence(own.workspace.corpus.entries[0]) == NO_REFERENCE
    assert sentence(own.workspace.corpus.entries[1]) == "The girl sleeps."


def type_into(qtbot, window: MainWindow, text: str) -> None:
    """Replace the editor's text as typing does, then wait past the debounce for what follows."""
    editor = window.editor
    editor.text.selectAll()
    editor.text.insertPlainText(text)
    qtbot.waitUntil(lambda: not editor._timer.isActive(), timeout=3000)
    settle(window)


def test_the_editor_marks_an_error_at_its_line_and_column(qtbot, own):
    editor = own.editor
    type_into(qtbot, own, "# ::id typo\n(w / want-01\n   :ARG0 (b / boy)\n   :ARG1 (g / go-02 :ARG0 b2))")
    assert len(editor.problems) == 1  # b2 is written like a variable, and no node defines it
    problem = editor.problems[0]
    assert (problem.line, problem.column) == (4, 27) and "b2" in problem.message
    assert "line 4, column 27" in editor.status.text()
    marks = editor.text.extraSelections()
    assert len(marks) == 1 and marks[0].cursor.blockNumber() == 3
    assert marks[0].cursor.selectedText().startswith("b2")
    type_into(qtbot, own, "(w / want-01 :ARG0 (b / boy)")
    assert "unbalanced parenthesis" in editor.problems[0].message and editor.problems[0].line == 1
    type_into(qtbot, own, "(w / want-01 :ARG0 (b / boy))")
    assert editor.problems == [] and editor.text.extraSelections() == []


def test_the_graph_and_the_sentence_follow_the_text(qtbot, own, default_generator):
    load_default(qtbot, own)
    type_into(qtbot, own, "# ::id mine\n(s / sleep-01 :ARG0 (g / girl))")
    assert own.model.mode is Mode.MODEL  # oracle mode cannot follow a graph without reference
    session = own.model.session
    assert session is not None and session.entry.id == "mine" and not session.entry.has_reference
    assert set(session.current.graph.labels.values()) >= {"sleep-01", "girl"}
    first = session.generation.sentence
    type_into(qtbot, own, "# ::id mine\n(s / sleep-01 :ARG0 (b / boy))")
    second = own.model.session.generation.sentence
    assert "boy" in second and "girl" not in second and "girl" in first
    assert set(own.graph.nodes) == set(own.model.session.current.graph.vertices)


def test_what_if_the_open_entry_said_no(qtbot, own, default_generator):
    load_default(qtbot, own)
    own.set_mode(Mode.MODEL)
    settle(own)
    own.browser.select(1)  # "The girl sleeps."
    settle(own)
    said = own.model.session.generation.sentence
    own.editor.edit_open_entry()
    assert own.editor.text.toPlainText().startswith("# ::id ref.sleep-edited\n(s / sleep-01")
    text = own.editor.text.toPlainText().replace("(s / sleep-01", "(s / sleep-01\n   :polarity -")
    type_into(qtbot, own, text)
    session = own.model.session
    assert session.entry.id == "ref.sleep-edited"
    graph = session.entry.amr.graph
    assert ("s", "polarity", "-") in [(source, role, graph.label(target)) for source, role, target in graph.edges]
    assert session.generation.sentence != said
    assert session.generation.sentence == default_generator.generator.generate(session.entry.amr).sentence


def test_edited_graphs_are_saved_as_a_corpus(qtbot, own, tmp_path, monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    target = tmp_path / "mine.txt"
    type_into(qtbot, own, "# ::id a\n(s / sleep-01 :ARG0 (g / girl))\n\n# ::id b\n(r / run-02 :ARG0 (g / girl)")
    own.editor.save(str(target))
    assert not target.exists() and "line 5" in errors[0] and "not written" in errors[0]
    type_into(qtbot, own, "# ::id a\n(s / sleep-01 :ARG0 (g / girl))\n\n# ::id b\n(r / run-02 :ARG0 (g / girl))")
    own.editor.save(str(target))
    assert len(errors) == 1 and "Saved 2 graphs" in own.editor.status.text()
    assert [e.id for e in read_corpus(target).entries] == ["a", "b"]
    with qtbot.waitSignal(own.corpusLoaded, timeout=30_000):
        own.open_corpus(target)  # and it opens, for generation alone
    assert [e.has_reference for e in own.workspace.corpus.entries] == [False, False]
