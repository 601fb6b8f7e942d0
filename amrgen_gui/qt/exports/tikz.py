"""A configuration's graph as LaTeX/TikZ in the thesis's own drawing style (its Figures of G_1,
G_2 and G_3, Section 4.3.3), for papers and slides: each vertex an ellipse inscribed
``$v_1$\\,:\\,want-01`` (an inserted vertex ``$\\tilde{v}_1$``), each edge a ``-latex`` arrow
with its label on white (``$\\star$`` for the placeholder), at the places the window lays them
out. A copy or an inserted vertex is dashed and a deleted one dotted, as the window draws them;
σ1 and β1 are drawn thicker, and a realization, where the configuration has one, stands in
italics under the label.

:func:`tikz_document` is a LaTeX document of the picture alone (``pdflatex`` compiles it with the
tikz package); the ``tikzpicture`` in it is what a paper ``\\input``s, with ``\\usetikzlibrary{shapes}``
(for the ellipses) as the thesis has it."""

from __future__ import annotations

import re

from amrgen.graph import Vertex
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, InsertedVertex
from amrgen.transitions.transitions import PLACEHOLDER
from amrgen_gui.qt.views.layout import GraphLayout, hidden_vertices, shown_edges

CM_PER_UNIT = 1 / 40
"""Scene units (the window's pixels at scale 1) to centimetres: the window's 14-pixel labels are
narrower than the thesis's 10-point ones, so its places are spread a little."""

STYLES = r"""\tikzstyle{amr-node}=[shape=ellipse, draw, inner sep=0.2, minimum height=0.8cm, text height=1.5ex, text depth=.25ex, align=center]
\tikzstyle{amr-realized}=[shape=ellipse, draw, inner sep=0.2, minimum height=0.8cm, align=center]
\tikzstyle{amr-edge}=[-latex]
\tikzstyle{amr-label}=[fill=white, font=\small]"""

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "%": r"\%",
            "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", '"': "''", "<": r"\textless{}",
            ">": r"\textgreater{}", "|": r"\textbar{}"}
_NUMBERED = re.compile(r"([A-Za-z]+)(\d+)")


def escaped(text: str) -> str:
    """Text as LaTeX typesets it literally."""
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def vertex_name(v: Vertex) -> str:
    """v as the thesis writes it: ``$v_{1}$``, ``$\\tilde{v}_{2}$``, ``$x_{3}$`` for a variable x3; any other
    name as text."""
    if isinstance(v, InsertedVertex):
        return rf"$\tilde{{v}}_{{{v.index}}}$"
    match = _NUMBERED.fullmatch(str(v))
    return rf"${match.group(1)}_{{{match.group(2)}}}$" if match else escaped(str(v))


def _node_id(v: Vertex) -> str:
    return "n-" + re.sub(r"[^A-Za-z0-9]", lambda m: f"x{ord(m.group()):x}", str(v))


def configuration_tikz(c: Configuration, layout: GraphLayout) -> str:
    """The ``tikzpicture`` of c's graph (see the module docstring)."""
    rho, graph = c.rho, c.graph
    hidden = hidden_vertices(graph, set())
    lines = [r"\begin{tikzpicture}", STYLES]
    for v in graph.vertices:
        if v in hidden:
            continue
        centre = layout.nodes[v].center()
        realized = rho.defined(Key.REAL, v) and rho.get(Key.DEL, v) != 1
        style = ["amr-realized" if realized else "amr-node"]
        if rho.get(Key.DEL, v) == 1:
            style.append("dotted")
        elif isinstance(v, InsertedVertex) or rho.defined(Key.LINK, v):
            style.append("dashed")
        if v in (c.sigma1, c.beta1):
            style.append("very thick")
        text = rf"{vertex_name(v)}\,:\,{escaped(str(graph.label(v)))}"
        if realized:  # a second line: amr-node's fixed text height is for one
            text += r" \\ \textit{" + (escaped(rho.get(Key.REAL, v)) or r"$\varepsilon$") + "}"
        lines.append(rf"    \node[{', '.join(style)}] ({_node_id(v)}) at ({centre.x() * CM_PER_UNIT:.2f}, "
                     rf"{-centre.y() * CM_PER_UNIT:.2f}) {{{text}}};")
    for source, label, target in shown_edges(graph, hidden):
        text = r"$\star$" if label == PLACEHOLDER else escaped(label)
        lines.append(rf"    \path[amr-edge] ({_node_id(source)}) edge node[amr-label] {{{text}}} ({_node_id(target)});")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines) + "\n"


def tikz_document(c: Configuration, layout: GraphLayout, title: str = "") -> str:
    """A LaTeX document of the picture alone, one page (``pdflatex`` with tikz compiles it)."""
    comment = f"% {title}\n" if title else ""
    return (f"{comment}% Drawn by amrgen-gui in the style of the thesis's figures; the tikzpicture is what a paper inputs.\n"
            "\\documentclass{article}\n\\usepackage{tikz}\n\\usetikzlibrary{shapes}\n\\pagestyle{empty}\n"
            "\\begin{document}\n\\noindent\n" + configuration_tikz(c, layout) + "\\end{document}\n")
