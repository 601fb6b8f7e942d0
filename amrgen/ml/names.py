"""The names of the maximum entropy models (thesis 4.3 and the model split of
Section 5.3): one per stage of Figure fig:transition-sequences, the syntactic
annotation models p_k, p_Real, two Insert-Between models and the three order
models.  A name is also the stem of the model's feature list in
resources/features/ and of its file in a model directory."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum


class ModelName(StrEnum):
    """A model, by the name its files carry."""

    FIRST_STAGE = "first-stage"
    """The class of t ∈ {Delete, Merge, Swap, Keep} (stage 1)."""
    POS = "pos"
    NUMBER = "number"
    DENOM = "denom"
    VOICE = "voice"
    TENSE = "tense"
    REALIZE = "realize"
    """p_Real: the words w of Realize-(w, α) given α."""
    INSERT_CHILD = "insert-child"
    INSERT_BETWEEN_ARG = "insert-between-arg"
    """Insert-Between where the edge σ1 → β1 is a PropBank role ARGi."""
    INSERT_BETWEEN_OTHER = "insert-between-other"
    REORDER_HEAD = "reorder-head"
    """p_*: whether a child goes left or right of σ1."""
    REORDER_LEFT = "reorder-left"
    """p_l: the order of two children left of σ1."""
    REORDER_RIGHT = "reorder-right"


MODELS: tuple[ModelName, ...] = tuple(ModelName)
"""Every model, in the order training and reports list them."""

_ARG_EDGE = re.compile(r"ARG\d+")


def between_model(labels: Iterable[str]) -> ModelName:
    """The Insert-Between model for an edge σ1 → β1 with these labels: the
    ARG model for a PropBank role, the other one otherwise (reference
    implementation's ArgInsertionMaxentModel and OtherInsertionMaxentModel)."""
    if any(_ARG_EDGE.fullmatch(label) for label in labels):
        return ModelName.INSERT_BETWEEN_ARG
    return ModelName.INSERT_BETWEEN_OTHER
