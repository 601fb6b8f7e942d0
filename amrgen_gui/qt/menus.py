"""The main window's actions, menus and toolbar, with their shortcuts.

:func:`build` makes every action on the window (as the attributes the rest of
the window and the tests use: ``window.step_action``, ``window.mode_actions``,
…) and puts them in the menu bar and the toolbar.  Other modules add menus of
their own with :func:`action` and :func:`choice`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QWidget

from amrgen.oracle.annotations import Approach
from amrgen.stepping.session import Mode
from amrgen_gui.qt import toolbar
from amrgen_gui.qt.dialogs.conventions import ConventionsChoice
from amrgen_gui.qt.dialogs.limits import LimitsChoice
from amrgen_gui.qt.dialogs.postprocess import PIPELINES, PostprocessChoice
from amrgen_gui.qt.recent import RecentFiles
from amrgen_gui.state.paths import SAMPLE

Window = Any
"""The main window (:class:`amrgen_gui.qt.main_window.MainWindow`, which imports this module)."""

FORMAL, CONSTRAINED = "formal", "constrained"
FOLLOW_SHORTCUT = "Ctrl+L"
"""Follow σ1 (Ctrl+F is search's)."""


def action(window: QWidget, text: str, slot: Callable[[], Any], shortcut: QKeySequence | str | None = None,
           tip: str = "", checkable: bool = False) -> QAction:
    """An action of ``window`` (its shortcut works wherever the window has the focus)."""
    made = QAction(text, window)
    if shortcut is not None:
        made.setShortcut(QKeySequence(shortcut))
    made.setToolTip(f"{tip or text} ({made.shortcut().toString()})" if shortcut else tip or text)
    made.setCheckable(checkable)
    made.triggered.connect(lambda: slot())  # not slot itself: triggered passes `checked`
    window.addAction(made)
    return made


def choice(window: QWidget, options: list[tuple[str, str, str]], chosen: Callable[[str], None]) -> list[QAction]:
    """An exclusive group of checkable actions (text, value, shortcut)."""
    group = QActionGroup(window)
    actions = []
    for text, value, shortcut in options:
        made = action(window, text, lambda value=value: chosen(value), shortcut, checkable=True)
        made.setData(value)
        group.addAction(made)
        actions.append(made)
    return actions


def chosen(actions: list[QAction]) -> str:
    """The value of the action checked in an exclusive group."""
    return next(made.data() for made in actions if made.isChecked())


def check(actions: list[QAction], value: str) -> None:
    """Check the action of ``value`` in an exclusive group (without triggering it)."""
    for made in actions:
        made.setChecked(made.data() == value)


def build(window: Window) -> None:
    """Every action of the window, its menus, toolbar and status bar."""
    w, a = window, (lambda *args, **kwargs: action(window, *args, **kwargs))
    w.open_action = a("&Open…", w.ask_open, QKeySequence.StandardKey.Open, "Open an AMR corpus")
    w.sample_action = a("Open &Sample", lambda: w.open_corpus(SAMPLE))
    w.export_svg_action = a("Export Graph as &SVG…", lambda: w.ask_export("svg"), "Ctrl+E")
    w.export_png_action = a("Export Graph as &PNG…", lambda: w.ask_export("png"), "Ctrl+Shift+E")
    w.export_listing_action = a("Export &Transitions…", lambda: w.ask_export("txt"), "Ctrl+T")
    w.export_tikz_action = a("Export Configuration as &LaTeX/TikZ…", lambda: w.ask_export("tex"),
                             tip="The graph as the thesis draws it, a tikzpicture for papers and slides")
    w.export_html_action = a("Export Derivation as &HTML…", lambda: w.ask_export("html"), "Ctrl+Shift+H",
                             "A self-contained web page: every step's graph, transition, buffers and ρ")
    w.load_model_action, w.load_lm_action, w.load_hyper_action = (
        a(text, lambda i=i: w.ask_generator_file(i), tip=tip) for i, (text, tip) in enumerate([
            ("Open &Model Directory…", "Load another model"), ("Open &Language Model…", "Load another KenLM model"),
            ("Open &Hyperparameters…", "Load the hyperparameters amrgen tune wrote")]))
    w.default_model_action = a("Use the &Default Model", w.load_generator,
                               tip="The shipped model, LM and hyperparameters (resources/default)")
    w.postprocess = PostprocessChoice(w, w.workspace)
    w.postprocess.actions = choice(w, PIPELINES, w.postprocess.choose)
    w.conventions = ConventionsChoice(w, w.workspace)
    w.limits = LimitsChoice(w, w.settings, w.workspace)
    w.generate_corpus_action = a("&Generate Open Corpus", w.generate_corpus, "Ctrl+G",
                                 "Generate every entry in the background, with BLEU against the references")
    w.cancel_generating_action = a("&Stop Generating", w.generated.cancel)
    w.cancel_action = a("Cancel", lambda: w.busy.cancel(), "Esc",
                        "Stop what runs in the background (a graph being generated, a model loading)")
    quit_action = a("&Quit", w.close, QKeySequence.StandardKey.Quit)
    w.start_action = a("⇤  Start", w.model.to_start, "Home", "Back to c_s, keeping the history")
    w.back_action = a("←  Back", w.model.back, "Left", "Undo the last transition")
    w.step_action = a("Step  →", w.model.step, "Right", "Apply the next transition")
    w.end_action = a("Run  ⇥", w.model.run_to_end, "End", "Apply transitions up to a terminal configuration")
    w.reset_action = a("↺  Reset", w.model.reset, "Ctrl+R", "Back to c_s, forgetting the history")
    previous_entry = a("Previous Entry", lambda: w.browser.step(-1), "PgUp")
    next_entry = a("Next Entry", lambda: w.browser.step(1), "PgDown")
    w.mode_actions = choice(w, [("Oracle", Mode.ORACLE.value, "Ctrl+1"), ("Manual", Mode.MANUAL.value, "Ctrl+2"),
                                ("Model", Mode.MODEL.value, "Ctrl+M")], w.choose_mode)
    w.approach_actions = choice(w, [("Text", Approach.TEXT.value, "Ctrl+3"),
                                    ("Dependency", Approach.DEPENDENCY.value, "Ctrl+4")], w.choose_approach)
    w.system_actions = choice(w, [("Formal", FORMAL, "Ctrl+5"), ("Constrained", CONSTRAINED, "Ctrl+6")],
                              w.choose_system)
    zoom_in = a("Zoom In", lambda: w.graph.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
    zoom_out = a("Zoom Out", lambda: w.graph.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
    fit = a("Fit Graph", w.graph.fit, "Ctrl+0", "Fit the graph, its labels still readable")
    w.follow_action = a("Follow σ1", lambda: w.graph.set_following(w.follow_action.isChecked()), FOLLOW_SHORTCUT,
                        "Scroll σ1 back into sight when a step takes it out", checkable=True)
    expand = a("Expand All Subtrees", w.graph.expand_all, tip="Show every subtree collapsed by a double click")
    legend = a("Graph Legend", lambda: w.graph.set_legend(legend.isChecked()), checkable=True)
    for made, short in ((zoom_out, "−"), (zoom_in, "+"), (fit, "Fit"), (w.follow_action, "Follow σ1")):
        made.setIconText(short)
        made.setChecked(made.isCheckable())
    w.graph.add_controls([zoom_out, zoom_in, fit, w.follow_action])
    legend.setChecked(True)
    reset_layout = a("Reset Layout", w.reset_layout)

    menus = w.menuBar()
    file_menu = menus.addMenu("&File")
    file_menu.addActions([w.open_action, w.sample_action])
    w.recent = RecentFiles(w.settings, file_menu.addMenu("Open &Recent"), w.open_corpus)
    file_menu.addSeparator()
    w.export_menu = file_menu.addMenu("&Export")
    w.export_menu.addActions([w.export_svg_action, w.export_png_action, w.export_listing_action,
                              w.export_tikz_action, w.export_html_action])
    file_menu.addSeparator()
    file_menu.addAction(quit_action)
    step_menu = menus.addMenu("&Step")
    for group in ([w.step_action, w.back_action, w.end_action, w.start_action, w.reset_action],
                  [previous_entry, next_entry]):
        step_menu.addActions(group)
        step_menu.addSeparator()
    step_menu.addAction(w.cancel_action)
    model_menu = menus.addMenu("&Model")
    for group in ([w.load_model_action, w.load_lm_action, w.load_hyper_action, w.default_model_action],
                  w.postprocess.actions, w.conventions.actions, [w.limits.action]):
        model_menu.addActions(group)
        model_menu.addSeparator()
    model_menu.addActions([w.generate_corpus_action, w.cancel_generating_action, *w.comparisons.actions(a)])
    w.inquiries.add_menus(menus, a)
    options_menu = menus.addMenu("&Options")
    for group in (w.mode_actions, w.approach_actions, w.system_actions):
        options_menu.addActions(group)
        options_menu.addSeparator()
    w.view_menu = menus.addMenu("&View")
    for group in ([zoom_in, zoom_out, fit, w.follow_action, expand, legend],
                  [dock.toggleViewAction() for dock in w.docks.values()]):
        w.view_menu.addActions(group)
        w.view_menu.addSeparator()
    w.view_menu.addAction(reset_layout)
    toolbar.build(w)
