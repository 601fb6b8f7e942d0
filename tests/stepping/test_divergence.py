"""Oracle and model on one graph, without a window: the first step where
generate(G) leaves the oracle's path, checked by stepping both sessions."""

from dataclasses import replace
from pathlib import Path

import pytest

from amrgen.errors import AmrgenError
from amrgen.prep.normalize import normalize
from amrgen.prep.prepared_format import read_prepared
from amrgen.stepping.divergence import compare_with_oracle
from amrgen.stepping.generation_session import GenerationSession
from amrgen.stepping.session import Session
from amrgen.transitions import Stage

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "sample.amr"


@pytest.fixture(scope="module")
def entries() -> dict:
    return {e.id: e for e in read_prepared(SAMPLE).entries}


@pytest.mark.parametrize("entry_id", ["developer", "lpp_1943.23"])
def test_the_divergence_is_the_first_step_where_the_model_is_not_the_oracle(entries, default_generator, entry_id,
                                                                            divergence_by_hand):
    entry = entries[entry_id]
    comparison = compare_with_oracle(entry, default_generator)
    divergence = comparison.divergence
    position, model, gold = divergence_by_hand(entry, default_generator)
    assert (divergence.position, divergence.model, divergence.oracle) == (position, model, gold)
    assert divergence.position > 0 and all(s.agrees for s in comparison.steps[:divergence.position])
    # Every step is generate(G)'s, with the probability it recorded.
    generation = default_generator.generate(entry.amr)
    assert [(s.model, s.model_probability) for s in comparison.steps] == [(t, p) for _, t, p in generation.steps]
    assert comparison.model_sentence == generation.sentence
    # The oracle's transition, and what the model gives it at that configuration.
    session = GenerationSession(entry, default_generator)
    session.follow_generation(position)
    assert session.current == divergence.configuration
    assert divergence.oracle_probability == dict(session.ranked()).get(gold)
    assert divergence.model_probability == session.choice()[1]


def test_the_oracle_run_is_the_oracles_own_and_the_counterpart_chooses_the_same(entries, default_generator):
    entry = entries["lpp_1943.38"]
    comparison = compare_with_oracle(entry, default_generator)
    oracle = Session(normalize(entry), default_generator.system)
    oracle.run_to_end()
    assert list(comparison.oracle_run) == oracle.transitions and comparison.oracle_output == oracle.output()
    divergence = comparison.divergence
    assert divergence.stage is Stage.PREDECESSORS  # the model keeps a vertex the oracle swaps
    counterpart = comparison.oracle_counterpart(divergence)
    assert comparison.oracle_configurations[counterpart].sigma1 == divergence.configuration.sigma1
    assert comparison.oracle_run[counterpart] == divergence.oracle
    assert comparison.disagreements >= 1 and comparison.reference == " ".join(entry.tokens)


def test_an_entry_without_a_reference_is_refused_in_one_line(entries, default_generator):
    own = replace(entries["developer"], words=[], tokens=[])  # one's own AMR, read without a sentence
    assert not own.has_reference
    with pytest.raises(AmrgenError, match="no reference"):
        compare_with_oracle(own, default_generator)


def test_follow_generation_replaces_an_override_with_the_models_choices(entries, default_generator):
    session = GenerationSession(entries["developer"], default_generator)
    session.step()
    choice, _ = session.choice()
    other = next(t for t, _ in session.ranked() if t != choice)
    session.step(other)
    session.run_to_end()
    assert not session.on_generation_path()
    session.follow_generation(5)
    assert session.position == 5 and session.on_generation_path()
    assert session.transitions == [t for _, t, _ in session.generation.steps[:5]]
    session.follow_generation(len(session.generation.steps))
    assert session.is_terminal() and session.sentence() == session.generation.sentence
    with pytest.raises(IndexError):
        session.follow_generation(len(session.generation.steps) + 1)
