"""``amrgen-gui ... --screenshot PNG``: render the window as a user would see it,
then quit.

The window opens the corpus, loads the generator when model mode asks for it,
shows the entry (``--entry``, else the first) and steps ``--step`` times (or
to the end), each long piece waited for as a user would wait; then the window
is grabbed into the PNG.  It runs with throwaway settings, so it neither
reads nor changes the user's layout or recent files, and it waits on no dialog:
what would be said in a message box is said on stderr (:mod:`amrgen_gui.qt.notices`).  The README's pictures
are made so (``QT_QPA_PLATFORM=offscreen`` renders without a display).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, SignalInstance

from amrgen.errors import AmrgenError
from amrgen.stepping.session import Mode
from amrgen_gui.qt.main_window import MainWindow

END = "end"


@dataclass(frozen=True)
class Shot:
    """What to render."""

    corpus: Path
    output: Path
    entry: str | None = None
    mode: Mode | None = None
    step: int | str = 0
    """Transitions to apply, or :data:`END` for a terminal configuration."""
    size: tuple[int, int] = (1280, 800)


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` as (1280, 800); AmrgenError for anything else."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 200 or int(height) < 200:
        raise AmrgenError(f"--size {text}: give WIDTHxHEIGHT in pixels, each at least 200, e.g. 1280x800")
    return int(width), int(height)


def parse_step(text: str) -> int | str:
    """A number of transitions, or ``end``; AmrgenError for anything else."""
    if text == END or text.isdigit():
        return text if text == END else int(text)
    raise AmrgenError(f"--step {text}: give a number of transitions or 'end'")


def wait(start, signal: SignalInstance) -> None:
    """Call ``start()`` and run the event loop until ``signal`` comes."""
    loop = QEventLoop()
    signal.connect(loop.quit)
    start()
    loop.exec()


def settle(window: MainWindow) -> None:
    """Run the event loop until the session asked for is shown."""
    if window.model.loading:
        wait(lambda: None, window.model.loadingChanged)
        settle(window)


def bring(window: MainWindow, shot: Shot) -> None:
    """Bring ``window`` to what ``shot`` asks (AmrgenError, in one line, when something
    asked for is not there)."""
    window.resize(*shot.size)
    window.show()
    wait(lambda: window.open_corpus(shot.corpus, quiet=True), window.corpusLoaded)
    corpus = window.workspace.corpus
    if corpus is None or corpus.path != shot.corpus:
        raise AmrgenError(window.statusBar().currentMessage() or f"{shot.corpus}: cannot be opened")  # names the file
    mode = shot.mode or window.model.mode  # without --mode, the mode the last session ended in
    if mode is Mode.MODEL and window.model.generator is None:
        wait(lambda: window.load_generator(quiet=True), window.generatorLoaded)
        if window.model.generator is None:
            raise AmrgenError(f"no model: {window.statusBar().currentMessage()}")
    window.set_mode(mode)
    index = corpus.index(shot.entry) if shot.entry else 0
    if index is None:
        raise AmrgenError(f"{shot.corpus}: no entry {shot.entry}")
    window.browser.select(index)
    settle(window)
    if window.model.session is None:
        raise AmrgenError(window.statusBar().currentMessage() or f"entry {shot.entry} cannot be shown")
    if shot.step == END:
        window.model.run_to_end()
    else:
        for _ in range(shot.step):
            window.model.step()


def render(window: MainWindow, shot: Shot) -> str:
    """:func:`bring` the window there and save it; returns a line saying what was written."""
    bring(window, shot)
    window.statusBar().clearMessage()
    for _ in range(3):  # layouts and the first paint
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    if not window.grab().save(str(shot.output)):
        raise AmrgenError(f"{shot.output}: cannot be written as a PNG image")
    return (f"wrote {shot.output}: window {window.width()}x{window.height()}, graph view "
            f"{window.graph.width()}x{window.graph.height()} at scale {window.graph.transform().m11():.2f}")
