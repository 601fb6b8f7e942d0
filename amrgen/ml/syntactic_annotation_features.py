"""The rows of Table tab:syntactic-annotation-features (thesis 4.3.2): indicators of the
graph around a vertex (its concept, lemma, edges, children, parents, name, height, depth,
arguments) and of the graph as a whole, registered in :data:`SYNTACTIC_ANNOTATION_ROWS`."""

from __future__ import annotations

import re

from amrgen.graph import Vertex
from amrgen.ml.context import FeatureContext
from amrgen.ml.indicator_rows import Rows, registrar
from amrgen.prep.normalize import entity_name
from amrgen.transitions.annotations import Key
from amrgen.transitions.constraints import is_propbank_frameset

ARG_RANGE = range(1, 6)
"""The i of ArgFlags, ArgLinkFlags and ArgOfFlags: 1 ≤ i ≤ 5, as the table says."""
ARG_LABEL = re.compile(r"ARG(\d+)")
"""An ARGi edge label (group 1: i)."""
_OP = re.compile(r"op(\d+)")
_SENSE = re.compile(r"-\d+$")

SYNTACTIC_ANNOTATION_ROWS: Rows = {}
_indicator = registrar(SYNTACTIC_ANNOTATION_ROWS)


@_indicator("Concept")
def _concept(x: FeatureContext, v: Vertex) -> str:
    """L(v)."""
    return x.label(v)


@_indicator("Concept", "set")
def _concept_in(x: FeatureContext, v: Vertex, labels: tuple[str, ...]) -> bool:
    """Concept_S(v): whether L(v) ∈ S."""
    return x.label(v) in labels


def _lemma_of(label: str) -> str:
    """L(v) with its PropBank sense tag removed: ``want-01`` ↦ ``want``."""
    return _SENSE.sub("", label) if is_propbank_frameset(label) else label


@_indicator("Lemma")
def _lemma(x: FeatureContext, v: Vertex) -> str:
    return _lemma_of(x.label(v))


@_indicator("WordNetPos")
def _wordnet_pos(x: FeatureContext, v: Vertex) -> str | None:
    """The most likely POS of Lemma(v) by WordNet's use counts."""
    lexicon = x.resources.lexicon
    return None if lexicon is None else lexicon.best_pos(_lemma_of(x.label(v)))


@_indicator("Pos", stateful=True)
def _pos(x: FeatureContext, v: Vertex) -> str | None:
    """The POS tag assigned to v, if already determined."""
    return x.rho(Key.POS, v)


@_indicator("Number", stateful=True)
def _number(x: FeatureContext, v: Vertex) -> str | None:
    """The number assigned to v, if already determined."""
    return x.rho(Key.NUMBER, v)


@_indicator("InLabel")
def _in_label(x: FeatureContext, v: Vertex) -> str:
    return x.in_label(v)


@_indicator("InLabelInv")
def _in_label_inverse(x: FeatureContext, v: Vertex) -> bool:
    """Whether InLabel(v) ends with -of."""
    return x.in_label(v).endswith("-of")


@_indicator("InLabelArg")
def _in_label_arg(x: FeatureContext, v: Vertex) -> bool:
    """Whether InLabel(v) starts with ARG."""
    return x.in_label(v).startswith("ARG")


@_indicator("HasChild", "one")
def _has_child(x: FeatureContext, v: Vertex, label: tuple[str]) -> bool:
    """HasChild_l(v): whether some child of v has the label l."""
    return any(x.label(c) == label[0] for c in x.graph.children(v))


@_indicator("HasDescendant", "one")
def _has_descendant(x: FeatureContext, v: Vertex, label: tuple[str]) -> bool:
    """Whether some vertex below v has the label l (HasDescendant[amr-unknown]: v's phrase asks)."""
    return any(x.label(u) == label[0] for u in x.graph.successors(v))


@_indicator("HasEdge", "one")
def _has_edge(x: FeatureContext, v: Vertex, label: tuple[str]) -> bool:
    """HasEdge_l(v): whether an edge labeled l leaves v."""
    return any(edge_label == label[0] for _, edge_label, _ in x.graph.out_edges(v))


@_indicator("OutSize")
def _out_size(x: FeatureContext, v: Vertex) -> int:
    """|ch_G(v)|."""
    return len(x.graph.children(v))


@_indicator("OutEmpty")
def _out_empty(x: FeatureContext, v: Vertex) -> bool:
    return not x.graph.children(v)


@_indicator("OutLabels")
def _out_labels(x: FeatureContext, v: Vertex) -> set[str]:
    return {label for _, label, _ in x.graph.out_edges(v)}


@_indicator("InLabels")
def _in_labels(x: FeatureContext, v: Vertex) -> set[str]:
    return {label for _, label, _ in x.graph.in_edges(v)}


@_indicator("OutLabelsPos")
def _out_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l, pôs(L(v'))) | (v, l, v') ∈ E}."""
    return {(label, x.empirical_pos(c)) for _, label, c in x.graph.out_edges(v)}


@_indicator("InLabelsPos")
def _in_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l, pôs(L(v'))) | (v', l, v) ∈ E}."""
    return {(label, x.empirical_pos(p)) for p, label, _ in x.graph.in_edges(v)}


@_indicator("Children")
def _children(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.label(c) for c in x.graph.children(v)}


@_indicator("Parents")
def _parents(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.label(p) for p in x.graph.parents(v)}


@_indicator("OutLabelsChildren")
def _out_labels_children(x: FeatureContext, v: Vertex) -> set[tuple[str, str]]:
    """{(l_r, L(v')) | (v, l_r, v') ∈ E}."""
    return {(label, x.label(c)) for _, label, c in x.graph.out_edges(v)}


@_indicator("NonLinkChildren")
def _non_link_children(x: FeatureContext, v: Vertex) -> set[str]:
    """{L(v') | v' ∈ ch_G(v), v = pâ_G(v')}."""
    return {x.label(c) for c in x.graph.children(v) if x.gold_parent(c) == v}


@_indicator("ChildrenPos")
def _children_pos(x: FeatureContext, v: Vertex) -> set[str]:
    return {x.empirical_pos(c) for c in x.graph.children(v)}


@_indicator("Name")
def _name(x: FeatureContext, v: Vertex) -> str | None:
    """The name of v if name ∈ OutLabels(v): the collapsed name
    (:mod:`amrgen.prep.normalize`), else the name vertex's :opN strings."""
    names = [c for _, label, c in x.graph.out_edges(v) if label == "name"]
    if not names:
        return None
    collapsed = entity_name(x.graph, v)
    if collapsed is not None:
        return collapsed
    ops = sorted((int(m[1]), x.label(c).strip('"')) for _, label, c in x.graph.out_edges(names[0])
                 if (m := _OP.fullmatch(label)))
    return " ".join(part for _, part in ops) or x.label(names[0])


def _mod_children(x: FeatureContext, v: Vertex) -> list[Vertex]:
    return [c for _, label, c in x.graph.out_edges(v) if label == "mod"]


@_indicator("Mod")
def _mod(x: FeatureContext, v: Vertex) -> set[str]:
    """{L(v') | (v, mod, v') ∈ E}."""
    return {x.label(c) for c in _mod_children(x, v)}


@_indicator("ModPos")
def _mod_pos(x: FeatureContext, v: Vertex) -> set[str]:
    """{pôs(L(v')) | (v, mod, v') ∈ E}."""
    return {x.empirical_pos(c) for c in _mod_children(x, v)}


@_indicator("Height")
def _height(x: FeatureContext, v: Vertex) -> int | None:
    """The height of G|v if G|v is a tree (every vertex below v has exactly one incoming edge within G|v)."""
    g = x.graph
    below = g.successors(v)
    members = {v, *below}
    if any(sum(p in members for p, _, _ in g.in_edges(u)) != 1 for u in below):
        return None
    height, level = 0, g.children(v)
    while level:
        height += 1
        level = [c for u in level for c in g.children(u)]
    return height


@_indicator("Depth")
def _depth(x: FeatureContext, v: Vertex) -> int:
    """The length of the shortest path from root(G) to v."""
    return x.depth(v)


@_indicator("NrOfArgs")
def _nr_of_args(x: FeatureContext, v: Vertex) -> int:
    """|{(v, ARGi, v') ∈ E | i ∈ ℕ}|."""
    return sum(bool(ARG_LABEL.fullmatch(label)) for _, label, _ in x.graph.out_edges(v))


@_indicator("ArgFlags")
def _arg_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi, whether v has an outgoing ARGi edge) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, _ in x.graph.out_edges(v)}
    return {(f"ARG{i}", f"ARG{i}" in labels) for i in ARG_RANGE}


@_indicator("ArgLinkFlags")
def _arg_link_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi, whether v has an edge (v, ARGi, v') with v = pâ_G(v')) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, c in x.graph.out_edges(v) if x.gold_parent(c) == v}
    return {(f"ARG{i}", f"ARG{i}" in labels) for i in ARG_RANGE}


@_indicator("ArgOfFlags")
def _arg_of_flags(x: FeatureContext, v: Vertex) -> set[tuple[str, bool]]:
    """{(ARGi-of, whether v has an incoming ARGi-of edge) | 1 ≤ i ≤ 5}."""
    labels = {label for _, label, _ in x.graph.in_edges(v)}
    return {(f"ARG{i}-of", f"ARG{i}-of" in labels) for i in ARG_RANGE}


@_indicator("AllEdgeLabels", on_vertex=False)
def _all_edge_labels(x: FeatureContext) -> set[str]:
    """{l | (v1, l, v2) ∈ E}."""
    return {label for _, label, _ in x.graph.edges}


@_indicator("AllCombinedLabels", on_vertex=False)
def _all_combined_labels(x: FeatureContext) -> set[tuple[str, str]]:
    """{(l_r, L(v2)) | (v1, l_r, v2) ∈ E}."""
    return {(label, x.label(target)) for _, label, target in x.graph.edges}
