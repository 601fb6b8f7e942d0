"""Render the application offscreen as a user would see it.

By default writes ``assets/screenshot.png`` at 1280x800: a Little Prince graph
of the bundled sample in model mode, midway through what the shipped
generator (resources/default) does with it: the transitions ranked by
P(t | c) with the model's choice, the history with probabilities, and phase
2's candidates best(v) beside ρ.  Any corpus, entry, mode, step and size can
be asked for (the big graphs of the tests: ``--corpus
tests/fixtures/big-graphs.txt --entry bio.bmtr_0003.3``).  Run from anywhere:
``python scripts/screenshot.py [OUTPUT] [--corpus F] [--entry ID] [--mode M] [--step N] [--size WxH]``;
it prints the window's size and the graph's scale after rendering.
"""

from __future__ import annotations

import argparse
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
SIZE = "1280x800"
OUTPUT = ASSETS / "screenshot.png"


def wait(start, signal) -> None:
    """Call ``start()`` and run the event loop until ``signal`` comes."""
    loop = QEventLoop()
    signal.connect(loop.quit)
    start()
    loop.exec()


def main(output: Path, corpus: Path, entry: str, mode: Mode, step: int, size: tuple[int, int]) -> None:
    app = QApplication.instance() or QApplication([])
    theme.apply(app)
    with tempfile.TemporaryDirectory() as home:
        window = MainWindow(QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat))
        window.resize(*size)
        window.show()
        wait(lambda: window.open_corpus(corpus), window.corpusLoaded)
        if mode is Mode.MODEL:
            wait(lambda: window.load_generator(quiet=True), window.generatorLoaded)
            if window.model.generator is None:
                sys.exit(f"screenshot.py: {window.statusBar().currentMessage()}")
        window.set_mode(mode)
        index = window.workspace.corpus.index(entry)
        if index is None:
            sys.exit(f"screenshot.py: {corpus}: no entry {entry}")
        window.browser.select(index)
        for _ in range(step):
            window.model.step()
        window.statusBar().clearMessage()
        app.processEvents()
        window.grab().save(str(output))
        print(f"wrote {output}: window {window.width()}x{window.height()}, "
              f"graph view {window.graph.width()}x{window.graph.height()} at scale {window.graph.transform().m11():.2f}")
        window.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", nargs="?", type=Path, default=OUTPUT)
    parser.add_argument("--corpus", type=Path, default=SAMPLE)
    parser.add_argument("--entry", default=ENTRY)
    parser.add_argument("--mode", choices=[m.value for m in Mode], default=Mode.MODEL.value)
    parser.add_argument("--step", type=int, default=STEP)
    parser.add_argument("--size", default=SIZE, help="WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    main(args.output, args.corpus, args.entry, Mode(args.mode), args.step, (width, height))
