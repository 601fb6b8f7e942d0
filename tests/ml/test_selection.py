"""Greedy feature selection (thesis 4.3.2): value matrices, candidates, rounds, budget and resumption;
the select-features command and train's --features fallback."""

import json
from dataclasses import replace

import pytest

from amrgen.corpus_registry import corpus
from amrgen.cli import main
from amrgen.errors import MissingResourceError
from amrgen.ml import selection
from amrgen.ml.features import extract, load_feature_list, parse_feature
from amrgen.ml.names import MODELS
from amrgen.ml.selection import (
    SelectionEvents,
    SelectionState,
    ValueCache,
    candidates,
    select,
    selection_events,
    state_path,
    write_feature_list,
)
from amrgen.prep.pipeline import load_corpus
from amrgen.training import feature_lists

LP = {part: corpus(f"little-prince-{part}") for part in ("training", "dev", "test")}
"""Little Prince's parts (resources/corpora.json)."""
SETTINGS = {"C": 1.0, "max_events": 5000}
TARGET = "OutSize(v)"


@pytest.fixture(scope="module")
def corpus_events() -> SelectionEvents:
    """The voice model's events on 60 Little Prince dev graphs (training) and 40 more (dev)."""
    if missing := [part.missing() for part in LP.values() if not part.present()]:
        pytest.skip(missing[0])
    entries = load_corpus(LP["dev"].location).entries
    return selection_events(entries[:60], entries[60:100], "voice")


@pytest.fixture(scope="module")
def toy(corpus_events) -> SelectionEvents:
    """The same contexts with the output OutSize(v): one candidate is clearly the informative one."""
    def outputs(contexts):
        return [parse_feature(TARGET).strings(context)[0] for context in contexts]

    return replace(corpus_events, train_labels=outputs(corpus_events.train), dev_labels=outputs(corpus_events.dev))


def test_value_matrices_are_the_extracted_binary_features(corpus_events):
    """A row of a feature's matrix holds one column per string extract gives for the
    event, in extract's order, and a column always stands for the same string."""
    cache = ValueCache(corpus_events)
    for text in ("Concept(v)", "OutLabels(v) * InLabel(v)", "Children(p) * OutLabels(v) * Depth(v)"):
        feature = parse_feature(text)
        values = cache.of(feature)
        string_of: dict[int, str] = {}
        for part, contexts in ((values.train, corpus_events.train), (values.dev, corpus_events.dev)):
            for row, context in enumerate(contexts):
                strings = extract([feature], context)
                columns = part.indices[part.indptr[row]:part.indptr[row + 1]].tolist()
                assert len(columns) == len(strings)
                assert [string_of.setdefault(c, s) for c, s in zip(columns, strings)] == strings
        assert len(set(string_of.values())) == len(string_of) > 1


def test_informative_drops_constant_indicators(corpus_events):
    cache = ValueCache(corpus_events)
    assert not cache.of(parse_feature("Rho[TENSE](v)")).informative()  # the voice model does not know α(TENSE)
    assert cache.of(parse_feature("Concept(v)")).informative()


def test_candidates_are_singles_and_compositions_with_the_list():
    singles = [parse_feature(t).parts[0] for t in ("Concept(v)", "InLabel(v)", "Depth(v)")]
    selected = [parse_feature("Concept(v)"), parse_feature("InLabel(v) * Concept(v)")]
    found = [str(f) for f in candidates(selected, singles)]
    assert found == ["InLabel(v)", "Depth(v)", "Concept(v) * Depth(v)", "InLabel(v) * Depth(v)"]


def test_selection_adds_the_informative_candidate_and_stops(toy, tmp_path, capsys):
    state = SelectionState("voice", SETTINGS, [])
    messages = []
    state = select(toy, state, tmp_path / "state.json", deadline=float("inf"), progress=messages.append)
    assert state.finished and state.selected == [TARGET]
    start, added = state.history
    assert start["added"] is None and added["added"] == TARGET
    assert added["dev_correct"] == added["dev_events"] > start["dev_correct"] + 10
    assert any(message.startswith(f"added {TARGET}: dev accuracy 1.0000") for message in messages)
    assert messages[-1].endswith("selection finished")
    write_feature_list(tmp_path / "voice.txt", state, "no features")
    assert [str(f) for f in load_feature_list(tmp_path / "voice.txt")] == [TARGET]


def test_the_budget_stops_a_round_and_a_rerun_continues_it(toy, tmp_path, monkeypatch):
    """A clock that counts trained models stops the first round after three candidates;
    the saved state continues without training a tried candidate again, and ends as
    an uninterrupted run does."""
    fitted = []
    fit = selection.Scorer.fit
    monkeypatch.setattr(selection.Scorer, "fit",
                        lambda self, features: fitted.append([str(f) for f in features]) or fit(self, features))
    monkeypatch.setattr(selection.time, "monotonic", lambda: len(fitted))
    file = tmp_path / "state.json"
    first = select(toy, SelectionState("voice", SETTINGS, []), file, deadline=4)
    saved = SelectionState.load(file)
    assert not first.finished and saved.selected == [] and len(saved.ranking) == selection.CANDIDATES_PER_ROUND
    ranking = list(saved.ranking)
    assert list(saved.tried) == ranking[:3] and fitted == [[]] + [[text] for text in ranking[:3]]
    fitted.clear()
    monkeypatch.setattr(selection.time, "monotonic", lambda: 0)
    resumed = select(toy, saved, file, deadline=1)
    assert resumed.finished and resumed.selected == [TARGET]
    assert [[]] + [[text] for text in ranking[3:]] == fitted[:len(ranking) - 2]
    assert SelectionState.load(file).finished


def test_select_features_command_saves_and_resumes_its_state(tmp_path, capsys):
    """A budget of zero writes the starting list and the state; other settings are refused;
    a rerun continues from the state."""
    if missing := [part.missing() for part in LP.values() if not part.present()]:
        pytest.skip(missing[0])
    train, dev = tmp_path / "train.txt", tmp_path / "dev.txt"
    graphs = (LP["dev"].location).read_text().split("\n\n")
    train.write_text("\n\n".join(graphs[:31]))
    dev.write_text("\n\n".join(graphs[31:52]))
    output = tmp_path / "lists" / "denom.txt"
    arguments = ["select-features", str(train), str(dev), "--model", "denom", "-o", str(output)]
    assert main(arguments + ["--budget", "0"]) == 0
    assert "rerun the same command to continue" in capsys.readouterr().out
    state = json.loads(state_path(output).read_text())
    assert state["selected"] == [str(f) for f in load_feature_list("denom")] and not state["finished"]
    assert [str(f) for f in load_feature_list(output)] == state["selected"]
    assert main(arguments + ["--budget", "0", "--c", "4"]) == 2
    assert "other settings" in capsys.readouterr().err
    assert main(arguments + ["--budget", "0.3"]) == 0
    assert "continuing from" in capsys.readouterr().err
    assert len(json.loads(state_path(output).read_text())["history"]) >= 1


def test_train_takes_the_lists_a_directory_has_and_the_others_from_resources(tmp_path):
    (tmp_path / "voice.txt").write_text("Concept(v)\nPos(v) * Concept(v)\n")
    lists = feature_lists(tmp_path)
    assert list(lists) == list(MODELS)
    assert [str(f) for f in lists["voice"]] == ["Concept(v)", "Pos(v) * Concept(v)"]
    assert lists["denom"] == load_feature_list("denom")
    (tmp_path / "empty").mkdir()
    with pytest.raises(MissingResourceError, match="holds no feature list NAME.txt for any model"):
        feature_lists(tmp_path / "empty")
    with pytest.raises(MissingResourceError, match="no such directory"):
        feature_lists(tmp_path / "nowhere")
