"""Greedy selection of feature candidates (thesis 4.3.2, and 4.3.3 for the
transition models).

The thesis derives a set F of feature candidates from the indicator features
S of Tables tab:syntactic-annotation-features and tab:transition-features on
the vertex roles of a model (v, its gold parent and grandparent, ...): every
s ∈ S and every composition s_i ∘ s_j.  Starting from f_0 it adds, round by
round, the candidate that most improves the number of dev events the trained
model gets right, until none improves it.  All pairs of S are far too many
(about 190 indicators on four roles, 18,000 pairs, each a model to train), so
here, in each round:

- the candidates are the indicators of S (``all_indicators`` on the roles
  some training event of the model has, plus the parameterised indicators
  of the starting list) and the compositions s ∘ s' of an indicator s of the
  current list (a part of one of its features) with any s' of S; minus the
  features already in the list and the indicators that take the same values
  on every training event;
- each candidate is ranked by the first-order gain of adding it, the inner
  product of the log-likelihood gradients of its new weights on the training
  and on the dev events under the current model (a value seen only in one of
  them counts nothing, so identifiers do not rank high);
- the best :data:`CANDIDATES_PER_ROUND` of that ranking are trained (the
  current list plus the candidate, at a fixed C, on at most ``max_events``
  training events) and scored by the dev events they get right, dev
  log-likelihood breaking ties; the best is added if it gets more right than
  the current list, otherwise the selection ends.

Each indicator is evaluated once per event; its values become an integer 0/1
matrix, and a composition's matrix is the row-wise product of its parts'
(the binary features s1=a1|s2=a2 of :func:`amrgen.ml.features.extract`).
Work is bounded by a time budget and saved after every trained candidate in
a state file, so that a rerun with the same settings continues the round.
"""

from __future__ import annotations

import json
import os
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp
from sklearn.exceptions import ConvergenceWarning

from amrgen.errors import AmrgenError
from amrgen.io.cache_file import parsed_json
from amrgen.ml.context import ROLES, FeatureContext, FeatureResources
from amrgen.ml.csr import ranges
from amrgen.ml.events import events
from amrgen.ml.features import all_indicators, parse_feature
from amrgen.ml.indicators import Feature, Indicator
from amrgen.ml.maxent import fit_weights
from amrgen.ml.names import MODELS
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.prep.extended import ExtendedEntry

CANDIDATES_PER_ROUND = 20
"""How many of the best-ranked candidates each round trains."""

DEFAULT_C = 0.1
"""The regularization of selection: the C that dev chose for 11 of the 13 models on Little Prince."""

DEFAULT_MAX_EVENTS = 5000
"""Training events of a candidate model at most (a seeded sample of them beyond that)."""

TOLERANCE = 1e-3
"""The solver's stopping tolerance in selection: on the voice model (5000 events,
35k indicators) 1e-3 takes half the time of training's 1e-4 for the same dev accuracy."""

STATE_FORMAT = "amrgen-feature-selection"
Progress = Callable[[str], None]


class SelectionError(AmrgenError):
    """Feature selection cannot run with what it was given."""


# -------------------------------------------------------------------- events


@dataclass
class SelectionEvents:
    """One model's events: the feature contexts and outputs of training (sampled) and dev."""

    train: list[FeatureContext]
    train_labels: list[str]
    dev: list[FeatureContext]
    dev_labels: list[str]


def selection_events(train_entries: Sequence[ExtendedEntry], dev_entries: Sequence[ExtendedEntry], model: str,
                     approach: Approach = Approach.TEXT, max_events: int = DEFAULT_MAX_EVENTS,
                     seed: int = 0) -> SelectionEvents:
    """The events of ``model`` from the constrained oracle over both corpora, as
    :func:`amrgen.training.train` sees them; training events beyond ``max_events``
    are a sample drawn with ``seed``."""
    if model not in MODELS:
        raise SelectionError(f"no model {model!r}; models: {', '.join(MODELS)}")
    train_runs, resources = constrained_runs(train_entries, approach)
    dev_runs, _ = constrained_runs(dev_entries, approach, resources)
    feature_resources = FeatureResources.from_constraints(resources)
    parts = [[(e.context, e.output) for e in events(runs, feature_resources) if e.model == model]
             for runs in (train_runs, dev_runs)]
    train, dev = parts
    if len(train) > max_events:
        keep = np.sort(np.random.default_rng(seed).choice(len(train), max_events, replace=False))
        train = [train[i] for i in keep]
    if len({label for _, label in train}) < 2 or not dev:
        raise SelectionError(f"model {model}: {len(train)} training events with "
                             f"{len({label for _, label in train})} output(s) and {len(dev)} dev events; "
                             "selection needs two outputs and dev events")
    return SelectionEvents([c for c, _ in train], [y for _, y in train], [c for c, _ in dev], [y for _, y in dev])


# ---------------------------------------------------------- value matrices


@dataclass(frozen=True)
class Values:
    """A feature's values on the training and dev events: 0/1 matrices (event ×
    value) over one value numbering."""

    train: sp.csr_array
    dev: sp.csr_array

    def informative(self) -> bool:
        """Whether the training events do not all have the same values: some value
        is active in some but not all of them."""
        counts = np.bincount(self.train.indices, minlength=self.train.shape[1])
        return bool(np.any((counts > 0) & (counts < self.train.shape[0])))

    def seen_in_training(self) -> tuple[sp.csr_array, sp.csr_array]:
        """The columns of the values that occur in training (unseen ones get no weight)."""
        used = np.flatnonzero(np.bincount(self.train.indices, minlength=self.train.shape[1]))
        return self.train[:, used], self.dev[:, used]


class ValueCache:
    """The :class:`Values` of indicators (each evaluated once per event) and of
    their compositions (computed from the parts' matrices)."""

    def __init__(self, data: SelectionEvents) -> None:
        self.data = data
        self._values: dict[tuple[Indicator, ...], Values] = {}

    def of(self, feature: Feature) -> Values:
        """The values of ``feature``: the cross product of its parts' value sets per event."""
        parts = feature.parts
        if parts not in self._values:
            if len(parts) == 1:
                self._values[parts] = self._indicator(parts[0])
            else:
                head, last = self.of(Feature(parts[:-1])), self.of(Feature(parts[-1:]))
                self._values[parts] = _renumber(_product(head.train, last.train), _product(head.dev, last.dev))
        return self._values[parts]

    def _indicator(self, s: Indicator) -> Values:
        number: dict[str, int] = {}
        rows = [[number.setdefault(value, len(number)) for value in s.strings(context)] for context in
                self.data.train + self.data.dev]
        n = len(self.data.train)
        return Values(_matrix(rows[:n], len(number)), _matrix(rows[n:], len(number)))


def _matrix(rows: list[list[int]], width: int) -> sp.csr_array:
    indptr = np.cumsum([0] + [len(row) for row in rows], dtype=np.int32)
    indices = np.fromiter((i for row in rows for i in row), dtype=np.int32, count=indptr[-1])
    return sp.csr_array((np.ones(len(indices)), indices, indptr), shape=(len(rows), max(width, 1)))


def _product(a: sp.csr_array, b: sp.csr_array) -> tuple[np.ndarray, np.ndarray]:
    """The row-wise product of two 0/1 matrices: per row, a code for every pair of
    a value of ``a`` and one of ``b`` (a's value × b's width + b's value), with the row starts."""
    per_row_a, per_row_b = np.diff(a.indptr), np.diff(b.indptr)
    row_of_entry = np.repeat(np.arange(a.shape[0]), per_row_a)
    repeats = per_row_b[row_of_entry]
    left = np.repeat(a.indices.astype(np.int64), repeats)
    right = b.indices[ranges(b.indptr[row_of_entry], repeats)]
    return np.concatenate([[0], np.cumsum(per_row_a * per_row_b)]), left * b.shape[1] + right


def _renumber(train: tuple[np.ndarray, np.ndarray], dev: tuple[np.ndarray, np.ndarray]) -> Values:
    """:class:`Values` from the (row starts, codes) of both parts, codes numbered 0, 1, ..."""
    codes, numbers = np.unique(np.concatenate([train[1], dev[1]]), return_inverse=True)
    width, split = max(len(codes), 1), len(train[1])

    def matrix(indptr: np.ndarray, indices: np.ndarray) -> sp.csr_array:
        return sp.csr_array((np.ones(len(indices)), indices, indptr.astype(np.int32)), shape=(len(indptr) - 1, width))

    numbers = numbers.astype(np.int32)  # scikit-learn takes 32-bit indices only
    return Values(matrix(train[0], numbers[:split]), matrix(dev[0], numbers[split:]))


# --------------------------------------------------------------- scoring


@dataclass
class Fit:
    """A feature list trained at fixed C: its dev score and what ranking needs."""

    correct: int
    log_likelihood: float
    train_residual: np.ndarray
    dev_residual: np.ndarray

    @property
    def score(self) -> tuple[int, float]:
        return self.correct, self.log_likelihood


class Scorer:
    """Trains feature lists on a model's events at a fixed C and scores them on dev."""

    def __init__(self, data: SelectionEvents, cache: ValueCache, c: float = DEFAULT_C) -> None:
        self.cache, self.c = cache, c
        self.labels = sorted(set(data.train_labels))
        index = {label: i for i, label in enumerate(self.labels)}
        self.y_train = np.array([index[y] for y in data.train_labels])
        self.y_dev = np.array([index.get(y, -1) for y in data.dev_labels])
        self.one_hot_train = np.eye(len(self.labels))[self.y_train]
        # A dev output unseen in training (-1) picks the zero row after the identity.
        self.one_hot_dev = np.vstack([np.eye(len(self.labels)), np.zeros(len(self.labels))])[self.y_dev]

    def fit(self, features: Sequence[Feature]) -> Fit:
        """Train on ``features`` (and an always-active indicator) and score on dev."""
        blocks = [self.cache.of(f).seen_in_training() for f in features]
        n_train, n_dev = len(self.y_train), len(self.y_dev)
        x_train = sp.hstack([sp.csr_array(np.ones((n_train, 1)))] + [t for t, _ in blocks], format="csr")
        x_dev = sp.hstack([sp.csr_array(np.ones((n_dev, 1)))] + [d for _, d in blocks], format="csr")
        with warnings.catch_warnings():
            # A fit that stops at max_iter is still a fair comparison of candidates.
            warnings.simplefilter("ignore", ConvergenceWarning)
            coef, intercept, _ = fit_weights(x_train, self.y_train, self.c, max_iter=1000, tol=TOLERANCE)
        p_train, _ = _softmax(x_train @ coef + intercept)
        p_dev, log_p = _softmax(x_dev @ coef + intercept)
        known = self.y_dev >= 0
        return Fit(int(np.sum(p_dev.argmax(axis=1) == self.y_dev)),
                   float(log_p[np.flatnonzero(known), self.y_dev[known]].sum()),
                   self.one_hot_train - p_train, self.one_hot_dev - p_dev)

    def gain(self, current: Fit, feature: Feature) -> float:
        """The first-order gain of adding ``feature`` to the list ``current`` was fitted on:
        ⟨∇ train log-likelihood, ∇ dev log-likelihood⟩ over the feature's new weights."""
        values = self.cache.of(feature)
        return float(np.sum((values.train.T @ current.train_residual) * (values.dev.T @ current.dev_residual)))



def _softmax(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    scores = np.asarray(scores)
    log_p = scores - scores.max(axis=1, keepdims=True)
    log_p -= np.log(np.exp(log_p).sum(axis=1, keepdims=True))
    return np.exp(log_p), log_p


# ------------------------------------------------------------- candidates


def roles_of(data: SelectionEvents) -> list[str]:
    """The roles whose vertex exists in some training event."""
    return [role for role in ROLES if any(context.vertex(role) is not None for context in data.train)]


def candidates(selected: Sequence[Feature], singles: Sequence[Indicator]) -> list[Feature]:
    """The candidates of a round (module docstring): the single indicators and the
    compositions of an indicator of ``selected`` with one of ``singles``, not
    already selected (in any order of their parts), in a fixed order."""
    taken = {frozenset(f.parts) for f in selected}
    in_list = sorted({part for f in selected for part in f.parts}, key=str)
    found: dict[frozenset, Feature] = {}
    for feature in [Feature((s,)) for s in singles] + [Feature((s, t)) for s in in_list for t in singles if s != t]:
        key = frozenset(feature.parts)
        if key not in taken and key not in found:
            found[key] = feature
    return list(found.values())


# -------------------------------------------------------------- the search


@dataclass
class SelectionState:
    """What a selection has done, saved as JSON after every trained candidate."""

    model: str
    settings: dict[str, Any]
    selected: list[str]
    history: list[dict[str, Any]] = field(default_factory=list)
    ranking: list[str] | None = None
    """The candidates of the current round to train, best-ranked first (None: not ranked yet)."""
    tried: dict[str, list[float]] = field(default_factory=dict)
    """Candidate → [dev events right, dev log-likelihood] in the current round."""
    finished: bool = False

    def save(self, path: Path) -> None:
        content = {"format": STATE_FORMAT, "model": self.model, "settings": self.settings,
                   "selected": self.selected, "history": self.history, "ranking": self.ranking,
                   "tried": self.tried, "finished": self.finished}
        _replace(path, json.dumps(content, indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def load(cls, path: Path) -> SelectionState:
        try:
            content = parsed_json(path.read_text(encoding="utf-8"))
            if content.pop("format") != STATE_FORMAT:
                raise ValueError("not a feature selection state")
            return cls(**content)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise SelectionError(f"{path}: cannot read the selection state ({error}); delete it to start over") \
                from None


def state_path(output: str | Path) -> Path:
    """The state file beside the output list: ``OUTPUT.state.json``."""
    output = Path(output)
    return output.with_name(output.name + ".state.json")


def select(data: SelectionEvents, state: SelectionState, state_file: Path, deadline: float,
           extra_singles: Sequence[Indicator] = (), candidates_per_round: int = CANDIDATES_PER_ROUND,
           progress: Progress = lambda message: None) -> SelectionState:
    """Run rounds from ``state`` until the selection ends or ``time.monotonic()``
    passes ``deadline``, saving the state to ``state_file`` after every step."""
    state.save(state_file)
    cache = ValueCache(data)
    scorer = Scorer(data, cache, state.settings["C"])
    dev_events = len(data.dev_labels)
    singles = None
    while not state.finished and time.monotonic() < deadline:
        selected = [parse_feature(text) for text in state.selected]
        current = scorer.fit(selected)
        if not state.history:
            state.history.append({"added": None, "dev_correct": current.correct, "dev_events": dev_events})
            progress(f"{len(selected)} features: dev accuracy {current.correct / dev_events:.4f} "
                     f"({current.correct}/{dev_events})")
        if state.ranking is None:
            if singles is None:
                roles = roles_of(data)
                indicators = list(dict.fromkeys([*all_indicators(roles), *extra_singles]))
                singles = [s for s in indicators if cache.of(Feature((s,))).informative()]
                progress(f"{len(singles)} informative indicators on roles {', '.join(roles)}")
            pool = candidates(selected, singles)
            gains = {str(f): scorer.gain(current, f) for f in pool if time.monotonic() < deadline}
            if len(gains) < len(pool):
                break
            state.ranking = sorted(gains, key=lambda f: (-gains[f], f))[:candidates_per_round]
            progress(f"round {len(state.history)}: {len(pool)} candidates, training the "
                     f"{len(state.ranking)} of highest gain")
            state.save(state_file)
        for text in state.ranking:
            if text in state.tried:
                continue
            if time.monotonic() >= deadline:
                return state
            state.tried[text] = list(scorer.fit([*selected, parse_feature(text)]).score)
            state.save(state_file)
        _end_round(state, current, dev_events, progress)
        state.save(state_file)
    return state


def _end_round(state: SelectionState, current: Fit, dev_events: int, progress: Progress) -> None:
    """Add the best candidate tried if it gets more dev events right, else finish."""
    best = max(state.tried, key=lambda text: (*state.tried[text], text), default=None)
    if best is None or state.tried[best][0] <= current.correct:
        state.finished = True
        progress(f"no candidate improves on {current.correct}/{dev_events}; selection finished")
    else:
        correct = int(state.tried[best][0])
        state.selected.append(best)
        state.history.append({"added": best, "dev_correct": correct, "dev_events": dev_events})
        progress(f"added {best}: dev accuracy {correct / dev_events:.4f} ({correct}/{dev_events}, "
                 f"+{correct - current.correct})")
    state.ranking, state.tried = None, {}


def write_feature_list(path: str | Path, state: SelectionState, start: str) -> None:
    """The selected list in the format of :func:`amrgen.ml.features.load_feature_list`."""
    last = state.history[-1] if state.history else None
    lines = [f"# {state.model}: features selected greedily (thesis 4.3.2) by amrgen select-features",
             f"# from {start}, C = {state.settings['C']}, at most {state.settings['max_events']} training events."]
    if last:
        lines.append(f"# dev accuracy {last['dev_correct'] / last['dev_events']:.4f} "
                     f"({last['dev_correct']}/{last['dev_events']}) after {len(state.history) - 1} additions"
                     + ("; finished" if state.finished else "; not finished, rerun to continue"))
    _replace(Path(path), "\n".join(lines + [""] + state.selected) + "\n")


def _replace(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
