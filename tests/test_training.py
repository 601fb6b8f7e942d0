"""``amrgen train`` and ``amrgen evaluate-models`` on a small corpus."""


import pytest

from amrgen.cli import main
from amrgen.corpus_registry import corpus
from amrgen.ml.store import load_json_resource, load_models
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.prep.pipeline import load_corpora, load_corpus

pytestmark = pytest.mark.slow
LP = {part: corpus(f"little-prince-{part}") for part in ("training", "dev", "test")}
"""Little Prince's parts (resources/corpora.json)."""


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """The first 40 graphs of Little Prince dev, and a model trained on them (test as dev)."""
    if missing := [part.missing() for part in LP.values() if not part.present()]:
        pytest.skip(missing[0])
    directory = tmp_path_factory.mktemp("training")
    train = directory / "train.txt"
    train.write_text("\n\n".join((LP["dev"].location).read_text().split("\n\n")[:41]))
    assert main(["train", str(train), "--dev", str(LP["test"].location), "-o", str(directory / "model")]) == 0
    return train, directory / "model"


def test_train_writes_a_loadable_model_directory(trained):
    train, model = trained
    models, settings = load_models(model)
    assert {"first-stage", "pos", "realize", "reorder-head", "insert-child"} <= set(models)
    assert settings["training corpus"] == str(train)
    _, resources = constrained_runs(load_corpus(train).entries, Approach.TEXT)
    assert load_json_resource(model, "empirical-pos") == resources.empirical_pos
    assert len(load_json_resource(model, "merge-table")) == len(resources.merge_table)
    assert models["pos"].metadata["train_accuracy"] > 0.5


def test_evaluate_models_scores_the_trained_models(trained, tmp_path, capsys):
    train, model = trained
    assert main(["evaluate-models", str(model), str(train), "--csv", str(tmp_path / "eval")]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:14] if line.strip()}
    correct, events, accuracy = rows["pos"]
    assert int(events) > 100 and float(accuracy) > 0.8  # its own training data
    confusion = (tmp_path / "eval-confusion.csv").read_text().splitlines()
    assert confusion[0] == "gold,Delete,Merge,Swap,Keep"
    total = sum(int(x) for line in confusion[1:] for x in line.split(",")[1:])
    assert total == int(rows["first-stage"][1])
    assert main(["evaluate-models", str(tmp_path / "missing"), str(train)]) == 2


def test_train_joins_several_corpus_files(trained, tmp_path):
    train, _ = trained
    graphs = train.read_text().split("\n\n")  # a header comment, then 40 graphs
    tests = (LP["test"].location).read_text().split("\n\n")
    parts = {"first": graphs[:21], "second": graphs[21:], "dev-a": tests[:70], "dev-b": tests[70:]}
    for name, chunks in parts.items():
        (tmp_path / f"{name}.txt").write_text("\n\n".join(chunks).strip() + "\n")
    first, second, dev_a, dev_b = (str(tmp_path / f"{name}.txt") for name in parts)
    assert main(["train", first, second, "--dev", dev_a, dev_b, "-o", str(tmp_path / "model")]) == 0
    _, settings = load_models(tmp_path / "model")
    assert settings["training corpus"] == [first, second] and settings["dev corpus"] == [dev_a, dev_b]
    # Each file is prepared (and aligned) on its own, so the models need not be those of the joined
    # file; what the oracle finds on the two files' entries together is what was trained on.
    joined = load_corpora([first, second]).entries
    assert [e.id for e in joined] == [e.id for e in load_corpus(train).entries]
    _, resources = constrained_runs(joined, Approach.TEXT)
    assert load_json_resource(tmp_path / "model", "empirical-pos") == resources.empirical_pos
    assert len(load_json_resource(tmp_path / "model", "merge-table")) == len(resources.merge_table)
    # each file a corpus of its own conventions, and p(corpus | G) over the two
    conventions = load_json_resource(tmp_path / "model", "conventions")
    assert set(conventions["corpora"]) == set(conventions["corpus model"]["corpora"]) == {first, second}


def test_chunks_in_worker_processes_train_the_models_of_one_process(trained, tmp_path, monkeypatch):
    """The oracle's runs and features made a chunk at a time, two chunks at once in worker
    processes, give every model file byte for byte as the whole corpus in one process does."""
    import amrgen.training

    train, model = trained
    monkeypatch.setattr(amrgen.training, "CHUNK_GRAPHS", 7)  # 40 graphs: six chunks, the last short
    assert main(["train", str(train), "--dev", str(LP["test"].location), "-o", str(tmp_path / "model"),
                 "--workers", "2"]) == 0
    chunked = {p.name: p.read_bytes() for p in (tmp_path / "model").iterdir() if p.suffix in (".npz", ".json")}
    whole = {p.name: p.read_bytes() for p in model.iterdir() if p.suffix in (".npz", ".json")}
    assert chunked.keys() == whole.keys() and len(chunked) > 20
    differing = [name for name in chunked if chunked[name] != whole[name] and name != "manifest.json"]
    assert differing == []


def test_both_approaches_add_the_dependency_approach_s_insertions_only(trained):
    """--approach both (thesis 6.1): the insertion models learn the gold transitions of
    both approaches; every other model only the text-based approach's."""
    from amrgen.ml.features import load_feature_list
    from amrgen.ml.names import MODELS
    from amrgen.training import BOTH, INSERTION_MODELS, training_events

    train, _ = trained
    entries = load_corpus(train).entries[:15]
    _, resources = constrained_runs(entries, Approach.TEXT)
    lists = {m: load_feature_list(m) for m in MODELS}
    text, dependency, both = (training_events(entries, a, resources, lists)
                              for a in (Approach.TEXT, Approach.DEPENDENCY, BOTH))
    for m in MODELS:
        expected = text[m][1] + dependency[m][1] if m in INSERTION_MODELS else text[m][1]
        assert both[m][1] == expected, m
    assert any(dependency[m][1] for m in INSERTION_MODELS)
