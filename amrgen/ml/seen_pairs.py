"""Maximum-entropy fitting over the (indicator, label) pairs seen in training, for
models with many labels (the realize model: one label per word sequence).

The model of thesis 2.7 pairs every indicator s with every label y (f_s^Y), so a
model with K labels and d indicators has d·K weights, and any solver of it spends
time in n·K per pass over n events: on all gold data the realize model has
tens of thousands of events and thousands of labels, hours with scikit-learn.
Almost all of those weights are of pairs never seen together; the L2 prior keeps
them tiny and compaction (:mod:`amrgen.ml.compaction`) drops them (on Little
Prince 13 thousand of 16 million are left).  Here the weights are those of the
pairs seen in training (s active in an event of label y), as maximum-entropy
toolkits such as OpenNLP's define their features, and the intercept of every
label; p(y | x) is still the softmax over all labels.  The objective is the same
L2-penalised log-likelihood (C · Σ loss + ½‖λ‖², intercept unpenalised), fitted
with L-BFGS in time linear in the events' seen pairs: each event's partition
function is Σ_y exp(b_y), computed once, corrected for the few labels its
indicators are paired with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from amrgen.ml.csr import ranges

if TYPE_CHECKING:
    import scipy.sparse as sp


class SeenPairs:
    """The index structure of one training set: its seen pairs, and for every
    event the labels its indicators are paired with (its *slots*)."""

    def __init__(self, x: sp.csr_matrix, y: np.ndarray, labels: int) -> None:
        x = x.tocsr()
        n, self.labels = x.shape[0], labels
        self.events, self.y = n, np.asarray(y, dtype=np.int64)
        entry_event = np.repeat(np.arange(n), np.diff(x.indptr))
        entry_indicator = x.indices.astype(np.int64)
        # The pairs (s, y_i) of every entry of x, numbered in (indicator, label) order.
        keys, entry_pair = np.unique(entry_indicator * labels + self.y[entry_event], return_inverse=True)
        self.pair_indicator, self.pair_label = keys // labels, keys % labels
        self.features = x.shape[1]
        self.observed = np.bincount(entry_pair, minlength=len(keys)).astype(np.float64)
        # Every entry (i, s) meets every pair of s: the triples (event, pair).
        first = np.searchsorted(self.pair_indicator, entry_indicator)
        count = np.searchsorted(self.pair_indicator, entry_indicator, side="right") - first
        triple_event = np.repeat(entry_event, count)
        self.triple_pair = ranges(first, count)
        slot_keys, self.triple_slot = np.unique(triple_event * labels + self.pair_label[self.triple_pair],
                                                return_inverse=True)
        self.slot_event, self.slot_label = slot_keys // labels, slot_keys % labels
        # (i, y_i) is a slot of every event with an indicator: its indicators are paired with y_i.
        active = np.flatnonzero(np.diff(x.indptr))
        self.gold_slot = np.full(n, -1)
        self.gold_slot[active] = np.searchsorted(slot_keys, active * labels + self.y[active])
        self.label_count = np.bincount(self.y, minlength=labels).astype(np.float64)

    def objective(self, theta: np.ndarray, c: float) -> tuple[float, np.ndarray]:
        """(C · Σ_i -log p(y_i | x_i) + ½‖w‖²) / (C n) and its gradient, θ = (w, b):
        scaled as scikit-learn scales it, so that tolerances mean the same."""
        m = len(self.pair_label)
        w, b = theta[:m], theta[m:]
        slot_sum = np.bincount(self.triple_slot, weights=w[self.triple_pair], minlength=len(self.slot_label))
        b_slot = b[self.slot_label]
        a = b_slot + slot_sum
        top = np.full(self.events, b.max())
        np.maximum.at(top, self.slot_event, a)
        background = np.exp(b - b.max()).sum()
        shift = top[self.slot_event]
        partition = np.exp(b.max() - top) * background + np.bincount(
            self.slot_event, weights=np.exp(a - shift) - np.exp(b_slot - shift), minlength=self.events)
        log_z = top + np.log(partition)
        gold = b[self.y] + np.where(self.gold_slot >= 0, slot_sum[self.gold_slot], 0.0)
        loss = float((log_z - gold).sum())
        p_slot = np.exp(a - log_z[self.slot_event])
        q_slot = np.exp(b_slot - log_z[self.slot_event])
        expected = np.bincount(self.triple_pair, weights=p_slot[self.triple_slot], minlength=m)
        label_mass = np.exp(b - b.max()) * np.exp(b.max() - log_z).sum() + np.bincount(
            self.slot_label, weights=p_slot - q_slot, minlength=self.labels)
        scale = 1.0 / (c * self.events)
        value = (c * loss + 0.5 * float(w @ w)) * scale
        gradient = np.concatenate([(c * (expected - self.observed) + w) * scale,
                                   (label_mass - self.label_count) / self.events])
        return value, gradient


def fit_seen_pairs(x: sp.csr_matrix, y: np.ndarray, c: float, max_iter: int = 1000,
                   tol: float = 1e-4) -> tuple[sp.csr_array, np.ndarray, int]:
    """λ over the seen pairs maximising the L2-penalised log-likelihood at C = ``c``
    (the arguments and results of :func:`amrgen.ml.maxent.fit_weights`, coef sparse)."""
    import scipy.sparse as sp
    from scipy.optimize import minimize
    from threadpoolctl import threadpool_limits

    labels = int(y.max()) + 1
    pairs = SeenPairs(x, y, labels)
    m = len(pairs.pair_label)
    # L-BFGS-B as scikit-learn's 'lbfgs' solver sets it up.  Its BLAS calls are on short
    # vectors: with BLAS threads on a busy machine each took 100 times as long (28 of 36 s).
    with threadpool_limits(1, user_api="blas"):
        result = minimize(pairs.objective, np.zeros(m + labels), args=(c,), method="L-BFGS-B", jac=True,
                          options={"maxiter": max_iter, "maxls": 50, "gtol": tol,
                                   "ftol": 64 * np.finfo(float).eps})
    w, b = result.x[:m], result.x[m:]
    coef = sp.csr_array((w, (pairs.pair_indicator, pairs.pair_label)), shape=(pairs.features, labels))
    return coef, b, int(result.nit)
