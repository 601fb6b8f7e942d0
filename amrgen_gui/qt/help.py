"""The Help menu: the sheet of keys (made from the window's own actions, so it never
goes out of date), the transitions of S_AMR as the thesis defines them, and the
definition pane beside the transition list shown or hidden.

The sheets are windows of their own, never modal: nothing waits on them."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QTextBrowser, QVBoxLayout, QWidget

from amrgen_gui.qt.menus import action
from amrgen_gui.qt.views.definitions import all_definitions_html

MOUSE = [("wheel, drag", "zoom, pan the graph or the sentence"),
         ("double click on a vertex", "collapse / expand what is below it"),
         ("pointer over a vertex or a word", "the words aligned with it / its vertices"),
         ("double click or Enter on a transition", "apply it (manual and model mode)"),
         ("click in the history", "go back (or forward) to that step")]
"""What the keyboard sheet lists besides the shortcuts of the actions."""


def key_rows(menus: list[QMenu]) -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every action with a shortcut in ``menus`` and their submenus."""
    rows = []

    def visit(menu: QMenu, path: str) -> None:
        for made in menu.actions():
            if made.menu() is not None:
                visit(made.menu(), f"{path} › {made.menu().title().replace('&', '')}")
            elif not made.shortcut().isEmpty():
                rows.append((path, made.text().replace("&", "").strip(" …"),
                             made.shortcut().toString(QKeySequence.SequenceFormat.NativeText)))

    for menu in menus:
        visit(menu, menu.title().replace("&", ""))
    return rows


def keys_html(menus: list[QMenu]) -> str:
    cells = "".join(f"<tr><td><b>{escape(keys)}</b></td><td>{escape(text)}</td><td style='color:#64748b'>"
                    f"{escape(menu)}</td></tr>" for menu, text, keys in key_rows(menus))
    mouse = "".join(f"<tr><td><b>{escape(what)}</b></td><td colspan=2>{escape(does)}</td></tr>" for what, does in MOUSE)
    return (f"<h3>Keys</h3><table cellspacing=0 cellpadding=4>{cells}</table>"
            f"<h3>Mouse</h3><table cellspacing=0 cellpadding=4>{mouse}</table>")


def sheet(parent: QWidget, title: str, html: str, size: tuple[int, int]) -> QDialog:
    """A window of text over ``parent``, shown without waiting."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    browser = QTextBrowser()
    browser.setHtml(html)
    QVBoxLayout(dialog).addWidget(browser)
    dialog.resize(*size)
    dialog.show()
    return dialog


class HelpMenu:
    """Help: Keys (F1), Transitions of S_AMR, Definitions beside the Transitions."""

    def __init__(self, window: Any) -> None:
        self.window = window
        menu = window.menuBar().addMenu("&Help")
        self.keys_action = action(window, "&Keys…", self.show_keys, "F1", "Every key and what it does")
        self.transitions_action = action(window, "&Transitions of S_AMR…", self.show_transitions,
                                         tip="Each class of transitions: when it applies, what it changes (Section 4.2)")
        self.definitions_action: QAction = action(
            window, "&Definitions beside the Transitions", lambda: self.show_definitions(
                self.definitions_action.isChecked()), tip="The selected transition's class defined under the list",
            checkable=True)
        menu.addActions([self.keys_action, self.transitions_action, self.definitions_action])
        shown = window.settings.value("definitions", "true") in (True, "true")
        self.definitions_action.setChecked(shown)
        self.show_definitions(shown)

    def show_keys(self) -> QDialog:
        menus = [made.menu() for made in self.window.menuBar().actions() if made.menu() is not None]
        return sheet(self.window, "Keys — amrgen", keys_html(menus), (620, 640))

    def show_transitions(self) -> QDialog:
        return sheet(self.window, "Transitions of S_AMR — amrgen", all_definitions_html(), (640, 700))

    def show_definitions(self, shown: bool) -> None:
        self.window.definition.setVisible(shown)
        self.window.settings.setValue("definitions", shown)
