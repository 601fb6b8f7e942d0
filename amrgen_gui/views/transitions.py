"""The transitions to choose from.  In manual mode: every applicable transition
among the session's proposals, the oracle's (gold) one first and marked;
double-click or Enter applies one.  In oracle mode: the gold transition only."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from amrgen.transitions.transitions import Transition
from amrgen_gui import theme
from amrgen_gui.model import USER_ERRORS, SessionModel
from amrgen_gui.session import Mode

GOLD_MARK = "★ "


class TransitionsView(QWidget):
    """The list of transitions that can be applied next."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.caption = QLabel(objectName="caption")
        self.list = QListWidget()
        self.list.setFont(theme.mono_font())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addWidget(self.caption)
        layout.addWidget(self.list)
        self.list.itemActivated.connect(self._apply)
        model.changed.connect(self._refresh)

    def transitions(self) -> list[Transition]:
        """The transitions listed, in order."""
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def _refresh(self) -> None:
        self.list.clear()
        session = self.model.session
        if session is None or session.is_terminal():
            self.caption.setText("Terminal configuration: nothing to apply" if session else "")
            return
        manual = self.model.mode is Mode.MANUAL
        try:
            gold = session.gold() if session.has_alignment or not manual else None
            options = session.applicable() if manual else [gold]
        except USER_ERRORS as error:
            self.caption.setText(f"No transition: {error}")
            return
        self.caption.setText(f"{len(options)} applicable, ★ = the oracle's" if manual
                             else "The oracle's next transition")
        for t in options:
            item = QListWidgetItem((GOLD_MARK if t == gold else "   ") + str(t))
            item.setData(Qt.ItemDataRole.UserRole, t)
            item.setToolTip(type(t).__doc__.splitlines()[0] if type(t).__doc__ else str(t))
            if t == gold:
                item.setBackground(theme.GOLD.fill)
                item.setForeground(theme.GOLD.line)
            self.list.addItem(item)
        self.list.setCurrentRow(0)

    def _apply(self, item: QListWidgetItem) -> None:
        self.model.step(item.data(Qt.ItemDataRole.UserRole))
