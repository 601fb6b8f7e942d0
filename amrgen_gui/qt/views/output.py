"""What the configuration says so far: the partial yield yield^par_ρ(REAL)(G)
(4.2.2) and that of σ1's subgraph while stepping, and at a terminal
configuration c_f beside the reference with its sentence BLEU (Section 6).
In model mode the sentence is c_f postprocessed (thesis 4.4: articles,
punctuation, duplicates, and our steps), as the generator outputs it, and BLEU
scores that; "postprocessing" lists each step that changed the words, the
sentence before and after it, so that no rewrite goes unseen."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QScrollArea, QWidget

from amrgen.evaluation.bleu import sentence_bleu
from amrgen.stepping.session import Mode
from amrgen.transitions.annotations import Key
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.state.differences import differing_span


def _value_label(size: float = 10, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setFont(theme.ui_font(size, bold))
    label.setTextInteractionFlags(label.textInteractionFlags().TextSelectableByMouse)
    return label


class OutputView(QScrollArea):
    """Partial yield, c_f, the reference and BLEU (scrolling when they need more room)."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        content = QWidget()
        self.setWidget(content)
        self.partial = _value_label(12, bold=True)
        self.sigma1, self.final, self.sentence, self.reference, self.bleu = (_value_label() for _ in range(5))
        self.edits = _value_label(9)
        self.edits.setTextFormat(Qt.TextFormat.RichText)
        self.sentence.setFont(theme.ui_font(11, bold=True))
        self.form = QFormLayout(content)
        self.form.setContentsMargins(10, 6, 10, 8)
        self.form.setVerticalSpacing(4)
        for caption, label in (("yield", self.partial), ("σ1's yield", self.sigma1), ("c_f", self.final),
                               ("postprocessing", self.edits), ("sentence", self.sentence),
                               ("reference", self.reference), ("BLEU", self.bleu)):
            name = QLabel(caption, objectName="caption")
            self.form.addRow(name, label)
        model.changed.connect(self._refresh)

    def _refresh(self) -> None:
        session = self.model.session
        self.form.setRowVisible(self.sentence, self.model.mode is Mode.MODEL)
        self.form.setRowVisible(self.edits, self.model.mode is Mode.MODEL)
        if session is None:
            for label in (self.partial, self.sigma1, self.final, self.sentence, self.reference, self.bleu, self.edits):
                label.clear()
            return
        entry = session.entry
        reference = " ".join(entry.tokens or entry.words)
        self.partial.setText(session.partial_yield() or "ε")
        c = session.current
        self.sigma1.setText("—" if c.sigma1 is None else
                            " ".join(c.graph.partial_yield(c.rho[Key.REAL], c.sigma1)) or "ε")
        self.reference.setText(reference if entry.has_reference else "none: this graph is for generation only")
        output = session.output() if session.is_terminal() else None
        if output is None:
            self.final.setText("—  (once σ and β are empty)" if not session.is_terminal() else "undefined")
            self.sentence.setText("—")
            self.bleu.setText("—")
            self.edits.setText("—")
            return
        self.final.setText(output)
        sentence = session.sentence()
        self.sentence.setText(sentence)
        if self.model.mode is Mode.MODEL:
            self.edits.setText(edits_html(session.postprocess_edits()))
        if not entry.has_reference:
            self.bleu.setText("—  (no reference to score against)")
            return
        self.bleu.setText(f"{sentence_bleu(sentence, reference):.1f}   ·   "
                          f"{sentence_bleu(sentence, ' '.join(entry.words)):.1f} against w' (no punctuation)")


def edits_html(edits) -> str:
    """One line per postprocessing step that changed the sentence: its name, and the
    words it took out (struck through) and put in (bold) after the two words before
    them, what all the sentence shares elided (:func:`~amrgen_gui.state.differences.differing_span`)."""
    if not edits:
        return "none: the words of c_f as they are"
    lines = []
    for edit in edits:
        start, end = differing_span(edit.before, [edit.after])
        new_start, new_end = differing_span(edit.after, [edit.before])
        gone, put = edit.before[start:end].strip(), edit.after[new_start:new_end].strip()
        change = " ".join([*([f"<s>{escape(gone)}</s>"] if gone else []), *([f"<b>{escape(put)}</b>"] if put else [])])
        context = escape(" ".join(edit.before[:start].split()[-2:]))
        lines.append(f"<i>{escape(edit.step)}</i>: …{context} {change}…")
    return "<br>".join(lines)
