"""Laying out the graphs of a session with Graphviz ``dot`` (through pygraphviz).

The graph changes at every step, but a vertex should not jump around while
the user steps.  So one layout covers the *union* of every graph the view
expects to show: the vertices and edges of all of them, each vertex as large
as its largest drawing.  Edges of the first graph and edges to or from
inserted vertices rank the layout; edges that only appear when a transition
rewires existing vertices (Merge, Swap) are routed without moving anything
(``constraint=false``).  A graph with a vertex or edge the layout lacks
needs a new layout: only then does anything move.

Collapsed vertices (a set the view keeps) hide what is below them: their
successors are left out of the layout, so a collapsed subtree gives its
room to the rest.

Graphviz runs as the ``dot`` program, not in the process: pygraphviz's
in-process layout holds Python's interpreter lock for its whole run (a
quarter of a second for a 150-vertex graph), which would stall the window
even while a worker thread lays out.

Coordinates are scene units (points, y growing downwards).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygraphviz
from PySide6.QtCore import QPointF, QRectF, QSizeF
from PySide6.QtGui import QPainterPath

from amrgen.graph import Edge, Graph, Vertex
from amrgen.transitions.configuration import InsertedVertex

POINTS_PER_INCH = 72.0
EDGE_LABEL_FONT = ("Helvetica", 9)


@dataclass(frozen=True)
class EdgeRoute:
    """A drawn edge: the spline, where its arrow ends, and where its label sits."""

    path: QPainterPath
    tip: QPointF
    tail: QPointF
    """The point the arrowhead points away from."""
    label: QPointF


@dataclass
class GraphLayout:
    """Where every vertex and edge of a family of graphs goes."""

    nodes: dict[Vertex, QRectF]
    edges: dict[Edge, EdgeRoute]
    bounds: QRectF

    def covers(self, graph: Graph, collapsed: Iterable[Vertex] = ()) -> bool:
        """Whether every vertex and edge of ``graph`` that ``collapsed`` leaves shown has a place here."""
        hidden = hidden_vertices(graph, collapsed)
        return (all(v in self.nodes for v in graph.vertices if v not in hidden)
                and all(e in self.edges for e in shown_edges(graph, hidden)))


def hidden_vertices(graph: Graph, collapsed: Iterable[Vertex]) -> set[Vertex]:
    """What collapsing ``collapsed`` hides in ``graph``: everything below them."""
    return {u for v in collapsed if v in graph for u in graph.successors(v)}


def shown_edges(graph: Graph, hidden: set[Vertex]) -> list[Edge]:
    """The edges of ``graph`` between vertices not ``hidden``."""
    return [e for e in graph.edges if e[0] not in hidden and e[2] not in hidden]


def layout_union(graphs: Iterable[Graph], size: Callable[[Vertex], QSizeF],
                 collapsed: Iterable[Vertex] = ()) -> GraphLayout:
    """One ``dot`` layout of the union of ``graphs`` (the first one ranks it, see the
    module docstring) without what ``collapsed`` hides; ``size(v)`` is the room vertex v needs."""
    graphs = list(graphs)
    vertices: dict[Vertex, None] = {}
    edges: dict[Edge, bool] = {}  # edge -> whether it ranks the layout
    first = set(graphs[0].edges) if graphs else set()
    collapsed = set(collapsed)
    for g in graphs:
        hidden = hidden_vertices(g, collapsed)
        vertices.update(dict.fromkeys(v for v in g.vertices if v not in hidden))
        for edge in shown_edges(g, hidden):
            source, _, target = edge
            ranks = edge in first or isinstance(source, InsertedVertex) or isinstance(target, InsertedVertex)
            edges[edge] = edges.get(edge, False) or ranks
    names = {v: f"n{i}" for i, v in enumerate(vertices)}

    dot = pygraphviz.AGraph(directed=True, strict=False)
    dot.graph_attr.update(ordering="out", nodesep="0.3", ranksep="0.32", splines="spline")
    dot.node_attr.update(shape="ellipse", fixedsize="true", label="")
    dot.edge_attr.update(fontname=EDGE_LABEL_FONT[0], fontsize=str(EDGE_LABEL_FONT[1]), arrowsize="0.7")
    for v, name in names.items():
        room = size(v)
        dot.add_node(name, width=room.width() / POINTS_PER_INCH, height=room.height() / POINTS_PER_INCH)
    for (source, label, target), ranks in edges.items():
        dot.add_edge(names[source], names[target], key=label, label=label,
                     constraint="true" if ranks else "false")
    dot = laid_out(dot)

    height = float(dot.graph_attr["bb"].split(",")[3])

    def point(text: str) -> QPointF:
        x, y = text.split(",")[:2]
        return QPointF(float(x), height - float(y))

    nodes = {}
    for v, name in names.items():
        node = dot.get_node(name)
        centre = point(node.attr["pos"])
        w, h = float(node.attr["width"]) * POINTS_PER_INCH, float(node.attr["height"]) * POINTS_PER_INCH
        nodes[v] = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    routes = {}
    for edge in edges:
        source, label, target = edge
        drawn = dot.get_edge(names[source], names[target], key=label)
        routes[edge] = _route(drawn.attr["pos"], drawn.attr["lp"], point)
    bounds = QRectF()
    for rect in nodes.values():
        bounds = bounds.united(rect)
    return GraphLayout(nodes, routes, bounds)


def laid_out(dot: pygraphviz.AGraph) -> pygraphviz.AGraph:
    """``dot`` with Graphviz's positions (``pos``, ``lp``, ``bb``), from the ``dot`` program."""
    try:
        done = subprocess.run(["dot", "-Tdot"], input=dot.string(), capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        raise RuntimeError(f"Graphviz's dot could not lay the graph out: {detail.strip()}") from error
    return pygraphviz.AGraph(string=done.stdout)


def _route(spline: str, label: str, point: Callable[[str], QPointF]) -> EdgeRoute:
    """An edge from Graphviz's ``pos`` (``e,x,y`` then B-spline control points) and ``lp``."""
    parts = spline.split()
    tip = None
    controls = []
    for part in parts:
        if part.startswith("e,"):
            tip = point(part[2:])
        elif not part.startswith("s,"):
            controls.append(point(part))
    path = QPainterPath(controls[0])
    for i in range(1, len(controls) - 2, 3):
        path.cubicTo(controls[i], controls[i + 1], controls[i + 2])
    end = controls[-1]
    return EdgeRoute(path, tip if tip is not None else end, controls[-2] if tip is None else end, point(label))
