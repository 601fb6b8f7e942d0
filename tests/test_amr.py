"""AMR graphs (Section 2.3): worked example 4, inverses, gold parents, PENMAN round trip."""

import penman
import pytest

from amrgen.amr import Amr, AmrFormatError, gold_parent, inverse, is_inverted
from amrgen.graph import Graph
from amrgen.io.alignments import surface_alignments

DEVELOPER = """(v1 / want-01
      :ARG0 (v2 / person
            :ARG0-of (v4 / develop-02))
      :ARG1 (v3 / sleep-01
            :ARG0 v2))"""


def test_example_4_g1_is_not_a_tree():
    """Worked example 4 (Example example:amr): G1 is not a tree, person (2) being the ARG0 of both 1 and 3."""
    g1 = Graph({1: "want-01", 2: "person", 3: "sleep-01", 4: "develop-02"},
               [(1, "ARG0", 2), (1, "ARG1", 3), (3, "ARG0", 2), (2, "ARG0-of", 4)])
    assert g1.is_rooted() and g1.is_acyclic() and g1.root == 1
    assert not g1.is_tree()
    assert set(g1.parents(2)) == {1, 3}


def test_penman_gives_the_graph_as_written():
    amr = Amr.from_penman(DEVELOPER)
    g = amr.graph
    assert g.labels == {"v1": "want-01", "v2": "person", "v3": "sleep-01", "v4": "develop-02"}
    assert set(g.edges) == {("v1", "ARG0", "v2"), ("v1", "ARG1", "v3"), ("v3", "ARG0", "v2"),
                            ("v2", "ARG0-of", "v4")}
    assert g.root == "v1" and not g.is_tree()
    assert amr.paths[(0, 0)] == "v4" and amr.paths[(1, 0)] == "v2"


def test_constants_become_vertices_one_per_occurrence():
    amr = Amr.from_penman('(f / follow-02 :ARG0 (i / i) :polarity - :quant 2 :name (n / name :op1 "Rome"))')
    labels = sorted(amr.graph.label(v) for v in amr.constants)
    assert labels == ['"Rome"', "-", "2"]
    assert all(amr.graph.out_edges(v) == [] for v in amr.constants)


def test_surface_alignment_marks_are_stripped_and_resolvable():
    text = '(w / want-01~e.2 :ARG0~e.1 (p / person~e.1) :polarity -~e.3)'
    amr = Amr.from_penman(text)
    assert amr.graph.label("w") == "want-01" and amr.graph.edges[0][1] == "ARG0"
    (constant,) = amr.constants
    assert amr.graph.label(constant) == "-"
    marks = {(a.token, amr.paths[a.path]) for a in surface_alignments(penman.parse(text)) if not a.is_role}
    assert marks == {(2, "w"), (1, "p"), (3, constant)}


def test_inverse():
    assert inverse("ARG0") == "ARG0-of"
    assert inverse("purpose-of") == "purpose"
    assert inverse("domain") == "domain-of"
    assert inverse("consist-of") == "consist-of-of"
    assert is_inverted("ARG1-of") and not is_inverted("consist-of")
    for role in ["ARG0", "mod", "time-of", "consist-of"]:
        assert inverse(inverse(role)) == role


def test_gold_parent_is_the_parent_closest_to_the_root():
    g = Amr.from_penman(DEVELOPER).graph
    assert gold_parent(g, "v2") == "v1"
    assert gold_parent(g, "v4") == "v2"
    assert gold_parent(g, "v1") is None


def test_round_trip_to_penman():
    amr = Amr.from_penman('(f / follow-02 :ARG0 (i / i) :polarity - :ARG1 (p / person :ARG0-of f2) '
                          ':time (f2 / fly-01 :ARG0 i :name (n / name :op1 "Saint" :op2 "Exupery")))')
    again = Amr.from_penman(amr.to_penman())
    assert again.graph.labels == amr.graph.labels
    assert again.graph.edges == amr.graph.edges
    assert penman.parse(amr.to_penman()) == penman.parse(again.to_penman())


@pytest.mark.parametrize("text", ["(a / b :ARG0 (c / d)", "hello", "(a / b :ARG0 (a / c))"])
def test_malformed_amr_is_refused(text):
    with pytest.raises(AmrFormatError):
        Amr.from_penman(text)


def test_a_reentrancy_that_closes_a_cycle_is_inverted():
    amr = Amr.from_penman("(s / say-01 :ARG0 (c / cell :ARG1-of (h / have-03 :ARG0 s)) :ARG1 (x / x :mod s))")
    g = amr.graph
    assert g.is_acyclic() and g.root == "s"
    assert ("s", "ARG0-of", "h") in g.edges and ("h", "ARG0", "s") not in g.edges
    assert ("s", "mod-of", "x") in g.edges
    assert len(amr.repairs) == 2 and "to break a cycle" in amr.repairs[0]


def test_a_reference_with_an_alignment_mark_is_a_reentrancy():
    amr = Amr.from_penman("(a / and :op1 (b / bind-01 :ARG1 (p / protein)) :op2 (c / cell :mod p~e.4))")
    assert ("c", "mod", "p") in amr.graph.edges and not amr.constants


def test_the_unit_of_a_quantity_and_its_number():
    from amrgen.amr import quantity_of_unit, unit_number

    amr = Amr.from_penman("(a / and :op1 (m / monetary-quantity :quant 20 :unit (d / dollar)) "
                          ":op2 (t / temporal-quantity :quant 1 :unit (y / year)) "
                          ":op3 (l / distance-quantity :quant (b / about :op1 5) :unit (k / kilometer)) "
                          ":op4 (p / person :unit (u / unit)))")
    g = amr.graph
    assert [quantity_of_unit(g, v) for v in ("d", "y", "k", "u", "m")] == ["m", "t", "l", None, None]
    assert [unit_number(g, v) for v in ("d", "y", "k", "u")] == ["plural", "singular", None, None]
