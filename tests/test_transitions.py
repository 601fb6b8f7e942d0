"""The ten transition classes (Section 4.2): the figures of worked example 10,
each Domain, str() notation, and the whole sequence of Example example:training."""

import pytest

from amrgen.amr import Amr
from amrgen.graph import Graph
from amrgen.transitions import (
    AnnotationFunction, Configuration, Delete, DeleteReentrance, InsertBetween, InsertChild, InsertedVertex, Keep,
    Key, Merge, NoInsertion, NotApplicableError, Realize, Reorder, Swap, SyntacticAnnotation, finalize, initial,
)

NN = SyntacticAnnotation(pos="NN", denom="the", number="singular")


def config(graph: Graph, sigma, rho=None, beta=()) -> Configuration:
    return Configuration(graph, tuple(sigma), tuple(beta), AnnotationFunction(rho or {}))


def test_figure_delete_reentrance_country():
    """Worked example 10, Figure fig:delete-reentrance: Delete-Reentrance-(v2,ARG0)
    at country gives the right-hand graph, the copy σ̃: country under v2."""
    g = Graph({"v1": "increase-01", "v2": "consume-01", "v3": "country", "v4": "rich"},
              [("v1", "ARG0", "v3"), ("v1", "ARG1", "v2"), ("v2", "ARG0", "v3"), ("v3", "mod", "v4")])
    c = config(g, ["v3", "v2", "v1"])
    t = DeleteReentrance("v2", "ARG0")
    assert str(t) == "Delete-Reentrance-(v2,ARG0)"
    after = t(c)
    copy = InsertedVertex(1)
    assert after.graph.labels == {"v1": "increase-01", "v2": "consume-01", "v3": "country", "v4": "rich",
                                  copy: "country"}
    assert set(after.graph.edges) == {("v1", "ARG0", "v3"), ("v1", "ARG1", "v2"), ("v2", "ARG0", copy),
                                      ("v3", "mod", "v4")}
    assert after.node_buffer == ("v3", copy, "v2", "v1")
    assert after.rho.get(Key.LINK, copy) == "v3"
    assert not t.applicable(after)  # v3 now has a single incoming edge
    assert not DeleteReentrance("v1", "ARG1").applicable(c)  # no such edge into σ1


def test_figure_merge_earlier():
    """Worked example 10, Figure fig:merge: Merge-(earlier,JJ) at more gives the
    right-hand graph, early and more one vertex labeled earlier."""
    g = Graph({"m": "melt-01", "s": "sheet", "i": "ice", "e": "early", "o": "more"},
              [("m", "ARG1", "s"), ("m", "time", "e"), ("e", "degree", "o"), ("s", "consist-of", "i")])
    t = Merge("earlier", "JJ")
    assert str(t) == "Merge-(earlier,JJ)"
    after = t(config(g, ["o", "e", "m"]))
    assert after.graph.labels == {"m": "melt-01", "s": "sheet", "i": "ice", "e": "earlier"}
    assert set(after.graph.edges) == {("m", "ARG1", "s"), ("m", "time", "e"), ("s", "consist-of", "i")}
    assert after.graph.order.pairs() == set()
    assert after.node_buffer == ("e", "m")
    assert after.rho.get(Key.POS, "e") == "JJ" and after.rho.get(Key.INIT_CONCEPT, "e") == "early"


def test_merge_moves_children_to_the_parent():
    g = Graph({"p": "thing", "c": "achieve-01", "x": "he"}, [("p", "ARG1-of", "c"), ("c", "ARG0", "x")])
    after = Merge("achievement", "NN")(config(g, ["c", "p"]))
    assert set(after.graph.edges) == {("p", "ARG0", "x")}


def swap_graph() -> Graph:
    return Graph({"v1": "possible", "v2": "make-05", "v3": '"Hallmark"', "v4": "fortune"},
                 [("v1", "domain", "v2"), ("v2", "ARG0", "v3"), ("v2", "ARG1", "v4")])


def test_figure_swap_make():
    """Worked example 10, Figure fig:swap: Swap at make-05 gives the right-hand
    graph, make-05 the root and domain turned into domain-of."""
    after = Swap()(config(swap_graph(), ["v2", "v1"]))
    g = after.graph
    assert g.root == "v2"
    assert g.labels == swap_graph().labels
    assert set(g.edges) == {("v2", "domain-of", "v1"), ("v2", "ARG0", "v3"), ("v2", "ARG1", "v4")}
    assert after.node_buffer == ("v1", "v2")
    assert after.rho.get(Key.SWAPS, "v2") == 1 and after.rho.get(Key.SWAPS, "v1") == -1
    assert str(Swap()) == "Swap"


def test_swap_reconnects_the_parents_of_the_parent():
    g = swap_graph()
    g.add_vertex("r", "say-01")
    g.add_edge("r", "ARG1", "v1")
    after = Swap()(config(g, ["v2", "v1", "r"]))
    assert ("r", "ARG1", "v2") in after.graph.edges and ("r", "ARG1", "v1") not in after.graph.edges
    assert after.node_buffer == ("v1", "v2", "r")


def test_figure_delete_mass_quantity():
    """Worked example 10, Figure fig:delete: Delete at mass-quantity leaves the
    graph as it is (the figure's edges: ARG3, mod 1.1, poss kilogram) and marks
    the vertex deleted (the dotted border: DEL = 1, REAL = ε)."""
    labels = {"w": "weigh-01", "m": "mass-quantity", "n": "1.1", "k": "kilogram"}
    edges = {("w", "ARG3", "m"), ("m", "mod", "n"), ("m", "poss", "k")}
    c = config(Graph(labels, sorted(edges)), ["m", "w"])
    after = Delete()(c)
    assert after.graph.labels == labels and set(after.graph.edges) == edges
    assert after.graph.order.pairs() == set()
    assert after.rho.get(Key.DEL, "m") == 1 and after.rho.get(Key.REAL, "m") == ""
    assert after.node_buffer == c.node_buffer
    assert not Delete().applicable(after) and not Keep().applicable(after)


def test_figure_insert_child_do():
    """Worked example 10, Figure fig:insert-child: Insert-Child-(do,left) at
    follow-02 gives the right-hand graph, do a ⋆-child left of follow-02."""
    g = Graph({"f": "follow-02", "i": "I", "n": "-"}, [("f", "ARG0", "i"), ("f", "polarity", "n")])
    rho = {Key.DEL: {"f": 0}, Key.REAL: {"f": "follow"}}
    t = InsertChild("do", "left")
    assert str(t) == "Insert-Child-(do,left)"
    after = t(config(g, ["f"], rho))
    do = InsertedVertex(1)
    assert after.graph.labels == {"f": "follow-02", "i": "I", "n": "-", do: "do"}
    assert set(after.graph.edges) == {("f", "ARG0", "i"), ("f", "polarity", "n"), ("f", "*", do)}
    assert after.graph.order.pairs() == {(do, "f")}
    assert after.node_buffer == (do, "f")
    assert after.rho.get(Key.DEL, do) == 0 and after.rho.get(Key.INS_DONE, do) == 1
    assert not InsertChild("do", "left").applicable(config(g, ["f"], {Key.DEL: {"f": 0}}))  # not realized yet


def test_figure_insert_between_of():
    """Worked example 10, Figure fig:insert-between: Insert-Between-(of,left) at
    exploit-01 and resource gives the right-hand graph, of between them."""
    g = Graph({"e": "exploit-01", "r": "resource", "n": "nation", "w": "world"},
              [("e", "ARG1", "r"), ("r", "mod", "n"), ("r", "poss", "w")])
    c = config(g, ["e"], {Key.DEL: {"e": 0}}, beta=["r"])
    t = InsertBetween("of", "left")
    assert str(t) == "Insert-Between-(of,left)"
    after = t(c)
    of = InsertedVertex(1)
    assert set(after.graph.edges) == {("e", "ARG1", of), (of, "*", "r"), ("r", "mod", "n"), ("r", "poss", "w")}
    assert after.graph.labels == {"e": "exploit-01", "r": "resource", "n": "nation", "w": "world", of: "of"}
    assert after.rho.get(Key.REAL, of) == "of"
    assert after.graph.order.pairs() == {(of, "r")}
    assert after.is_terminal()


def test_insert_between_takes_the_place_of_beta1_in_the_order():
    g = Graph({1: "a", 2: "b", 3: "c"}, [(1, "ARG0", 2), (1, "ARG1", 3)], [(2, 1), (1, 3)])
    c = config(g, [1], {Key.DEL: {1: 0}}, beta=[3])
    after = InsertBetween("x", "right")(c)
    new = InsertedVertex(1)
    assert after.graph.order.precedes(1, new) and after.graph.order.precedes(3, new)
    assert after.graph.family(1) == [2, 1, new]


def test_no_insertion_both_forms():
    g = Graph({1: "a", 2: "b"}, [(1, "ARG0", 2)])
    c = config(g, [1], {Key.DEL: {1: 0}, Key.REAL: {1: "a"}})
    after = NoInsertion()(c)
    assert after.rho.get(Key.INS_DONE, 1) == 1 and after.node_buffer == (1,)
    assert not NoInsertion().applicable(after)
    with_child = config(g, [1], {Key.DEL: {1: 0}}, beta=[2])
    assert NoInsertion()(with_child).is_terminal()


def test_reorder_domain_and_mapping():
    g = Graph({1: "a", 2: "b", 3: "c"}, [(1, "ARG0", 2), (1, "ARG1", 3)])
    ready = {Key.DEL: {1: 0}, Key.REAL: {1: "a"}, Key.INS_DONE: {1: 1}}
    c = config(g, [1], ready)
    assert not Reorder(2, 1).applicable(c)  # not the whole family
    assert not Reorder(2, 1, 3).applicable(config(g, [1], {Key.DEL: {1: 0}}))  # not realized
    after = Reorder(2, 1, 3)(c)
    assert str(Reorder(2, 1, 3)) == "Reorder-(2,1,3)"
    assert after.child_buffer == (2, 3) and after.node_buffer == (1,)
    assert after.graph.family(1) == [2, 1, 3]
    cyclic = Graph(g.labels, g.edges, [(3, 2)])
    assert not Reorder(2, 1, 3).applicable(config(cyclic, [1], ready))  # (≺ ∪ chain)+ not strict
    leaf = config(Graph({1: "a"}), [1], {Key.DEL: {1: 1}, Key.REAL: {1: ""}})
    assert Reorder(1)(leaf).is_terminal()


def test_realize_domain():
    g = Graph({1: "boy"})
    c = config(g, [1], {Key.DEL: {1: 0}, Key.POS: {1: "NN"}})
    assert Realize("boy", NN).applicable(c)
    assert not Realize("boyish", SyntacticAnnotation(pos="JJ")).applicable(c)  # POS already fixed to NN
    assert not Realize("boy", NN).applicable(config(g, [1]))  # no DEL flag yet
    assert str(Realize("", SyntacticAnnotation())).startswith("Realize-(ε,")


def test_applying_outside_the_domain_raises():
    with pytest.raises(NotApplicableError):
        Swap()(config(Graph({1: "a"}), [1]))


DEVELOPER = """(v1 / want-01
      :ARG0 (v2 / person
            :ARG0-of (v4 / develop-02))
      :ARG1 (v3 / sleep-01
            :ARG0 v2))"""


def test_example_training_sequence_yields_the_sentence():
    """Worked example 16: the 23 gold transitions of Example example:training,
    applied to c_s(G), give "the developer wants to sleep"."""
    v1, v2 = InsertedVertex(1), InsertedVertex(2)
    dt = SyntacticAnnotation(pos="DT")
    sequence = [
        Merge("developer", "NN"), DeleteReentrance("v3", "ARG0"), Keep(), Realize("developer", NN),
        InsertChild("the", "left"), Realize("the", dt), Reorder(v2), NoInsertion(), Reorder(v2, "v2"),
        NoInsertion(), Delete(), Reorder(v1), Keep(),
        Realize("sleep", SyntacticAnnotation(pos="VB", voice="active")), NoInsertion(), Reorder(v1, "v3"),
        NoInsertion(), Keep(), Realize("wants", SyntacticAnnotation(pos="VB", tense="present", voice="active")),
        NoInsertion(), Reorder("v2", "v1", "v3"), NoInsertion(), InsertBetween("to", "left"),
    ]
    c = initial(Amr.from_penman(DEVELOPER).graph)
    assert c.node_buffer == ("v4", "v2", "v3", "v1")
    assert finalize(c) is None
    for t in sequence:
        c = t(c)
        assert c.check() == []
    assert c.is_terminal()
    assert finalize(c) == "the developer wants to sleep"
    assert c.graph.is_tree()
