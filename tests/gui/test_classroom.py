"""The classroom (issue 33): View > Text Size, the presentation mode (F5), a layout that
holds at 1024x768, complete transition tooltips, the Help menu with the keys and the
definitions of the transition classes beside the list."""

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QTextBrowser
from test_main_window import press, settle

from amrgen_gui.qt import theme
from amrgen_gui.qt.classroom import PRESENTATION_TEXT
from amrgen_gui.qt.docks import SECONDARY
from amrgen_gui.qt.help import key_rows
from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.qt.views.buffers import HEIGHT
from amrgen_gui.state.definitions import DEFINITIONS

pytestmark = pytest.mark.gui


def sizes(window: MainWindow) -> dict[str, float]:
    return {"history": window.history.font().pointSizeF(), "transitions": window.choices.list.font().pointSizeF(),
            "rho": window.rho.font().pointSizeF(), "application": QApplication.font().pointSizeF()}


def test_text_size_scales_every_font_and_is_kept(qtbot, window, settings, open_in):
    before = sizes(window)
    window.classroom.set_text_size(1.5)
    after = sizes(window)
    assert all(after[name] == pytest.approx(1.5 * before[name]) for name in before), (before, after)
    assert window.sentence.max_fit_scale == 1.5  # the sentence pane shows its words at 1.5 times their size
    settings.sync()
    again = MainWindow(QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert theme.text_scale() == 1.5 and again.classroom.size_actions[theme.TEXT_SIZES.index(1.5)].isChecked()
    assert sizes(again)["history"] == pytest.approx(after["history"])
    again.classroom.set_text_size(1.0)
    assert sizes(again)["history"] == pytest.approx(before["history"])


def test_presentation_hides_the_toolbar_and_secondary_docks_and_fit_enlarges(qtbot, window):
    window.resize(1920, 1080)
    settle(window)
    assert window.graph.transform().m11() <= 1.0  # the small graph is not enlarged outside a presentation
    shown = {name for name, dock in window.docks.items() if dock.isVisible()}
    before = sizes(window)
    press(qtbot, window, Qt.Key.Key_F5)
    assert window.classroom.presenting() and not window.toolbar.isVisible()
    assert not any(window.docks[name].isVisible() for name in SECONDARY)
    assert window.docks["sentence"].isVisible() and window.docks["transitions"].isVisible()
    assert theme.text_scale() >= PRESENTATION_TEXT
    assert window.graph.transform().m11() > 1.2  # Fit enlarges the thesis's example
    assert window.buffers.height() == round(HEIGHT * theme.text_scale())  # σ and β drawn large too
    assert not window.graph.legend.geometry().intersects(window.graph.controls.geometry())
    press(qtbot, window, Qt.Key.Key_F5)
    assert not window.classroom.presenting() and window.toolbar.isVisible() and theme.text_scale() == 1.0
    assert {name for name, dock in window.docks.items() if dock.isVisible()} == shown
    assert sizes(window) == before  # every font back to its size, none scaled twice
    assert window.graph.transform().m11() <= 1.0 and window.buffers.height() == HEIGHT


def test_at_1024x768_the_toolbar_keeps_every_group_and_the_legend_clears_the_zoom_buttons(qtbot, window):
    window.resize(1024, 768)
    qtbot.wait(50)
    bar = window.toolbar
    for action in [window.open_action, window.step_action, *window.mode_actions, *window.approach_actions,
                   *window.system_actions]:
        button = bar.widgetForAction(action)
        assert button is not None and button.isVisible(), action.text()
        assert bar.rect().contains(button.geometry()), action.text()
    graph = window.graph
    legend, controls = graph.legend.geometry(), graph.controls.geometry()
    assert not legend.intersects(controls)
    assert QRect(0, 0, graph.width(), graph.viewport().geometry().top()).contains(legend)  # above the graph
    window.resize(1280, 800)
    qtbot.wait(50)
    assert all(bar.widgetForAction(a).text() == a.text().replace("&", "") for a in [window.step_action])


def test_transition_tooltips_give_the_whole_definition(window):
    window.set_mode(window.model.mode.MANUAL)
    settle(window)
    for i in range(window.choices.list.count()):
        item = window.choices.list.item(i)
        t = item.data(Qt.ItemDataRole.UserRole)
        tip = " ".join(item.toolTip().split())
        assert tip.startswith(str(t))
        for part in (DEFINITIONS[t.name].applies, DEFINITIONS[t.name].changes, DEFINITIONS[t.name].why):
            assert part in tip  # whole, not its first line
        assert all(len(line) <= 80 for line in item.toolTip().splitlines()[1:])


def test_help_lists_the_keys_and_the_definitions_follow_the_selected_transition(qtbot, window):
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    assert "&Help" in [m.title() for m in menus]
    keys = {text: key for _, text, key in key_rows(menus)}
    assert keys["Follow σ1"] == QKeySequence("Ctrl+L").toString(QKeySequence.SequenceFormat.NativeText)
    assert keys["Presentation"] == "F5" and keys["Keys"] == "F1"
    dialog = window.help.show_keys()
    qtbot.addWidget(dialog)
    assert not dialog.isModal() and "Ctrl+L" in dialog.findChild(QTextBrowser).toPlainText()
    window.choices.list.setCurrentRow(0)
    t = window.choices.list.currentItem().data(Qt.ItemDataRole.UserRole)
    assert window.definition.shown == t.name
    assert DEFINITIONS[t.name].applies in " ".join(window.definition.toPlainText().split())
    assert window.definition.isVisible()
    window.help.definitions_action.trigger()
    assert not window.definition.isVisible() and window.settings.value("definitions") in (False, "false")
