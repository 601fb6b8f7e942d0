"""Exports that scale: the derivation of a 148-vertex graph as one web page under 10 MB, each
drawing of a vertex or an edge written once, made in the background without holding the event
loop, and cancelled without a file."""

import re
import shutil
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QProgressDialog, QPushButton
from test_big_graphs import BIG, LARGE, LARGEST
from test_main_window import settle
from test_responsive import MAX_STALL, StallMeter

from amrgen.stepping.session import Mode, Session
from amrgen_gui.qt.exports import files
from amrgen_gui.qt.exports.html_derivation import derivation_html, snapshot

pytestmark = pytest.mark.gui
MAX_BYTES = 10_000_000


@pytest.fixture
def big_oracle(qtbot, settings, open_in):
    """The big graphs open in oracle mode, the 148-vertex one shown and run to the end."""
    from amrgen_gui.qt.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    open_in(window, BIG)
    window.set_mode(Mode.ORACLE)
    window.browser.select(LARGE)
    settle(window)
    window.model.run_to_end()
    return window


def test_the_148_vertex_derivation_is_one_page_under_10_mb_each_drawing_written_once(big_oracle):
    session: Session = big_oracle.model.session
    assert len(session.entry.amr.graph.vertices) == 148 and session.is_terminal()
    page = derivation_html(snapshot(session))
    size = len(page.encode("utf-8"))
    assert size < MAX_BYTES, f"{size / 1e6:.1f} MB"
    assert len(re.findall(r'<section id="step-\d+">', page)) == session.position + 1
    # Each step's picture is put together from drawings written once: far fewer than the steps
    # times the vertices a picture of each would draw.
    drawings = page.count("<ellipse")
    assert drawings < (session.position + 1) * 148 / 20


def test_exporting_holds_the_event_loop_no_longer_than_0_2_s_and_cancels_without_a_file(qtbot, big_oracle, tmp_path):
    window = big_oracle
    meter = StallMeter()
    path = tmp_path / "derivation.html"
    task = files.export(window, "html", path)
    qtbot.waitUntil(path.exists, timeout=120_000)
    qtbot.wait(100)
    stall = meter.longest_stall()
    assert stall < MAX_STALL, f"the event loop was held {stall:.2f} s"
    assert task not in window.tasks and path.stat().st_size < MAX_BYTES
    cancelled = tmp_path / "cancelled.html"
    task = files.export(window, "html", cancelled)
    dialog = next(d for d in window.findChildren(QProgressDialog) if d.labelText().startswith("Exporting"))
    dialog.findChild(QPushButton).click()  # the dialog's Cancel
    assert task not in window.tasks
    qtbot.waitUntil(lambda: not task.thread.is_alive(), timeout=60_000)
    qtbot.wait(100)
    assert not cancelled.exists() and "Stopped exporting" in window.statusBar().currentMessage()


@pytest.mark.parametrize("name", ["derivation.html", "graph.svg", "graph.png", "transitions.txt"])
def test_the_command_line_exports_the_view_asked_for_and_quits(qapp, monkeypatch, tmp_path, capsys, name):
    from amrgen_gui import app
    from amrgen_gui.state.paths import SAMPLE

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    path = tmp_path / name
    assert app.main([str(SAMPLE), "--entry", "developer", "--mode", "oracle", "--step", "end", "--export", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {path}: developer, step 23"
    text = path.read_bytes()
    if name.endswith(".html"):
        assert len(re.findall(rb'<section id="step-\d+">', text)) == 24
    elif name.endswith(".svg"):
        assert b"want-01" in text and b"@font-face" in text
    elif name.endswith(".png"):
        assert text.startswith(b"\x89PNG")
    else:
        assert b"Insert-Between-(to,left)" in text


def test_the_command_line_refuses_an_extension_it_cannot_write_in_one_line(qapp, monkeypatch, tmp_path, capsys):
    from amrgen_gui import app
    from amrgen_gui.state.paths import SAMPLE

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    assert app.main([str(SAMPLE), "--export", str(tmp_path / "graph.pdf")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"amrgen-gui: {tmp_path / 'graph.pdf'}: --export writes .svg, .png, .tex, .txt or .html, not .pdf"]


def test_the_tikz_export_of_the_thesis_example_compiles_with_pdflatex(qapp, monkeypatch, tmp_path, capsys):
    from amrgen_gui import app
    from amrgen_gui.state.paths import SAMPLE

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    tex = tmp_path / "g3.tex"
    # After Merge, Delete-Reentrance, Keep, Realize and Insert-Child-(the,left): G_3 of the thesis's Figure fig:g2.
    assert app.main([str(SAMPLE), "--entry", "developer", "--mode", "oracle", "--step", "5", "--export", str(tex)]) == 0
    text = tex.read_text(encoding="utf-8")
    for drawn in (r"{$v_{1}$\,:\,want-01}", r"$\tilde{v}_{2}$\,:\,the", r"{$v_{2}$\,:\,developer \\ \textit{developer}}",
                  r"edge node[amr-label] {$\star$}", r"edge node[amr-label] {ARG1}"):
        assert drawn in text
    assert re.search(r"\\node\[amr-node, dashed\] \(n-x7ev1\)", text)  # the copy ṽ1 dashed, as in the thesis
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed (setup.sh installs texlive-latex-base and texlive-pictures)")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "g3.pdf").read_bytes().startswith(b"%PDF")


def test_file_export_writes_the_configuration_shown_as_tikz(qtbot, window, tmp_path):
    assert window.export_tikz_action in window.export_menu.actions()
    window.model.step()  # Merge-(developer,NN): v4 merged into v2
    settle(window)
    path = tmp_path / "c1.tex"
    window.export("tex", path)
    text = path.read_text(encoding="utf-8")
    assert r"{$v_{2}$\,:\,developer}" in text and "v_{4}" not in text
    assert r"\node[amr-node, very thick] (n-v2)" in text  # σ1


def test_at_the_end_of_a_derivation_the_view_goes_to_the_root(qtbot, big_oracle):
    window = big_oracle  # the 148-vertex graph run to the end
    settle(window)
    qtbot.wait(100)
    session = window.model.session
    assert session.is_terminal()
    (root,) = session.current.graph.roots()
    assert window.graph.in_sight(window.graph.nodes[root].ellipse)


def test_exporting_a_png_of_the_202_vertex_graph_does_not_hold_the_event_loop(qtbot, big_oracle, tmp_path):
    window = big_oracle
    window.browser.select(LARGEST)
    settle(window)
    meter = StallMeter()
    path = tmp_path / "graph.png"
    files.export(window, "png", path)
    qtbot.waitUntil(path.exists, timeout=60_000)
    qtbot.wait(100)
    stall = meter.longest_stall()
    assert stall < MAX_STALL, f"the event loop was held {stall:.2f} s"
    image = QImage(str(path))
    assert image.width() > 2000  # the whole graph, two pixels a scene unit
