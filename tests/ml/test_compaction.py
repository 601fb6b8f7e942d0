"""Compaction: small weights dropped within a tolerance on held-out events; sparse models predict as dense ones."""

import random

import numpy as np
import pytest
import scipy.sparse as sp

from amrgen.ml import compaction, maxent
from amrgen.ml.compaction import MAX_ACCURACY_LOSS, MAX_LOG_LIKELIHOOD_LOSS, THRESHOLDS, compact, pruned
from amrgen.ml.maxent import MaxentModel


def synthetic(n: int, seed: int) -> tuple[list[list[str]], list[str]]:
    """The label follows a=… (10 % noise); id=… and n=… are noise indicators, most seen once."""
    rng = random.Random(seed)
    events, labels = [], []
    for _ in range(n):
        a = rng.randrange(6)
        events.append([f"a={a}", f"n={rng.randrange(50)}", f"id={rng.randrange(10_000)}"])
        labels.append(rng.choice("xyz") if rng.random() < 0.1 else "xyzxyy"[a])
    return events, labels


TRAIN, DEV = synthetic(600, seed=1), synthetic(300, seed=2)


@pytest.fixture(scope="module")
def model() -> MaxentModel:
    return MaxentModel.train(*TRAIN, c=1.0, feature_templates=("a", "n", "id"))


def test_pruned_drops_small_weights_and_the_indicators_left_without_any(model):
    small = pruned(model, 0.05)
    dense = np.asarray(model.coef, dtype=np.float32)
    kept_rows = [i for i in range(len(model.vocabulary)) if (np.abs(dense[i]) >= 0.05).any()]
    assert small.vocabulary == tuple(model.vocabulary[i] for i in kept_rows) and len(kept_rows) < len(dense)
    expected = np.where(np.abs(dense) >= 0.05, dense, 0)[kept_rows]
    assert sp.issparse(small.coef) and np.array_equal(small.coef.toarray(), expected)
    assert small.nonzero_weights == np.count_nonzero(expected)
    assert (small.labels, small.feature_templates) == (model.labels, model.feature_templates)
    # p(y | x) is that of the dense weights: a dropped indicator is as good as unseen.
    reference = MaxentModel(model.labels, model.vocabulary, np.where(np.abs(dense) >= 0.05, dense, 0), model.intercept)
    np.testing.assert_allclose(small.probabilities_batch(DEV[0]), reference.probabilities_batch(DEV[0]), rtol=1e-12)


def test_compact_takes_the_largest_threshold_within_the_tolerances(model, monkeypatch):
    assert compact(model, *DEV).metadata["compaction"]["threshold"] == max(THRESHOLDS)
    # Larger thresholds, up to some that cost accuracy or likelihood here.
    monkeypatch.setattr(compaction, "THRESHOLDS", (0.01, 0.1, 0.3, 1.0, 3.0))
    small = compact(model, *DEV)
    report = small.metadata["compaction"]
    assert report["threshold"] == 0.3 and report["events"] == len(DEV[0])
    assert report["weights_after"] == small.nonzero_weights < model.nonzero_weights / 3 == report["weights_before"] / 3
    assert report["accuracy_before"] == model.accuracy(*DEV) and report["accuracy_after"] == small.accuracy(*DEV)
    assert report["accuracy_after"] >= report["accuracy_before"] - MAX_ACCURACY_LOSS
    loss = report["log_likelihood_before"] - report["log_likelihood_after"]
    assert loss <= MAX_LOG_LIKELIHOOD_LOSS * abs(report["log_likelihood_before"])
    larger = [t for t in compaction.THRESHOLDS if t > report["threshold"]]
    for threshold in larger:  # every larger threshold breaks a tolerance
        candidate = pruned(model, threshold)
        assert candidate.accuracy(*DEV) < report["accuracy_before"] - MAX_ACCURACY_LOSS or \
            candidate.log_likelihood(*DEV) < report["log_likelihood_before"] * (1 + MAX_LOG_LIKELIHOOD_LOSS)
    assert "compaction" not in model.metadata


def test_compact_keeps_every_weight_when_each_matters():
    """Labels that are a function of id=…: every weight is needed on the training events."""
    events = [[f"id={i}"] for i in range(30)]
    labels = ["xyz"[i % 3] for i in range(30)]
    model = MaxentModel.train(events, labels, c=0.001)
    small = compact(model, events, labels)
    assert small.metadata["compaction"]["threshold"] == 0.0 and small.nonzero_weights == model.nonzero_weights


def test_sparse_rows_give_the_dense_probabilities(model, monkeypatch):
    """The gather over CSR rows (models above DENSE_LIMIT) and the dense rows agree."""
    dense = pruned(model, 0.01)
    monkeypatch.setattr(maxent, "DENSE_LIMIT", 0)
    sparse = MaxentModel(dense.labels, dense.vocabulary, dense.coef, dense.intercept)
    assert sparse._dense is None and dense._dense is not None
    for event in DEV[0][:50] + [[], ["unseen"], ["a=1", "a=1"]]:
        assert sparse.probabilities(event) == pytest.approx(dense.probabilities(event), rel=1e-12)
    np.testing.assert_allclose(sparse.probabilities_batch(DEV[0]), dense.probabilities_batch(DEV[0]), rtol=1e-12)
    assert sparse.accuracy(*DEV) == dense.accuracy(*DEV)
