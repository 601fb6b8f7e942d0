"""A derivation as one self-contained HTML file, for a slide or a student.

The page holds one picture of the graph with a step slider (and ← → keys): the graph of each
configuration of the session's history up to the one shown, laid out once for the whole derivation
so that vertices keep their places, as the application draws it, σ and β as chips, and the
transition that reached it. Below, one section per step, c_s first: the transition with P(t | c)
where a model chose or scored it, σ1, β1 and the sizes of σ and β, and ρ of the vertices the
transition changed (before → after); a click on a section shows its step. The head names the entry,
the reference sentence with its alignment A_G (under each word the vertices aligned with it), c_f
and the sentence generated.

A derivation of a 148-vertex graph has a thousand steps, and drawing each whole made a page of
350 MB. So every drawing of a vertex (its look without its σ/β badge) and of an edge is written once,
the first time it appears, and each step lists the drawings it shows and the vertices in σ and β
(a badge is drawn once per place, ``σ3``, and put beside each vertex there): a small script puts a
step's picture together. Without scripts the picture shows the last step. The file refers to
nothing outside itself (no stylesheet, script or image is linked), and the bundled Inter faces are
embedded once for the page and its drawings (:mod:`amrgen_gui.qt.exports.embedded_font`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, QSize
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.session import Mode, Session, Step
from amrgen.transitions.annotations import ALL_KEYS
from amrgen.transitions.configuration import Configuration
from amrgen_gui.qt import theme
from amrgen_gui.qt.exports.embedded_font import FALLBACK, font_face_css, font_stack
from amrgen_gui.qt.tasks import on_gui_thread
from amrgen_gui.qt.views.graph_items import BADGE_FONT, EdgeItem, NodeItem, edge_colour, node_look
from amrgen_gui.qt.views.graph_view import session_layout
from amrgen_gui.qt.views.layout import hidden_vertices, shown_edges
from amrgen_gui.qt.views.rho_table import annotated_vertices, cell_text, changed_cells

MARGIN = 24
"""Room around the layout for the badges."""

STYLE = """
body { font-family: Inter, FALLBACK; color: #0f172a; margin: 2em auto; max-width: 70em;
       padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
h2 { font-size: 1.05em; margin: 0 0 .3em; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dt { color: #64748b; font-weight: 600; }
dd { margin: 0; }
.player { border-bottom: 1px solid #e2e8f0; padding: .6em 0; }
.player input { width: 60%; vertical-align: middle; }
.stage { overflow: auto; max-height: 80vh; margin: .6em 0; }
.graph { display: block; margin: 0 auto; }
.chips span { display: inline-block; border: 1px solid #cbd5e1; border-radius: 1em; padding: 0 .6em; margin: .1em;
              font-size: .85em; }
.chips span.first { border-color: #d97706; background: #fef3c7; font-weight: 600; }
.chips span.beta.first { border-color: #0284c7; background: #e0f2fe; }
section { border-top: 1px solid #e2e8f0; padding: .8em .4em; break-inside: avoid; cursor: pointer; }
section.shown { background: #f8fafc; }
.transition { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.p { color: #be123c; font-weight: 600; margin-left: .6em; }
.buffers { color: #475569; font-size: .9em; }
table { border-collapse: collapse; font-size: .9em; margin-top: .4em; }
th, td { text-align: left; padding: .15em .7em; border-bottom: 1px solid #f1f5f9; }
th { color: #64748b; }
.new { background: #fef9c3; font-weight: 600; }
.alignment { display: flex; flex-wrap: wrap; gap: .3em .2em; }
.alignment span { display: inline-flex; flex-direction: column; align-items: center; padding: 0 .25em; }
.alignment small { color: #64748b; font-size: .75em; }
""".replace("FALLBACK", FALLBACK)

SCRIPT = """
const D = JSON.parse(document.getElementById("data").textContent);
const picture = document.getElementById("picture"), slider = document.getElementById("step");
const label = document.getElementById("label"), chips = document.getElementById("chips");
const sections = document.querySelectorAll("section");
function pills(list, places, kind) {
  return list.map((item, j) => `<g transform="translate(${D.anchors[item][0] - D.widths[places[j]] / 2 + 2},`
    + `${D.anchors[item][1] - 2})">${D.drawings[places[j]]}</g>`).join("");
}
function chipList(list, kind) {
  return list.map((item, j) => `<span class="${kind}${j ? "" : " first"}">${D.names[item]}</span>`).join("") || "ε";
}
function show(k) {
  const [items, sigma, beta] = D.steps[k];
  picture.innerHTML = items.map(i => D.drawings[i]).join("")
    + pills(sigma, sigma.map((_, j) => D.sigma[j]), "sigma") + pills(beta, beta.map((_, j) => D.beta[j]), "beta");
  slider.value = k;
  label.textContent = `step ${k} of ${D.steps.length - 1}: ${D.transitions[k]}`;
  chips.innerHTML = `<div><b>σ</b> ${chipList(sigma, "sigma")}</div><div><b>β</b> ${chipList(beta, "beta")}</div>`;
  sections.forEach((s, i) => s.classList.toggle("shown", i === k));
}
slider.addEventListener("input", () => show(+slider.value));
sections.forEach((s, i) => s.addEventListener("click", () => show(i)));
document.addEventListener("keydown", e => {
  const k = +slider.value + (e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0);
  if (k !== +slider.value && k >= 0 && k < D.steps.length) show(k);
});
show(D.steps.length - 1);
"""


@dataclass(frozen=True)
class Derivation:
    """What an export of a session's derivation needs, taken on the GUI thread (the session goes on
    changing there) and written on another."""

    entry: ExtendedEntry
    steps: tuple[Step, ...]
    facts: tuple[tuple[str, str], ...]


def snapshot(session: Session) -> Derivation:
    """The session's derivation up to the configuration shown."""
    entry = session.entry
    facts = [("entry", entry.id), ("reference", " ".join(entry.tokens or entry.words)),
             ("transitions", str(session.position))]
    if session.mode is Mode.MODEL:
        facts.append(("generator", session.generator.describe()))
    if session.is_terminal():
        facts += [("c_f", session.output() or "undefined"), ("sentence", session.sentence() or "undefined")]
    return Derivation(entry, tuple(session.steps[:session.position + 1]), tuple(facts))


def derivation_html(derivation: Derivation, report: Callable[[int, int], None] | None = None) -> str:
    """The HTML text of the derivation (see the module docstring); ``report(done, total)`` follows
    the steps drawn (and may raise to stop)."""
    steps = derivation.steps
    layout = session_layout([step.configuration for step in steps])
    drawings = _Drawings(layout.bounds.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
    first = steps[0].configuration.node_buffer
    data_steps, names, sections, transitions = [], {}, [], []
    for i, step in enumerate(steps):
        if report is not None:
            report(i, len(steps))
        c = step.configuration
        items, bodies = drawings.configuration(c, layout)
        for v in (*c.node_buffer, *c.child_buffer):
            names.setdefault(bodies[v], f"{v} {c.graph.label(v)}")
        data_steps.append([items, [bodies[v] for v in c.node_buffer], [bodies[v] for v in c.child_buffer]])
        before = steps[i - 1].configuration if i else None
        transitions.append(str(step.transition) if step.transition is not None else "c_s")
        sections.append(_section(i, c, before, step.transition, step.probability, first))
    data = {"drawings": drawings.texts, "anchors": drawings.anchors, "widths": drawings.widths,
            "steps": data_steps, "transitions": transitions,
            "names": {str(k): html.escape(v) for k, v in names.items()},
            "sigma": drawings.badges("σ", max((len(s[1]) for s in data_steps), default=0), theme.SIGMA1.line),
            "beta": drawings.badges("β", max((len(s[2]) for s in data_steps), default=0), theme.BETA1.line)}
    area = drawings.area
    last = "".join(drawings.texts[i] for i in data_steps[-1][0])
    title = html.escape(f"Derivation of {derivation.entry.id}")
    head = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in derivation.facts)
    head += f"<dt>alignment</dt><dd>{_alignment(derivation.entry)}</dd>"
    player = (f'<div class="player"><input type="range" id="step" min="0" max="{len(steps) - 1}" '
              f'value="{len(steps) - 1}" aria-label="step"> <span id="label"></span>\n'
              f'<div class="stage"><svg class="graph" id="picture" role="img" aria-label="{title}" xmlns="http://www.w3.org/2000/svg" '
              f'viewBox="0 0 {area.width():.0f} {area.height():.0f}" width="{area.width():.0f}" '
              f'height="{area.height():.0f}">{last}</svg></div>\n<div class="chips" id="chips"></div></div>')
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f"<style>{font_face_css()}\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<dl>{head}</dl>\n"
            f"{player}\n" + "\n".join(sections)
            + f'\n<script type="application/json" id="data">{payload}</script>\n<script>{SCRIPT}</script>\n'
            "</body>\n</html>\n")


def save_html(session: Session, path: str | Path) -> None:
    """Write the session's derivation (:func:`derivation_html`) to ``path``."""
    write_html(derivation_html(snapshot(session)), path)


def write_html(page: str, path: str | Path) -> None:
    Path(path).write_text(page, encoding="utf-8")


class _Drawings:
    """Every distinct drawing of a vertex, an edge or a badge, written once as SVG in the picture's
    coordinates, numbered in the order they first appear."""

    def __init__(self, area: QRectF) -> None:
        self.area = area
        self.texts: list[str] = []
        self.anchors: dict[int, tuple[float, float]] = {}
        """Where a vertex drawing's badge goes: the top right of its ellipse."""
        self.widths: dict[int, float] = {}
        """A badge drawing's width."""
        self._numbers: dict[Hashable, int] = {}

    def configuration(self, c: Configuration, layout) -> tuple[list[int], dict]:
        """The drawings of c's graph, edges under vertices under σ1 and β1, and each vertex's drawing."""
        hidden = hidden_vertices(c.graph, set())
        edges = [self._number(("edge", edge, edge_colour(c, edge).name()),
                              lambda edge=edge: EdgeItem(layout.edges[edge], edge[1], edge_colour(c, edge)))
                 for edge in shown_edges(c.graph, hidden)]
        bodies, raised = {}, []
        for v in c.graph.vertices:
            look = replace(node_look(c, v), badge="")
            number = self._number(("vertex", v, look), lambda v=v, look=look: NodeItem(
                v, look, layout.nodes[v].center(), None))
            bodies[v] = number
            raised.append((bool(look.role), number))
        return edges + [n for _, n in sorted(raised, key=lambda pair: pair[0])], bodies

    def badges(self, prefix: str, count: int, first: object) -> list[int]:
        """The drawings of the badges σ1 (in ``first``'s colour), σ2, ... σcount, each centred at the origin."""
        numbers = []
        for j in range(count):
            text, colour = f"{prefix}{j + 1}", first if j == 0 else theme.MUTED
            width = on_gui_thread(lambda text=text: QFontMetricsF(BADGE_FONT).horizontalAdvance(text)) + 10
            number = self._number(("badge", text, colour.name()), lambda text=text, colour=colour: _Pill(text, colour),
                                  origin=True)
            self.widths[number] = width
            numbers.append(number)
        return numbers

    def _number(self, key: Hashable, item: Callable[[], QGraphicsItem], origin: bool = False) -> int:
        number = self._numbers.get(key)
        if number is None:
            drawn, text = on_gui_thread(lambda: self._drawn(item, origin))
            number = self._numbers[key] = len(self.texts)
            self.texts.append(text)
            if isinstance(drawn, NodeItem):
                self.anchors[number] = (drawn.ellipse.right() - self.area.left(), drawn.ellipse.top() - self.area.top())
        return number

    def _drawn(self, item: Callable[[], QGraphicsItem], origin: bool) -> tuple[QGraphicsItem, str]:
        """The item and its SVG, drawn on the GUI thread (:func:`~amrgen_gui.qt.tasks.on_gui_thread`)."""
        drawn = item()
        return drawn, _svg_fragment(drawn, QPointF(0, 0) if origin else self.area.topLeft())


class _Pill(QGraphicsItem):
    """A badge centred at the origin, drawn as a vertex's badge is."""

    def __init__(self, text: str, colour) -> None:
        super().__init__()
        self.text, self.colour = text, colour

    def boundingRect(self) -> QRectF:
        return QRectF(-40, -10, 80, 20)

    def paint(self, painter: QPainter, option=None, widget=None) -> None:
        NodeItem._paint_pill(painter, self.text, QPointF(0, 0), self.colour)


_BETWEEN_TAGS = re.compile(r">\s+<")


def _svg_fragment(item: QGraphicsItem, origin: QPointF) -> str:
    """What Qt's SVG generator writes for ``item`` alone, ``origin`` at (0, 0), without the document around it."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(100, 100))
    painter = QPainter(generator)
    painter.translate(-origin.x(), -origin.y())
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    text = bytes(buffer.data()).decode("utf-8")
    body = text[text.index("</defs>") + len("</defs>"):text.rindex("</svg>")]
    return font_stack(_BETWEEN_TAGS.sub("><", body.strip()).replace(' transform="matrix(1,0,0,1,0,0)"', ""))


def _alignment(entry: ExtendedEntry) -> str:
    """The reference's words, each with the vertices A_G aligns with it."""
    if not entry.has_reference:
        return "none: this graph has no reference sentence"
    aligned: dict[int, list[str]] = {}
    for v, positions in entry.alignment.items():
        for i in positions:
            aligned.setdefault(i, []).append(str(v))
    return '<div class="alignment">' + "".join(
        f"<span>{html.escape(word)}<small>{html.escape(' '.join(sorted(aligned.get(i, []))) or '·')}</small></span>"
        for i, word in enumerate(entry.words, start=1)) + "</div>"


def _section(i: int, c: Configuration, before: Configuration | None, transition, probability: float | None,
             first) -> str:
    name = html.escape(str(transition)) if transition is not None else "c<sub>s</sub>"
    p = f'<span class="p">p = {probability:.4f}</span>' if probability is not None else ""
    buffers = " · ".join(
        f"{label}1 = {html.escape(f'{buffer[0]} {c.graph.label(buffer[0])}')}, |{label}| = {len(buffer)}" if buffer
        else f"{label} = ε" for label, buffer in (("σ", c.node_buffer), ("β", c.child_buffer)))
    return (f'<section id="step-{i}">\n<h2>{i} · <span class="transition">{name}</span>{p}</h2>\n'
            f'<div class="buffers">{buffers}</div>\n{_rho_changes(c, before, first)}\n</section>')


def _rho_changes(c: Configuration, before: Configuration | None, first) -> str:
    """ρ of the vertices the transition changed: one row per (vertex, key), before → after."""
    if before is None:
        return ""
    vertices = annotated_vertices(c, first)
    changed = changed_cells(before.rho, c.rho, vertices)
    rows = [f"<tr><td>{html.escape(str(v))}</td><td>{html.escape(str(key))}</td>"
            f"<td>{html.escape(cell_text(before.rho, key, v)) or '—'}</td>"
            f'<td class="new">{html.escape(cell_text(c.rho, key, v)) or "—"}</td></tr>'
            for v in vertices for key in ALL_KEYS if (key, v) in changed]
    if not rows:
        return '<p class="rho">ρ unchanged</p>'
    return ('<table class="rho"><tr><th>vertex</th><th>key</th><th>before</th><th>after</th></tr>'
            + "".join(rows) + "</table>")
