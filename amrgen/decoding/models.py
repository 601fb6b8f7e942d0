"""The trained models of a model directory, ready for decoding: each maximum
entropy model with its feature list, what training learnt for the
constraints of Section 5.1 (the Merge table L_M and the empirical POS tags),
the arrangements of named entities (5.2, :mod:`amrgen.realization.entities`)
and the punctuation conventions of the training references
(:mod:`amrgen.ml.conventions`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amrgen.ml.columns import FeatureColumns
from amrgen.ml.context import FeatureContext, FeatureResources
from amrgen.ml.conventions import CONVENTIONS, Conventions
from amrgen.ml.features import FeatureList, extract, parse_feature_list
from amrgen.ml.maxent import MaxentModel
from amrgen.ml.store import load_json_resource, load_models, string_map, string_rows
from amrgen.realization.entities import ARRANGEMENTS
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.constraints import ConstraintResources

ENTITY_ARRANGEMENTS = "entity-arrangements"
"""The model directory's file of :attr:`Models.entity_arrangements`; a directory
trained before it existed loads without it (every entity arranged as its name alone,
the reference implementation's choice where it has no counts)."""


COMPILED_AT = 100
"""A model's feature list is compiled against its vocabulary at its this-many-th question
(compiling the shipped models takes 0.15-0.3 s, most of what a one-graph ``amrgen
generate`` asks them would cost; a corpus asks them thousands of times)."""


def load_resources(directory: str | Path) -> ConstraintResources:
    """The constraints' resources saved beside the models by ``amrgen train``."""
    table = load_json_resource(directory, "merge-table", check=lambda data: string_rows(data, 4))
    return ConstraintResources(merge_table={(p, c): (label, pos) for p, c, label, pos in table},
                               empirical_pos=load_json_resource(directory, "empirical-pos", check=string_map))


@dataclass
class Models:
    """The models by name (:data:`amrgen.ml.names.MODELS`) and the constraints' resources."""

    models: dict[str, MaxentModel]
    resources: ConstraintResources
    settings: dict[str, Any] = field(default_factory=dict)
    directory: Path | None = None
    entity_arrangements: dict[str, str] = field(default_factory=dict)
    """Entity concept ↦ its arrangement (:func:`amrgen.realization.entities.learn_arrangements`)."""
    conventions: Conventions = field(default_factory=Conventions)
    """The training references' punctuation conventions (every one followed for a directory without them)."""

    def __post_init__(self) -> None:
        self._last_context: FeatureContext | None = None
        self.feature_lists: dict[str, FeatureList] = {
            name: parse_feature_list("\n".join(model.feature_templates), name,
                                     f"{self.directory / name}.json: feature_templates" if self.directory else name)
            for name, model in self.models.items()}
        self.feature_resources = FeatureResources.from_constraints(self.resources)
        self._compiled: dict[str, tuple[MaxentModel, int, FeatureColumns | None]] = {}
        """By model name: the model, how often it was asked, its compiled feature list."""

    @classmethod
    def load(cls, directory: str | Path) -> Models:
        """A model directory written by ``amrgen train`` (refused with a clear
        message when it is missing, corrupt or of another format)."""
        models, settings = load_models(directory)
        return cls(models, load_resources(directory), settings, Path(directory),
                   load_json_resource(directory, ENTITY_ARRANGEMENTS, default={},
                                      check=lambda data: string_map(data, ARRANGEMENTS)),
                   load_json_resource(directory, CONVENTIONS, default=Conventions(), check=Conventions.from_json))

    def context(self, c: Configuration, **roles: Any) -> FeatureContext:
        """The feature context of c (``roles``: see :class:`FeatureContext`),
        sharing what is known about c's graph with the previous context when
        the graph is the same object."""
        context = FeatureContext(c, self.feature_resources, share=self._last_context, **roles)
        self._last_context = context
        return context

    def probabilities(self, name: str, context: FeatureContext) -> dict[str, float]:
        """p(y | x) of model ``name`` for every output y; empty when the directory
        has no such model (it had no training events)."""
        model = self.models.get(name)
        if model is None:
            return {}
        return model.probabilities_at(self.columns(name, model, context))

    def best(self, name: str, context: FeatureContext, n: int | None = None,
             r: float | None = None) -> list[tuple[str, float]]:
        """prune_(n,r) of model ``name``'s outputs, best first (empty without the model)."""
        model = self.models.get(name)
        if model is None:
            return []
        return model.best_at(self.columns(name, model, context), n, r)

    def compile_columns(self) -> None:
        """Compile every model's feature list now, not at its :data:`COMPILED_AT`-th question
        (the application does so while the generator loads: compiled in the middle of a
        session, in a worker thread, the compilation kept the window's event loop waiting
        for the interpreter lock for 0.1-0.25 s)."""
        for name, model in self.models.items():
            known = self._compiled.get(name)
            if known is None or known[0] is not model or known[2] is None:
                self._compiled[name] = (model, COMPILED_AT, FeatureColumns(self.feature_lists[name], model.vocabulary))

    def columns(self, name: str, model: MaxentModel, context: FeatureContext) -> tuple[int, ...]:
        """The columns of ``model`` (model ``name``) active in ``context``: from the strings
        of :func:`extract` for its first :data:`COMPILED_AT` questions, then from its feature
        list compiled against its vocabulary (:class:`FeatureColumns`; the same columns)."""
        known = self._compiled.get(name)
        _, asked, compiled = known if known is not None and known[0] is model else (model, 0, None)
        if compiled is None:
            if asked < COMPILED_AT:
                self._compiled[name] = (model, asked + 1, None)
                return model.columns(extract(self.feature_lists[name], context))
            compiled = FeatureColumns(self.feature_lists[name], model.vocabulary)
            self._compiled[name] = (model, asked, compiled)
        return compiled.columns(context)
