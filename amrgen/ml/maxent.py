"""Maximum-entropy models p(y | x) over binary indicator features (thesis 2.7).

An event x is given by the set of its active indicator features, each a string
such as ``"Concept(v)=want-01"``; the thesis's feature functions f_s^Y are the
pairs (indicator s, output y), so the parameters λ form one weight per indicator
and label, stored as a matrix ``coef[indicator, label]``, plus one unpenalised
weight per label (the intercept). This is multinomial logistic regression, which
scikit-learn fits.

Training follows the reference's Stanford models (reference §6.1): an L2
(Gaussian) prior, whose strength is chosen on the log-likelihood of dev data
when dev data is given. scikit-learn's objective ``C·Σ loss + ½‖λ‖²`` is the
Stanford objective ``Σ loss + ‖λ‖² / (2σ²)`` with C = σ², so the default C = 1
is Stanford's default σ = 1 and the default grid spans its σ range [0.01, 2].

The solver is 'sag' (stochastic average gradient, seeded, so deterministic), stopped
at a relative change of the weights below :data:`SAG_TOL`.
On a synthetic problem of 100k events (25 active indicators each), 50k
indicators and 20 labels on two cores, it converged at C = 1 in 28 s against
30 s for 'saga' and 88 s for 'lbfgs'; at C = 0.1 'newton-cg' took 26 s, 'sag' 9 s.
The default grid of four values took 88 s in all.  A model with more than
:data:`SEEN_PAIRS_LABELS` labels (the realize model, one label per word) has
weights only for the (indicator, label) pairs seen in training, fitted with
L-BFGS (:mod:`amrgen.ml.seen_pairs`): sag's time grows with events × labels.

A trained model holds ``coef`` as a dense matrix; a compacted or loaded one
(:mod:`amrgen.ml.compaction`, :mod:`amrgen.ml.store`) as a sparse CSR matrix,
kept sparse in memory only when a dense copy would exceed :data:`DENSE_LIMIT`
entries (the realize model: vocabulary × words).

Events to train and score on are encoded once (:mod:`amrgen.ml.encoded_events`).

Prediction (:meth:`MaxentModel.probabilities`, :meth:`MaxentModel.best`) needs
numpy only: a sparse ``coef`` is held as its plain CSR arrays
(:class:`~amrgen.ml.csr.CsrWeights`), and scipy, whose import costs the start of generation
about 0.3 s, is imported by training and evaluation only, where they need it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from amrgen.errors import AmrgenError
from amrgen.ml.csr import CsrWeights, ranges
from amrgen.ml.encoded_events import EncodedEvents, Event, Events
from amrgen.ml.prune import prune

if TYPE_CHECKING:
    import scipy.sparse as sp

DEFAULT_C_GRID = (0.01, 0.1, 1.0, 4.0)
"""C = σ² for σ = 0.1, 0.32, 1 and 2, within the reference's σ range [0.01, 2]."""

SOLVER = "sag"
RANDOM_STATE = 0
SAG_TOL = 1e-3
"""sag's stopping tolerance.  scikit-learn's 1e-4 took sag 5-40 times as many epochs on our
models for a dev log-likelihood within 0.7 % (Little Prince training, C = 0.01 / 0.1 / 1: tense
57 / 2.9 / 11 s against 1.6 / 2.0 / 5.2 s, dev log-likelihood -252.9 / -233.7 / -267.4 against
-253.7 / -233.9 / -269.3; insert-between-other at C = 0.1 1,000 epochs against 22, -258.8 against
-258.6); the seen-pairs fit keeps :data:`SEEN_PAIRS_TOL`."""
SEEN_PAIRS_TOL = 1e-4
"""The seen-pairs fit's tolerance (L-BFGS's gradient tolerance): the realize model lost 1 % of its
dev likelihood at 1e-3."""

SEEN_PAIRS_SOLVER = "lbfgs over seen pairs"
SEEN_PAIRS_LABELS = 100
"""A model with more labels than this (the realize model) is fitted over the
(indicator, label) pairs seen in training (:mod:`amrgen.ml.seen_pairs`): in time
linear in the events, where 'sag' takes time in events × labels (on Little
Prince 11 minutes for the realize model's C grid against 1 with seen pairs)."""

DENSE_LIMIT = 4_000_000
"""A sparse ``coef`` with at most this many entries (32 MB as float64) is
densified for prediction: summing a few dense rows is about four times as
fast as gathering them from CSR (5 against 20 µs for 40 rows)."""


ROWS_AT_ONCE = 2_000
"""Events scored at a time when a model's accuracy or likelihood is measured."""

ANSWERS_KEPT = 20_000
"""How many answers a model remembers (all are forgotten at once beyond it)."""


class ModelError(AmrgenError):
    """A model cannot be trained from the given data, or a stored model cannot be used."""


def _is_scipy_sparse(matrix: Any) -> bool:
    """Whether ``matrix`` is a scipy sparse matrix, without importing scipy (no
    scipy matrix exists unless scipy.sparse was imported)."""
    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and sparse.issparse(matrix)


class MaxentModel:
    """p(y | x) = exp(Σ_s∈x coef[s, y] + intercept[y]) / Z(x) (thesis Def. 2.7).

    ``labels`` are sorted; ``vocabulary`` lists the indicators seen in training,
    in column order. Indicators outside the vocabulary are ignored at prediction,
    as an unseen indicator has no weight. ``feature_templates`` names the feature
    templates that produced the events (kept with the model so that it is used
    with the same features); ``metadata`` records how the model was trained.
    """

    def __init__(
        self,
        labels: Sequence[str],
        vocabulary: Sequence[str],
        coef: np.ndarray | CsrWeights | sp.sparray,
        intercept: np.ndarray,
        metadata: Mapping[str, Any] | None = None,
        feature_templates: Sequence[str] = (),
    ) -> None:
        self.labels = tuple(labels)
        self.vocabulary = tuple(vocabulary)
        if _is_scipy_sparse(coef):
            coef = CsrWeights.of(coef)
        self._scipy: sp.csr_array | None = None
        self._csr: CsrWeights | None = None
        self._dense: np.ndarray | None = None
        if isinstance(coef, CsrWeights):
            self._csr = coef.checked()
            weights, shape = self._csr.data, self._csr.shape
        else:
            self._dense = weights = np.ascontiguousarray(coef, dtype=np.float64)
            shape = self._dense.shape
        self.intercept = np.ascontiguousarray(intercept, dtype=np.float64)
        self.metadata = dict(metadata or {})
        self.feature_templates = tuple(feature_templates)
        self._column = {feature: i for i, feature in enumerate(self.vocabulary)}
        self._label_index = {label: i for i, label in enumerate(self.labels)}
        if not self.labels or list(self.labels) != sorted(set(self.labels)):
            raise ValueError("labels must be distinct, sorted and not empty")
        if len(self._column) != len(self.vocabulary):
            raise ValueError("the vocabulary lists a feature twice")
        if shape != (len(self.vocabulary), len(self.labels)):
            raise ValueError(f"coef has shape {shape}, expected {(len(self.vocabulary), len(self.labels))}")
        if self.intercept.shape != (len(self.labels),):
            raise ValueError(f"intercept has shape {self.intercept.shape}, expected {(len(self.labels),)}")
        if not (np.isfinite(weights).all() and np.isfinite(self.intercept).all()):
            raise ValueError("the weights are not all finite")
        if self._csr is not None and len(self.vocabulary) * len(self.labels) <= DENSE_LIMIT:
            self._dense = self._csr.toarray()
        self._answers: dict[tuple, Any] = {}
        """What :meth:`probabilities` and :meth:`best` answered, by the event's known columns
        (and n, r): decoding asks the same event under several orders and candidates."""

    @property
    def coef(self) -> np.ndarray | sp.csr_array:
        """The weights, indicator × label: a dense matrix, or a scipy CSR matrix for
        a sparse model (made on first use, which imports scipy: prediction does not use it)."""
        if self._csr is None:
            return self._dense
        if self._scipy is None:
            self._scipy = self._csr.to_scipy()
        return self._scipy

    @property
    def nonzero_weights(self) -> int:
        """How many entries of ``coef`` are not zero."""
        return int(self.coef.count_nonzero() if self._csr is not None else np.count_nonzero(self._dense))

    # ----------------------------------------------------------------- training

    @classmethod
    def train(
        cls,
        events: Events,
        labels: Sequence[str],
        dev: tuple[Events, Sequence[str]] | None = None,
        c: float = 1.0,
        c_grid: Sequence[float] = DEFAULT_C_GRID,
        max_iter: int = 1000,
        tol: float | None = None,
        feature_templates: Sequence[str] = (),
    ) -> MaxentModel:
        """Fit λ to maximise the L2-penalised log-likelihood L(λ | C) of the events.

        Without ``dev`` the regularisation is ``c``. With ``dev = (events, labels)``
        the C of ``c_grid`` are fitted on the training events in ascending order
        and the one whose model gives the dev events the highest log-likelihood is
        kept, the search stopping at the first C whose dev log-likelihood is below
        its predecessor's (the likelihood is unimodal in C on every model we train,
        and the larger C, the longer the fit); dev events whose label never occurs
        in training are left out of that choice (their likelihood is 0 under every
        C). ``max_iter`` counts epochs of the solver, ``tol`` is its stopping
        tolerance (None: :data:`SAG_TOL` for sag, :data:`SEEN_PAIRS_TOL` for the seen pairs).
        One label only gives a model that predicts it with probability 1.
        """
        if len(events) != len(labels):
            raise ValueError(f"{len(events)} events but {len(labels)} labels")
        if not events:
            raise ModelError("no training events: a maximum-entropy model needs at least one")
        if isinstance(events, EncodedEvents):
            if not events.complete:
                raise ValueError("training events encoded over a vocabulary that may leave indicators out")
            vocabulary = list(events.vocabulary)
        else:
            vocabulary = sorted({feature for event in events for feature in event})
        label_set = sorted(set(labels))
        untrained = cls(label_set, vocabulary, np.zeros((len(vocabulary), len(label_set))), np.zeros(len(label_set)))
        if tol is None:
            tol = SEEN_PAIRS_TOL if solver(len(label_set)) == SEEN_PAIRS_SOLVER else SAG_TOL
        metadata: dict[str, Any] = {"solver": solver(len(label_set)), "max_iter": max_iter, "tol": tol}
        if len(label_set) == 1:
            model = untrained
            metadata["C"] = None
        else:
            x, y = untrained._matrix(events), untrained._label_indices(labels)
            if dev is None:
                model = untrained._fit(x, y, c, max_iter, tol)
            else:
                # One fit at a time, only the best kept: the realize model's dense
                # weights (indicators × labels) take gigabytes on a few thousand graphs.
                dev = (untrained.encode(dev[0]), dev[1])
                dev_known = with_known_labels(untrained, *dev)
                model, by_c = None, []
                for value in sorted(c_grid):
                    fit = untrained._fit(x, y, value, max_iter, tol)
                    by_c.append(fit.log_likelihood(*dev_known))
                    if model is None or by_c[-1] > max(by_c[:-1]):  # the first best, as argmax
                        model = fit
                    del fit
                    if len(by_c) > 1 and by_c[-1] < by_c[-2]:
                        break
                metadata["C_grid"] = sorted(c_grid)[:len(by_c)]
                metadata["dev_log_likelihood_by_C"] = by_c
            metadata.update(model.metadata)
            events = EncodedEvents(x, untrained.vocabulary)
        metadata.update(model.scores("train", events, labels))
        if dev is not None:
            metadata.update(model.scores("dev", *dev))
        return cls(model.labels, model.vocabulary, model.coef, model.intercept, metadata, feature_templates)

    def _fit(self, x: sp.csr_matrix, y: np.ndarray, c: float, max_iter: int, tol: float) -> MaxentModel:
        """This model's labels and vocabulary with λ fitted at regularisation C = ``c``."""
        coef, intercept, iterations = fit_weights(x, y, c, max_iter, tol)
        metadata = {"C": c, "iterations": iterations, "converged": iterations < max_iter}
        return MaxentModel(self.labels, self.vocabulary, coef, intercept, metadata)

    def scores(self, part: str, events: Events, labels: Sequence[str]) -> dict[str, Any]:
        """Accuracy and log-likelihood on one part of the data (``train``, ``dev``), for the metadata."""
        known_events, known_labels = with_known_labels(self, events, labels)
        return {
            f"{part}_events": len(events),
            f"{part}_accuracy": self.accuracy(events, labels) if len(events) else None,
            f"{part}_events_with_known_label": len(known_events),
            f"{part}_log_likelihood": self.log_likelihood(known_events, known_labels),
        }

    # --------------------------------------------------------------- prediction

    def columns(self, features: Event) -> tuple[int, ...]:
        """The columns (rows of ``coef``) of the known ``features``, each once, in increasing order."""
        return tuple(self._columns(features))

    def probabilities(self, features: Event) -> dict[str, float]:
        """p(y | x) for every label y, x given by its active ``features``."""
        return self.probabilities_at(self.columns(features))

    def probabilities_at(self, columns: tuple[int, ...]) -> dict[str, float]:
        """:meth:`probabilities` of the event whose known features are the rows
        ``columns`` of ``coef`` (:meth:`columns`; :class:`~amrgen.ml.columns.FeatureColumns`
        finds them faster)."""
        found = self._answers.get(columns)
        if found is None:
            found = self._remember(columns, dict(zip(self.labels, self._probability_vector(columns).tolist())))
        return dict(found)

    def best(self, features: Event, n: int | None = None, r: float | None = None) -> list[tuple[str, float]]:
        """prune_(n,r) of the (label, p(label | x)) pairs (thesis Def. def:prune,
        reference §1.3): the n best (all without n) within r of the best (any without r),
        best first; ties in label order."""
        return self.best_at(self.columns(features), n, r)

    def best_at(self, columns: tuple[int, ...], n: int | None = None,
                r: float | None = None) -> list[tuple[str, float]]:
        """:meth:`best` of the event whose known features are the rows ``columns``
        (as in :meth:`probabilities_at`)."""
        key = (columns, n, r)
        found = self._answers.get(key)
        if found is None:
            p = self._probability_vector(columns)
            n = len(self.labels) if n is None else n
            found = self._remember(key, prune([(self.labels[i], p[i].item()) for i in _top(p, n)], n, r))
        return list(found)

    @property
    def answers_kept(self) -> int:
        """How many answers the memo of :meth:`probabilities_at` and :meth:`best_at` holds."""
        return len(self._answers)

    def forget_answers(self, keep: int = 0) -> None:
        """The memo of answers cut back to its ``keep`` oldest (0: emptied)."""
        while len(self._answers) > keep:
            self._answers.popitem()  # the newest: a dict keeps the order answers came in

    def _remember(self, key: tuple, answer: Any) -> Any:
        if len(self._answers) >= ANSWERS_KEPT:
            self._answers.clear()
        self._answers[key] = answer
        return answer

    def probabilities_batch(self, events: Events) -> np.ndarray:
        """p(y | x) for many events: one row per event, one column per label of ``labels``."""
        from scipy.special import softmax

        return softmax(self._linear(events), axis=1)

    def accuracy(self, events: Events, labels: Sequence[str]) -> float:
        """The fraction of events whose most probable label (first in label order on ties) is the given one."""
        if not len(events):
            raise ValueError("no events to measure accuracy on")
        best = np.concatenate([scores.argmax(axis=1) for scores in self._linear_rows(events)])
        predicted = np.asarray(self.labels, dtype=object)[best]
        return float(np.mean(predicted == np.asarray(labels, dtype=object)))

    def log_likelihood(self, events: Events, labels: Sequence[str]) -> float:
        """L(λ | C) = Σ_j log p(y_j | x_j) (thesis 2.7); -inf when a label never occurred in training."""
        if not all(label in self._label_index for label in labels):
            return float("-inf")
        from scipy.special import log_softmax

        gold, start = self._label_indices(labels), 0
        per_event = []
        for scores in self._linear_rows(events):
            rows = np.arange(len(scores))
            per_event.append(log_softmax(scores, axis=1)[rows, gold[start:start + len(scores)]])
            start += len(scores)
        return float(np.concatenate(per_event).sum()) if per_event else 0.0

    # ------------------------------------------------------------------ helpers

    def _probability_vector(self, columns: Sequence[int]) -> np.ndarray:
        """p(· | x) for one event given by its known ``columns`` (:meth:`_columns`): the sum
        of the few active rows of ``coef``, without building a sparse matrix: about 30 µs
        where scikit-learn's predict_proba takes 1.6 ms (25 active indicators, 50k known, 20 labels)."""
        scores = self._dense.take(columns, axis=0).sum(axis=0) if self._dense is not None else self._gather(columns)
        scores += self.intercept
        scores -= scores.max()
        np.exp(scores, out=scores)
        scores /= scores.sum()
        return scores

    def _gather(self, columns: Sequence[int]) -> np.ndarray:
        """The sum of the rows ``columns`` of a sparse ``coef``, in one pass over their
        entries (about 30 µs for 40 rows of the realize model, whose dense rows take 45)."""
        csr = self._csr
        rows = np.asarray(columns, dtype=np.intp)
        starts = csr.indptr[rows]
        positions = ranges(starts, csr.indptr[rows + 1] - starts)
        sums = np.bincount(csr.indices[positions], weights=csr.data[positions], minlength=len(self.labels))
        return sums.astype(np.float64, copy=False)  # bincount gives integers when there is nothing to add

    def _columns(self, features: Event) -> list[int]:
        """The columns of the known ``features``, each once, in order."""
        column = self._column.get
        return sorted({i for f in features if (i := column(f)) is not None})

    def _linear(self, events: Events) -> np.ndarray:
        return self._scores(self._matrix(events))

    def _linear_rows(self, events: Events) -> Iterator[np.ndarray]:
        """The linear scores of the events, :data:`ROWS_AT_ONCE` events at a time: those of
        all events at once took gigabytes for the realize model (47 thousand events, 7 thousand labels)."""
        matrix = self._matrix(events)
        for start in range(0, matrix.shape[0], ROWS_AT_ONCE):
            yield self._scores(matrix[start:start + ROWS_AT_ONCE])

    def _scores(self, matrix: sp.csr_matrix) -> np.ndarray:
        scores = matrix @ (self._dense if self._dense is not None else self.coef)
        return (scores.toarray() if _is_scipy_sparse(scores) else np.asarray(scores)) + self.intercept

    def encode(self, events: Events) -> EncodedEvents:
        """The events encoded once over this model's vocabulary, for scoring it and the
        models compacted from it without reading their strings again."""
        return EncodedEvents(self._matrix(events), self.vocabulary)

    def _matrix(self, events: Events) -> sp.csr_matrix:
        """The 0/1 event-by-indicator matrix; unseen indicators are dropped."""
        import scipy.sparse as sp

        if isinstance(events, EncodedEvents):
            return events.columns(self.vocabulary)
        rows = [self._columns(event) for event in events]
        indptr = np.cumsum([0] + [len(row) for row in rows])
        indices = np.fromiter((i for row in rows for i in row), dtype=np.int32, count=indptr[-1])
        data = np.ones(len(indices))
        return sp.csr_matrix((data, indices, indptr), shape=(len(events), len(self.vocabulary)))

    def _label_indices(self, labels: Iterable[str]) -> np.ndarray:
        index = self._label_index
        return np.fromiter((index[label] for label in labels), dtype=np.intp)


def _top(p: np.ndarray, n: int) -> list[int]:
    """The indices of the n largest of ``p``, largest first, the first of equals first:
    a stable sort of -p is prune's order (heapq.nlargest) without a Python pair per label.
    Where n is small against the labels (the realize model has thousands and decoding asks
    for two), only the values from the n-th largest up are sorted: the same indices."""
    n = min(max(n, 0), len(p))
    if n == 0:
        return []
    negated = -p
    if 8 * n < len(p):
        nth = np.partition(negated, n - 1)[n - 1]
        among = np.flatnonzero(negated <= nth)  # in index order, ties at the n-th included
        return among[np.argsort(negated[among], kind="stable")[:n]].tolist()
    return np.argsort(negated, kind="stable")[:n].tolist()


def fit_weights(x: sp.csr_matrix, y: np.ndarray, c: float, max_iter: int,
                tol: float) -> tuple[np.ndarray | sp.csr_array, np.ndarray, int]:
    """λ maximising the L2-penalised log-likelihood at C = ``c`` of the events ``x``
    (0/1, event × indicator) with label indices ``y``: coef (indicator × label; sparse,
    over the seen pairs, for more than :data:`SEEN_PAIRS_LABELS` labels),
    intercept and the solver's epochs or iterations. ``y`` must hold at least two labels, and
    every index below its largest must occur."""
    if solver(int(y.max()) + 1) == SEEN_PAIRS_SOLVER:
        from amrgen.ml.seen_pairs import fit_seen_pairs

        return fit_seen_pairs(x, y, c, max_iter, tol)
    # scikit-learn only trains: imported here, generation loads models without it (~2 s less).
    from sklearn.linear_model import LogisticRegression

    regression = LogisticRegression(C=c, solver=SOLVER, max_iter=max_iter, tol=tol, random_state=RANDOM_STATE)
    regression.fit(x, y)
    coef, intercept = regression.coef_.T, regression.intercept_
    if coef.shape[1] == 1:
        # scikit-learn fits two labels as one logistic function of the second label;
        # a zero column for the first gives the same p(y | x) as a softmax.
        coef = np.column_stack([np.zeros(x.shape[1]), coef[:, 0]])
        intercept = np.array([0.0, intercept[0]])
    return coef, intercept, int(regression.n_iter_[0])


def solver(labels: int) -> str:
    """The solver of a model with this many labels."""
    return SEEN_PAIRS_SOLVER if labels > SEEN_PAIRS_LABELS else SOLVER


def with_known_labels(model: MaxentModel, events: Events,
                      labels: Sequence[str]) -> tuple[Events, list[str]]:
    """The events whose label ``model`` knows."""
    if isinstance(events, EncodedEvents):
        if len(events) != len(labels):
            raise ValueError(f"{len(events)} events but {len(labels)} labels")
        keep = np.fromiter((label in model._label_index for label in labels), dtype=bool, count=len(labels))
        return events.rows(keep), [label for label, known in zip(labels, keep) if known]
    pairs = [(event, label) for event, label in zip(events, labels, strict=True) if label in model._label_index]
    return [event for event, _ in pairs], [label for _, label in pairs]
