"""The stepping session: the oracle and manual modes, forward and back (Qt-free)."""

import copy

import pytest

from amrgen.amr import Amr
from amrgen.oracle import training_data
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.session import Mode, Session
from amrgen.transitions import Keep, Merge, initial

GRAPH = "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"


@pytest.fixture
def entry() -> ExtendedEntry:
    return ExtendedEntry(
        id="developer", amr=Amr.from_penman(GRAPH), words="the developer wants to sleep".split(),
        pos=["DT", "NN", "VBZ", "TO", "VB"], lemmas=["the", "developer", "want", "to", "sleep"],
        heads=[2, 3, 0, 5, 3], labels=["det", "nsubj", "root", "mark", "xcomp"],
        alignment={"v1": frozenset({3}), "v2": frozenset({2}), "v4": frozenset({2}), "v3": frozenset({5})},
        tokens="The developer wants to sleep .".split())


def test_running_the_oracle_matches_the_training_data_algorithm(entry):
    session = Session(entry)
    session.run_to_end()
    run = training_data(entry.bigraph())
    assert session.transitions == run.transitions
    assert session.output() == run.output == "the developer wants to sleep"
    assert session.listing().splitlines()[0] == "# ::id developer"
    assert session.listing().rstrip("\n").splitlines()[-1] == "# ::realization the developer wants to sleep"
    assert session.listing().endswith("\n\n")


def test_stepping_back_restores_every_configuration_exactly(entry):
    session = Session(entry)
    seen = [copy.deepcopy(session.current)]
    while session.step() is not None:
        seen.append(copy.deepcopy(session.current))
    for expected in reversed(seen):
        assert session.current == expected
        session.back()
    assert session.current == initial(entry.amr.graph)
    session.jump(5)
    assert session.current == seen[5]
    with pytest.raises(IndexError):
        session.jump(len(seen))


def test_manual_mode_applies_the_chosen_transition(entry):
    session = Session(entry, mode=Mode.MANUAL)
    options = session.applicable()
    assert options[0] == Merge("developer", "NN")  # the gold transition comes first
    assert Keep() in options
    session.step(Keep())
    assert session.last_transition == Keep() and session.position == 1
    # Going back and choosing differently forgets the old future.
    session.back()
    session.step(Merge("developer", "NN"))
    assert session.transitions == [Merge("developer", "NN")]
    assert session.current.graph.label("v2") == "developer"


def test_forward_after_back_replays_the_same_transitions(entry):
    session = Session(entry)
    first = [session.step() for _ in range(4)]
    session.back(4)
    assert [session.step() for _ in range(4)] == first
