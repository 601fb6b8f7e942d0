"""The entry point ``amrgen-gui [FILE]`` (amrgen_gui.app:main), its screenshots, and a
real window under Xvfb (issue 17, point 8)."""

import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtGui import QImage

from amrgen.stepping.session import Mode
from amrgen_gui import app
from amrgen_gui.qt import main_window
from amrgen_gui.qt.main_window import MainWindow

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
            if windows and windows[-1].model.session is not None and loop.isRunning():  # not in one of --entry's waits
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


def test_screenshot_renders_the_view_asked_for_and_quits(qapp, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    png = tmp_path / "shot.png"
    status = app.main([str(main_window.SAMPLE), "--entry", "lpp_1943.7", "--mode", "manual", "--step", "5",
                       "--size", "1000x700", "--screenshot", str(png)])
    assert status == 0
    assert capsys.readouterr().out.startswith(f"wrote {png}: window 1000x700")
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1000, 700)
    assert not [w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]  # closed


@pytest.mark.parametrize("argv, message", [
    (["--entry", "no-such-entry"], "no entry no-such-entry"),
    (["--step", "many"], "--step many: give a number of transitions or 'end'"),
    (["--size", "big"], "--size big: give WIDTHxHEIGHT"),
])
def test_screenshot_of_what_is_not_there_says_so_in_one_line(qapp, monkeypatch, tmp_path, capsys, argv, message):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    png = tmp_path / "shot.png"
    assert app.main([str(main_window.SAMPLE), *argv, "--screenshot", str(png)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("amrgen-gui: ") and message in err[0]
    assert not png.exists()


def test_screenshot_of_an_empty_file_says_so_in_one_line_rather_than_waiting_on_a_dialog(qapp, monkeypatch,
                                                                                        tmp_path, capsys):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    empty, png = tmp_path / "empty.amr", tmp_path / "shot.png"
    empty.write_text("", encoding="utf-8")
    assert app.main([str(empty), "--screenshot", str(png)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"amrgen-gui: {empty}: no AMR graphs in it (the file is empty or holds only comments)"]
    assert not png.exists()


@pytest.mark.skipif(shutil.which("xvfb-run") is None,
                    reason="xvfb-run is not installed (Debian's xvfb; setup.sh installs it): no real window to start")
def test_a_real_window_under_xvfb_opens_steps_switches_modes_and_closes(tmp_path):
    """The window on Qt's xcb platform, as a user's desktop runs it: open a corpus in
    manual mode, step to the end, render, close (one process per mode)."""
    environment = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
    for mode, step in (("manual", "end"), ("oracle", "7")):
        png = tmp_path / f"{mode}.png"
        done = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", sys.executable, "-m", "amrgen_gui.app",
                               str(main_window.SAMPLE), "--entry", "developer", "--mode", mode, "--step", step,
                               "--size", "1280x800", "--screenshot", str(png)],
                              env=environment, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert f"wrote {png}: window 1280x800" in done.stdout
        assert QImage(str(png)).size().toTuple() == (1280, 800)


def test_an_entry_asked_for_after_a_session_that_ended_in_model_mode_is_generated(run_main, settings,
                                                                                 default_generator):
    """``amrgen-gui FILE --entry ID`` when the settings say model mode: the shipped model is
    loaded for it (it exited with status 2, "no generator is loaded yet")."""
    settings.setValue("mode", Mode.MODEL.value)
    assert run_main([str(main_window.SAMPLE), "--entry", "lpp_1943.7"]) == (
        3, "lpp_1943.7", "sample.amr — amrgen", Mode.MODEL)


def test_a_screenshot_of_a_corpus_with_a_malformed_entry_waits_on_no_dialog(tmp_path):
    """The entries that cannot be read are said on stderr; the window is rendered and the
    process ends (it waited for ever on the modal "Entries skipped" box)."""
    corpus, png = tmp_path / "broken.amr", tmp_path / "shot.png"
    good = main_window.SAMPLE.read_text(encoding="utf-8").split("\n\n")[0]
    corpus.write_text(f"{good}\n\n# ::id broken\n# ::snt A boy .\n(b / boy :ARG0 (g / girl)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "amrgen_gui.app", str(corpus), "--mode", "manual",
                           "--screenshot", str(png)], env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"wrote {png}")
    assert "amrgen-gui: Entries skipped: 1 entries of" in done.stderr and "broken" in done.stderr


def test_no_module_but_notices_opens_a_message_box():
    """Every message box goes through amrgen_gui.qt.notices.tell, which a headless window
    (--screenshot) turns into a line on stderr."""
    package = Path(app.__file__).parent
    opening = [str(path.relative_to(package)) for path in package.rglob("*.py")
               if path.name != "notices.py" and "QMessageBox." in path.read_text(encoding="utf-8")]
    assert opening == ["app.py"]  # the excepthook of an interactive window; --screenshot replaces it
