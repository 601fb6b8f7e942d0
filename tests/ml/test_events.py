"""Training events of every model from the oracle's (c, t*) pairs."""

from collections import Counter

from amrgen.ml.events import events
from amrgen.ml.names import MODELS
from amrgen.oracle import training_data
from amrgen.transitions import Key
from test_oracle import developer_bigraph  # tests/ is on sys.path (rootless conftest)


def developer_events():
    return list(events([training_data(developer_bigraph())]))


def test_every_pair_becomes_the_events_of_its_model():
    counts = Counter(e.model for e in developer_events())
    # 4 first-stage decisions at v4 (Merge), v2 (Keep), ~v1 (Delete), v3 and v1 (Keep): 5
    assert counts["first-stage"] == 5
    # 4 Realize transitions (developer, the, sleep, wants): one event each for every p_k and p_REAL
    for model in ("pos", "number", "denom", "voice", "tense", "realize"):
        assert counts[model] == 4
    assert counts["insert-child"] == 4  # Insert-Child-(the,left) and three No-Insertion with β = ε
    assert counts["reorder-head"] == 4  # ~v2 of v2, ~v1 of v3, v2 and v3 of v1
    assert set(counts) <= set(MODELS)


def test_outputs():
    outputs = {(e.model, e.output) for e in developer_events()}
    assert ("first-stage", "Merge") in outputs and ("first-stage", "Delete") in outputs
    assert ("realize", "developer") in outputs and ("pos", "NN") in outputs and ("denom", "the") in outputs
    assert ("insert-child", "the") in outputs
    assert ("insert-between-arg", "to/left") in outputs  # v1 :ARG1 v3 gets "to"
    assert ("insert-between-arg", "") in outputs  # v1 :ARG0 v2 gets nothing
    heads = [e.output for e in developer_events() if e.model == "reorder-head"]
    assert sorted(heads) == ["left", "left", "left", "right"]


def test_annotation_models_see_only_the_keys_they_are_conditioned_on():
    by_model = {e.model: e for e in developer_events() if e.output in ("NN", "singular", "the")}
    assert by_model["pos"].context.annotation == {}
    assert by_model["denom"].context.annotation == {Key.POS: "NN", Key.NUMBER: "singular"}
