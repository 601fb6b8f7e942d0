"""The entry point ``amrgen-gui [FILE]`` (amrgen_gui.app:main)."""

import sys
from importlib.metadata import entry_points

import pytest
from PySide6.QtCore import QEventLoop, QTimer

from amrgen.stepping.session import Mode
from amrgen_gui import app, main_window
from amrgen_gui.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def run_main(qapp, settings, monkeypatch):
    """``run_main(argv)``: run main() until a window shows an entry, then quit with
    status 3; returns (status, the id of the entry shown, the window title).

    main()'s event loop is a local one: once QApplication.exec() has returned,
    Qt counts the application as closing and the later tests would get no
    signals from worker threads."""
    monkeypatch.setattr(main_window, "QSettings", lambda: settings)  # not the user's settings
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    loop = QEventLoop()
    monkeypatch.setattr(qapp, "exec", loop.exec)

    def run(argv):
        seen = []

        def look_and_quit() -> None:
            windows = [w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
            if windows and windows[-1].model.session is not None:
                seen.append((windows[-1].model.entry.id, windows[-1].windowTitle(), windows[-1].model.mode))
                windows[-1].close()
                loop.exit(3)
            else:
                QTimer.singleShot(20, look_and_quit)

        QTimer.singleShot(0, look_and_quit)
        status = app.main(argv)
        return status, *seen[0]

    return run


def test_without_arguments_it_lands_on_the_sample_ready_to_step(run_main):
    assert run_main([]) == (3, "developer", "sample.amr — amrgen", Mode.ORACLE)


def test_it_opens_the_corpus_given(run_main, tmp_path):
    corpus = tmp_path / "mine.amr"
    corpus.write_text(main_window.SAMPLE.read_text(encoding="utf-8").split("\n\n", 1)[1], encoding="utf-8")
    _, entry_id, title, _ = run_main([str(corpus)])
    assert entry_id == "lpp_1943.7" and title == "mine.amr — amrgen"


def test_it_starts_in_model_mode_on_the_shipped_generator(run_main, default_generator):
    assert run_main(["--mode", "model"]) == (3, "developer", "sample.amr — amrgen", Mode.MODEL)


def test_the_console_script_is_amrgen_gui():
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "amrgen-gui"]
    assert script.value == "amrgen_gui.app:main"
