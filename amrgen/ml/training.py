"""Training every maximum entropy model from a prepared corpus (thesis 4.3).

The generator runs the constrained system (5.1) on normalized graphs, so the
models learn from that system's gold transitions: the graphs are normalized,
the constraints' resources (the Merge table L_M and the empirical POS tags)
are learnt from a formal oracle pass, and the constrained oracle's (c, t*)
pairs become the events of :mod:`amrgen.ml.events`.  Each model's
regularization strength is chosen on the dev corpus, and each model is
compacted (:mod:`amrgen.ml.compaction`) within a tolerance on the dev events.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from joblib import Parallel, delayed
from sklearn.exceptions import ConvergenceWarning

from amrgen.ml.compaction import compact
from amrgen.ml.events import MODELS, events
from amrgen.errors import MissingResourceError
from amrgen.ml.features import FEATURES_DIR, FeatureList, FeatureResources, extract, load_feature_list
from amrgen.ml.maxent import MaxentModel
from amrgen.ml.store import save_json_resource, save_models
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.prep.extended import ExtendedEntry
from amrgen.transitions.constraints import ConstraintResources

Progress = Callable[[str], None]

SUMMARY_KEYS = ("train_events", "dev_events", "C", "train_accuracy", "dev_accuracy", "converged", "weights")


@dataclass
class TrainingResult:
    """The trained models, what the constraints learnt, and a summary per model."""

    models: dict[str, MaxentModel]
    resources: ConstraintResources
    summary: dict[str, dict] = field(default_factory=dict)
    seconds: float = 0.0


def model_events(runs, resources: ConstraintResources, feature_lists: dict) -> dict[str, tuple[list, list]]:
    """Per model: the active feature strings of every event and its output."""
    data: dict[str, tuple[list, list]] = {model: ([], []) for model in MODELS}
    for event in events(runs, FeatureResources.from_constraints(resources)):
        features, outputs = data[event.model]
        features.append(extract(feature_lists[event.model], event.context))
        outputs.append(event.output)
    return data


def feature_lists(features_dir: str | Path | None = None,
                  progress: Progress = lambda message: None) -> dict[str, FeatureList]:
    """Each model's feature list: ``features_dir``/NAME.txt where that directory has
    one (as ``amrgen select-features`` writes them), resources/features/NAME.txt otherwise."""
    if features_dir is None:
        return {m: load_feature_list(m) for m in MODELS}
    directory = Path(features_dir)
    if not directory.is_dir():
        raise MissingResourceError(f"{directory}: no such directory of feature lists")
    own = [m for m in MODELS if (directory / f"{m}.txt").is_file()]
    if not own:
        raise MissingResourceError(f"{directory} holds no feature list NAME.txt for any model ({', '.join(MODELS)})")
    progress(f"feature lists from {directory}: {', '.join(own)}; the others from {FEATURES_DIR}")
    return {m: load_feature_list(directory / f"{m}.txt" if m in own else m) for m in MODELS}


def train(train_entries: Sequence[ExtendedEntry], dev_entries: Sequence[ExtendedEntry], *,
          approach: Approach = Approach.TEXT, features_dir: str | Path | None = None,
          workers: int = 1, progress: Progress = lambda message: None) -> TrainingResult:
    """Train every model of :data:`amrgen.ml.events.MODELS`, ``workers`` at a time."""
    started = time.perf_counter()
    lists = feature_lists(features_dir, progress)
    progress("running the oracle on the training corpus")
    train_runs, resources = constrained_runs(train_entries, approach)
    progress("running the oracle on the dev corpus")
    dev_runs, _ = constrained_runs(dev_entries, approach, resources)
    progress("extracting features")
    train_data = model_events(train_runs, resources, lists)
    dev_data = model_events(dev_runs, resources, lists)
    result = TrainingResult({}, resources)
    todo = [m for m in MODELS if train_data[m][0]]
    for model in sorted(set(MODELS) - set(todo)):
        progress(f"{model}: no training events, skipped")
    progress(f"training {len(todo)} models with {workers} worker(s): "
             + ", ".join(f"{m} ({len(train_data[m][0])} events)" for m in todo))
    # The models are independent; the largest (realize) first keeps the workers busy.
    todo.sort(key=lambda m: -len(set(train_data[m][1])) * len(train_data[m][0]))
    trained = Parallel(n_jobs=workers)(
        delayed(_fit)(train_data[m], dev_data[m] if dev_data[m][0] else None, [str(f) for f in lists[m]])
        for m in todo)
    fitted = dict(zip(todo, trained))
    for model in (m for m in MODELS if m in fitted):
        result.models[model] = fitted[model]
        result.summary[model] = {key: fitted[model].metadata.get(key) for key in SUMMARY_KEYS} | {
            "weights": fitted[model].nonzero_weights}
    result.seconds = time.perf_counter() - started
    return result


def _fit(train_data: tuple[list, list], dev_data: tuple[list, list] | None, templates: list[str]) -> MaxentModel:
    """The model trained on ``train_data``, compacted on ``dev_data`` (on ``train_data``
    without dev events), with its train and dev scores those of the compacted model."""
    with warnings.catch_warnings():
        # sklearn warns when sag stops at max_iter; the metadata records "converged".
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = MaxentModel.train(*train_data, dev=dev_data, feature_templates=templates)
    model = compact(model, *(dev_data or train_data))
    model.metadata.update(model.scores("train", *train_data))
    if dev_data is not None:
        model.metadata.update(model.scores("dev", *dev_data))
    return model


def save(result: TrainingResult, directory: str | Path, settings: dict) -> None:
    """Write the models and the constraints' resources to a model directory."""
    save_models(directory, result.models, settings)
    save_json_resource(directory, "merge-table",
                       [[p, c, label, pos] for (p, c), (label, pos) in sorted(result.resources.merge_table.items())])
    save_json_resource(directory, "empirical-pos", dict(sorted(result.resources.empirical_pos.items())))
