"""The constrained system of Section 5.1, and switching it off."""

from amrgen.graph import Graph
from amrgen.transitions import (
    AnnotationFunction, Configuration, Delete, InsertBetween, InsertChild, Keep, Key, Merge, Realize, Reorder, Swap,
    SyntacticAnnotation,
)
from amrgen.transitions.constraints import ConstraintResources, Constraints, is_propbank_frameset, is_time_adverb
from amrgen.transitions.system import TransitionSystem

FORMAL = TransitionSystem()
CONSTRAINED = TransitionSystem(Constraints(ConstraintResources(
    merge_table={("early", "more"): ("earlier", "JJ")},
    empirical_pos={"boy": "NN"},
    default_realizations=lambda c, a: {"he", "his"},
)))


def config(graph, sigma, rho=None, beta=()):
    return Configuration(graph, tuple(sigma), tuple(beta), AnnotationFunction(rho or {}))


def test_propbank_framesets():
    assert is_propbank_frameset("want-01") and is_propbank_frameset("look-up-05")
    assert not is_propbank_frameset("boy") and not is_propbank_frameset("1.1")


def test_merge_only_as_the_lookup_table_says():
    g = Graph({"e": "early", "m": "more"}, [("e", "degree", "m")])
    c = config(g, ["m", "e"])
    assert CONSTRAINED.applicable(Merge("earlier", "JJ"), c)
    assert not CONSTRAINED.applicable(Merge("earliest", "JJ"), c)
    assert FORMAL.applicable(Merge("earliest", "JJ"), c)
    other = config(Graph({"a": "big", "b": "more"}, [("a", "degree", "b")]), ["b", "a"])
    assert not CONSTRAINED.applicable(Merge("bigger", "JJ"), other)


def test_no_swap_merge_or_delete_for_named_entities_and_copies():
    g = Graph({"c": "city", "n": "name", "r": "visit-01"}, [("r", "ARG1", "c"), ("c", "name", "n")])
    named = config(g, ["c", "r"])
    for t in (Swap(), Delete()):
        assert FORMAL.applicable(t, named) and not CONSTRAINED.applicable(t, named)
    assert CONSTRAINED.applicable(Keep(), named)
    copy = config(Graph({"r": "see-01", "h": "he"}, [("r", "ARG0", "h")]), ["h", "r"], {Key.LINK: {"h": "x"}})
    assert not CONSTRAINED.applicable(Swap(), copy) and not CONSTRAINED.applicable(Delete(), copy)


def test_no_swap_back():
    g = Graph({"p": "possible", "m": "make-05"}, [("p", "domain", "m")])
    c = CONSTRAINED.apply(Swap(), config(g, ["m", "p"]))
    assert c.sigma1 == "p"
    assert FORMAL.applicable(Swap(), c) and not CONSTRAINED.applicable(Swap(), c)


def test_never_and_always_delete():
    g = Graph({"f": "follow-02", "n": "-"}, [("f", "polarity", "n")])
    assert not CONSTRAINED.applicable(Delete(), config(g, ["n", "f"]))
    ms = config(Graph({"m": "multi-sentence"}), ["m"])
    assert CONSTRAINED.applicable(Delete(), ms) and not CONSTRAINED.applicable(Keep(), ms)


def test_you_is_deleted_as_an_argument_of_an_imperative():
    """"draw me a sheep": you/we under an :ARGk of an imperative verb allow Delete only."""
    edges = [("d", "ARG0", "y"), ("d", "ARG1", "s"), ("d", "mode", "m")]
    imperative = Graph({"d": "draw-01", "y": "you", "s": "sheep", "m": "imperative"}, edges)
    you = config(imperative, ["y", "s", "d"])
    assert CONSTRAINED.applicable(Delete(), you)
    assert not any(CONSTRAINED.applicable(t, you) for t in (Keep(), Swap()))
    assert FORMAL.applicable(Keep(), you)
    assert CONSTRAINED.applicable(Keep(), config(imperative, ["s", "d"]))  # not a pronoun
    statement = Graph({"d": "draw-01", "y": "you", "s": "sheep"}, edges[:2])
    assert CONSTRAINED.applicable(Keep(), config(statement, ["y", "s", "d"]))
    by_other_role = Graph({"d": "draw-01", "y": "you", "m": "imperative"}, [("d", "beneficiary", "y"), edges[2]])
    assert CONSTRAINED.applicable(Keep(), config(by_other_role, ["y", "d"]))
    # a copy (Delete-Reentrance) of you cannot be deleted: it keeps Keep, its default realizations say ε
    copy = config(imperative, ["y", "s", "d"], {Key.LINK: {"y": "x"}})
    assert CONSTRAINED.applicable(Keep(), copy) and not CONSTRAINED.applicable(Delete(), copy)


def test_realize_restrictions():
    g = Graph({"b": "boy", "w": "want-01"}, [("w", "ARG0", "b")])
    boy = config(g, ["b", "w"], {Key.DEL: {"b": 0, "w": 0}})
    assert CONSTRAINED.applicable(Realize("boys", SyntacticAnnotation(pos="NN", number="plural", denom="the")), boy)
    assert not CONSTRAINED.applicable(Realize("boys", SyntacticAnnotation(pos="NN", number="plural", denom="a")), boy)
    assert not CONSTRAINED.applicable(Realize("boy", SyntacticAnnotation(pos="NN", tense="past")), boy)
    assert not CONSTRAINED.applicable(Realize("boyish", SyntacticAnnotation(pos="JJ")), boy)  # pôs(boy) = NN
    assert FORMAL.applicable(Realize("boyish", SyntacticAnnotation(pos="JJ")), boy)
    want = config(g, ["w"], {Key.DEL: {"b": 0, "w": 0}})
    assert not CONSTRAINED.applicable(Realize("want", SyntacticAnnotation(pos="VB", number="singular")), want)
    assert CONSTRAINED.applicable(Realize("wants", SyntacticAnnotation(pos="VB", tense="present", voice="active")), want)
    copy = config(g, ["b"], {Key.DEL: {"b": 0}, Key.LINK: {"b": "x"}})
    assert CONSTRAINED.applicable(Realize("his", SyntacticAnnotation(pos="NN")), copy)
    assert not CONSTRAINED.applicable(Realize("boy", SyntacticAnnotation(pos="NN")), copy)


def test_one_left_child_insertion():
    g = Graph({"f": "follow-02"})
    c = config(g, ["f"], {Key.DEL: {"f": 0}, Key.REAL: {"f": "follow"}})
    assert not CONSTRAINED.applicable(InsertChild("do", "right"), c)
    assert FORMAL.applicable(InsertChild("do", "right"), c)
    after = CONSTRAINED.apply(InsertChild("do", "left"), c)
    back_on_top = after.with_(node_buffer=after.node_buffer[1:])
    assert FORMAL.applicable(InsertChild("not", "left"), back_on_top)
    assert not CONSTRAINED.applicable(InsertChild("not", "left"), back_on_top)


def test_reorder_articles_first_ops_in_order_dates_in_order():
    ready = {Key.DEL: {"v": 0}, Key.REAL: {"v": "x"}, Key.INS_DONE: {"v": 1}}
    g = Graph({"v": "boy", "t": "the", "m": "mod"}, [("v", "*", "t"), ("v", "mod", "m")])
    c = config(g, ["v"], ready)
    assert CONSTRAINED.applicable(Reorder("t", "m", "v"), c)
    assert not CONSTRAINED.applicable(Reorder("m", "t", "v"), c)
    g = Graph({"v": "and", "a": "cat", "b": "dog", "c": "cow"}, [("v", "op1", "a"), ("v", "op2", "b"), ("v", "op3", "c")])
    c = config(g, ["v"], {Key.DEL: {"v": 0}, Key.REAL: {"v": "and"}, Key.INS_DONE: {"v": 1}})
    assert CONSTRAINED.applicable(Reorder("a", "b", "v", "c"), c)
    assert not CONSTRAINED.applicable(Reorder("a", "v", "b", "c"), c)
    assert not CONSTRAINED.applicable(Reorder("b", "a", "v", "c"), c)
    assert FORMAL.applicable(Reorder("b", "a", "v", "c"), c)
    deleted = config(g, ["v"], {Key.DEL: {"v": 1}, Key.REAL: {"v": ""}})
    assert CONSTRAINED.applicable(Reorder("v", "a", "b", "c"), deleted)
    g = Graph({"d": "date-entity", "y": "2007", "m": "3", "x": "5"}, [("d", "year", "y"), ("d", "month", "m"), ("d", "day", "x")])
    c = config(g, ["d"], {Key.DEL: {"d": 1}, Key.REAL: {"d": ""}})
    assert CONSTRAINED.applicable(Reorder("d", "m", "x", "y"), c)
    assert not CONSTRAINED.applicable(Reorder("d", "y", "m", "x"), c)


def test_insert_between_words():
    g = Graph({"e": "exploit-01", "r": "resource", "c": "rain-01"}, [("e", "ARG1", "r"), ("e", "condition", "c")])
    c = config(g, ["e"], {Key.DEL: {"e": 0}}, beta=["r", "c"])
    assert CONSTRAINED.applicable(InsertBetween("of", "left"), c)
    assert not CONSTRAINED.applicable(InsertBetween("xyzzy", "left"), c)
    assert not CONSTRAINED.applicable(InsertBetween("of", "right"), c)
    assert CONSTRAINED.applicable(InsertBetween("'s", "right"), c)
    assert not CONSTRAINED.applicable(InsertBetween("if", "left"), c)  # "if" only on :condition
    on_condition = config(g, ["e"], {Key.DEL: {"e": 0}}, beta=["c"])
    assert CONSTRAINED.applicable(InsertBetween("if", "left"), on_condition)


def test_no_preposition_before_a_verb_s_time_said_as_an_adverb():
    g = Graph({"r": "run-02", "t": "today", "n": "night", "u": "update"},
              [("r", "time", "t"), ("r", "time", "n"), ("u", "time", "t")])
    assert is_time_adverb(g, "t") and not is_time_adverb(g, "n") and not is_time_adverb(g, "r")
    rho = {Key.DEL: {"r": 0, "u": 0}, Key.POS: {"r": "VB", "u": "NN"}}
    assert not CONSTRAINED.applicable(InsertBetween("at", "left"), config(g, ["r"], rho, beta=["t"]))
    assert CONSTRAINED.applicable(InsertBetween("at", "left"), config(g, ["r"], rho, beta=["n"]))  # "at night"
    assert CONSTRAINED.applicable(InsertBetween("of", "left"), config(g, ["u"], rho, beta=["t"]))  # "update of today"


def test_nearest_allowed_order_changes_only_what_the_rules_demand():
    constraints = CONSTRAINED.constraints
    g = Graph({"v": "and", "a": "cat", "b": "dog", "c": "cow", "t": "the", "x": "big"},
              [("v", "op1", "a"), ("v", "op2", "b"), ("v", "op3", "c"), ("v", "*", "t"), ("v", "mod", "x")])
    c = config(g, ["v"], {Key.DEL: {"v": 0}, Key.REAL: {"v": "and"}, Key.INS_DONE: {"v": 1}})
    order = constraints.nearest_order(c, ["x", "b", "v", "a", "t", "c"])
    assert order == ["t", "x", "a", "b", "v", "c"]
    assert CONSTRAINED.applicable(Reorder(*order), c)
    allowed = ["t", "x", "a", "b", "v", "c"]
    assert constraints.nearest_order(c, allowed) == allowed


def test_a_pos_fixed_by_merge_overrides_the_empirical_pos():
    g = Graph({"b": "boy"})
    merged = config(g, ["b"], {Key.DEL: {"b": 0}, Key.POS: {"b": "JJ"}})
    assert CONSTRAINED.applicable(Realize("boyish", SyntacticAnnotation(pos="JJ")), merged)
