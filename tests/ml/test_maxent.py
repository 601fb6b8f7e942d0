"""Maximum-entropy models over indicator features (thesis 2.7; reference §6.1 and §1.3)."""

import math
import random
from collections import Counter

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.linear_model import LogisticRegression

from amrgen.errors import AmrgenError
from amrgen.ml.encoded_events import EncodedEvents, EventEncoder
from amrgen.ml.maxent import SAG_TOL, MaxentModel, ModelError, _top


def synthetic(n: int, seed: int) -> tuple[list[list[str]], list[str]]:
    """The label is a function of the indicator a=…, flipped to a random label 10% of
    the time; b=… and n=… are noise."""
    rng = random.Random(seed)
    events, labels = [], []
    for _ in range(n):
        a, b = rng.randrange(6), rng.randrange(3)
        events.append([f"a={a}", f"b={b}", f"n={rng.randrange(40)}"])
        labels.append(rng.choice("xyz") if rng.random() < 0.1 else "xyzxyy"[a])
    return events, labels


TRAIN = synthetic(300, seed=1)
DEV = synthetic(100, seed=2)


@pytest.fixture(scope="module")
def model() -> MaxentModel:
    return MaxentModel.train(*TRAIN, dev=DEV, c_grid=(0.01, 1.0, 10.0), feature_templates=("a", "b", "n"))


def test_learns_the_labels_far_better_than_chance_and_the_majority(model):
    majority = Counter(TRAIN[1]).most_common(1)[0][1] / len(TRAIN[1])
    assert model.accuracy(*TRAIN) > 0.85 > majority + 0.3
    assert model.accuracy(*DEV) > 0.8


def test_labels_sorted_vocabulary_from_training_and_probabilities_normalised(model):
    assert model.labels == ("x", "y", "z")
    assert model.vocabulary == tuple(sorted({f for event in TRAIN[0] for f in event}))
    assert model.feature_templates == ("a", "b", "n")
    p = model.probabilities(["a=1", "b=0"])
    assert list(p) == ["x", "y", "z"] and math.isclose(sum(p.values()), 1.0)
    assert max(p, key=p.get) == "y"


def test_one_event_and_batch_agree(model):
    events = TRAIN[0][:50] + DEV[0][:50]
    single = np.array([list(model.probabilities(event).values()) for event in events])
    np.testing.assert_allclose(model.probabilities_batch(events), single, rtol=1e-12, atol=1e-15)


def one_hot(model: MaxentModel, events: list[list[str]]) -> sp.csr_matrix:
    column = {f: i for i, f in enumerate(model.vocabulary)}
    x = np.zeros((len(events), len(column)))
    for row, event in enumerate(events):
        x[row, [column[f] for f in event]] = 1
    return sp.csr_matrix(x)


def test_probabilities_are_scikit_learns(model):
    """The fast path computes what scikit-learn's predict_proba gives for the same fit."""
    x = one_hot(model, TRAIN[0])
    reference = LogisticRegression(C=model.metadata["C"], solver="sag", random_state=0, max_iter=1000,
                                   tol=SAG_TOL).fit(x, TRAIN[1])
    np.testing.assert_allclose(model.probabilities_batch(TRAIN[0]), reference.predict_proba(x), atol=1e-6)


def test_two_labels_are_a_logistic_function():
    events, labels = TRAIN[0], ["x" if label == "x" else "other" for label in TRAIN[1]]
    model = MaxentModel.train(events, labels)
    assert model.labels == ("other", "x") and model.coef.shape == (len(model.vocabulary), 2)
    x = one_hot(model, events)
    reference = LogisticRegression(solver="sag", random_state=0, max_iter=1000, tol=SAG_TOL).fit(x, labels)
    np.testing.assert_allclose(model.probabilities_batch(events), reference.predict_proba(x), atol=1e-6)
    assert model.accuracy(events, labels) > 0.85


def test_dev_chooses_c_from_the_grid_by_dev_log_likelihood(model):
    meta = model.metadata
    assert meta["C_grid"] == [0.01, 1.0, 10.0][:len(meta["C_grid"])] and meta["C"] in meta["C_grid"]
    by_c = meta["dev_log_likelihood_by_C"]
    assert meta["C"] == meta["C_grid"][int(np.argmax(by_c))]
    assert meta["dev_log_likelihood"] == pytest.approx(model.log_likelihood(*DEV)) == pytest.approx(max(by_c))
    assert meta["dev_accuracy"] == model.accuracy(*DEV) and meta["train_accuracy"] == model.accuracy(*TRAIN)
    assert meta["train_events"] == 300 and meta["dev_events"] == 100 and meta["solver"] == "sag"


def test_noise_labels_choose_the_strongest_regularisation():
    """Labels independent of the features: memorising them lowers the dev likelihood."""
    rng = random.Random(3)
    events = [[f"id={i}", f"n={rng.randrange(5)}"] for i in range(300)]
    labels = [rng.choice("xyz") for _ in events]
    model = MaxentModel.train(events[:200], labels[:200], dev=(events[200:], labels[200:]), c_grid=(100.0, 0.001))
    assert model.metadata["C"] == 0.001


def test_the_grid_stops_where_the_dev_likelihood_falls():
    """Ascending C, the first fall of the dev likelihood ends the search: the larger C are not fitted."""
    rng = random.Random(3)
    events = [[f"id={i}", f"n={rng.randrange(5)}"] for i in range(300)]
    labels = [rng.choice("xyz") for _ in events]
    model = MaxentModel.train(events[:200], labels[:200], dev=(events[200:], labels[200:]),
                              c_grid=(1000.0, 1.0, 0.001, 100.0))
    by_c = model.metadata["dev_log_likelihood_by_C"]
    assert model.metadata["C_grid"] == [0.001, 1.0] and by_c[1] < by_c[0] and model.metadata["C"] == 0.001


def test_dev_labels_unseen_in_training_are_left_out_of_the_choice():
    dev_events, dev_labels = DEV[0] + [["a=1"]], DEV[1] + ["never-trained"]
    model = MaxentModel.train(*TRAIN, dev=(dev_events, dev_labels), c_grid=(1.0,))
    assert model.metadata["dev_events"] == 101 and model.metadata["dev_events_with_known_label"] == 100
    assert math.isfinite(model.metadata["dev_log_likelihood"])
    assert model.log_likelihood(dev_events, dev_labels) == -math.inf


def test_unseen_and_repeated_features_are_ignored(model):
    p = model.probabilities(["a=2", "b=1"])
    assert model.probabilities(["a=2", "never-seen", "b=1", "a=2"]) == p
    assert model.probabilities(["b=1", "a=2"]) == p
    only_unseen = model.probabilities(["never-seen"])
    assert only_unseen == model.probabilities([])
    np.testing.assert_allclose(list(only_unseen.values()), np.exp(model.intercept) / np.exp(model.intercept).sum())


def test_training_is_deterministic(model):
    again = MaxentModel.train(*TRAIN, dev=DEV, c_grid=(0.01, 1.0, 10.0))
    assert np.array_equal(again.coef, model.coef) and np.array_equal(again.intercept, model.intercept)


def test_one_class_predicts_it_with_probability_one():
    model = MaxentModel.train([["a"], ["b"], []], ["only"] * 3, dev=([["c"]], ["only"]))
    assert model.probabilities(["a"]) == {"only": 1.0} and model.probabilities(["zzz"]) == {"only": 1.0}
    assert model.best(["a"], n=3, r=0.1) == [("only", 1.0)]
    assert model.accuracy([["a"]], ["only"]) == 1.0 and model.log_likelihood([["a"]], ["only"]) == 0.0
    assert model.metadata["C"] is None and model.metadata["dev_accuracy"] == 1.0


def test_no_training_events_is_a_clear_error():
    with pytest.raises(ModelError, match="no training events") as error:
        MaxentModel.train([], [])
    assert isinstance(error.value, AmrgenError)
    with pytest.raises(ValueError, match="2 events but 1 labels"):
        MaxentModel.train([["a"], ["b"]], ["x"])


# p = (0.5, 0.3, 0.15, 0.05) for every event: log-probabilities as intercepts, no features.
FIXED = MaxentModel(["a", "b", "c", "d"], [], np.zeros((0, 4)), np.log([0.5, 0.3, 0.15, 0.05]))


def test_fixed_probabilities():
    assert FIXED.probabilities(["anything"]) == pytest.approx({"a": 0.5, "b": 0.3, "c": 0.15, "d": 0.05})


@pytest.mark.parametrize(
    ("n", "r", "expected"),
    [
        (None, None, ["a", "b", "c", "d"]),  # prune nothing: all, best first
        (2, None, ["a", "b"]),  # the 2 best
        (3, 0.25, ["a", "b"]),  # of a, b, c only those with p >= 0.5 - 0.25
        (None, 0.4, ["a", "b", "c"]),  # p >= 0.1
        (1, 0.4, ["a"]),
        (0, None, []),
    ],
)
def test_best_is_prune_n_r(n, r, expected):
    best = FIXED.best([], n=n, r=r)
    assert [label for label, _ in best] == expected
    assert [p for _, p in best] == pytest.approx([{"a": 0.5, "b": 0.3, "c": 0.15, "d": 0.05}[y] for y in expected])


def test_forgetting_answers_keeps_the_oldest_and_answers_the_same(model):
    fresh = MaxentModel(model.labels, model.vocabulary, model.coef, model.intercept)
    first = fresh.probabilities(["a=1"])
    fresh.best(["a=2"], n=2)
    assert fresh.answers_kept == 2
    fresh.forget_answers(1)
    assert fresh.answers_kept == 1
    fresh.probabilities(["a=1"])
    assert fresh.answers_kept == 1  # the oldest, kept: found again
    fresh.forget_answers()
    assert fresh.answers_kept == 0
    assert fresh.probabilities(["a=1"]) == first


def test_accuracy_and_log_likelihood_by_hand():
    assert FIXED.accuracy([[], [], [], []], ["a", "a", "b", "c"]) == 0.5
    assert FIXED.log_likelihood([[], []], ["a", "b"]) == pytest.approx(math.log(0.5) + math.log(0.3))
    assert FIXED.log_likelihood([[]], ["unknown"]) == -math.inf


def test_inconsistent_weights_are_refused():
    with pytest.raises(ValueError, match="coef has shape"):
        MaxentModel(["a", "b"], ["f"], np.zeros((2, 2)), np.zeros(2))
    with pytest.raises(ValueError, match="sorted"):
        MaxentModel(["b", "a"], [], np.zeros((0, 2)), np.zeros(2))
    with pytest.raises(ValueError, match="finite"):
        MaxentModel(["a"], ["f"], np.array([[np.nan]]), np.zeros(1))


def _encoded(events):
    encoder = EventEncoder()
    for event in events:
        encoder.add(event)
    return encoder.encoded()


def test_events_encoded_as_they_come_train_the_same_model(model):
    """Training events as an EventEncoder keeps them (each string once) give the model their strings give."""
    train, dev = _encoded(TRAIN[0]), _encoded(DEV[0])
    assert train.vocabulary == model.vocabulary and train.complete and len(train) == len(TRAIN[0])
    assert (train.matrix != model.encode(TRAIN[0]).matrix).nnz == 0
    again = MaxentModel.train(train, TRAIN[1], dev=(dev, DEV[1]), c_grid=(0.01, 1.0, 10.0),
                              feature_templates=("a", "b", "n"))
    assert again.metadata == model.metadata
    np.testing.assert_array_equal(again.coef, model.coef)
    assert again.accuracy(dev, DEV[1]) == model.accuracy(*DEV)


def test_complete_events_read_under_any_vocabulary_incomplete_ones_only_under_their_own():
    events = _encoded([["a=1", "b=0"], ["a=2"], []])
    wider = ("a=0", "a=1", "b=0", "z=9")
    np.testing.assert_array_equal(events.columns(wider).toarray(), [[0, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    subset = EncodedEvents(events.columns(("a=1", "b=0")), ("a=1", "b=0"))
    with pytest.raises(ValueError, match="without the indicator 'a=2'"):
        subset.columns(("a=1", "a=2"))
    both = EncodedEvents.stacked(events, _encoded([["c=3", "a=1"]]))
    assert both.vocabulary == ("a=1", "a=2", "b=0", "c=3") and both.complete
    np.testing.assert_array_equal(both.matrix.toarray(), [[1, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 1]])
    with pytest.raises(ValueError, match="may leave indicators out"):
        MaxentModel.train(subset, ["x", "y", "x"])


def test_the_best_labels_are_those_of_a_stable_sort_however_many_labels_and_ties():
    rng = np.random.default_rng(7)
    for trial in range(500):
        size = int(rng.integers(1, 300))
        p = rng.choice([0.05, 0.1, 0.2], size) if trial % 2 else rng.random(size)  # many ties, or none
        n = int(rng.integers(0, size + 2))
        assert _top(p, n) == np.argsort(-p, kind="stable")[:n].tolist()
