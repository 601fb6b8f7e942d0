"""Which of the training corpora an AMR graph is most like: a maximum-entropy model of the corpus.

A model trained on several corpora (the shipped default: Little Prince, Bio
AMR, QALD-9-AMR, the guidelines' examples) meets graphs of each, and the
corpora write their sentences differently: the book quotes its dialogue, the
others never do (:mod:`amrgen.ml.conventions`).  Graphs betray their
corpus by their concepts (a prince, a sheep and ``i`` against proteins and
cells against countries and ``amr-unknown``), so ``amrgen train``, given
several training files, fits p(corpus | G) on the concepts of the training
graphs (a :class:`~amrgen.ml.maxent.MaxentModel`, each concept an indicator)
and keeps it beside the conventions; generation weighs each corpus's
conventions by it (:meth:`~amrgen.ml.conventions.Conventions.for_graph`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from amrgen.graph import Graph
from amrgen.ml.maxent import MaxentModel
from amrgen.transitions.configuration import InsertedVertex

CORPUS_C = 1.0
"""The model's regularization C (chosen on the dev sets: docs/results.md)."""


def graph_concepts(g: Graph) -> list[str]:
    """The concepts of G, each once, in order: the indicators of :class:`CorpusModel`.
    The vertices a transition inserted (articles, prepositions) are left out, so a
    configuration's graph gives about what its AMR graph gave."""
    return sorted({str(g.label(v)) for v in g.vertices if not isinstance(v, InsertedVertex)})


class CorpusModel:
    """p(corpus | G): the training corpus a graph comes from, by its concepts."""

    def __init__(self, model: MaxentModel) -> None:
        self.model = model

    @property
    def corpora(self) -> tuple[str, ...]:
        return self.model.labels

    @classmethod
    def train(cls, graphs: Iterable[tuple[Graph, str]]) -> CorpusModel | None:
        """The model of ``graphs``, each with the name of its corpus; None for fewer than two corpora."""
        events, labels = [], []
        for g, corpus in graphs:
            events.append(graph_concepts(g))
            labels.append(corpus)
        if len(set(labels)) < 2:
            return None
        return cls(MaxentModel.train(events, labels, c=CORPUS_C))

    def probabilities(self, g: Graph) -> dict[str, float]:
        """p(corpus | G) for every training corpus."""
        return self.model.probabilities(graph_concepts(g))

    def to_json(self) -> dict[str, Any]:
        """The corpora, the concepts and the weights (concept × corpus, rounded to 5 decimals)."""
        m = self.model
        return {"corpora": list(m.labels), "concepts": list(m.vocabulary),
                "weights": np.round(np.asarray(m.coef), 5).tolist(),
                "intercept": np.round(m.intercept, 5).tolist()}

    @classmethod
    def from_json(cls, data: Any) -> CorpusModel:
        """The model of :meth:`to_json`; ValueError or TypeError naming the field that is not of its shape."""
        if not isinstance(data, dict):
            raise TypeError(f"expected an object with corpora, concepts and weights, found {type(data).__name__}")
        for key in ("corpora", "concepts", "weights", "intercept"):
            if not isinstance(data.get(key), list):
                raise TypeError(f"{key!r}: expected a list, found {type(data.get(key)).__name__}")
        if not all(isinstance(name, str) for name in (*data["corpora"], *data["concepts"])):
            raise TypeError("'corpora' and 'concepts' must be lists of strings")
        try:
            weights = np.array(data["weights"], dtype=np.float64).reshape(len(data["concepts"]), len(data["corpora"]))
            intercept = np.array(data["intercept"], dtype=np.float64)
        except (TypeError, ValueError) as error:
            raise ValueError(f"'weights' and 'intercept': expected numbers, one per concept and corpus ({error})") \
                from None
        return cls(MaxentModel(data["corpora"], data["concepts"], weights, intercept))
