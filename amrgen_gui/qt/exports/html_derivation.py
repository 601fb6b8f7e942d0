"""A derivation as one self-contained HTML file, for a slide or a student.

One section per configuration of the session's history up to the one
shown (so a derivation run to the end exports whole), c_s first: the
transition that reached it with P(t | c) where a model chose or scored it,
the graph as the application draws it (an SVG drawing inline, laid out
once for the whole derivation so that vertices keep their places), σ and
β, and ρ of the vertices the transition changed (before → after).  The
head names the entry, the reference sentence with its alignment A_G (under
each word the vertices aligned with it), c_f and the sentence generated.
The file refers to nothing outside itself: no stylesheet, script or image
is linked, and the bundled Inter faces are embedded once for the page and
its drawings (:mod:`amrgen_gui.qt.exports.embedded_font`), so that it looks the same
where Inter is not installed.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtWidgets import QGraphicsScene

from amrgen.stepping.session import Mode, Session
from amrgen.transitions.annotations import ALL_KEYS
from amrgen.transitions.configuration import Configuration
from amrgen_gui.qt.exports.embedded_font import FALLBACK, font_face_css, font_stack
from amrgen_gui.qt.exports.picture import svg_bytes
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.views.graph_view import draw, session_layout
from amrgen_gui.qt.views.rho_table import annotated_vertices, cell_text, changed_cells

STYLE = """
body { font-family: Inter, FALLBACK; color: #0f172a; margin: 2em auto; max-width: 70em;
       padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
h2 { font-size: 1.1em; margin: 0 0 .4em; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dt { color: #64748b; font-weight: 600; }
dd { margin: 0; }
section { border-top: 1px solid #e2e8f0; padding: 1.2em 0; break-inside: avoid; }
.transition { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.p { color: #be123c; font-weight: 600; margin-left: .6em; }
.graph { max-width: 100%; height: auto; display: block; margin: .6em 0; }
.buffers span { display: inline-block; border: 1px solid #cbd5e1; border-radius: 1em; padding: 0 .6em; margin: .1em;
                font-size: .9em; }
.buffers span.first { border-color: #d97706; background: #fef3c7; font-weight: 600; }
.buffers span.beta.first { border-color: #0284c7; background: #e0f2fe; }
table { border-collapse: collapse; font-size: .9em; margin-top: .4em; }
th, td { text-align: left; padding: .15em .7em; border-bottom: 1px solid #f1f5f9; }
th { color: #64748b; }
.new { background: #fef9c3; font-weight: 600; }
.alignment { display: flex; flex-wrap: wrap; gap: .3em .2em; }
.alignment span { display: inline-flex; flex-direction: column; align-items: center; padding: 0 .25em; }
.alignment small { color: #64748b; font-size: .75em; }
""".replace("FALLBACK", FALLBACK)


def derivation_html(session: Session, model: SessionModel) -> str:
    """The HTML text of the session's derivation (see the module docstring)."""
    entry = session.entry
    steps = session.steps[:session.position + 1]
    layout = session_layout(session.expected())
    first = steps[0].configuration.node_buffer
    sections = []
    for i, step in enumerate(steps):
        before = steps[i - 1].configuration if i else None
        sections.append(_section(i, step.configuration, before, step.transition, step.probability,
                                 _graph_image(step.configuration, layout, model, f"{entry.id}, step {i}"), first))
    facts = [("entry", entry.id), ("reference", " ".join(entry.tokens or entry.words)),
             ("transitions", str(session.position))]
    if session.mode is Mode.MODEL:
        facts.append(("generator", session.generator.describe()))
    if session.is_terminal():
        facts += [("c_f", session.output() or "undefined"), ("sentence", session.sentence() or "undefined")]
    head = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in facts)
    head += f"<dt>alignment</dt><dd>{_alignment(session)}</dd>"
    title = html.escape(f"Derivation of {entry.id}")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f"<style>{font_face_css()}\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<dl>{head}</dl>\n"
            + "\n".join(sections) + "\n</body>\n</html>\n")


def save_html(session: Session, model: SessionModel, path: str | Path) -> None:
    """Write :func:`derivation_html` to ``path``."""
    Path(path).write_text(derivation_html(session, model), encoding="utf-8")


def _alignment(session: Session) -> str:
    """The reference's words, each with the vertices A_G aligns with it."""
    entry = session.entry
    if not entry.has_reference:
        return "none: this graph has no reference sentence"
    aligned: dict[int, list[str]] = {}
    for v, positions in entry.alignment.items():
        for i in positions:
            aligned.setdefault(i, []).append(str(v))
    return '<div class="alignment">' + "".join(
        f"<span>{html.escape(word)}<small>{html.escape(' '.join(sorted(aligned.get(i, []))) or '·')}</small></span>"
        for i, word in enumerate(entry.words, start=1)) + "</div>"


def _graph_image(c: Configuration, layout, model: SessionModel, title: str) -> str:
    """The graph as an SVG element of the page (so the page's embedded fonts serve it)."""
    scene = QGraphicsScene()
    draw(scene, c, layout, model)
    svg = font_stack(svg_bytes(scene, title).decode("utf-8"))
    svg = svg[svg.index("<svg"):]  # without the XML declaration
    return svg.replace("<svg ", f'<svg class="graph" role="img" aria-label="{html.escape(title)}" ', 1)


def _section(i: int, c: Configuration, before: Configuration | None, transition, probability: float | None,
             image: str, first) -> str:
    name = html.escape(str(transition)) if transition is not None else "c<sub>s</sub>"
    p = f'<span class="p">p = {probability:.4f}</span>' if probability is not None else ""
    buffers = "".join(
        f'<div><b>{label}</b> ' + ("".join(
            f'<span class="{kind}{" first" if j == 0 else ""}">{html.escape(f"{v} {c.graph.label(v)}")}</span>'
            for j, v in enumerate(buffer)) or "ε") + "</div>"
        for label, kind, buffer in (("σ", "sigma", c.node_buffer), ("β", "beta", c.child_buffer)))
    return (f'<section id="step-{i}">\n<h2>{i} · <span class="transition">{name}</span>{p}</h2>\n{image}\n'
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
