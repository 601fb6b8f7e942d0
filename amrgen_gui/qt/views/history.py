"""The history of the session: c_s and every transition applied (with P(t | c)
where a model chose or scored it), the current step selected; clicking a
step jumps there.  Steps after the current one (kept for stepping forward
again) are greyed.  Rows wrap, so a long transition is read whole."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.wrapping import wrap_rows


class HistoryView(QListWidget):
    """One row per configuration of the history: ``0 c_s``, ``1 Merge-(...)``, ..."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setFont(theme.mono_font())
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        wrap_rows(self)
        model.changed.connect(self._refresh)
        self.currentRowChanged.connect(self._jump)

    def _refresh(self) -> None:
        session = self.model.session
        steps = session.steps if session else []
        texts = [f"{i:>3}  {step.transition if step.transition else 'c_s'}"
                 + (f"   p = {step.probability:.4f}" if step.probability is not None else "")
                 for i, step in enumerate(steps)]
        self.blockSignals(True)
        if [self.item(i).text() for i in range(self.count())] != texts:
            self.clear()
            self.addItems(texts)
            for i, text in enumerate(texts):
                self.item(i).setToolTip(text.strip())
        for i in range(self.count()):
            item: QListWidgetItem = self.item(i)
            item.setForeground(theme.FAINT if i > session.position else theme.INK)
        if session is not None:
            self.setCurrentRow(session.position)
            self.scrollToItem(self.currentItem())
        self.blockSignals(False)

    def _jump(self, row: int) -> None:
        if row >= 0:
            self.model.jump(row)
