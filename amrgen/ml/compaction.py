"""Compact maximum-entropy models: the smallest weights dropped where held-out
data shows they do not matter.

The L2 prior of training (thesis 2.7) pulls weights towards zero but leaves
almost none at zero: the realize model of Little Prince has 16 million weights,
of which 0.2 % exceed 0.01 in magnitude.  :func:`pruned` rounds the weights
to float32 (the precision a model directory stores), drops those of magnitude
below a threshold and the indicators left without any weight (an indicator
without weights is the same as one never seen in training), giving a sparse
model.  :func:`compact` chooses the threshold: the largest of
:data:`THRESHOLDS` whose model loses at most :data:`MAX_ACCURACY_LOSS` of
accuracy and :data:`MAX_LOG_LIKELIHOOD_LOSS` of log-likelihood on the given
(held-out) events, measured against the unpruned model.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp

from amrgen.ml.encoded_events import EncodedEvents, Events
from amrgen.ml.maxent import MaxentModel, with_known_labels

THRESHOLDS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1)
"""The weight magnitudes :func:`compact` tries as threshold."""

MAX_ACCURACY_LOSS = 0.002
"""At most 0.2 percentage points of accuracy may be lost."""

MAX_LOG_LIKELIHOOD_LOSS = 0.005
"""At most 0.5 % of the log-likelihood L(λ | C) may be lost (relative to its magnitude)."""


def pruned(model: MaxentModel, threshold: float) -> MaxentModel:
    """``model`` with float32 weights, without the weights of magnitude below
    ``threshold`` and without the indicators that have no weight left."""
    coef = sp.csr_array(model.coef, dtype=np.float32)
    coef.data[np.abs(coef.data) < threshold] = 0
    coef.eliminate_zeros()
    rows = np.flatnonzero(np.diff(coef.indptr))
    return MaxentModel(model.labels, [model.vocabulary[i] for i in rows], coef[rows], model.intercept,
                       model.metadata, model.feature_templates)


def compact(model: MaxentModel, events: Events, labels: Sequence[str]) -> MaxentModel:
    """The model :func:`pruned` at the largest threshold of :data:`THRESHOLDS`
    that keeps accuracy and log-likelihood on ``events`` within the tolerances
    (0 when none does: float32 weights, exact zeros dropped).  The metadata
    gains ``compaction``: the threshold and the weights and scores before and after."""
    if not len(events):
        raise ValueError("no events to measure the compaction on")
    # Every candidate is scored on the same events: their strings are read once.
    if not isinstance(events, EncodedEvents):
        events = model.encode(events)
    known = with_known_labels(model, events, labels)

    def scores(m: MaxentModel) -> tuple[float, float]:
        return m.accuracy(events, labels), m.log_likelihood(*known)

    before = scores(model)
    threshold, best = 0.0, pruned(model, 0.0)
    for candidate_threshold in THRESHOLDS:
        candidate = pruned(model, candidate_threshold)
        accuracy, log_likelihood = scores(candidate)
        if accuracy >= before[0] - MAX_ACCURACY_LOSS and \
                log_likelihood >= before[1] - MAX_LOG_LIKELIHOOD_LOSS * abs(before[1]):
            threshold, best = candidate_threshold, candidate
    after = scores(best)
    best.metadata["compaction"] = {
        "threshold": threshold, "events": len(events),
        "weights_before": model.nonzero_weights, "weights_after": best.nonzero_weights,
        "accuracy_before": before[0], "accuracy_after": after[0],
        "log_likelihood_before": before[1], "log_likelihood_after": after[1]}
    return best
