"""The application window: stepping, what the views show, opening, exporting, settings."""

import re
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton

from amrgen.oracle import Approach, training_data
from amrgen.prep.prepared_format import read_prepared
from amrgen.stepping.session import Mode
from amrgen.transitions import Keep, initial
from amrgen_gui.qt import theme
from amrgen_gui.qt.exports.embedded_font import FALLBACK
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.qt.tasks import Task
from amrgen_gui.qt.theme import FONT_FILES
from amrgen_gui.qt.views.graph_items import node_look
from amrgen_gui.state.paths import SAMPLE

pytestmark = pytest.mark.gui


def settle(window: MainWindow, timeout: float = 120) -> MainWindow:
    """Wait until the session asked for is shown: it is made in a worker thread."""
    deadline = time.monotonic() + timeout
    while window.model.loading:
        assert time.monotonic() < deadline, f"no session after {timeout} s"
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.002)
    return window


def press(qtbot, window: MainWindow, key: Qt.Key, times: int = 1) -> None:
    """Type a key into the window, as a user does (shortcuts included), and wait for what it asked."""
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)  # the shortcuts are the active window's
    for _ in range(times):
        settle(window)
        qtbot.keyClick(window.graph, key)
        settle(window)


def select(window: MainWindow, entry_id: str):
    """Show the entry with this id; returns it."""
    window.browser.select(window.workspace.corpus.index(entry_id))
    settle(window)
    assert window.model.entry.id == entry_id
    return window.model.entry


def shown(window: MainWindow) -> dict:
    """What the views show, as plain data."""
    rho = window.rho.model()
    return {
        "σ": window.buffers.chips("σ"),
        "β": window.buffers.chips("β"),
        "ρ": [[rho.data(rho.index(r, c)) for c in range(rho.columnCount())] for r in range(rho.rowCount())],
        "ρ changed": rho.changed_cells,
        "nodes": {v: item.look for v, item in window.graph.nodes.items()},
        "places": {v: item.ellipse.center() for v, item in window.graph.nodes.items()},
        "edges": len([i for i in window.graph.scene().items() if i not in window.graph.nodes.values()]),
        "words": [(w.vertices, w.highlight) for w in window.sentence.words],
        "yield": window.output.partial.text(),
        "c_f": window.output.final.text(),
        "choices": [str(t) for t in window.choices.transitions()],
        "history row": window.history.currentRow(),
    }


def test_the_sample_opens_with_the_thesis_example_ready_to_step(window):
    ids = [e.id for e in window.workspace.corpus.entries]
    assert ids[0] == "developer" and len(ids) >= 4
    assert window.workspace.corpus.errors == []
    assert window.model.entry.id == "developer" and window.model.session.position == 0
    assert window.buffers.chips("σ") == ["v4 develop-02", "v2 person", "v3 sleep-01", "v1 want-01"]
    assert window.step_action.isEnabled() and not window.back_action.isEnabled()


@pytest.mark.parametrize("approach", [Approach.TEXT, Approach.DEPENDENCY])
def test_running_the_oracle_gives_the_training_data_of_every_sample_entry(qtbot, window, approach, tmp_path):
    if approach is Approach.DEPENDENCY:
        window.approach_actions[1].trigger()
    for entry in read_prepared(SAMPLE).entries:
        select(window, entry.id)
        press(qtbot, window, Qt.Key.Key_End)
        run = training_data(entry.bigraph(), approach)
        session = window.model.session
        assert run.terminated and session.is_terminal()
        assert session.transitions == run.transitions
        assert session.output() == run.output
        assert window.output.final.text() == run.output
        assert window.history.count() == len(run.transitions) + 1
        assert [window.history.item(i).text().split(maxsplit=1)[1] for i in range(1, window.history.count())] \
            == [str(t) for t in run.transitions]
        window.export("txt", tmp_path / "listing.txt")
        assert (tmp_path / "listing.txt").read_text(encoding="utf-8") == session.listing()


def test_stepping_forward_one_by_one_shows_each_oracle_transition(qtbot, window):
    entry = window.model.entry
    run = training_data(entry.bigraph())
    for t in run.transitions:
        assert window.choices.transitions() == [t]  # the oracle's next transition is shown first
        press(qtbot, window, Qt.Key.Key_Right)
        assert window.model.session.last_transition == t
    assert window.output.final.text() == "the developer wants to sleep"
    assert window.output.bleu.text().split()[0] != "—"


def test_stepping_back_to_the_start_restores_c_s_and_every_view(qtbot, window):
    entry = window.model.entry
    at_start = shown(window)
    press(qtbot, window, Qt.Key.Key_End)
    steps = window.model.session.position
    assert shown(window)["σ"] == [] and shown(window)["c_f"] == "the developer wants to sleep"
    press(qtbot, window, Qt.Key.Key_Left, steps)
    session = window.model.session
    assert session.position == 0 and session.current == initial(entry.amr.graph)
    assert shown(window) == at_start
    # c_s: σ is the bottom-up traversal, ρ is empty, nothing is highlighted as changed.
    assert at_start["σ"] == [f"{v} {entry.amr.graph.label(v)}" for v in initial(entry.amr.graph).node_buffer]
    assert at_start["β"] == []
    assert all(cell == "" for row in at_start["ρ"] for cell in row[1:]) and at_start["ρ changed"] == set()
    assert at_start["nodes"] == {v: node_look(session.current, v) for v in entry.amr.graph.vertices}


def test_home_jumps_back_keeping_the_history_and_ctrl_r_forgets_it(qtbot, window):
    press(qtbot, window, Qt.Key.Key_Right, 5)
    press(qtbot, window, Qt.Key.Key_Home)
    assert window.model.session.position == 0 and len(window.model.session.steps) == 6
    window.history.setCurrentRow(3)  # clicking a step of the history jumps there
    assert window.model.session.position == 3
    qtbot.keyClick(window.graph, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert window.model.session.position == 0 and len(window.model.session.steps) == 1


def test_a_vertex_keeps_its_place_while_the_oracle_steps(qtbot, window):
    places: dict = {}
    while True:
        for v, point in shown(window)["places"].items():
            assert places.setdefault(v, point) == point, f"{v} moved"
        if window.model.session.is_terminal():
            break
        press(qtbot, window, Qt.Key.Key_Right)
    assert {"v1", "v2", "v3"} <= places.keys() and len(places) == 7  # v4 and ~v1..~v3 too


def test_manual_mode_lists_the_applicable_transitions_and_applies_the_chosen_one(qtbot, window):
    qtbot.keyClick(window.graph, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.model.mode is Mode.MANUAL
    listed = window.choices.transitions()
    assert listed == window.model.session.applicable() and len(listed) > 2
    assert window.choices.list.item(0).text().startswith("★")  # the oracle's transition, first and marked
    row = listed.index(Keep())
    view = window.choices.list
    where = view.visualItemRect(view.item(row)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert window.model.session.transitions == [Keep()]
    assert window.history.item(1).text().split() == ["1", "Keep"]


def test_hovering_links_vertices_and_words(qtbot, window):
    window.model.point_at_vertices(["v1"])
    assert [w.highlight for w in window.sentence.words] == [None, theme.SIGMA1, theme.HOVER, None, None]
    window.model.point_at_words([2])
    assert {v for v, item in window.graph.nodes.items() if item.hovered} == {"v2", "v4"}
    window.model.point_at_words([])
    assert not any(item.hovered for item in window.graph.nodes.values())


def test_the_filter_matches_ids_words_and_concepts_as_text_or_regex(window):
    browser = window.browser
    browser.filter.setText("developer")
    assert browser.visible_ids() == ["developer"]
    browser.filter.setText("SLEEP-01")  # a concept, case-insensitively
    assert "developer" in browser.visible_ids()
    browser.regex.setChecked(True)
    browser.filter.setText(r"^develop.r$")
    assert browser.visible_ids() == ["developer"]
    browser.filter.setText("(")
    assert browser.filter.property("invalid") is True
    browser.filter.clear()
    assert len(browser.visible_ids()) == len(window.workspace.corpus.entries)


def test_next_and_previous_entry(qtbot, window):
    press(qtbot, window, Qt.Key.Key_PageDown)
    assert window.model.entry.id == window.workspace.corpus.entries[1].id
    press(qtbot, window, Qt.Key.Key_PageUp)
    assert window.model.entry.id == "developer"


def test_a_malformed_entry_is_reported_and_the_others_open(qtbot, settings, open_in, tmp_path, monkeypatch):
    good = SAMPLE.read_text(encoding="utf-8").split("\n\n")
    bad = "# ::id broken\n# ::snt a broken graph\n(b / broken :ARG0 (x / thing"
    path = tmp_path / "mixed.amr"
    path.write_text("\n\n".join([good[0], bad, good[1]]) + "\n", encoding="utf-8")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *rest: warnings.append(text))
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    open_in(window, path)
    assert len(warnings) == 1 and str(path) in warnings[0] and "broken" in warnings[0]
    assert len(window.workspace.corpus.entries) == 2 and window.model.entry.id == "developer"
    press(qtbot, window, Qt.Key.Key_End)
    assert window.model.session.output() == "the developer wants to sleep"


def test_a_file_that_cannot_be_read_is_reported_and_the_window_stays_usable(qtbot, window, open_in, tmp_path,
                                                                             monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *rest: errors.append(text))
    missing = tmp_path / "missing.amr"
    open_in(window, missing)
    assert len(errors) == 1 and str(missing) in errors[0]
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.model.session.position == 1


@pytest.mark.parametrize("text", ["", "  \n# only a comment\n", "# ::id a\n# ::snt The girl sleeps.\n"])
def test_a_file_without_any_graph_is_said_not_opened_as_no_entries(text, qtbot, window, open_in, tmp_path,
                                                                    monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *rest: errors.append(text))
    path = tmp_path / "none.amr"
    path.write_text(text, encoding="utf-8")
    open_in(window, path)
    assert len(errors) == 1 and errors[0].startswith(f"{path}: no AMR graphs in it") and errors[0].count(str(path)) == 1
    assert window.workspace.corpus.path == SAMPLE and window.model.entry.id == "developer"


def test_export_writes_svg_and_png(qtbot, window, tmp_path):
    press(qtbot, window, Qt.Key.Key_Right, 6)
    window.export("svg", tmp_path / "graph.svg")
    window.export("png", tmp_path / "graph.png")
    svg = (tmp_path / "graph.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "want-01" in svg
    ElementTree.fromstring(svg.encode("utf-8"))  # still well-formed with the fonts in it
    assert svg.count("@font-face") == len(FONT_FILES) and svg.count("url(data:font/otf;base64,") == len(FONT_FILES)
    families = set(re.findall(r'font-family="([^"]*)"', svg))
    assert f"'Inter', {FALLBACK}" in families <= {f"'Inter', {FALLBACK}", FALLBACK}  # never a serif without Inter
    qtbot.waitUntil((tmp_path / "graph.png").exists, timeout=30_000)  # made in the background
    image = QImage(str(tmp_path / "graph.png"))
    assert not image.isNull() and image.width() > 100 and image.height() > 100


def test_the_constrained_system_is_learnt_from_the_open_corpus(qtbot, window):
    with qtbot.waitSignal(window.systemChanged, timeout=30_000):
        window.system_actions[1].trigger()
    system = window.model.session.system
    assert not system.is_formal and system.constraints.resources.merge_table
    press(qtbot, window, Qt.Key.Key_End)
    entry = window.model.entry
    assert window.model.session.transitions == training_data(entry.bigraph(), Approach.TEXT, system).transitions


def test_layout_recent_files_and_options_persist(qtbot, settings, open_in, tmp_path):
    corpus = tmp_path / "copy.amr"
    corpus.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    first = MainWindow(settings)
    qtbot.addWidget(first)
    open_in(first, corpus)
    first.mode_actions[1].trigger()
    first.approach_actions[1].trigger()
    first.docks["rho"].hide()
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    assert second.recent.files() == [str(corpus)]
    assert [a.text() for a in second.recent.menu.actions()] == ["copy.amr"]
    assert second.model.mode is Mode.MANUAL and second.model.approach is Approach.DEPENDENCY
    assert second.docks["rho"].isHidden()


def test_the_graph_zooms_and_fits(window):
    view = window.graph
    view.fit()
    fitted = view.transform().m11()
    view.zoom(2)
    assert view.transform().m11() == pytest.approx(2 * fitted)
    view.fit()
    assert view.transform().m11() == pytest.approx(fitted)


PLAIN = """# ::id plain.1
# ::snt The little prince laughed .
(l / laugh-01
      :ARG0 (p / prince
            :mod (l2 / little)))

# ::id plain.2
# ::snt I did not answer .
(a / answer-01 :polarity -
      :ARG0 (i / i))
"""


def test_a_plain_corpus_is_prepared_in_the_background(qtbot, window, open_in, tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text(PLAIN, encoding="utf-8")
    open_in(window, path)
    assert [e.id for e in window.workspace.corpus.entries] == ["plain.1", "plain.2"]
    assert window.model.entry.words == ["the", "little", "prince", "laughed"]
    press(qtbot, window, Qt.Key.Key_End)
    assert window.model.session.is_terminal()


def test_long_work_shows_progress_and_cancelling_stops_it(qtbot, window):
    def work(report):
        for done in range(2000):
            report(done, 2000)
            time.sleep(0.005)

    outcome = []
    task = Task(work, window)
    window._run(task, "Working…", outcome.append, outcome.append, lambda: outcome.append("cancelled"))
    dialog = window.findChild(QProgressDialog)
    qtbot.waitUntil(lambda: dialog.isVisible() and dialog.value() > 0, timeout=5000)
    qtbot.mouseClick(dialog.findChild(QPushButton), Qt.MouseButton.LeftButton)
    assert outcome == ["cancelled"]
    task.thread.join(timeout=5)
    assert not task.thread.is_alive()  # the work ended at its next report
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.model.session.position == 1 and outcome == ["cancelled"]


def test_a_task_reports_its_result_or_its_error(qtbot):
    done = Task(lambda report: 42)
    with qtbot.waitSignal(done.succeeded) as result:
        done.start()
    assert result.args == [42]
    broken = Task(lambda report: Path("/nonexistent/corpus.amr").read_text())
    with qtbot.waitSignal(broken.failed) as message:
        broken.start()
    assert "/nonexistent/corpus.amr" in message.args[0]


class _ResizeGuard(QObject):
    """Counts the resizes of the view's viewport; past ``most`` it stops the view following
    its size, so that a view that resizes itself for ever ends (and the test says so)."""

    def __init__(self, view, most: int) -> None:
        super().__init__()
        self.view, self.most, self.count = view, most, 0
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.count += 1
            if self.count > self.most:
                self.view.fitted = False
        return False


def test_the_sentence_view_settles_at_every_size(qtbot, window):
    """Fitting the sentence's height to the view once put a horizontal scroll bar in and out for
    ever where the sentence, so scaled, was about as wide as the view (the event loop spun)."""
    view = window.sentence
    view.setParent(None)
    view.show()
    rect = view.scene().sceneRect()
    for height in range(80, 140, 7):
        scale = min(1.0, (height - 4) / rect.height())
        for width in range(int(rect.width() * scale) - 20, int(rect.width() * scale) + 20, 2):
            guard = _ResizeGuard(view, 20)
            view.fit()
            view.resize(width, height)
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            view.viewport().removeEventFilter(guard)
            assert guard.count <= 20, f"the sentence view resized itself {guard.count} times at {width}x{height}"
