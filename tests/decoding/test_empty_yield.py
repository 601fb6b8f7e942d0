"""Nothing is inserted between a vertex and a child whose yield is empty: the
copy of a re-entrant vertex said as ε under sleep-01 once got "of" ("the
developer wants to sleep of ."), a word Insert-Between put beside nothing."""

from amrgen.amr import Amr
from amrgen.decoding.greedy import ranked_transitions, says_nothing
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import initial
from amrgen.transitions.transitions import InsertBetween, NoInsertion

DEVELOPER = "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"


def test_the_running_example_is_said_without_a_dangling_word(generator, little_prince_generator):
    for shipped in (generator, little_prince_generator):
        assert shipped.generate(Amr.from_penman(DEVELOPER)).sentence == "the developer wants to sleep ."


def test_no_insert_between_beside_a_child_said_as_nothing(generator):
    generation = generator.generate(Amr.from_penman(DEVELOPER))
    for c, t, _ in generation.phase2_steps:
        if isinstance(t, InsertBetween):
            assert not says_nothing(c, c.beta1), f"{t} inserted beside {c.beta1}, which says nothing"
    copies = [v for v in generation.final.graph.vertices if generation.final.rho.defined(Key.LINK, v)]
    assert copies and all(generation.final.rho.get(Key.REAL, v) == "" for v in copies)


def test_greedy_offers_only_no_insertion_beside_an_empty_yield(generator):
    generation = generator.generate(Amr.from_penman(DEVELOPER))
    asked = [c for c, t, _ in generation.phase2_steps
             if isinstance(t, (InsertBetween, NoInsertion)) and c.child_buffer and says_nothing(c, c.beta1)]
    assert asked, "the copy of the developer under sleep-01 says nothing"
    for c in asked:
        assert ranked_transitions(generator, c) == [(NoInsertion(), 1.0)]


def test_says_nothing_needs_every_successor_said_as_nothing():
    c = initial(Amr.from_penman("(a / and :op1 (b / boy) :op2 (g / girl))").graph)
    a, b, g = c.graph.root, *c.graph.children(c.graph.root)
    assert not says_nothing(c, a)  # nothing realized yet
    c = c.with_(rho=c.rho.updated([(Key.REAL, b, ""), (Key.REAL, g, "")]))
    assert says_nothing(c, b) and not says_nothing(c, a)
    c = c.with_(rho=c.rho.updated([(Key.REAL, a, "")]))
    assert says_nothing(c, a)
    c = c.with_(rho=c.rho.updated([(Key.REAL, g, "girl")]))
    assert not says_nothing(c, a)


def test_where_every_word_offered_beside_a_child_is_barred_nothing_is_inserted():
    """The insertions offered beside a finite clause may all be prepositions ("responding to mapk
    inhibited" once left respond-01 without a candidate): then No-Insertion is certain."""
    from amrgen.decoding.beam import BestSequenceSearch, Hypothesis
    from amrgen.lexicon.words import PREPOSITIONS
    from amrgen.transitions.annotations import SyntacticAnnotation
    from amrgen.transitions.transitions import LEFT, Realize

    b_i = Hypothesis("u", ((Realize("inhibited", SyntacticAnnotation(pos="VB", tense="past")), 0.5),), (), (),
                     ("mapk", "inhibited"), (), ("mapk", "inhibited"), 0.0, 0.0, 0.0)
    to = (((InsertBetween("to", LEFT), 0.9),), ("to",), True, -0.1)
    assert BestSequenceSearch._beside(b_i, [to], None, None, lambda b: PREPOSITIONS) == [
        (((NoInsertion(), 1.0),), (), False, 0.0)]
    assert BestSequenceSearch._beside(b_i, [to], None, None, lambda b: frozenset()) == [to]
