"""What the window tells the user in a message box: an error, or a warning.

A window rendered for ``--screenshot`` has nobody to click a box away, and a
modal box would wait for ever: such a window is *headless* (its attribute
``headless``), and what it would say goes to the status bar and stderr, one
line each, instead.  Every message box of the application goes through
:func:`tell` (a test keeps it so)."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget


def headless(widget: QWidget | None) -> bool:
    """Whether the window of ``widget`` must not wait on a dialog."""
    return widget is not None and bool(getattr(widget.window(), "headless", False))


def tell(parent: QWidget | None, title: str, message: str, warning: bool = False) -> None:
    """A message box over ``parent`` (a warning, else an error); in a headless window, the
    status bar and one line on stderr instead."""
    if headless(parent):
        line = f"{title}: {' '.join(message.split())}"
        window = parent.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(line)
        print(f"amrgen-gui: {line}", file=sys.stderr)
        return
    (QMessageBox.warning if warning else QMessageBox.critical)(parent, title, message)
