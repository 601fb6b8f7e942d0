"""Model mode without a window: stepping through generate(G), all(c) ranked,
overriding the model and what it does then, and phase 2's best(v) with the
candidates the search pruned."""

from pathlib import Path

import pytest

from amrgen.decoding.partial import phase2_start
from amrgen.prep.prepared_format import read_prepared
from amrgen.stepping.generation_session import GenerationSession, phase
from amrgen.transitions import Stage, finalize, stage

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "sample.amr"


@pytest.fixture(scope="module")
def entries() -> dict:
    return {e.id: e for e in read_prepared(SAMPLE).entries}


def test_stepping_to_the_end_follows_what_generate_chose(entries, default_generator):
    session = GenerationSession(entries["lpp_1943.7"], default_generator)
    generation = session.generation
    assert session.current.graph == generation.graph.graph  # the normalized graph G'
    session.run_to_end()
    assert session.on_generation_path() and session.is_terminal()
    assert session.transitions == [t for _, t, _ in generation.steps]
    assert [s.probability for s in session.steps[1:]] == [p for _, _, p in generation.steps]
    assert session.current == generation.final and session.sentence() == generation.sentence != ""
    # Phase 2 starts where generatePartial starts, from phase 1's (G', ε, ε, ρ).
    first = len(generation.phase1.steps)
    assert session.steps[first].configuration == phase2_start(generation.phase1.configuration)
    assert {phase(s.configuration) for s in session.steps[:first]} == {1}
    assert {phase(s.configuration) for s in session.steps[first:-1]} == {2}
    assert phase(session.current) == 0


def test_an_override_in_phase_1_goes_on_greedily_and_back_returns_to_the_model(entries, default_generator):
    session = GenerationSession(entries["developer"], default_generator)
    session.step()  # Delete-Reentrance: the only choice at c_s
    ranked = session.ranked()
    assert [p for _, p in ranked] == sorted((p for _, p in ranked), reverse=True)
    choice, _ = session.choice()
    other, p_other = next((t, p) for t, p in ranked if t != choice)
    assert stage(session.current) is Stage.PREDECESSORS
    c = session.current
    session.step(other)
    assert session.last_transition == other and session.steps[-1].probability == p_other
    assert not session.on_generation_path()
    # From the override on, phase 1 is generateGreedy_restr from t(c), then phase 2 from its start.
    rest, start = default_generator.generator.continue_from(session.system.apply(other, c))
    session.run_to_end()
    assert session.transitions[2:2 + len(rest)] == [t for _, t, _ in rest]
    assert session.steps[2 + len(rest)].configuration == start
    assert session.is_terminal() and finalize(session.current) is not None
    assert session.sentence() != session.generation.sentence
    session.jump(1)
    session.step(choice)  # the model's own choice again: back on generate(G)'s path
    assert session.on_generation_path()
    session.run_to_end()
    assert session.sentence() == session.generation.sentence


def test_best_v_lists_what_the_search_kept_and_what_it_dropped(entries, default_generator, observed_search):
    session = GenerationSession(entries["lpp_1943.7"], default_generator)
    generation = session.generation
    path = session.winner_path
    assert path[generation.phase2.root] is generation.winner
    g = default_generator.generator
    search = observed_search(g.probabilities, g.lm, g.hyper)
    search.run(generation.phase1.configuration)
    dropped_anywhere = 0
    for v in generation.phase2.order:
        kept, dropped = session.best(v)
        assert kept == generation.phase2.best[v] and path[v] in kept  # the winner's path runs through best(v)
        made = [h for u, _, candidates, _ in search.prunings if u == v for h in candidates]
        assert len(dropped) == len(made) - sum(len(k) for u, _, _, k in search.prunings if u == v)
        assert all(d.reason for d in dropped)
        dropped_anywhere += len(dropped)
    assert dropped_anywhere


def test_the_application_s_generator_comes_with_its_feature_lists_compiled(entries, default_generator):
    """Loaded for the application, every model's feature list is compiled at once (not at its
    100th question, in the middle of a session), and generation says what it said before."""
    models = default_generator.generator.models
    assert {name for name, (_, _, compiled) in models._compiled.items() if compiled is not None} == set(models.models)
    from amrgen.decoding.generator import Generator

    fresh = Generator.load()  # compiles at the 100th question of each model
    amr = entries["lpp_1943.136"].amr
    assert fresh.generate(amr).sentence == default_generator.generator.generate(amr).sentence


WIDE = "(a / and " + " ".join(f":op{i} (n{i} / boy)" for i in range(1, 101)) + ")"
LARGE = "(a / and " + " ".join(f":op{i} (n{i} / boy " + " ".join(f":mod (r{i}x{j} / red)" for j in range(7)) + ")"
                               for i in range(1, 31)) + ")"


@pytest.mark.parametrize(("graph", "why"), [(WIDE, "a has 100 children, more than 32"),
                                            (LARGE, "241 vertices, more than 200")], ids=["wide", "large"])
def test_a_graph_the_command_line_cuts_into_segments_is_refused_at_once(default_generator, monkeypatch, graph, why):
    """Issue 34, point 7: stepping one took minutes and gigabytes; the refusal says why, before any generation."""
    import penman

    from amrgen.io.penman_corpus import CorpusEntry
    from amrgen.prep.pipeline import graph_only_entry
    from amrgen.stepping.generation_session import GraphTooLargeError

    entry = graph_only_entry(CorpusEntry("big", {"id": "big"}, penman.parse(graph), graph, "big.txt", 1, 0))
    monkeypatch.setattr(default_generator, "generate", lambda amr: pytest.fail("generated"))
    with pytest.raises(GraphTooLargeError, match=f"too large to step through \\({why}\\): "):
        GenerationSession(entry, default_generator)
