"""The application at the sizes of real graphs (issue 17, point 1): graphs of
10, 40, 148 and 202 vertices (tests/fixtures/big-graphs.txt, made by
scripts/make_big_graphs.py) at 1280x800 and 1920x1080."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtWidgets import QToolButton
from test_main_window import settle

from amrgen_gui.qt.main_window import MainWindow
from amrgen_gui.qt.views import buffers
from amrgen_gui.qt.views.graph_view import READABLE_SCALE
from amrgen_gui.qt.views.phase2_inspector import MIN_YIELD_WIDTH, YIELD_COLUMN
from amrgen_gui.state.phase2 import COLUMNS

pytestmark = pytest.mark.gui

BIG = Path(__file__).parents[1] / "fixtures" / "big-graphs.txt"
SMALL, MEDIUM, LARGE, LARGEST = 0, 1, 2, 3  # 10, 40, 148, 202 vertices
SIZES = [(1280, 800), (1920, 1080)]


@pytest.fixture
def big(qtbot, settings, open_in):
    """``big(size)``: a window of that size with the big graphs open."""

    def big(size: tuple[int, int] = SIZES[0]) -> MainWindow:
        window = MainWindow(settings)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        return open_in(window, BIG)

    return big


def show(window: MainWindow, index: int, steps: int = 0) -> None:
    window.browser.select(index)
    settle(window)
    for _ in range(steps):
        window.model.step()


def sigma1_in_view(window: MainWindow) -> bool:
    """Whether σ1's ellipse lies in the graph view's viewport."""
    view = window.graph
    c = window.model.session.current
    shown = view.mapFromScene(view.nodes[c.sigma1].ellipse).boundingRect()
    return view.viewport().rect().contains(shown)


def test_the_fixture_has_the_sizes_asked_for(big):
    window = big()
    assert [len(e.amr.graph.vertices) for e in window.workspace.corpus.entries] == [10, 40, 148, 202]


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("index", [SMALL, MEDIUM, LARGE,
                                   pytest.param(LARGEST, marks=pytest.mark.slow)],
                         ids=["10", "40", "148", "202"])
def test_a_big_graph_keeps_the_window_and_the_strip_as_set(qtbot, big, size, index):
    window = big(size)
    show(window, index, steps=12)
    qtbot.wait(10)  # let layouts settle as they would in the event loop
    assert window.size().toTuple() == size
    minimum = window.minimumSizeHint()
    assert minimum.width() <= 1280 and minimum.height() <= 800  # the window never has to grow past a screen
    strip = window.buffers
    assert strip.height() == int(buffers.CHIP_HEIGHT + 2 * buffers.MARGIN)
    assert len({rect.top() for rect, _, _ in strip._placed}) == 1
    assert all(rect.right() <= strip.width() for rect, _, _ in strip._placed)
    assert window.graph.transform().m11() >= READABLE_SCALE
    assert sigma1_in_view(window)


def test_the_strip_shows_the_first_chips_and_counts_the_rest(big, window):
    strip = big().buffers
    show(strip.window(), LARGE)
    sigma, shown = strip.chips("σ"), strip.shown("σ")
    assert len(sigma) == 148
    assert shown[:-1] == sigma[:len(shown) - 1]
    assert shown[-1] == f"+{len(sigma) - len(shown) + 1} more"
    assert all(chip in strip.tooltip() for chip in sigma)
    assert window.buffers.shown("σ") == window.buffers.chips("σ")  # the sample's four fit: no count


def test_fitting_keeps_labels_readable_and_an_overview_shows_the_rest(big, window):
    view = big().graph
    show(view.window(), LARGE)
    view.fit()
    assert view.transform().m11() == pytest.approx(READABLE_SCALE)
    assert not view.shows_whole_scene()
    assert view.overview.isVisible()
    fit = [b for b in view.controls.findChildren(QToolButton) if b.text() == "Fit"]
    assert fit and fit[0].isVisible()
    window.graph.fit()  # the sample fits whole, labels at their size: no overview
    assert window.graph.shows_whole_scene() and not window.graph.overview.isVisible()
    assert window.graph.transform().m11() == pytest.approx(1.0)


def test_the_overview_hides_no_vertex_of_the_40_vertex_graph_in_model_mode(qtbot, big_model):
    """With the default generator no corner of the 40-vertex graph's G' is free at some
    scroll positions at the overview's full size: it shrinks until one is."""
    window = big_model
    show(window, MEDIUM)
    view = window.graph
    port = view.viewport().geometry()

    def hidden() -> list:
        drawn = {v: view.mapFromScene(item.ellipse).boundingRect().translated(port.topLeft())
                 for v, item in view.nodes.items()}
        return [v for v, rect in drawn.items() if rect.intersects(view.overview.geometry())]

    assert view.overview.isVisible() and len(view.nodes) >= 30  # G', the normalized graph
    assert hidden() == []  # at first the top right corner has a vertex under it: the overview is elsewhere
    heights = set()
    for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
        for value in (bar.maximum(), bar.minimum()):
            bar.setValue(value)
            assert hidden() == [], f"scrolled to {value}"
            assert not view.overview.see_through.isEnabled()
            heights.add(view.overview.height())
    assert len(heights) > 1  # it had to shrink somewhere: without shrinking, a vertex would be hidden


def test_an_overview_that_cannot_help_hiding_a_vertex_is_see_through(qtbot, big):
    """Zoomed in on the 40-vertex graph, some scroll positions leave no corner free even
    for the smallest overview: there it is see-through, and opaque again where one is free."""
    window = big()
    show(window, MEDIUM)
    view = window.graph
    full = view.overview.height()
    view.zoom(1.5)
    h, v = view.horizontalScrollBar(), view.verticalScrollBar()
    states = []
    for x in range(h.minimum(), h.maximum() + 1, 80):
        for y in range(v.minimum(), v.maximum() + 1, 80):
            h.setValue(x)
            v.setValue(y)
            states.append((view.overview.see_through.isEnabled(), view.overview.height()))
    assert view.overview.isVisible()
    assert any(see_through for see_through, _ in states) and not all(see_through for see_through, _ in states)
    assert all(height < full for see_through, height in states if see_through)  # the smallest first
    view.fit()
    assert not view.overview.see_through.isEnabled()


def test_pressing_the_overview_moves_the_view_there(qtbot, big):
    view = big().graph
    show(view.window(), LARGE)
    overview = view.overview
    target = QPoint(overview.viewport().width() * 3 // 4, overview.viewport().height() // 2)
    qtbot.mouseClick(overview.viewport(), Qt.MouseButton.LeftButton, pos=target)
    aimed = overview.mapToScene(target)
    centre = view.mapToScene(view.viewport().rect().center())
    assert abs(centre.x() - aimed.x()) < 2 and QRectF(view.sceneRect()).contains(aimed)


def test_the_view_follows_sigma1_unless_told_not_to(qtbot, big):
    window = big()
    show(window, MEDIUM)
    window.graph.zoom(4)
    in_view = []
    for _ in range(30):
        window.model.step()
        in_view.append(sigma1_in_view(window))
    assert all(in_view)
    assert window.follow_action.isChecked()
    window.follow_action.trigger()
    assert not window.graph.following
    window.model.to_start()
    window.graph.zoom(4)
    in_view = []
    for _ in range(30):
        window.model.step()
        in_view.append(sigma1_in_view(window))
    assert not all(in_view)  # without following, σ1 does leave the view: the check above can fail


def test_a_double_click_collapses_a_subtree_and_another_expands_it(qtbot, big):
    window = big()
    show(window, MEDIUM)
    view, graph = window.graph, window.model.session.current.graph
    sigma1 = window.model.session.current.sigma1
    parent = max((v for v in graph.vertices if sigma1 not in graph.successors(v)), key=lambda v: len(graph.successors(v)))
    below = set(graph.successors(parent))
    width = view.scene().sceneRect().width() * view.scene().sceneRect().height()

    def double_click(v) -> None:
        view.centerOn(view.nodes[v].ellipse.center())
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton,
                          pos=view.mapFromScene(view.nodes[v].ellipse.center()))
        qtbot.wait(20)  # the toggle runs after the event

    double_click(parent)
    assert view.collapsed == {parent} and not below & view.nodes.keys()
    assert view.nodes[parent].look.folded == len(below)
    assert view.scene().sceneRect().width() * view.scene().sceneRect().height() < width  # the room is given back
    double_click(parent)
    assert not view.collapsed and below <= view.nodes.keys()
    view.toggle_collapsed(graph.root)  # σ1 is below the root: the next step expands it again
    assert set(view.nodes) == {graph.root}
    window.model.step()
    assert not view.collapsed and window.model.session.current.sigma1 in view.nodes


def test_the_last_chip_needs_no_count_chip_after_it():
    """A row where all chips but their spacing fit: the last one is measured alone (no '+0 more')."""
    room = 2 * 50.0 + buffers.SPACING  # one spacing short of both chips' room
    assert buffers.shown_count([50.0, 50.0], room) == 1
    assert buffers.shown_count([50.0, 50.0], room + 3 * buffers.SPACING) == 2


@pytest.mark.parametrize("index", [MEDIUM, LARGE], ids=["40", "148"])
def test_the_phase2_inspector_keeps_its_three_scores_in_sight_at_1280x800(qtbot, big_model, index):
    """The bottom docks split 1280 px: the partial yield gives way so that score,
    θ_LM·score_LM and score_TS stay in sight; the scores by class are a scroll away."""
    window = big_model
    show(window, index, steps=20)
    window.docks["phase2"].raise_()
    inspector = window.inspector
    qtbot.waitUntil(lambda: inspector.isVisible() and inspector.table.rowCount() > 0, timeout=5000)
    settle(window)
    view, header = inspector.view, inspector.view.horizontalHeader()
    last = COLUMNS.index("score_TS")
    assert header.sectionViewportPosition(last) + header.sectionSize(last) <= view.viewport().width()
    assert view.columnWidth(YIELD_COLUMN) >= MIN_YIELD_WIDTH
    caption = inspector.caption  # one line, so that three candidates show; the tooltip says it all
    assert caption.height() < 2 * caption.fontMetrics().lineSpacing() and "(the final re-ranking)" in caption.toolTip()
    assert view.viewport().height() >= 3 * view.rowHeight(0)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
def test_the_zoom_controls_stand_above_the_graph_and_cover_no_vertex(qtbot, big, size):
    """The −, +, Fit and Follow σ1 buttons and the legend have a band of their own above
    the viewport: no vertex is ever under them, wherever the graph is scrolled."""
    window = big(size)
    show(window, MEDIUM, steps=20)
    view = window.graph
    port = view.viewport().geometry()
    for overlay in (view.controls, view.legend):
        assert overlay.isVisible() and view.rect().contains(overlay.geometry())
        assert overlay.geometry().bottom() < port.top()  # above the viewport, where nothing is drawn
    assert not view.controls.geometry().intersects(view.legend.geometry())


def test_a_wide_phase2_inspector_shows_every_column(qtbot, big_model):
    window = big_model
    show(window, MEDIUM, steps=20)
    dock = window.docks["phase2"]
    dock.setFloating(True)
    dock.resize(1900, 300)
    inspector = window.inspector
    qtbot.waitUntil(lambda: inspector.isVisible() and inspector.table.rowCount() > 0, timeout=5000)
    settle(window)
    view, header = inspector.view, inspector.view.horizontalHeader()
    assert header.length() <= view.viewport().width() and view.horizontalScrollBar().maximum() == 0
    assert view.columnWidth(YIELD_COLUMN) >= MIN_YIELD_WIDTH
