"""Beside the transitions to choose from: the definition of the selected transition's
class, as Section 4.2 of the thesis gives it (:mod:`amrgen_gui.state.definitions`)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from amrgen.transitions.transitions import Transition
from amrgen_gui.state.definitions import DEFINITIONS, Definition

EMPTY = "Select a transition to read its class's definition (Section 4.2 of the thesis)."


def definition_html(d: Definition, heading: str = "p") -> str:
    """A definition as HTML: the class with its parameters (in ``heading``, bold), then when
    it applies, what it changes and why it exists."""
    return (f"<{heading} style='margin:2px 0'><b>{escape(d.signature)}</b></{heading}>"
            f"<p><b>Applies when</b> {escape(d.applies)}</p><p><b>Changes</b> {escape(d.changes)}</p>"
            f"<p style='color:#64748b'><b>Why</b> {escape(d.why)}</p>")


def all_definitions_html() -> str:
    """Every class of T_AMR, in the thesis's order."""
    return "".join(definition_html(d, "h3") for d in DEFINITIONS.values())


class DefinitionPane(QTextBrowser):
    """The definition of one class of transitions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("definition")
        self.setOpenLinks(False)
        self.shown: str | None = None
        """The class shown (its name), None when none is."""
        self.show_transition(None)

    def show_transition(self, t: Transition | None) -> None:
        name = t.name if t is not None else None
        if name == self.shown and name is not None:
            return
        self.shown = name
        self.setHtml(definition_html(DEFINITIONS[name]) if name else f"<p style='color:#94a3b8'>{EMPTY}</p>")
