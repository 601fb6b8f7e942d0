"""The rows of Table tab:transition-features (thesis 4.3.3): indicators of the transition
system's state (ρ, the words Realize chose, the sides of the event, the Merge table),
registered in :data:`TRANSITION_ROWS`."""

from __future__ import annotations

from typing import Any

from amrgen.graph import Vertex
from amrgen.ml.context import FeatureContext
from amrgen.ml.indicator_rows import Rows, registrar
from amrgen.ml.syntactic_annotation_features import ARG_LABEL
from amrgen.transitions.annotations import Key

MOOD_INDICATORS = ("imperative", "interrogative", "expressive")
"""The grammatical mood indicators among the AMR concepts (2.3), for ComplexPos."""

TRANSITION_ROWS: Rows = {}
_indicator = registrar(TRANSITION_ROWS)


@_indicator("Rho", "key", stateful=True)
def _rho(x: FeatureContext, v: Vertex, key: tuple[str]) -> Any:
    """Rho_k(v) = ρ(k)(v)."""
    return x.rho(Key(key[0]), v)


@_indicator("RealizationLemma", stateful=True)
def _realization_lemma(x: FeatureContext, v: Vertex) -> str | None:
    """The base form of ρ(REAL)(v), word by word, guided by ρ(POS)(v)."""
    realization, lexicon = x.rho(Key.REAL, v), x.resources.lexicon
    if realization is None or lexicon is None:
        return None
    pos = x.rho(Key.POS, v)
    return " ".join(lexicon.base_form(word, pos) for word in realization.split())


@_indicator("RelativePosition", stateful=True, reads_order=True)
def _relative_position(x: FeatureContext, v: Vertex) -> str | None:
    """``left`` if v ≺ p_v, ``right`` if p_v ≺ v, each when ρ(DEL)(p_v) = 0;
    ``del`` otherwise; NONE without p_v."""
    p = x.parent(v)
    if p is None:
        return None
    side = x.side(v)
    return side if side is not None and x.rho(Key.DEL, p) == 0 else "del"


@_indicator("OutLabels", "set")
def _out_labels_within(x: FeatureContext, v: Vertex, labels: tuple[str, ...]) -> bool:
    """OutLabels_S(v): whether OutLabels(v) ⊆ S."""
    return all(label in labels for _, label, _ in x.graph.out_edges(v))


def _same_side_edges(x: FeatureContext, v: Vertex) -> list[tuple[str, Vertex]] | None:
    """The edges (p_v, l, v') with v' on v's side of p_v; None without p_v or v's side."""
    p, side = x.parent(v), x.side(v)
    if p is None or side is None:
        return None
    return [(label, c) for _, label, c in x.graph.out_edges(p) if x.side(c) == side]


@_indicator("SameSideSize", stateful=True, reads_order=True)
def _same_side_size(x: FeatureContext, v: Vertex) -> int | None:
    """|{v' | p_v = p_v', v' on the same side of p_v as v}|."""
    edges = _same_side_edges(x, v)
    return None if edges is None else len({c for _, c in edges})


@_indicator("SameSideLabels", stateful=True, reads_order=True)
def _same_side_labels(x: FeatureContext, v: Vertex) -> set[str] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {label for label, _ in edges}


@_indicator("SameSideLabelsPos", stateful=True, reads_order=True)
def _same_side_labels_pos(x: FeatureContext, v: Vertex) -> set[tuple[str, str]] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {(label, x.empirical_pos(c)) for label, c in edges}


@_indicator("SameSidePos", stateful=True, reads_order=True)
def _same_side_pos(x: FeatureContext, v: Vertex) -> set[str] | None:
    edges = _same_side_edges(x, v)
    return None if edges is None else {x.empirical_pos(c) for _, c in edges}


@_indicator("Mergeable")
def _mergeable(x: FeatureContext, v: Vertex) -> bool | None:
    """Whether training merged a vertex with v's concept into a parent with p_v's concept: (L(p_v), L(v)) ∈ L_M."""
    p, table = x.parent(v), x.resources.merge_table
    if p is None or table is None:
        return None
    return (x.label(p), x.label(v)) in table


@_indicator("ComplexPos", stateful=True)
def _complex_pos(x: FeatureContext, v: Vertex) -> Any:
    """ρ(POS)(v); for nouns (NN, ρ(NUMBER)(v)); for verbs (VB, ρ(TENSE)(v),
    ρ(VOICE)(v), the mood indicators among v's children, ρ(NUMBER) of v's
    first ARGi child, taking the lowest i)."""
    pos = x.rho(Key.POS, v)
    if pos == "NN":
        return (pos, x.rho(Key.NUMBER, v))
    if pos != "VB":
        return pos
    children = {x.label(c) for c in x.graph.children(v)}
    moods = "+".join(mood for mood in MOOD_INDICATORS if mood in children) or "none"
    args = [(int(m[1]), c) for _, label, c in x.graph.out_edges(v) if (m := ARG_LABEL.fullmatch(label))]
    first = min(args, key=lambda arg: arg[0])[1] if args else None
    return (pos, x.rho(Key.TENSE, v), x.rho(Key.VOICE, v), moods, None if first is None else x.rho(Key.NUMBER, first))
