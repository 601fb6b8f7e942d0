"""Gold syntactic annotations and the oracle: worked examples 13-16
(Sections 4.3.2 and 4.3.3), built from the thesis's code listings (5.3)."""

import penman
import pytest

from amrgen.amr import Amr
from amrgen.bigraph import Bigraph, dependency_tree
from amrgen.graph import Graph
from amrgen.io.alignments import jamr_token_alignments, parse_jamr_alignments
from amrgen.oracle import Approach, Oracle, best_prefix, gold_annotation, left, simplify, training_data
from amrgen.transitions import LEFT, InsertBetween, InsertedVertex, SyntacticAnnotation, initial
from amrgen.transitions.constraints import ConstraintResources, Constraints
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Delete, DeleteReentrance, Keep, Merge, Swap

DEVELOPER = """(v1 / want-01
      :ARG0 (v2 / person
            :ARG0-of (v4 / develop-02))
      :ARG1 (v3 / sleep-01
            :ARG0 v2))"""
JAMR = "1-2|0.0+0.0.0 2-3|0 4-5|0.1"
WORDS = "the developer wants to sleep".split()
POS = ["DT", "NN", "VBZ", "PRT", "VB"]
HEADS = [2, 3, 0, 5, 3]
LABELS = ["det", "nsubj", "root", "mark", "xcomp"]

TABLE = [  # Example example:training: the five the text derives, then Table tab:gold-transitions
    "Merge-(developer,NN)",
    "Delete-Reentrance-(v3,ARG0)",
    "Keep",
    "Realize-(developer,{POS=NN,DENOM=the,TENSE=--,NUMBER=singular,VOICE=--})",
    "Insert-Child-(the,left)",
    "Realize-(the,{POS=DT,DENOM=--,TENSE=--,NUMBER=--,VOICE=--})",
    "Reorder-(~v2)",
    "No-Insertion",
    "Reorder-(~v2,v2)",
    "No-Insertion",
    "Delete",
    "Reorder-(~v1)",
    "Keep",
    "Realize-(sleep,{POS=VB,DENOM=--,TENSE=--,NUMBER=--,VOICE=active})",
    "No-Insertion",
    "Reorder-(~v1,v3)",
    "No-Insertion",
    "Keep",
    "Realize-(wants,{POS=VB,DENOM=--,TENSE=present,NUMBER=--,VOICE=active})",
    "No-Insertion",
    "Reorder-(v2,v1,v3)",
    "No-Insertion",
    "Insert-Between-(to,left)",
]


def developer_bigraph() -> Bigraph:
    """The bigraph of Figure fig:amr-encoding, from the JAMR line of the listings."""
    tree = penman.parse(DEVELOPER)
    amr = Amr.from_tree(tree)
    alignment = {(amr.paths[a.path], a.token + 1) for a in jamr_token_alignments(tree, parse_jamr_alignments(JAMR), len(WORDS))}
    return Bigraph(amr.graph, dependency_tree(WORDS, HEADS, LABELS), WORDS, alignment,
                   {(i, i) for i in range(1, 6)}, POS)


def test_example_13_best_prefix():
    """Worked example 13 (Example example:bestPrefix): bestPrefix(v2, {2,5}) = 2,
    bestPrefix(v2, {4,5}) = 5, bestPrefix(v1, {1,2}) = 1 (the lower index on a tie)."""
    words = "the developer is not delighted".split()
    assert best_prefix("develop-02", words, {2, 5}) == 2
    assert best_prefix("develop-02", words, {4, 5}) == 5
    assert best_prefix("person", words, {1, 2}) == 1


def test_example_14_left():
    """Worked example 14: left_{the,a,an}(2) and left_{is}(5) are both true."""
    words = "the developer is not delighted".split()
    pos = ["DT", "NN", "VB", "RB", "JJ"]
    assert left(words, pos, {"the", "a", "an"}, 2)
    assert left(words, pos, {"is"}, 5)
    assert not left(words, pos, {"the"}, 3)


def test_simplify():
    assert [simplify(p) for p in ["NNS", "VBZ", "RBR", "WRB", "DT", "VBN"]] == ["NN", "VB", "JJ", "JJ", "DT", "VBN"]


def test_example_15_gold_syntactic_annotations():
    """Worked example 15, Figure fig:bigraph-synanno: α1 = (VB, --, active, present, --),
    α2 = α4 = (NN, singular, --, --, the), α3 = (VB, --, active, --, --), by the
    text-based and the dependency-based DENOM alike."""
    b = developer_bigraph()
    alpha = {
        "v1": SyntacticAnnotation(pos="VB", number="--", voice="active", tense="present", denom="--"),
        "v2": SyntacticAnnotation(pos="NN", number="singular", voice="--", tense="--", denom="the"),
        "v3": SyntacticAnnotation(pos="VB", number="--", voice="active", tense="--", denom="--"),
        "v4": SyntacticAnnotation(pos="NN", number="singular", voice="--", tense="--", denom="the"),
    }
    for approach in (Approach.TEXT, Approach.DEPENDENCY):
        assert {v: gold_annotation(b, v, approach) for v in alpha} == alpha


def test_gold_annotations_for_passive_future_and_plural():
    words = "the boys will be seen".split()
    pos = ["DT", "NNS", "MD", "VB", "VBN"]
    g = Graph({"s": "see-01", "b": "boy"}, [("s", "ARG1", "b")])
    b = Bigraph(g, None, words, {("s", 5), ("b", 2)}, pos=pos)
    assert gold_annotation(b, "s") == SyntacticAnnotation(pos="VB", voice="passive")
    assert gold_annotation(b, "b") == SyntacticAnnotation(pos="NN", denom="the", number="plural")
    future = Bigraph(g, None, "he will see".split(), {("s", 3)}, pos=["PRP", "MD", "VB"])
    assert gold_annotation(future, "s").tense == "future"


def test_example_16_training_data_gives_the_23_gold_transitions():
    """Worked example 16 (Example example:training, Table tab:gold-transitions):
    the text-based oracle on the developer bigraph gives exactly the 23 gold
    transitions in order, ending in Insert-Between-(to,left)."""
    run = training_data(developer_bigraph(), Approach.TEXT)
    assert run.terminated
    assert [str(t) for t in run.transitions] == TABLE
    assert run.output == "the developer wants to sleep"


def test_the_oracle_is_a_function_of_its_state():
    """gold_B(c) depends on (state, c) alone, update returns the next state and
    leaves the one it was given as it was, and only the gold insertion is aligned."""
    oracle = Oracle(developer_bigraph())
    state, c, seen = oracle.start, initial(developer_bigraph().amr), []
    while not c.is_terminal():
        t = oracle.gold(state, c)
        after = t.apply(c)
        seen.append((state, dict(state.alignment), c, t, after))
        state, c = oracle.update(state, c, t, after), after
    assert [str(t) for _, _, _, t, _ in seen] == TABLE
    for before, alignment, c, t, after in seen:  # asked again, in any order: the same answers
        assert before.alignment == alignment and oracle.gold(before, c) == t
        with pytest.raises(TypeError):
            before.alignment["v1"] = frozenset()  # type: ignore[index]
    (before, _, c, t, after), = [s for s in seen if isinstance(s[3], InsertBetween)]
    inserted = InsertedVertex(after.inserted)
    assert oracle.update(before, c, t, after).aligned(inserted) == {4}  # "to", the 4th word
    other = InsertBetween("of", LEFT)
    assert oracle.update(before, c, other, other.apply(c)).aligned(inserted) == frozenset()


def test_dependency_approach_on_the_developer_bigraph():
    run = training_data(developer_bigraph(), Approach.DEPENDENCY)
    assert run.terminated
    transitions = [str(t) for t in run.transitions]
    assert transitions[:5] == TABLE[:5]  # the text says both approaches agree on these
    assert "Insert-Child-(to,left)" in transitions  # "to" is a leaf below "sleep" in D
    assert run.output == "the developer wants to sleep"


def test_constrained_oracle_replaces_forbidden_transitions():
    resources = ConstraintResources(merge_table={("person", "develop-02"): ("developer", "NN")})
    run = training_data(developer_bigraph(), Approach.TEXT, TransitionSystem(Constraints(resources)))
    assert run.terminated
    # A copy may not be deleted (5.1): ~v1 is kept and realized as ε instead.
    copy = ["Keep", "Realize-(ε,{POS=--,DENOM=--,TENSE=--,NUMBER=--,VOICE=--})", "No-Insertion"]
    assert [str(t) for t in run.transitions] == TABLE[:10] + copy + TABLE[11:]
    assert run.output == "the developer wants to sleep"
    no_table = training_data(developer_bigraph(), Approach.TEXT, TransitionSystem(Constraints()))
    assert no_table.terminated
    assert str(no_table.transitions[0]) == "Keep"  # Merge without an L_M entry is not allowed


def test_resources_learnt_from_gold_transitions():
    from amrgen.oracle.resources import learn_resources
    resources = learn_resources([training_data(developer_bigraph())])
    assert resources.merge_table == {("person", "develop-02"): ("developer", "NN")}
    assert resources.empirical_pos["developer"] == "NN" and resources.empirical_pos["sleep-01"] == "VB"
    assert resources.empirical_pos["the"] == "DT"


RESTRICTED = (DeleteReentrance, Merge, Swap, Delete, Keep)


def keep_all(c, system):
    """A first stage that keeps every vertex (Delete-Reentrance left to the oracle)."""
    return Keep() if stage(c) is Stage.PREDECESSORS and len(c.graph.in_edges(c.sigma1)) < 2 else None


def test_the_oracle_goes_on_from_a_first_stage_that_is_not_gold():
    """Keep where gold merges develop-02 into person: the oracle realizes both
    vertices as the word they share and still reaches a terminal configuration."""
    gold = training_data(developer_bigraph())
    assert [str(t) for t in gold.transitions] == TABLE and gold.output == "the developer wants to sleep"
    run = training_data(developer_bigraph(), first_stage=keep_all)
    assert run.terminated and run.output == "the developer developer wants to sleep"
    restricted = [t for t in run.transitions if isinstance(t, RESTRICTED)]
    assert [type(t) for t in restricted] == [Keep, DeleteReentrance, Keep, Keep, Keep, Keep]
    assert [str(t) for t in run.transitions if not isinstance(t, RESTRICTED)][:3] == [
        "Realize-(developer,{POS=NN,DENOM=the,TENSE=--,NUMBER=singular,VOICE=--})",
        "Insert-Child-(the,left)",
        "Realize-(the,{POS=DT,DENOM=--,TENSE=--,NUMBER=--,VOICE=--})"]


def test_no_first_stage_is_the_gold_run():
    assert training_data(developer_bigraph(), first_stage=lambda c, system: None).transitions == \
        training_data(developer_bigraph()).transitions


def _fronted_run(amr: str, words: str, pos: str, heads: list[int], alignment: dict[str, int]):
    words = words.split()
    graph = Amr.from_tree(penman.parse(amr)).graph
    tree = dependency_tree(words, heads, ["dep"] * len(words))
    aligned = {(v, i) for v, i in alignment.items()}
    return training_data(Bigraph(graph, tree, words, aligned, {(i, i) for i in range(1, len(words) + 1)},
                                 pos.split()), Approach.TEXT)


def test_text_approach_inserts_the_conjunction_of_a_fronted_clause():
    # "if" depends on "rains", which depends on "sleep": the :condition edge gets it,
    # not the edge rain-01 -> it (there is none) nor sleep-01 -> i.
    run = _fronted_run("(s / sleep-01 :ARG0 (i / i) :condition (r / rain-01))", "if it rains i sleep",
                       "IN PRP VBZ PRP VBP",                       [3, 3, 5, 5, 0], {"s": 5, "i": 4, "r": 3})
    assert "Insert-Between-(if,left)" in [str(t) for t in run.transitions]
    assert run.output == "if rains i sleep"


def test_text_approach_inserts_the_preposition_of_a_fronted_phrase():
    run = _fronted_run("(l / leave-11 :ARG0 (i / i) :time (m / morning))", "in the morning i left",
                       "IN DT NN PRP VBD",                       [5, 3, 1, 5, 0], {"l": 5, "i": 4, "m": 3})
    assert [str(t) for t in run.transitions].count("Insert-Between-(in,left)") == 1
    assert run.output.startswith("in ") and run.output.endswith("morning i left")


def test_text_approach_leaves_a_word_of_another_phrase_before_a_fronted_child():
    # "in" heads "garden", which is aligned to no child of sleep-01: no insertion on :ARG0.
    run = _fronted_run("(s / sleep-01 :ARG0 (i / i))", "in gardens i sleep", "IN NNS PRP VBP", [4, 1, 4, 0],
                       {"s": 4, "i": 3})
    assert not any(str(t).startswith("Insert-Between") for t in run.transitions)
