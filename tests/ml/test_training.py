"""``amrgen train`` on a small corpus: every model trained, saved and loadable."""

import pytest

from amrgen.cli import main
from amrgen.ml.store import load_json_resource, load_models
from amrgen.ml.training import constrained_runs
from amrgen.oracle.annotations import Approach
from amrgen.prep.pipeline import load_corpus

pytestmark = pytest.mark.slow


def test_train_writes_a_loadable_model_directory(shared_dir, tmp_path, capsys):
    lp = shared_dir / "data" / "amr" / "little-prince-v1.6"
    train = tmp_path / "train.txt"
    train.write_text("\n\n".join((lp / "dev.txt").read_text().split("\n\n")[:41]))
    output = tmp_path / "model"
    assert main(["train", str(train), "--dev", str(lp / "test.txt"), "-o", str(output)]) == 0
    out = capsys.readouterr().out
    models, settings = load_models(output)
    assert {"first-stage", "pos", "realize", "reorder-head", "insert-child"} <= set(models)
    assert settings["training corpus"] == str(train)
    _, resources = constrained_runs(load_corpus(train).entries, Approach.TEXT)
    assert load_json_resource(output, "empirical-pos") == resources.empirical_pos
    assert len(load_json_resource(output, "merge-table")) == len(resources.merge_table)
    assert "trained" in out and "first-stage" in out
    assert models["pos"].metadata["train_accuracy"] > 0.5
