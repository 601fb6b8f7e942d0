"""Partial generation and partial yield: worked example 11 (Example
example:partial-generation and Figure fig:partial-generation)."""

import math

import pytest

from amrgen.decoding.partial import generate_partial, score_ts_par
from amrgen.graph import Graph
from amrgen.transitions import (
    TRANSITION_CLASSES, AnnotationFunction, Configuration, InsertBetween, Key, NoInsertion, Realize, Reorder,
    SyntacticAnnotation,
)

A1 = SyntacticAnnotation(pos="VB", tense="present", voice="active")
A2 = SyntacticAnnotation(pos="PRP")


@pytest.fixture
def example():
    graph = Graph({1: "want-01", 2: "he", 3: "go-01", 4: "he"}, [(1, "ARG0", 2), (1, "ARG1", 3), (3, "ARG0", 4)])
    rho = AnnotationFunction({Key.DEL: {1: 0, 2: 0, 3: 0, 4: 1}, Key.LINK: {4: 2}})
    c = Configuration(graph, (), (), rho)
    b = {
        1: [(Realize("wants", A1), 0.75), (NoInsertion(), 0.8), (Reorder(2, 1, 3), 0.01),
            (NoInsertion(), 0.9), (InsertBetween("to", "left"), 0.4)],
        2: [(Realize("he", A2), 0.9), (NoInsertion(), 0.95), (Reorder(2), 1)],
    }
    return c, b


def test_generate_partial_gives_the_right_hand_configuration(example):
    """Worked example 11: generatePartial(c, b1) is the right-hand configuration
    of Figure fig:partial-generation, σ' = β' = ε, ≺' = {(2,1), (1,5), (5,3)}+
    and ρ' as in its boxes (the figure's vertex 5 is the inserted "to")."""
    c, b = example
    result = generate_partial(c, b)
    g = result.graph
    assert result.is_terminal()
    (to,) = [v for v in g.vertices if v not in (1, 2, 3, 4)]
    assert g.labels == {1: "want-01", 2: "he", 3: "go-01", 4: "he", to: "to"}
    assert set(g.edges) == {(1, "ARG0", 2), (1, "ARG1", to), (to, "*", 3), (3, "ARG0", 4)}
    real = result.rho[Key.REAL]
    assert dict(real) == {1: "wants", 2: "he", to: "to"}
    assert result.rho.of_vertex(2) == {Key.DEL: 0, Key.REAL: "he", Key.INS_DONE: 1, Key.POS: "PRP",
                                       Key.DENOM: "--", Key.TENSE: "--", Key.NUMBER: "--", Key.VOICE: "--"}
    assert result.rho.of_vertex(1) == {Key.DEL: 0, Key.REAL: "wants", Key.INS_DONE: 1, Key.POS: "VB",
                                       Key.DENOM: "--", Key.TENSE: "present", Key.NUMBER: "--",
                                       Key.VOICE: "active"}
    assert result.rho.of_vertex(3) == {Key.DEL: 0}
    assert result.rho.of_vertex(to) == {Key.REAL: "to"}
    assert result.rho.of_vertex(4) == {Key.DEL: 1, Key.LINK: 2}
    assert g.order.pairs() == {(2, 1), (1, to), (to, 3), (2, to), (1, 3), (2, 3)}


def test_partial_yield_is_he_wants_to(example):
    """Worked example 11: yield^par of generatePartial(c, b1) is "he wants to"."""
    c, b = example
    result = generate_partial(c, b)
    assert " ".join(result.graph.partial_yield(result.rho[Key.REAL])) == "he wants to"


def test_score_ts_par_sums(example):
    """Worked example 11: with θ_τ = 1, score_TS^par(b(1)) and score_TS^par(b(2))
    are the sums of the logarithms the example states."""
    _, b = example
    theta = {cls.name: 1.0 for cls in TRANSITION_CLASSES}
    assert score_ts_par(b[1], theta) == pytest.approx(
        math.log(0.75) + math.log(0.8) + math.log(0.01) + math.log(0.9) + math.log(0.4))
    assert score_ts_par(b[2], theta) == pytest.approx(math.log(0.9) + math.log(0.95) + math.log(1))


def test_inapplicable_first_transition_is_reported(example):
    c, _ = example
    with pytest.raises(ValueError, match="not applicable"):
        generate_partial(c, {2: [(Reorder(2), 1.0)]})
