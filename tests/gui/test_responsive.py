"""Never frozen (issue 17, point 2): a session is made in a worker thread, with a
busy indicator and a cancel; the event loop keeps its pace meanwhile."""

import gc
import time

import pytest
from PySide6.QtCore import QTimer
from test_big_graphs import LARGE, SMALL
from test_main_window import settle

pytestmark = pytest.mark.gui

MAX_STALL = 0.2
"""The longest the event loop may be held (seconds), as issue 17 asks."""
TICK_MS = 20


class StallMeter:
    """A timer firing every TICK_MS; the longest gap between two firings is the
    longest the event loop was held (plus one tick)."""

    def __init__(self) -> None:
        # The garbage of the tests before is collected first, and the objects alive kept out of
        # later collections: a full collection over the models and corpora earlier tests loaded
        # holds the event loop too, but is not what is measured (CI: 0.31-0.44 s in the full run).
        gc.collect()
        gc.freeze()
        self.gaps: list[float] = []
        self.last = time.perf_counter()
        self.timer = QTimer(interval=TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self.last)
        self.last = now

    def longest_stall(self) -> float:
        self.timer.stop()
        gc.unfreeze()
        return max(self.gaps) - TICK_MS / 1000


def test_model_mode_opens_a_148_vertex_graph_without_holding_the_event_loop(qtbot, big_model):
    window = big_model
    meter = StallMeter()
    window.browser.select(LARGE)
    assert window.model.loading and window.model.session.entry.id != window.model.entry.id  # still the old one
    qtbot.waitUntil(lambda: not window.model.loading, timeout=120_000)
    qtbot.wait(500)  # the new session drawn and painted
    stall = meter.longest_stall()
    assert window.model.session.entry.id == window.model.entry.id
    assert set(window.graph.nodes) == set(window.model.session.current.graph.vertices)  # G' of the 148 vertices
    print(f"longest stall while model mode opened 148 vertices: {stall:.3f} s")
    assert stall <= MAX_STALL, f"the event loop stalled for {stall:.3f} s"


def test_the_busy_indicator_shows_while_a_session_is_made_and_cancel_drops_it(qtbot, big_model):
    window = big_model
    before = window.model.session
    window.browser.select(LARGE)
    qtbot.waitUntil(window.busy.isVisible, timeout=2000)
    assert "Generating" in window.busy.label.text() and window.model.entry.id in window.busy.label.text()
    assert window.busy.button.isVisible()
    qtbot.keyClick(window.graph, "\x1b")  # Esc cancels
    assert not window.model.loading and not window.busy.isVisible()
    assert window.model.session is None is not before and "Stopped" in window.statusBar().currentMessage()
    qtbot.wait(200)  # what the job would have given is dropped
    assert window.model.session is None
    window.reset_action.trigger()  # Ctrl+R makes it again
    assert window.model.loading
    qtbot.waitUntil(lambda: not window.model.loading, timeout=120_000)
    assert window.model.session.entry.id == window.model.entry.id


def test_another_entry_supersedes_the_session_being_made(qtbot, big_model):
    window = big_model
    window.browser.select(LARGE)
    window.browser.select(SMALL)
    settle(window)
    qtbot.wait(200)
    assert window.model.session.entry.id == window.workspace.corpus.entries[SMALL].id
    assert not window.busy.isVisible()
