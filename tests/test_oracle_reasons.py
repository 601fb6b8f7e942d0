"""Why the oracle chooses gold_B(c) (amrgen.oracle.reasons): each step of the thesis's example
gets the condition of Algorithm 6 that chose it; a transition the constraints forbid is said."""

from test_oracle_losses import bigraph

from amrgen.oracle import Approach, Oracle, training_data
from amrgen.oracle.reasons import judge, reason
from amrgen.transitions.configuration import initial
from amrgen.transitions.constraints import ConstraintResources, Constraints
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Keep

DEVELOPER = "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"


def reasons(system=None):
    b = bigraph(DEVELOPER, "the developer wants to sleep", "DT NN VBZ TO VB", {"v2": {2}, "v4": {2}, "v1": {3}, "v3": {5}})
    oracle = Oracle(b, Approach.TEXT, system)
    run, state, said = training_data(b, Approach.TEXT, system), oracle.start, []
    for k, (c, t) in enumerate(run.pairs):
        said.append((str(t), reason(oracle, state, c)))
        after = run.pairs[k + 1][0] if k + 1 < len(run.pairs) else run.final
        state = oracle.update(state, c, t, after)
    return said


def test_each_gold_transition_of_the_example_is_given_its_condition() -> None:
    said = dict(reasons())
    assert "aligned to the same w2 “developer”" in said["Merge-(developer,NN)"]
    assert "2 incoming edges" in said["Delete-Reentrance-(v3,ARG0)"]
    assert "A_G(σ1) = ∅" in said["Delete"]
    assert "w1 “the” is aligned to no vertex" in said["Insert-Child-(the,left)"]
    assert "w4 “to” is aligned to no vertex and stands between" in said["Insert-Between-(to,left)"]
    assert "(v2 1.5, v1 3, v3 5)" in said["Reorder-(v2,v1,v3)"]
    assert all(text for _, text in reasons())


def test_a_transition_the_constraints_forbid_is_said() -> None:
    # Without L_M the constrained system has no Merge for (person, develop-02): Keep instead.
    said = reasons(TransitionSystem(Constraints(ConstraintResources())))
    first, why = said[0]
    assert first == "Keep" and "forbid Merge-(developer,NN) here" in why


def test_judge_marks_a_wrong_choice() -> None:
    b = bigraph(DEVELOPER, "the developer wants to sleep", "DT NN VBZ TO VB", {"v2": {2}, "v4": {2}, "v1": {3}, "v3": {5}})
    oracle = Oracle(b)
    verdict = judge(oracle, oracle.start, initial(b.amr), Keep())
    assert not verdict.agrees and str(verdict.gold) == "Merge-(developer,NN)"
    assert verdict.describe().startswith("Not the oracle's choice: you chose Keep, the oracle chooses Merge-(developer,NN).")
