"""How well each trained model predicts the gold decisions of a corpus: the
thesis's Table tab:mem-eval (accuracy per model) and the confusion matrix of
the phase-1 transitions (Figure tab:confusion-matrix).

A decision the constraints of Section 5.1 take alone (only one phase-1 class
allowed, e.g. Keep for a copy or a named entity) is not counted, as the
thesis excludes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from amrgen.decoding.models import Models
from amrgen.ml.context import FeatureResources
from amrgen.ml.events import FIRST_STAGE, events
from amrgen.ml.features import extract, parse_feature_list
from amrgen.ml.names import MODELS, ModelName
from amrgen.ml.maxent import MaxentModel
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.prep.extended import ExtendedEntry
from amrgen.transitions.constraints import ConstraintResources, Constraints
from amrgen.transitions.transitions import Merge


@dataclass
class ModelEvaluation:
    """Accuracy per model and the phase-1 confusion matrix (gold class → predicted → count)."""

    accuracy: dict[str, tuple[int, int]] = field(default_factory=dict)
    """model → (correct, counted)."""
    confusion: dict[str, Counter] = field(default_factory=dict)
    excluded: int = 0
    """Phase-1 decisions the constraints took alone."""


def evaluate_models(models: dict[str, MaxentModel], resources: ConstraintResources,
                    entries: Sequence[ExtendedEntry], approach: Approach = Approach.TEXT) -> ModelEvaluation:
    """Run the constrained oracle over the corpus and score every model's top prediction."""
    runs, _ = constrained_runs(entries, approach, resources)
    constraints = Constraints(resources)
    features = {name: parse_feature_list("\n".join(model.feature_templates), name)
                for name, model in models.items()}
    result = ModelEvaluation()
    correct: Counter = Counter()
    counted: Counter = Counter()
    for event in events(runs, FeatureResources.from_constraints(resources)):
        model = models.get(event.model)
        if model is None:
            continue
        if event.model is ModelName.FIRST_STAGE:
            c = event.context.configuration
            allowed = [cls for cls in FIRST_STAGE if any(constraints.allows(c, t) and t.applicable(c)
                                                         for t in _instances(cls, c, resources))]
            if len(allowed) <= 1:
                result.excluded += 1
                continue
        probabilities = model.probabilities(extract(features[event.model], event.context))
        predicted = max(probabilities, key=probabilities.get)
        counted[event.model] += 1
        correct[event.model] += predicted == event.output
        if event.model is ModelName.FIRST_STAGE:
            result.confusion.setdefault(event.output, Counter())[predicted] += 1
    result.accuracy = {m: (correct[m], counted[m]) for m in MODELS if counted[m]}
    return result


def _instances(cls, c, resources: ConstraintResources):
    """The instances of a phase-1 class worth testing at c (Merge: the one L_M gives)."""
    if cls is Merge:
        merge = resources.merge(c)
        return [merge] if merge else []
    return [cls()]


def load_and_evaluate(directory: str | Path, entries: Sequence[ExtendedEntry],
                      approach: Approach = Approach.TEXT) -> ModelEvaluation:
    loaded = Models.load(directory)
    return evaluate_models(loaded.models, loaded.resources, entries, approach)
