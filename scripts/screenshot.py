"""Render the application offscreen at 1280x800 to ``assets/screenshot.png``.

Shows a Little Prince graph of the bundled sample in model mode, midway
through what the shipped generator (resources/default) does with it: the
transitions ranked by P(t | c) with the model's choice, the history with
probabilities, and phase 2's candidates best(v) beside ρ.  Run from
anywhere: ``python scripts/screenshot.py [OUTPUT]``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's amrgen_gui, installed or not

from PySide6.QtCore import QEventLoop, QSettings
from PySide6.QtWidgets import QApplication

from amrgen.stepping.session import Mode
from amrgen_gui import theme
from amrgen_gui.main_window import MainWindow
from amrgen_gui.paths import ASSETS, SAMPLE

ENTRY, STEP = "lpp_1943.136", 44
SIZE = (1280, 800)
OUTPUT = ASSETS / "screenshot.png"


def main(output: Path = OUTPUT) -> None:
    app = QApplication.instance() or QApplication([])
    theme.apply(app)
    with tempfile.TemporaryDirectory() as home:
        window = MainWindow(QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat))
        window.resize(*SIZE)
        window.show()
        for start, signal in ((lambda: window.open_corpus(SAMPLE), window.corpusLoaded),
                              (lambda: window.load_generator(quiet=True), window.generatorLoaded)):
            loop = QEventLoop()
            signal.connect(loop.quit)
            start()
            loop.exec()
        if window.model.generator is None:
            sys.exit(f"screenshot.py: {window.statusBar().currentMessage()}")
        window.set_mode(Mode.MODEL)
        window.browser.select(window.workspace.corpus.index(ENTRY))
        for _ in range(STEP):
            window.model.step()
        window.graph.fit()
        window.statusBar().clearMessage()
        app.processEvents()
        window.grab().save(str(output))
        window.close()
    print(f"wrote {output}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
