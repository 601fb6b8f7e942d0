"""The transitions to choose from.  In manual mode: every applicable transition
among the session's proposals, the oracle's (gold) one first and marked;
double-click or Enter applies one.  In oracle mode: the gold transition only.

In model mode: all(c) with P(t | c), most probable first, the model's choice
marked ▶ and the gold transition ★ (when the entry has alignments; last,
without a probability, when the model does not consider it); the model's
choice is what generate(G) chose (Step follows it), double-click applies
another.  The search scores a transition in its own context (the
children as their best candidates realize them, the sides of an order it
tries), so its P(t | c) for the choice may differ from all(c)'s here; both
are shown then.

Rows wrap, so every transition is read whole (its tooltip gives it too, with
what its class does); options that differ only in part of their syntactic
annotation (three ``Realize-(want,...)`` differing in TENSE) end with that
part, ``‹TENSE=past›``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from amrgen.stepping.session import USER_ERRORS, Mode
from amrgen.transitions.transitions import Realize, Transition
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.wrapping import wrap_rows
from amrgen_gui.state.definitions import tooltip

GOLD_MARK = "★"
CHOICE_MARK = "▶"


class TransitionsView(QWidget):
    """The list of transitions that can be applied next."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.caption = QLabel(objectName="caption")
        self.caption.setWordWrap(True)
        self.list = QListWidget()
        self.list.setFont(theme.mono_font())
        wrap_rows(self.list)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addWidget(self.caption)
        layout.addWidget(self.list)
        self.list.itemActivated.connect(self._apply)
        model.changed.connect(self._refresh)
        model.warmups.append(_warm)

    def transitions(self) -> list[Transition]:
        """The transitions listed, in order."""
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def _refresh(self) -> None:
        self.list.clear()
        session = self.model.session
        if session is None or session.is_terminal():
            self.caption.setText("Terminal configuration: nothing to apply" if session else "")
            return
        try:
            if self.model.mode is Mode.MODEL:
                self._list_ranked(session)
            else:
                self._list_applicable(session, manual=self.model.mode is Mode.MANUAL)
        except USER_ERRORS as error:
            self.list.clear()
            self.caption.setText(f"No transition: {error}")
            return
        self.list.setCurrentRow(0)

    def _list_applicable(self, session, manual: bool) -> None:
        gold = session.gold() if session.has_alignment or not manual else None
        options = session.applicable() if manual else [gold]
        self.caption.setText(f"{len(options)} applicable, ★ = the oracle's" if manual
                             else "The oracle's next transition")
        differences = distinctions(options)
        for t in options:
            self._add(t, (GOLD_MARK if t == gold else " ") + "  " + str(t) + differences.get(t, ""), gold=t == gold)

    def _list_ranked(self, session) -> None:
        ranked, (chosen, p_chosen) = session.ranked(), session.choice()
        gold = session.gold() if session.has_alignment else None
        phase = "phase 1 (T_restr, greedy)" if session.phase() == 1 else "phase 2 (generatePartial)"
        whose = "generate(G)'s choice" if session.on_generation_path() else "most probable (overridden before)"
        self.caption.setText(f"all(c): {len(ranked)} · {phase} · ▶ {whose}" + (" · ★ the oracle's" if gold else ""))
        differences = distinctions([t for t, _ in ranked] + [gold])
        for t, p in ranked:
            text = f"{CHOICE_MARK if t == chosen else ' '}{GOLD_MARK if t == gold else ' '} {p:6.4f}  {t}"
            text += differences.get(t, "")
            if t == chosen and abs(p - p_chosen) > 5e-5:
                text += f"   (search: {p_chosen:.4f})"
            self._add(t, text, gold=t == gold, chosen=t == chosen)
        if gold is not None and gold not in dict(ranked):
            self._add(gold, f" {GOLD_MARK}      —  {gold}{differences.get(gold, '')}   (not in all(c))", gold=True)

    def _add(self, t: Transition, text: str, gold: bool = False, chosen: bool = False) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, t)
        item.setToolTip(tooltip(t))
        if chosen:
            item.setBackground(theme.CHOICE.fill)
            item.setForeground(theme.CHOICE.line)
            item.setFont(theme.mono_font(bold=True))
        elif gold:
            item.setBackground(theme.GOLD.fill)
            item.setForeground(theme.GOLD.line)
        self.list.addItem(item)

    def _apply(self, item: QListWidgetItem) -> None:
        self.model.step(item.data(Qt.ItemDataRole.UserRole))


def _warm(session) -> None:
    """all(c) at c_s of a new session of model mode, in the worker that makes it (see
    :attr:`SessionModel.warmups`): the session keeps it."""
    if session.mode is Mode.MODEL:
        session.ranked()


def distinctions(options: list[Transition | None]) -> dict[Transition, str]:
    """For each Realize among ``options`` that another one realizes with the same
    word, the annotation values that tell them apart (``"  ‹TENSE=past›"``)."""
    realize = [t for t in dict.fromkeys(options) if isinstance(t, Realize)]
    marks = {}
    for t in realize:
        alike = [u for u in realize if u.word == t.word]
        differing = [(key, value) for key, value in t.annotation.items()
                     if any(u.annotation[key] != value for u in alike)]
        if differing:
            marks[t] = "  ‹" + ",".join(f"{key}={value}" for key, value in differing) + "›"
    return marks
