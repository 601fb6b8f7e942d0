"""Search (Ctrl+F) and the oracle's losses over the corpus (Oracle > Run over Corpus): matches listed
and pointed at in the entry they are in; the losses table worst first, and a loss opening its entry
in oracle mode at the step where the word was lost."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_main_window import settle

from amrgen.oracle.training_data import training_data
from amrgen.search import parse_query, search_entries
from amrgen.stepping.session import Mode

pytestmark = pytest.mark.gui
LP_DEV_30 = Path(__file__).resolve().parents[1] / "fixtures" / "lp-dev-30.txt"


def test_ctrl_f_searches_the_corpus_lists_the_matches_and_points_at_one(qtbot, window):
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window.graph, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    view = window.inquiries.search
    assert not window.docks["search"].visibleRegion().isEmpty() and view.query.hasFocus()
    pattern = "(x / * :ARG0 (y / *))"
    with qtbot.waitSignal(view.finished, timeout=10_000):
        qtbot.keyClicks(view.query, pattern)
        qtbot.keyClick(view.query, Qt.Key.Key_Return)
    expected = search_entries(parse_query(pattern), window.workspace.corpus.entries)
    assert len(expected) >= 2 and [m.id for m in view.matches] == [m.id for m in expected]
    assert view.list.count() == len(expected)
    view.step(1)  # F3's: the first match
    view.step(1)  # the second, in another entry
    settle(window)
    chosen = expected[1]
    qtbot.waitUntil(lambda: window.model.entry.id == chosen.id and window.model.hover_vertices == chosen.match.vertices,
                    timeout=10_000)
    assert "ARG0" in view.summary.text() or f"{len(expected)} graphs" in view.summary.text()


def test_an_unreadable_query_is_said_not_searched(qtbot, window):
    view = window.inquiries.search
    with qtbot.waitSignal(view.finished, timeout=5000):
        view.search("(x / want-01 :ARG1")
    assert view.summary.text().startswith("Cannot search: pattern is not PENMAN") and view.matches == []


def test_run_over_corpus_lists_the_losses_and_opens_an_entry_where_a_word_was_lost(qtbot, window, open_in):
    open_in(window, LP_DEV_30)  # the sample's oracle loses no word in the formal system
    window.set_mode(Mode.MANUAL)
    view = window.inquiries.losses
    assert window.inquiries.losses_action.isEnabled()
    with qtbot.waitSignal(view.finished, timeout=60_000):
        window.inquiries.losses_action.trigger()
    rows = view.rows()
    corpus = window.workspace.corpus.entries
    assert len(rows) == len([e for e in corpus if e.has_reference])
    bleus = [float(bleu) for bleu, _, _ in rows]
    assert bleus == sorted(bleus)  # worst first
    assert "reference words lacking" in view.summary.text()
    # An entry that loses words: choose it, activate its last loss.
    worst = next(row for row in sorted(view.results, key=lambda r: r.bleu) if row.losses)
    r = next(r for r in range(view.proxy.rowCount()) if view.proxy.index(r, 1).data() == worst.id)
    view.table.setCurrentIndex(view.proxy.index(r, 0))
    assert view.detail.rowCount() == len(worst.losses)
    loss = worst.losses[-1]
    view.detail.itemClicked.emit(view.detail.item(len(worst.losses) - 1, 0))  # a click on the word
    qtbot.waitUntil(lambda: window.model.entry.id == worst.id and not window.model.loading
                    and window.model.session.position == loss.step, timeout=30_000)
    assert window.model.mode is Mode.ORACLE
    session = window.model.session
    run = training_data(session.entry.bigraph(), session.approach, session.system)
    assert session.current == run.pairs[loss.step][0]  # the configuration where the word was lost
    assert session.steps[loss.step + 1].transition == run.pairs[loss.step][1]
    if loss.vertex is not None:
        assert loss.vertex in window.model.hover_vertices


def test_exercise_marks_a_wrong_choice_and_applies_a_right_one(qtbot, window):
    assert window.model.entry.id == "developer"  # the thesis's example: its first gold transition is a Merge
    assert window.inquiries.exercise.list.count() == 0  # nothing worked out while the dock is hidden
    window.inquiries.exercise_action.trigger()
    settle(window)
    view = window.inquiries.exercise
    assert window.model.mode is Mode.MANUAL
    assert not window.docks["exercise"].isHidden() and window.docks["transitions"].isHidden()
    offered = [view.list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(view.list.count())]
    session = window.model.session
    gold = session.gold()
    assert gold in offered and offered == sorted(offered, key=str)  # the oracle's not put first
    wrong = next(t for t in offered if t != gold)
    view.list.itemActivated.emit(view.list.item(offered.index(wrong)))
    assert view.verdict is not None and not view.verdict.agrees and view.verdict.gold == gold
    assert view.answer.text().startswith(f"Not the oracle's choice: you chose {wrong}, the oracle chooses {gold}")
    assert "aligned to the same w2 “developer”" in view.answer.text()  # why: Algorithm 6's Merge condition
    assert window.model.session.position == 0  # a wrong choice is not applied
    view.list.itemActivated.emit(view.list.item(offered.index(gold)))
    assert view.verdict.agrees and view.answer.text().startswith("Right: the oracle also chooses Merge-(developer,NN)")
    assert window.model.session.position == 1 and window.model.session.transitions == [gold]
    assert view.score.text() == "1 of 2 right"
    window.inquiries.exercise_action.trigger()  # off: the Transitions dock back
    assert window.docks["exercise"].isHidden() and not window.docks["transitions"].isHidden()
