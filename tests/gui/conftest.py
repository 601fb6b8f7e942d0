"""Qt tests (offscreen, as tests/conftest.py sets up) with the application's look
and a throwaway QSettings; the shipped default generator (tests/conftest.py) for model mode."""

import pytest
from PySide6.QtCore import QSettings
from test_big_graphs import BIG
from test_main_window import settle

from amrgen.stepping.session import Mode
from amrgen_gui.qt import theme
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.state.paths import SAMPLE


@pytest.fixture(autouse=True, scope="session")
def _look(qapp):
    theme.apply(qapp)


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def open_in(qtbot):
    """``open_in(window, path)`` opens a corpus and waits for the worker thread."""

    def open_in(window: MainWindow, path) -> MainWindow:
        with qtbot.waitSignal(window.corpusLoaded, timeout=30_000):
            window.open_corpus(path)
        return window

    return open_in


@pytest.fixture
def window(qtbot, settings, open_in) -> MainWindow:
    """The main window with the bundled sample open, its first entry shown."""
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    return open_in(w, SAMPLE)


@pytest.fixture
def model_window(qtbot, window, default_generator) -> MainWindow:
    """The sample open in model mode, with the default generator loaded from the menu's action."""
    with qtbot.waitSignal(window.generatorLoaded, timeout=60_000):
        window.default_model_action.trigger()
    assert window.model.generator.generator is default_generator.generator
    window.set_mode(Mode.MODEL)
    return settle(window)


@pytest.fixture
def big_model(qtbot, settings, open_in, default_generator) -> MainWindow:
    """The big graphs open at 1280x800 in model mode with the default generator."""
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    open_in(window, BIG)
    with qtbot.waitSignal(window.generatorLoaded, timeout=60_000):
        window.load_generator()
    window.set_mode(Mode.MODEL)
    return settle(window)
