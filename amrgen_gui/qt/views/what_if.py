"""Under the PENMAN editor: the sentence before the edit and after it, the words that
changed marked (struck out before, highlighted after), and the BLEU of both against the
entry's reference when it is kept (:class:`amrgen_gui.state.what_if.WhatIf`)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from amrgen_gui.qt import theme
from amrgen_gui.state.what_if import WhatIf, Word, changed_words

WAITING = "…"


def marked(words: list[Word], colour: str, fill: str, struck: bool) -> str:
    return " ".join(f"<span style='color:{colour};background:{fill};{'text-decoration:line-through;' * struck}'>"
                    f"{escape(w.text)}</span>" if w.changed else escape(w.text) for w in words)


def what_if_html(what_if: WhatIf) -> str:
    """Before and after, the changed words marked, and the scores against the reference kept."""
    if what_if.before is not None and what_if.after is not None:
        old, new = changed_words(what_if.before, what_if.after)
        before = marked(old, "#b91c1c", "#fee2e2", struck=True)
        after = marked(new, theme.INSERTED.line.name(), theme.INSERTED.fill.name(), struck=False)
    else:
        before = escape(what_if.before) if what_if.before is not None else "— (model mode says it)"
        after = escape(what_if.after) if what_if.after is not None else WAITING
    rows = [("before", before), ("after", after)]
    reference = what_if.reference()
    if reference is not None:
        scores = what_if.scores()
        rows += [("reference", escape(reference)),
                 ("BLEU", " → ".join(f"{s:.1f}" if s is not None else "—" for s in scores))]
    return "<table cellspacing=0 cellpadding=2>" + "".join(
        f"<tr><td style='color:#64748b;padding-right:6px'>{name}</td><td>{text}</td></tr>" for name, text in rows) \
        + "</table>"


class WhatIfPane(QWidget):
    """The sentences before and after the edit of the open entry."""

    def __init__(self, what_if: WhatIf, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.what_if = what_if
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.keep = QCheckBox("Keep the entry's reference (BLEU before and after)")
        self.keep.setChecked(what_if.keep_reference)
        self.keep.toggled.connect(self._keep)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()  # a long sentence scrolls rather than being cut
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.text)
        layout.addWidget(self.keep)
        layout.addWidget(scroll, 1)
        self.refresh()

    def _keep(self, kept: bool) -> None:
        self.what_if.keep_reference = kept
        self.refresh()

    def refresh(self) -> None:
        shown = self.what_if.original is not None
        self.keep.setVisible(shown and self.what_if.original.has_reference)
        self.text.setText(what_if_html(self.what_if) if shown else
                          "Edit Open Entry puts the entry shown here: the sentence before and after your edit "
                          "are compared below.")
