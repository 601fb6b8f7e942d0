"""Run by tests/gui/test_real_window.py under xvfb-run on Qt's xcb platform: the window as a
user's desktop shows it, driven by the keyboard.  It opens the sample, waits until the window
is active, types Right five times, End, Left and Home's neighbour keys, and saves a screenshot;
it prints what it saw, one ``key=value`` a line."""

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from amrgen_gui.qt import theme
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.state.paths import SAMPLE


def wait(condition, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def main(png: str) -> None:
    app = QApplication([sys.argv[0]])
    theme.apply(app)
    with tempfile.TemporaryDirectory() as home:
        window = MainWindow(QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat))
        window.resize(1280, 800)
        window.show()
        window.open_corpus(SAMPLE)
        wait(lambda: window.model.session is not None and not window.model.loading)
        window.activateWindow()
        wait(window.isActiveWindow, 10)
        print(f"platform={app.platformName()}")
        for key, times in ((Qt.Key.Key_Right, 5), (Qt.Key.Key_Left, 1), (Qt.Key.Key_PageDown, 1),
                           (Qt.Key.Key_End, 1)):
            for _ in range(times):
                QTest.keyClick(window.focusWidget() or window, key)
                wait(lambda: not window.model.loading)
            print(f"after={key.name}x{times} entry={window.model.entry.id} step={window.model.session.position}")
        print(f"terminal={window.model.session.is_terminal()} output={window.model.session.output()}")
        QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_F5)
        wait(lambda: True)
        print(f"presenting={window.classroom.presenting()}")
        QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_F5)
        for _ in range(5):
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        screen = window.screen().grabWindow(window.winId())  # what the X server shows, not a widget render
        print(f"saved={screen.save(png)} size={screen.width()}x{screen.height()}")
        window.close()


if __name__ == "__main__":
    main(sys.argv[1])
