"""A worker's small drawings run on the GUI thread (amrgen_gui.qt.tasks.on_gui_thread): Qt's text
drawn from two threads at once could hang both."""

import threading

import pytest

from amrgen_gui.qt.tasks import Task, on_gui_thread


def test_a_worker_s_call_runs_on_the_gui_thread_and_its_result_and_error_come_back(qtbot):
    Task(lambda report: None)  # the first task makes the GUI thread's caller
    gui = threading.get_ident()
    ran_on, results = [], []

    def work():
        ran_on.append(threading.get_ident())
        return 42

    def failing():
        raise ValueError("no drawing")

    def worker():
        results.append(on_gui_thread(work))
        with pytest.raises(ValueError, match="no drawing"):
            on_gui_thread(failing)
        results.append("raised")

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=10_000)
    assert results == [42, "raised"] and ran_on == [gui]
    assert on_gui_thread(work) == 42 and ran_on == [gui, gui]  # on the GUI thread itself: called directly
