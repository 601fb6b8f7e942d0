"""Fitting over the seen (indicator, label) pairs (amrgen.ml.seen_pairs) and scoring
on events encoded once (EncodedEvents)."""

import random

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.optimize import approx_fprime
from scipy.special import log_softmax

from amrgen.ml import maxent
from amrgen.ml.compaction import compact, pruned
from amrgen.ml.maxent import MaxentModel
from amrgen.ml.seen_pairs import SeenPairs, fit_seen_pairs


def many_labels(n: int, seed: int) -> tuple[list[list[str]], list[str]]:
    """A realize-like task: a concept and its POS give the word; 150 concepts, two words each."""
    rng = random.Random(seed)
    events, labels = [], []
    for _ in range(n):
        concept, pos = rng.randrange(150), rng.choice("NV")
        events.append([f"c={concept}", f"c={concept}|p={pos}"])
        labels.append(f"w{concept}{pos}" if rng.random() < 0.9 else f"w{concept}N")
    return events, labels


def small_problem() -> tuple[sp.csr_matrix, np.ndarray, SeenPairs]:
    rng = np.random.default_rng(0)
    x = (rng.random((60, 12)) < 0.2).astype(float)
    x[7] = 0  # an event without any indicator: it has no slot
    y = rng.integers(0, 5, 60)
    y[:5] = np.arange(5)
    x = sp.csr_matrix(x)
    return x, y, SeenPairs(x, y, 5)


def restricted_objective(theta, x, y, pairs, c):
    """The same objective computed densely: weights off the seen pairs are zero."""
    m = len(pairs.pair_label)
    w, b = theta[:m], theta[m:]
    coef = np.zeros((x.shape[1], pairs.labels))
    coef[pairs.pair_indicator, pairs.pair_label] = w
    loss = -log_softmax(x @ coef + b, axis=1)[np.arange(len(y)), y].sum()
    return (c * loss + 0.5 * w @ w) / (c * len(y))


@pytest.mark.parametrize("c", [0.1, 4.0])
def test_objective_and_gradient_are_those_of_the_dense_computation(c):
    x, y, pairs = small_problem()
    theta = np.random.default_rng(1).normal(size=len(pairs.pair_label) + pairs.labels)
    value, gradient = pairs.objective(theta, c)
    assert value == pytest.approx(restricted_objective(theta, x, y, pairs, c), rel=1e-12)
    numeric = approx_fprime(theta, lambda t: restricted_objective(t, x, y, pairs, c), 1e-6)
    np.testing.assert_allclose(gradient, numeric, atol=1e-6)


def test_the_pairs_are_those_of_the_training_events():
    x, y, pairs = small_problem()
    rows, columns = x.nonzero()
    assert set(zip(pairs.pair_indicator.tolist(), pairs.pair_label.tolist())) == set(
        zip(columns.tolist(), y[rows].tolist()))
    coef, intercept, _ = fit_seen_pairs(x, y, 1.0)
    assert coef.shape == (12, 5) and intercept.shape == (5,) and coef.nnz <= len(pairs.pair_label)


def test_many_labels_are_fitted_over_the_seen_pairs_and_learnt():
    train, dev = many_labels(1500, seed=1), many_labels(300, seed=2)
    assert len(set(train[1])) > maxent.SEEN_PAIRS_LABELS
    model = MaxentModel.train(*train, dev=dev)
    assert model.metadata["solver"] == maxent.SEEN_PAIRS_SOLVER and model.metadata["converged"]
    assert model.accuracy(*dev) > 0.8
    # Only seen pairs carry weights: far fewer than indicators x labels.
    assert model.nonzero_weights <= sum(len(set(e)) for e in train[0]) < len(model.vocabulary) * len(model.labels) / 10


def test_encoded_events_score_as_their_strings_for_the_model_and_its_compactions():
    train, dev = many_labels(600, seed=3), many_labels(200, seed=4)
    dev[0][0].append("never-seen")
    model = MaxentModel.train(*train, c=1.0)
    encoded = model.encode(dev[0])
    for candidate in (model, pruned(model, 0.05), pruned(model, 0.5)):
        assert candidate.accuracy(encoded, dev[1]) == candidate.accuracy(*dev)
        assert candidate.log_likelihood(*maxent.with_known_labels(candidate, encoded, dev[1])) == \
            candidate.log_likelihood(*maxent.with_known_labels(candidate, *dev))
    assert compact(model, encoded, dev[1]).metadata == compact(model, *dev).metadata


def test_encoded_events_refuse_a_model_with_indicators_they_lost():
    model = MaxentModel.train(*many_labels(300, seed=5), c=1.0)
    narrow = MaxentModel(model.labels, ["c=1"], np.zeros((1, len(model.labels))), model.intercept)
    with pytest.raises(ValueError, match="without the indicator"):
        model.accuracy(narrow.encode([["c=1", "c=2"]]), ["w1N"])
