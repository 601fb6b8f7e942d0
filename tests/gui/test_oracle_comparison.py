"""Oracle and model side by side (issue 17, point 5): the first step where the
model leaves the oracle's path, made in a worker thread, and the model
session taken there."""

import time

import pytest
from PySide6.QtCore import Qt
from test_main_window import press, select, settle
from test_responsive import MAX_STALL, StallMeter

from amrgen.stepping.session import Mode

pytestmark = pytest.mark.gui


def compared(qtbot, window, timeout: int = 60_000):
    """Wait until the comparison view shows the entry shown (made in the background) and the session is settled."""
    view = window.comparisons.oracle
    qtbot.waitUntil(lambda: not view.running() and view.comparison is not None
                    and view.comparison.entry_id == window.model.entry.id, timeout=timeout)
    return settle(window)


def test_ctrl_d_shows_where_the_model_leaves_the_oracle_and_goes_there(qtbot, model_window, default_generator,
                                                                     divergence_by_hand):
    window = model_window
    entry = select(window, "lpp_1943.38")
    assert window.docks["compare"].visibleRegion().isEmpty()  # tabbed behind phase 2 until asked for
    view = window.comparisons.oracle
    assert view.comparison is None and not view.running()  # nor made until then
    press(qtbot, window, Qt.Key.Key_D)  # no modifier: nothing
    qtbot.keyClick(window.graph, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    compared(qtbot, window)
    qtbot.waitUntil(lambda: window.model.session.position > 0, timeout=5000)
    position, model, gold = divergence_by_hand(entry, default_generator)
    view = window.comparisons.oracle
    divergence = view.comparison.divergence
    assert (divergence.position, divergence.model, divergence.oracle) == (position, model, gold)
    # The model session is at the configuration where they part, the two transitions among all(c).
    session = window.model.session
    assert session.position == position and session.current == divergence.configuration
    assert session.choice()[0] == model and gold in session.applicable()
    text = view.summary.text()
    assert f"step {position}" in text and str(model) in text and str(gold) in text
    assert f"{divergence.model_probability:.3f}" in text and f"{divergence.oracle_probability:.3f}" in text
    assert session.generation.sentence in view.sentences.text()
    # The divergence's row is selected and marked; a click on another row goes there.
    row = view.table.currentIndex().row()
    assert view.rows.data(view.rows.index(row, 0), Qt.ItemDataRole.UserRole) == position
    view.only.setChecked(True)
    assert all(not s.agrees for s in view.rows.shown) and view.rows.rowCount() == view.comparison.disagreements
    later = view.rows.shown[-1].position
    view.table.clicked.emit(view.rows.index(view.rows.rowCount() - 1, 3))
    settle(window)
    assert window.model.session.position == later
    assert window.model.session.transitions == [t for _, t, _ in session.generation.steps[:later]]


def test_a_click_in_oracle_mode_switches_to_model_mode_at_that_step(qtbot, model_window):
    window = model_window
    select(window, "developer")
    window.set_mode(Mode.ORACLE)
    settle(window)
    window.docks["compare"].raise_()
    compared(qtbot, window)
    view = window.comparisons.oracle
    view.table.clicked.emit(view.rows.index(3, 0))
    qtbot.waitUntil(lambda: window.model.mode is Mode.MODEL and not window.model.loading
                    and window.model.session.position == 3, timeout=60_000)
    assert not window.docks["compare"].visibleRegion().isEmpty()  # still in sight, not hidden behind phase 2


def test_a_graph_of_your_own_without_reference_says_it_cannot_be_compared(qtbot, model_window, open_in, tmp_path):
    window = model_window
    path = tmp_path / "own.txt"
    path.write_text("# ::id mine\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))\n", encoding="utf-8")
    open_in(window, path)
    settle(window)
    window.docks["compare"].raise_()
    view = window.comparisons.oracle
    qtbot.waitUntil(lambda: not view.running() and "no reference" in view.summary.text(),
                    timeout=30_000)
    assert window.comparisons.oracle.comparison is None and not window.comparisons.oracle.go.isEnabled()


def test_comparing_a_148_vertex_graph_does_not_hold_the_event_loop(qtbot, big_model):
    from test_big_graphs import LARGE

    window = big_model
    window.comparisons.oracle_action.trigger()  # on the 10-vertex graph: the view in sight, drawn once
    compared(qtbot, window)
    meter = StallMeter()
    window.browser.select(LARGE)  # the view follows the entry: a session and a comparison in the background
    compared(qtbot, window, timeout=120_000)
    qtbot.wait(300)  # drawn
    window.comparisons.oracle.go_to_divergence()
    settle(window)
    qtbot.wait(300)
    stall = meter.longest_stall()
    print(f"longest stall while model mode and the comparison opened 148 vertices: {stall:.3f} s")
    assert stall <= MAX_STALL, f"the event loop stalled for {stall:.3f} s"
    assert window.comparisons.oracle.comparison.entry_id == window.model.session.entry.id
    assert window.model.session.position == window.comparisons.oracle.comparison.divergence.position


def test_the_comparison_shows_as_busy_and_esc_cancels_it(qtbot, big_model, monkeypatch):
    from test_big_graphs import LARGE

    from amrgen.stepping import divergence

    def slow(*arguments):  # the generator's session of this graph is at hand: the comparison may take 0.2 s
        time.sleep(1.0)
        return compare(*arguments)

    compare = divergence.compare_with_oracle
    monkeypatch.setattr(divergence, "compare_with_oracle", slow)
    window = big_model
    window.browser.select(LARGE)
    settle(window)
    view = window.comparisons.oracle
    window.docks["compare"].raise_()  # in sight: the comparison of 148 vertices starts
    assert view.running()
    qtbot.waitUntil(window.busy.isVisible, timeout=2000)
    assert "Comparing" in window.busy.label.text() and window.model.entry.id in window.busy.label.text()
    qtbot.keyClick(window.graph, "\x1b")  # Esc cancels
    assert not view.running() and not window.busy.isVisible()
    assert "Stopped comparing" in view.summary.text()
    qtbot.wait(2000)  # what the cancelled task would have given is dropped
    assert view.comparison is None and "Stopped comparing" in view.summary.text()
    assert window.model.session is not None  # the session shown stays
    window.comparisons.oracle_action.trigger()  # Ctrl+D makes it again, and goes there
    compared(qtbot, window, timeout=120_000)
    qtbot.waitUntil(lambda: window.model.session.position == view.comparison.divergence.position, timeout=10_000)


def test_the_comparison_keeps_five_steps_in_sight_at_1280x800(qtbot, big_model):
    """The summary takes one line beside the buttons (all of it in its tooltip and under
    Details), so that the steps get the rest of the bottom dock."""
    from test_big_graphs import MEDIUM

    window = big_model
    window.browser.select(MEDIUM)
    window.comparisons.oracle_action.trigger()
    compared(qtbot, window)
    qtbot.wait(50)
    view = window.comparisons.oracle
    assert view.comparison.divergence is not None
    table = view.table
    assert table.viewport().height() >= 5 * table.rowHeight(0)
    assert view.summary.height() < 2 * view.summary.fontMetrics().lineSpacing()  # one line
    assert f"step {view.comparison.divergence.position}" in view.summary.text()
    assert view.comparison.model_sentence in view.summary.toolTip()
    assert not view.details_pane.isVisible()
    view.more.click()
    assert view.details_pane.isVisible() and view.comparison.model_sentence in view.sentences.text()
    assert table.viewport().height() >= 2 * table.rowHeight(0)  # the steps shrink, but stay
