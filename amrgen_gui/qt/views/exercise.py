"""Exercise mode (Oracle ▸ Exercise): the student picks the next transition among the applicable
ones (listed without the oracle's star, in a fixed order that does not give it away) and is told
whether the oracle agrees and why (:func:`amrgen.oracle.reasons.judge`). A right choice is applied;
after a wrong one the student tries again, or Show the Oracle's applies gold_B(c) with its reason.
The Transitions dock, which stars the oracle's choice, is hidden meanwhile."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from amrgen.oracle.reasons import Verdict, judge
from amrgen.transitions.stages import stage
from amrgen.transitions.transitions import Transition
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel

ROLE = Qt.ItemDataRole.UserRole


class ExerciseView(QWidget):
    """The applicable transitions to choose from and the verdict on the choice."""

    judged = Signal(object)
    """A choice was judged (:class:`~amrgen.oracle.reasons.Verdict`)."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.verdict: Verdict | None = None
        self.right = self.asked = 0
        self.question = QLabel(objectName="caption")
        self.question.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.answer = QLabel()
        self.answer.setWordWrap(True)
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.score = QLabel(objectName="caption")
        self.show_gold = QPushButton("Show the Oracle's")
        self.show_gold.setToolTip("Apply gold_B(c) and say why the oracle chooses it")
        row = QHBoxLayout()
        row.addWidget(self.score, 1)
        row.addWidget(self.show_gold)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addWidget(self.question)
        layout.addWidget(self.list, 3)
        layout.addWidget(self.answer, 2)
        layout.addLayout(row)
        self.list.itemActivated.connect(lambda item: self.choose(item.data(ROLE)))
        self.show_gold.clicked.connect(self.reveal)
        model.changed.connect(self.refresh)
        model.sessionReset.connect(self.refresh)
        self.refresh()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        """The question for the configuration shown: its applicable transitions, sorted by name (only
        while the dock is in sight: stepping a big graph would wait on them otherwise)."""
        if not self.isVisible():
            return
        session = self.model.session
        self.list.clear()
        if session is None or session.is_terminal() or not session.has_alignment:
            self.question.setText("A terminal configuration: nothing left to choose." if session is not None
                                  and session.is_terminal() else "Exercise needs an entry with a reference and its alignment.")
            self.show_gold.setEnabled(False)
            return
        c = session.current
        self.question.setText(f"Step {session.position + 1}, stage {int(stage(c))}, σ1 = {c.sigma1} "
                              f"({c.graph.label(c.sigma1)}): which transition does the oracle apply? "
                              "Double-click (or Enter) to answer.")
        for t in sorted(session.applicable(), key=str):
            item = QListWidgetItem(str(t))
            item.setData(ROLE, t)
            self.list.addItem(item)
        self.show_gold.setEnabled(True)
        self._score()

    def choose(self, chosen: Transition) -> Verdict | None:
        """Judge ``chosen`` at the configuration shown; apply it where the oracle agrees."""
        session = self.model.session
        if session is None or session.is_terminal():
            return None
        verdict = judge(session.oracle, session.steps[session.position].oracle_state, session.current, chosen)
        self.asked += 1
        self.right += verdict.agrees
        self._say(verdict)
        if verdict.agrees:
            self.model.step(chosen)
        return verdict

    def reveal(self) -> None:
        """Apply the oracle's transition, saying why it is the oracle's."""
        session = self.model.session
        if session is None or session.is_terminal():
            return
        gold = session.gold()
        verdict = judge(session.oracle, session.steps[session.position].oracle_state, session.current, gold)
        self._say(verdict, f"The oracle applies {gold}. {verdict.reason}")
        self.model.step(gold)

    def _say(self, verdict: Verdict, text: str | None = None) -> None:
        self.verdict = verdict
        self.answer.setText(text or verdict.describe())
        colour = theme.REALIZED if verdict.agrees else theme.CHOICE.line
        self.answer.setStyleSheet(f"color: {colour.name()};")
        self._score()
        self.judged.emit(verdict)

    def _score(self) -> None:
        self.score.setText(f"{self.right} of {self.asked} right" if self.asked else "")

    def restart(self) -> None:
        """A new exercise: the score back to nothing."""
        self.right = self.asked = 0
        self.verdict = None
        self.answer.clear()
        self.refresh()
