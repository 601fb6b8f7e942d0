"""The oracle's losses (amrgen.oracle.losses): on graphs small enough to check by hand, every word
of the reference the oracle's c_f lacks is found with the cause worked out below, and misplaced
words too; on Little Prince dev the causes account for every word c_f lacks; ``amrgen oracle
--losses`` prints the table."""

from __future__ import annotations

from collections import Counter

import penman
import pytest

from amrgen.amr import Amr
from amrgen.bigraph import Bigraph, dependency_tree
from amrgen.cli import main
from amrgen.oracle import Approach, training_data
from amrgen.oracle.losses import Cause, oracle_losses
from amrgen.transitions.constraints import ConstraintResources, Constraints
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Delete, Keep, Reorder

DEVELOPER = """(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"""


def bigraph(text: str, words: str, pos: str, alignment: dict[str, set[int]]) -> Bigraph:
    """A bigraph written out by hand: each word heads the next (the dependency tree plays no part)."""
    amr = Amr.from_penman(text)
    w = words.split()
    return Bigraph(amr.graph, dependency_tree(w, list(range(2, len(w) + 1)) + [0], ["dep"] * len(w)), w,
                   {(v, j) for v, js in alignment.items() for j in js}, {(i, i) for i in range(1, len(w) + 1)},
                   pos.split())


def losses(b: Bigraph, system: TransitionSystem | None = None):
    run = training_data(b, Approach.TEXT, system)
    return run, [(loss.position, loss.word, loss.missing, loss.cause) for loss in oracle_losses(b, run, Approach.TEXT, system)]


def test_the_thesis_example_loses_nothing() -> None:
    b = bigraph(DEVELOPER, "the developer wants to sleep", "DT NN VBZ TO VB",
                {"v2": {2}, "v4": {2}, "v1": {3}, "v3": {5}})
    run, found = losses(b)
    assert run.output == "the developer wants to sleep" and found == []


def test_unaligned_and_not_inserted_words() -> None:
    # "wants" is aligned to nothing: no vertex writes it, no insertion may (it is in neither Σ_IC
    # nor Σ_IB), so v1 is deleted and the word is lost: unaligned.  "to" is in Σ_IB but stands
    # after every aligned word, out of the range (max A(σ1), min A(β1)) where Insert-Between
    # looks, and Insert-Child inserts articles and auxiliaries only: not inserted.
    b = bigraph(DEVELOPER, "the developer wants sleep to", "DT NN VBZ VB TO",
                {"v2": {2}, "v4": {2}, "v3": {4}})
    run, found = losses(b)
    assert run.output.split().count("wants") == 0 and "to" not in run.output.split()
    assert [(p, w, m, c) for p, w, m, c in found if m] == [
        (3, "wants", True, Cause.UNALIGNED), (5, "to", True, Cause.NOT_INSERTED)]
    # The accounting: what c_f lacks (as multisets of words) is exactly the words found lacking.
    assert Counter(b.words) - Counter(run.output.split()) == Counter(w for _, w, m, _ in found if m)


def test_a_word_the_constraints_delete() -> None:
    # In the constrained system a vertex labelled multi-sentence may only be deleted (5.1), though
    # a word is aligned to it: the formal oracle keeps it, so the word is deleted by the constraints.
    b = bigraph("(m / multi-sentence :snt1 (s / sleep-01) :snt2 (g / go-02))", "sleep and go", "VB CC VB",
                {"s": {1}, "m": {2}, "g": {3}})
    system = TransitionSystem(Constraints(ConstraintResources()))
    run, found = losses(b, system)
    assert found == [(2, "and", True, Cause.DELETED)]
    (loss,) = oracle_losses(b, run, Approach.TEXT, system)
    c, t = run.pairs[loss.step]
    assert isinstance(t, Delete) and c.sigma1 == "m" and loss.vertex == "m"


def test_a_word_misplaced_by_an_order_the_constraints_forbid() -> None:
    # The constrained system puts an article first among its siblings (5.1): "it a picture" is
    # written "a it picture"; the article is misplaced at the Reorder of "picture".
    b = bigraph("(p / picture :mod (i / it))", "it a picture", "PRP DT NN", {"i": {1}, "p": {3}})
    system = TransitionSystem(Constraints(ConstraintResources()))
    run, found = losses(b, system)
    assert run.output == "a it picture"
    assert found == [(2, "a", False, Cause.ORDER_FORBIDDEN)]
    (loss,) = oracle_losses(b, run, Approach.TEXT, system)
    c, t = run.pairs[loss.step]
    assert isinstance(t, Reorder) and c.sigma1 == "p"


def test_a_lost_word_points_at_the_insertion_step_that_did_not_take_it() -> None:
    b = bigraph(DEVELOPER, "the developer wants sleep to", "DT NN VBZ VB TO",
                {"v2": {2}, "v4": {2}, "v3": {4}})
    run = training_data(b)
    to = next(loss for loss in oracle_losses(b, run) if loss.word == "to")
    c, _ = run.pairs[to.step]
    assert stage(c) is Stage.INSERT_CHILD  # where an insertion would have been decided


@pytest.mark.slow
def test_on_little_prince_dev_the_causes_account_for_every_lacking_word(shared_corpus) -> None:
    from amrgen.evaluation.ceiling import cause_counts, corpus_losses
    from amrgen.prep.pipeline import load_corpus

    table = corpus_losses(load_corpus(shared_corpus("little-prince-dev")).entries)
    assert len(table) >= 140
    for row in table:
        lacking = Counter(row.words) - Counter(row.output.split())
        assert not lacking - Counter(loss.word for loss in row.lacking), row.id
    assert [row.bleu for row in table] == sorted(row.bleu for row in table)
    counts = cause_counts(table)
    assert counts[Cause.UNALIGNED][0] > 0 and counts[Cause.NOT_INSERTED][0] > 0


def test_the_command_prints_the_table_worst_first(capsys) -> None:
    assert main(["oracle", "tests/fixtures/developer.txt", "--losses", "--formal"]) == 0
    out = capsys.readouterr().out
    ids = [line.split("\t")[0] for line in out.splitlines() if line and not line.startswith(("\t", "causes", " "))]
    assert sorted(ids) == ["boy", "developer"]
    assert "causes over 2 graphs" in out
