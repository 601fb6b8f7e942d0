"""File > Export: the graph (SVG, PNG), the transition listing and the derivation as a
web page, asked for a file name and written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from amrgen_gui.qt.exports import html_derivation, picture
from amrgen_gui.qt.notices import tell

Window = Any
"""The main window (:class:`amrgen_gui.qt.main_window.MainWindow`, which imports this module)."""

FILTERS = {"svg": "SVG drawings (*.svg)", "png": "PNG images (*.png)", "txt": "Transition listings (*.txt)",
           "html": "Web pages (*.html)"}


def suggested_name(entry_id: str, position: int, kind: str) -> str:
    """The file name offered: the entry, and the step for a picture of one configuration."""
    name = entry_id.replace("/", "_")
    return f"{name}-step{position}.{kind}" if kind in ("svg", "png") else f"{name}.{kind}"


def ask_export(window: Window, kind: str) -> None:
    session = window.model.session
    if session is None:
        return
    suggested = suggested_name(session.entry.id, session.position, kind)
    path, _ = QFileDialog.getSaveFileName(window, "Export", str(Path.home() / suggested), FILTERS[kind])
    if path:
        export(window, kind, path)


def export(window: Window, kind: str, path: str | Path) -> None:
    """Write the graph (``svg``, ``png``), the transition listing (``txt``) or the
    derivation so far as a web page (``html``) to ``path``."""
    session = window.model.session
    if session is None:
        return
    try:
        if kind == "svg":
            picture.save_svg(window.graph.scene(), path, f"{session.entry.id}, step {session.position}")
        elif kind == "png":
            picture.save_png(window.graph.scene(), path)
        elif kind == "html":
            html_derivation.save_html(session, window.model, path)
        else:
            picture.save_text(session.listing(), path)
    except OSError as error:
        tell(window, "Cannot export", f"{path}:\n{error}")
        return
    window.statusBar().showMessage(f"Saved {path}", 5000)
