"""Training every maximum entropy model from a prepared corpus (thesis 4.3).

The generator runs the constrained system (5.1) on normalized graphs, so the
models learn from that system's gold transitions: the graphs are normalized,
the constraints' resources (the Merge table L_M and the empirical POS tags)
are learnt from a formal oracle pass, and the constrained oracle's (c, t*)
pairs become the events of :mod:`amrgen.ml.events`.  The arrangements of
named entities (:mod:`amrgen.realization.entities`) are counted in the
training references.  Each model's
regularization strength is chosen on the dev corpus, and each model is
compacted (:mod:`amrgen.ml.compaction`) within a tolerance on the dev events.
A second iteration (4.3.3, :func:`second_iteration`) retrains the models after
the first stage on events where the first-stage model chose T_restr.
"""

from __future__ import annotations

import dataclasses
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path

from joblib import Parallel, delayed
from sklearn.exceptions import ConvergenceWarning

from amrgen.decoding.models import ENTITY_ARRANGEMENTS, Models
from amrgen.decoding.phase1 import restricted_transition
from amrgen.errors import MissingResourceError
from amrgen.ml.compaction import compact
from amrgen.ml.context import FeatureResources
from amrgen.ml.conventions import CONVENTIONS, Conventions, learn_corpus_conventions
from amrgen.ml.encoded_events import EncodedEvents, EventEncoder
from amrgen.ml.events import events
from amrgen.ml.features import FEATURES_DIR, FeatureList, extract, load_feature_list
from amrgen.ml.maxent import MaxentModel
from amrgen.ml.names import MODELS, ModelName
from amrgen.ml.store import save_json_resource, save_models
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs, corpus_resources
from amrgen.prep.extended import ExtendedEntry
from amrgen.realization.entities import learn_arrangements
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.constraints import ConstraintResources
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Transition

Progress = Callable[[str], None]

SUMMARY_KEYS = ("train_events", "dev_events", "C", "train_accuracy", "dev_accuracy", "converged", "weights",
                "first_iteration_dev_accuracy")


@dataclass
class TrainingResult:
    """The trained models, what the constraints learnt, and a summary per model."""

    models: dict[str, MaxentModel]
    resources: ConstraintResources
    entity_arrangements: dict[str, str] = field(default_factory=dict)
    conventions: Conventions = field(default_factory=Conventions)
    summary: dict[str, dict] = field(default_factory=dict)
    seconds: float = 0.0
    stages: dict[str, tuple[float, float]] = field(default_factory=dict)
    """When each stage (oracle on training, oracle on dev, features, fitting) started and
    ended, in ``time.perf_counter()`` seconds, in order."""
    model_seconds: dict[str, dict[str, float]] = field(default_factory=dict)
    """Per model, the seconds of ``fit`` (the C grid) and ``compaction`` in its worker."""


ModelEvents = tuple[EncodedEvents, list[str]]
"""A model's events, encoded over the indicators they have, and their outputs."""

CHUNK_GRAPHS = 200
"""Graphs per chunk of :func:`corpus_events`: a chunk's oracle runs and feature contexts
(about 2 GB for 900 graphs held at once) live only while its events are extracted."""


def corpus_events(entries: Sequence[ExtendedEntry], approach: Approach, resources: ConstraintResources,
                  lists: dict[str, FeatureList], workers: int = 1) -> dict[str, ModelEvents]:
    """Per model: the events of the constrained oracle's runs over ``entries`` in corpus
    order, a chunk of :data:`CHUNK_GRAPHS` graphs at a time, ``workers`` chunks at once."""
    chunks = [entries[i:i + CHUNK_GRAPHS] for i in range(0, len(entries), CHUNK_GRAPHS)]
    if workers > 1 and len(chunks) > 1:
        parts = Parallel(n_jobs=workers)(
            delayed(_chunk_events)(chunk, approach, resources, lists) for chunk in chunks)
    else:
        parts = [_chunk_events(chunk, approach, resources, lists) for chunk in chunks]
    if len(parts) == 1:
        return parts[0]
    return {m: (EncodedEvents.stacked(*(part[m][0] for part in parts)), [o for part in parts for o in part[m][1]])
            for m in MODELS}


BOTH = "both"
"""The thesis's training (6.1): the gold Insert-Child and Insert-Between transitions of
both approaches, "thus doubling the number of available training data"; everything
else from the text-based approach."""
INSERTION_MODELS = (ModelName.INSERT_CHILD, ModelName.INSERT_BETWEEN_ARG, ModelName.INSERT_BETWEEN_OTHER)


def training_events(entries: Sequence[ExtendedEntry], approach: Approach | str, resources: ConstraintResources,
                    lists: dict[str, FeatureList], workers: int = 1) -> dict[str, ModelEvents]:
    """:func:`corpus_events` of one approach, or with :data:`BOTH` those of the text-based
    approach, the insertion models' events of the dependency-based approach added."""
    if approach != BOTH:
        return corpus_events(entries, Approach(approach), resources, lists, workers)
    data = corpus_events(entries, Approach.TEXT, resources, lists, workers)
    extra = corpus_events(entries, Approach.DEPENDENCY, resources, lists, workers)
    for m in INSERTION_MODELS:
        data[m] = (EncodedEvents.stacked(data[m][0], extra[m][0]), data[m][1] + extra[m][1])
    return data


def _chunk_events(entries: Sequence[ExtendedEntry], approach: Approach, resources: ConstraintResources,
                  lists: dict[str, FeatureList]) -> dict[str, ModelEvents]:
    runs, _ = constrained_runs(entries, approach, resources)
    return model_events(runs, resources, lists)


def model_events(runs, resources: ConstraintResources, feature_lists: dict) -> dict[str, ModelEvents]:
    """Per model: its events, encoded over the indicators they have (complete), and their outputs."""
    encoders = {model: EventEncoder() for model in MODELS}
    outputs: dict[str, list[str]] = {model: [] for model in MODELS}
    for event in events(runs, FeatureResources.from_constraints(resources)):
        encoders[event.model].add(extract(feature_lists[event.model], event.context))
        outputs[event.model].append(event.output)
    return {model: (encoders[model].encoded(), outputs[model]) for model in MODELS}


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
          approach: Approach | str = Approach.TEXT, features_dir: str | Path | None = None, iterations: int = 1,
          workers: int = 1, progress: Progress = lambda message: None,
          sources: Sequence[str] = (), learnt_punctuation: bool = False) -> TrainingResult:
    """Train every model of :data:`amrgen.ml.names.MODELS`, ``workers`` at a time;
    with ``iterations`` = 2 retrain those after the first stage as in the thesis's
    second iteration (:func:`second_iteration`); ``approach`` :data:`BOTH` trains the
    insertion models on the gold transitions of both approaches (:func:`training_events`).  ``sources`` names the corpus of
    each training entry (none: one corpus); the punctuation conventions are
    learnt by corpus where there are several
    (:func:`~amrgen.ml.conventions.learn_corpus_conventions`).  With
    ``learnt_punctuation`` the oracle runs on bigraphs that keep the references'
    punctuation (:func:`~amrgen.prep.extended.punctuated`), so that the models learn
    the mark that ends a sentence (docs/deviations.md)."""
    if iterations not in (1, 2):
        raise ValueError(f"iterations must be 1 or 2, not {iterations}")
    if learnt_punctuation:
        train_entries = [dataclasses.replace(e, punctuated=True) for e in train_entries]
        dev_entries = [dataclasses.replace(e, punctuated=True) for e in dev_entries]
    started = time.perf_counter()
    stages: dict[str, tuple[float, float]] = {}

    def stage(name: str | None, message: str = "") -> None:
        """End the stage running (if any) and start ``name`` (None: no other)."""
        now = time.perf_counter()
        if stages:
            last = next(reversed(stages))
            stages[last] = (stages[last][0], now)
        if name is not None:
            stages[name] = (now, now)
            progress(message)

    lists = feature_lists(features_dir, progress)
    single = Approach.TEXT if approach == BOTH else Approach(approach)
    stage("resources", "running the formal oracle on the training corpus (L_M and pôs)")
    resources = corpus_resources(train_entries, single)
    stage("events of training", "running the oracle on the training corpus and extracting features")
    train_data = training_events(train_entries, approach, resources, lists, workers)
    stage("events of dev", "running the oracle on the dev corpus and extracting features")
    dev_data = corpus_events(dev_entries, single, resources, lists, workers)
    for model in (m for m in MODELS if not train_data[m][0]):
        progress(f"{model}: no training events, skipped")
    stage("fitting", "fitting the models")
    models, model_seconds = _fit_all(train_data, dev_data, lists, workers, progress)
    result = TrainingResult(models, resources, learn_arrangements(train_entries),
                            learn_corpus_conventions((e.amr.graph, e.tokens, source) for e, source
                                                     in zip(train_entries, sources or repeat(""))),
                            model_seconds=model_seconds)
    if iterations == 2:
        stage("second iteration", "second iteration")
        second_iteration(result, train_entries, dev_entries, train_data, single, lists, workers, progress)
    for model, fitted in result.models.items():
        result.summary[model] = {key: fitted.metadata.get(key) for key in SUMMARY_KEYS} | {
            "weights": fitted.nonzero_weights}
    stage(None)
    result.stages = stages
    result.seconds = time.perf_counter() - started
    return result


def second_iteration(result: TrainingResult, train_entries: Sequence[ExtendedEntry],
                     dev_entries: Sequence[ExtendedEntry], first_train_data: dict[str, ModelEvents],
                     approach: Approach, lists: dict[str, FeatureList], workers: int, progress: Progress) -> None:
    """The second iteration of thesis 4.3.3, replacing the models of ``result`` after
    the first stage.

    The oracle runs again on both corpora, but wherever σ1 awaits a transition of
    T_restr the first iteration's models choose it (argmax P(t | c), as phase 1 of
    generation does, :func:`amrgen.decoding.phase1.restricted_transition`); the
    oracle gives the rest.  Every model but ``first-stage`` is retrained on these
    training events fused with (appended to) the first iteration's, as the thesis
    does; the first-stage model is kept, as its new events would be its own
    predictions.  Regularization and compaction are chosen on the new dev events
    (what the models meet after a predicted first stage), and each new model's
    metadata records as ``first_iteration_dev_accuracy`` how its predecessor does
    on them.
    """
    models = Models(dict(result.models), result.resources)

    def predicted(c: Configuration, system: TransitionSystem) -> Transition | None:
        choice = restricted_transition(c, models, system)
        return None if choice is None else choice[0]

    progress("second iteration: running the oracle on the training corpus, T_restr from the first models")
    train_runs, _ = constrained_runs(train_entries, approach, result.resources, predicted)
    progress("second iteration: running the oracle on the dev corpus, T_restr from the first models")
    dev_runs, _ = constrained_runs(dev_entries, approach, result.resources, predicted)
    stopped = sum(not run.terminated for run in train_runs + dev_runs)
    progress(f"second iteration: extracting features ({stopped} runs stopped before a terminal configuration)")
    train_data = model_events(train_runs, result.resources, lists)
    dev_data = model_events(dev_runs, result.resources, lists)
    later = [m for m in MODELS if m is not ModelName.FIRST_STAGE]
    fused = {m: (EncodedEvents.stacked(first_train_data[m][0], train_data[m][0]),
                 first_train_data[m][1] + train_data[m][1]) for m in later}
    fitted_models, seconds = _fit_all(fused, dev_data, lists, workers, progress)
    result.model_seconds.update({f"{model} (2nd iteration)": s for model, s in seconds.items()})
    for model, fitted in fitted_models.items():
        previous = result.models.get(model)
        fitted.metadata["iteration"] = 2
        if previous is not None and dev_data[model][0]:
            fitted.metadata["first_iteration_dev_accuracy"] = previous.accuracy(*dev_data[model])
        result.models[model] = fitted


def _fit_all(train_data: dict[str, ModelEvents], dev_data: dict[str, ModelEvents],
             lists: dict[str, FeatureList], workers: int,
             progress: Progress) -> tuple[dict[str, MaxentModel], dict[str, dict[str, float]]]:
    """The models of ``train_data`` that have training events, trained in ``workers``
    processes, in the order of :data:`MODELS`, and the seconds each took to fit and compact."""
    todo = [m for m in MODELS if m in train_data and train_data[m][0]]
    progress(f"training {len(todo)} models with {workers} worker(s): "
             + ", ".join(f"{m} ({len(train_data[m][0])} events)" for m in todo))
    # The models are independent; the largest (realize) first keeps the workers busy.
    todo.sort(key=lambda m: -len(set(train_data[m][1])) * len(train_data[m][0]))
    trained = Parallel(n_jobs=workers)(
        delayed(_fit)(train_data[m], dev_data[m] if dev_data[m][0] else None, [str(f) for f in lists[m]])
        for m in todo)
    fitted = dict(zip(todo, trained))
    return {m: fitted[m][0] for m in MODELS if m in fitted}, {m: fitted[m][1] for m in MODELS if m in fitted}


def _fit(train_data: ModelEvents, dev_data: ModelEvents | None,
         templates: list[str]) -> tuple[MaxentModel, dict[str, float]]:
    """The model trained on ``train_data``, compacted on ``dev_data`` (on ``train_data``
    without dev events), with its train and dev scores those of the compacted model;
    and the seconds of fitting and of compaction (with the scores)."""
    started = time.perf_counter()
    with warnings.catch_warnings():
        # sklearn warns when sag stops at max_iter; the metadata records "converged".
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = MaxentModel.train(*train_data, dev=dev_data, feature_templates=templates)
    fitted = time.perf_counter()
    # Encoded once over the full vocabulary: compaction scores many models on them.
    train_data = (model.encode(train_data[0]), train_data[1])
    dev_data = None if dev_data is None else (model.encode(dev_data[0]), dev_data[1])
    model = compact(model, *(dev_data or train_data))
    model.metadata.update(model.scores("train", *train_data))
    if dev_data is not None:
        model.metadata.update(model.scores("dev", *dev_data))
    return model, {"fit": fitted - started, "compaction": time.perf_counter() - fitted}


def save(result: TrainingResult, directory: str | Path, settings: dict) -> None:
    """Write the models and the constraints' resources to a model directory."""
    save_models(directory, result.models, settings)
    save_json_resource(directory, "merge-table",
                       [[p, c, label, pos] for (p, c), (label, pos) in sorted(result.resources.merge_table.items())])
    save_json_resource(directory, "empirical-pos", dict(sorted(result.resources.empirical_pos.items())))
    save_json_resource(directory, ENTITY_ARRANGEMENTS, result.entity_arrangements)
    save_json_resource(directory, CONVENTIONS, result.conventions.to_json())
