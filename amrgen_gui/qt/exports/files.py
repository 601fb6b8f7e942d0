"""File > Export: the graph (SVG, PNG), the transition listing and the derivation as a
web page, asked for a file name and written; the web page in the background (a thousand
steps of a big graph take a while), behind a progress dialog with Cancel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QGraphicsScene

from amrgen.errors import AmrgenError
from amrgen.io.atomic import write_atomically
from amrgen_gui.qt.exports import html_derivation, picture, tikz
from amrgen_gui.qt.notices import tell
from amrgen_gui.qt.tasks import Report, Task, run_with_progress
from amrgen_gui.qt.views.graph_items import draw
from amrgen_gui.qt.views.graph_view import first_layout, session_layout

Window = Any
"""The main window (:class:`amrgen_gui.qt.main_window.MainWindow`, which imports this module)."""

FILTERS = {"svg": "SVG drawings (*.svg)", "png": "PNG images (*.png)", "txt": "Transition listings (*.txt)",
           "html": "Web pages (*.html)", "tex": "LaTeX/TikZ pictures (*.tex)"}


def suggested_name(entry_id: str, position: int, kind: str) -> str:
    """The file name offered: the entry, and the step for a picture of one configuration."""
    name = entry_id.replace("/", "_")
    return f"{name}-step{position}.{kind}" if kind in ("svg", "png", "tex") else f"{name}.{kind}"


def ask_export(window: Window, kind: str) -> None:
    session = window.model.session
    if session is None:
        return
    suggested = suggested_name(session.entry.id, session.position, kind)
    path, _ = QFileDialog.getSaveFileName(window, "Export", str(Path.home() / suggested), FILTERS[kind])
    if path:
        export(window, kind, path)


def export(window: Window, kind: str, path: str | Path) -> Task | None:
    """Write the graph (``svg``, ``png``), the configuration as TikZ (``tex``), the transition
    listing (``txt``) or the derivation so far as a web page (``html``) to ``path``; the web page
    and the PNG image (half a second for a 148-vertex graph) are made in the background, by the
    task returned (the file appears whole once it is done)."""
    session = window.model.session
    if session is None:
        return None
    if kind == "html":
        derivation = html_derivation.snapshot(session)
        return _in_background(window, path, f"Exporting the derivation of {derivation.entry.id} "
                                            f"({len(derivation.steps) - 1} transitions)…",
                              lambda report: html_derivation.derivation_html(derivation, report))
    if kind == "png":
        scene = _scene_drawing(window)
        return _in_background(window, path, f"Exporting the graph of {session.entry.id} as PNG…",
                              lambda report: picture.png_bytes(scene()))
    try:
        _write(window, session, kind, path)
    except OSError as error:
        tell(window, "Cannot export", f"{path}:\n{error}")
        return None
    window.statusBar().showMessage(f"Saved {path}", 5000)
    return None


def _write(window: Window, session, kind: str, path: str | Path) -> None:
    """Write the graph shown (``svg``, ``png``), the configuration as TikZ (``tex``), the listing
    (``txt``) or, made here and now, the derivation (``html``)."""
    if kind == "svg":
        picture.save_svg(window.graph.scene(), path, f"{session.entry.id}, step {session.position}")
    elif kind == "png":
        picture.save_png(window.graph.scene(), path)
    elif kind == "html":
        write_atomically(path, html_derivation.derivation_html(html_derivation.snapshot(session)))
    elif kind == "tex":
        c = session.current
        layout = first_layout(session)
        if not layout.covers(c.graph):  # steps of one's own beyond the oracle's run
            layout = session_layout(session.expected() + [c])
        write_atomically(path, tikz.tikz_document(c, layout, f"{session.entry.id}, step {session.position}"))
    else:
        picture.save_text(session.listing(), path)


def export_to(window: Window, path: str | Path) -> str:
    """``amrgen-gui --export FILE``: what :func:`export` writes, chosen by the file's extension, written
    before returning (the web page too); a line saying what was written. An extension of none of
    them, or a file that cannot be written, raises :class:`AmrgenError`."""
    path = Path(path)
    kind = path.suffix.lstrip(".").lower()
    if kind not in FILTERS:
        raise AmrgenError(f"{path}: --export writes .svg, .png, .tex, .txt or .html, not {path.suffix or 'no extension'}")
    session = window.model.session
    try:
        _write(window, session, kind, path)
    except OSError as error:
        raise AmrgenError(f"{path}: {error.strerror or error}") from None
    return f"wrote {path}: {session.entry.id}, step {session.position}"


def _scene_drawing(window: Window) -> Callable[[], QGraphicsScene]:
    """What draws the graph shown into a scene of its own, as the view draws it (its layout, what
    is collapsed): a worker thread can render that one while the window goes on."""
    c = window.model.preview or window.model.session.current
    layout, collapsed, model = window.graph.layout_, set(window.graph.collapsed), window.model

    def drawn() -> QGraphicsScene:
        scene = QGraphicsScene()
        draw(scene, c, layout, model, collapsed)
        return scene
    return drawn


def _in_background(window: Window, path: str | Path, label: str, make: Callable[[Report], str | bytes]) -> Task:
    """Make a file's content in the background, behind a progress dialog with Cancel, and write it
    (whole, in one step) once made; the task is returned."""
    task = Task(make, window)

    def write(content: str | bytes) -> None:
        try:
            write_atomically(path, content)
        except (OSError, AmrgenError) as error:
            tell(window, "Cannot export", f"{path}:\n{error}")
            return
        window.statusBar().showMessage(f"Saved {path}", 5000)

    run_with_progress(window, task, label, window.tasks, write,
                      lambda message: tell(window, "Cannot export", f"{path}:\n{message}"),
                      lambda: window.statusBar().showMessage(f"Stopped exporting {path}", 5000))
    return task
