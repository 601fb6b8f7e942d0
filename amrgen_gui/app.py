"""``amrgen-gui [FILE]``: the desktop application for stepping S_AMR and
watching the trained generator decide.

Without FILE it opens the bundled sample (the thesis's running example and a
few Little Prince graphs), ready to step.  FILE may be any AMR corpus: a
prepared one opens at once, any other is prepared (tagged, parsed, aligned)
in the background first.  The generator (the shipped default, or --model,
--lm, --hyperparameters as ``amrgen generate`` takes them) loads in the
background meanwhile; ``--mode model`` starts in model mode.  ``--entry``,
``--step`` and ``--size`` open the window on a given view, and ``--screenshot
PNG`` renders that view into PNG and quits (:mod:`amrgen_gui.qt.screenshot`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import threading
import traceback
from pathlib import Path
from types import TracebackType

from amrgen.errors import AmrgenError
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import Mode

# Qt is imported in main(), after the generator has started loading: the two
# overlap (about 0.3 s sooner ready, by benchmarks/application_start.py).


def _report_unexpected(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """A bug must not take the window with it: show it, print it, carry on."""
    from PySide6.QtWidgets import QMessageBox

    traceback.print_exception(kind, error, trace)
    QMessageBox.critical(None, "Unexpected error", f"{kind.__name__}: {error}\n\nThe window stays usable; "
                         "the details are on the terminal.")


def _abort(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """A bug while rendering a screenshot: print it and end the process (exit status 3)."""
    traceback.print_exception(kind, error, trace)
    os._exit(3)


def _preload(*paths: str | None) -> None:
    """Load the generator into the process's cache while Qt and the window are
    being set up: the window's own load (:meth:`MainWindow.load_generator`)
    then finds it there, or waits for it, and reports what went wrong if
    anything did."""
    with contextlib.suppress(Exception):
        LoadedGenerator.load(*paths)


def _leaks_references() -> bool:
    """Whether this PySide6 drops a reference to None at every call of a method that
    returns nothing, as 6.12.0 does on Python 3.11 (where None is not immortal):
    the interpreter then dies ("deallocating None") after some thousand calls."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("")
    return sys.getrefcount(None) < before - 50


def main(argv: list[str] | None = None) -> int:
    """Start the application; returns its exit status when the window closes."""
    parser = argparse.ArgumentParser(prog="amrgen-gui", description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", help="an AMR corpus to open (default: the bundled sample)")
    parser.add_argument("--mode", choices=[mode.value for mode in Mode],
                        help="who picks the transitions: the oracle, you, or the trained generator "
                             "(default: as last time)")
    parser.add_argument("--model", metavar="DIR", help="model directory (default: the shipped resources/default/model)")
    parser.add_argument("--lm", metavar="FILE", help="KenLM language model (default: resources/default/lm.binary)")
    parser.add_argument("--hyperparameters", metavar="FILE",
                        help="hyperparameters as amrgen tune writes them (default: the shipped default's, "
                             "or the built-in values with --model)")
    parser.add_argument("--entry", metavar="ID", help="show the entry with this id (default: the first)")
    parser.add_argument("--step", metavar="N|end", help="apply N transitions, or run to a terminal configuration")
    parser.add_argument("--size", metavar="WxH", help="the window's size in pixels, e.g. 1280x800")
    parser.add_argument("--screenshot", metavar="PNG", type=Path,
                        help="render the window into PNG and quit (with throwaway settings)")
    parser.add_argument("--export", metavar="FILE", type=Path,
                        help="write that view's graph (.svg, .png), transitions (.txt) or derivation (.html) and quit")
    args, qt_args = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    chosen = (args.model, args.lm, args.hyperparameters)
    threading.Thread(target=_preload, args=chosen, daemon=True).start()

    from PySide6.QtCore import qVersion
    from PySide6.QtWidgets import QApplication

    from amrgen_gui.qt import theme

    if _leaks_references():
        print(f"amrgen-gui: PySide6 {qVersion()} leaks references on Python {sys.version.split()[0]} and would "
              "crash within minutes; install another version, e.g. pip install 'PySide6==6.11.3'", file=sys.stderr)
        return 1

    app = QApplication.instance() or QApplication([sys.argv[0], *qt_args])
    app.setOrganizationName("amrgen")
    app.setApplicationName("amrgen-gui")
    theme.apply(app)
    sys.excepthook = _report_unexpected

    from amrgen_gui.state.paths import SAMPLE
    from amrgen_gui.qt.main_window import MainWindow

    if args.screenshot or args.export or args.entry or args.step or args.size:
        return _show_view(args, chosen, Path(args.corpus) if args.corpus else SAMPLE, app)
    window = MainWindow()
    window.show()
    if args.mode:
        window.set_mode(Mode(args.mode))
    window.open_corpus(args.corpus or SAMPLE)
    window.load_generator(*chosen, quiet=not any(chosen))  # the default may be missing: say so, quietly
    return app.exec()


def _show_view(args: argparse.Namespace, chosen: tuple[str | None, ...], corpus: Path, app) -> int:
    """Open the window on the view the options ask for; render it and quit with --screenshot."""
    from PySide6.QtCore import QSettings

    from amrgen_gui.qt import screenshot
    from amrgen_gui.qt.main_window import MainWindow

    unattended = bool(args.screenshot or args.export)
    if unattended:  # nobody to click a message box away: a bug ends the run
        sys.excepthook = _abort
    with tempfile.TemporaryDirectory() as home:
        settings = QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat) if unattended else None
        window = MainWindow(settings)
        window.headless = unattended  # nobody to click a message box away
        try:
            if any(chosen) or args.mode == Mode.MODEL.value:
                screenshot.wait(lambda: window.load_generator(*chosen, quiet=True), window.generatorLoaded)
            shot = screenshot.Shot(corpus, args.screenshot, args.entry, Mode(args.mode) if args.mode else None,
                                   screenshot.parse_step(args.step or "0"),
                                   screenshot.parse_size(args.size) if args.size else (window.width(), window.height()))
            if args.screenshot:
                print(screenshot.render(window, shot))
            if args.export:
                from amrgen_gui.qt.exports.files import export_to

                screenshot.bring(window, shot)
                print(export_to(window, args.export))
            if unattended:
                window.close()
                return 0
            screenshot.bring(window, shot)
            if window.model.generator is None:
                window.load_generator(*chosen, quiet=not any(chosen))
        except AmrgenError as error:
            print(f"amrgen-gui: {error}", file=sys.stderr)
            window.close()
            return 2
        return app.exec()


if __name__ == "__main__":
    sys.exit(main())
