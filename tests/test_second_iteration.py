"""The second training iteration (thesis 4.3.3): train(iterations=2) retrains the models
after the first stage (the oracle with a chosen first stage is tested in tests/test_oracle.py)."""


import pytest

from amrgen.corpus_registry import corpus
from amrgen.ml.names import MODELS
from amrgen.prep.pipeline import load_corpus
from amrgen.training import train

LP = {part: corpus(f"little-prince-{part}") for part in ("training", "dev", "test")}
"""Little Prince's parts (resources/corpora.json)."""


@pytest.mark.slow
def test_train_with_two_iterations_retrains_the_models_after_the_first_stage():
    if missing := [part.missing() for part in LP.values() if not part.present()]:
        pytest.skip(missing[0])
    entries = load_corpus(LP["dev"].location).entries
    messages = []
    once = train(entries[:40], entries[40:70])
    twice = train(entries[:40], entries[40:70], iterations=2, progress=messages.append)
    assert set(twice.models) == set(once.models) and "first-stage" in twice.models
    first = twice.models["first-stage"]
    assert "iteration" not in first.metadata and first.vocabulary == once.models["first-stage"].vocabulary
    for name in set(twice.models) - {"first-stage"}:
        model = twice.models[name]
        assert model.metadata["iteration"] == 2, name
        # fused: the first iteration's events and about as many again from the second run
        assert 1.5 < model.metadata["train_events"] / once.models[name].metadata["train_events"] < 2.5, name
        if model.metadata.get("dev_events"):
            assert 0 <= model.metadata["first_iteration_dev_accuracy"] <= 1
            assert twice.summary[name]["first_iteration_dev_accuracy"] == model.metadata["first_iteration_dev_accuracy"]
    assert any(m.startswith("second iteration: running the oracle") for m in messages)
    assert set(twice.summary) <= set(MODELS)
