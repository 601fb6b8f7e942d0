"""The transition system S_AMR (thesis Section 4.2) and its constraints (Section 5.1)."""

from amrgen.transitions.annotations import NONE, AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex, finalize, initial
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    TRANSITION_CLASSES,
    Delete,
    DeleteReentrance,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    NoInsertion,
    NotApplicableError,
    Realize,
    Reorder,
    Swap,
    Transition,
)

__all__ = [
    "NONE", "AnnotationFunction", "Key", "SyntacticAnnotation", "PLACEHOLDER", "Configuration",
    "InsertedVertex", "finalize", "initial", "LEFT", "RIGHT", "TRANSITION_CLASSES", "Delete",
    "DeleteReentrance", "InsertBetween", "InsertChild", "Keep", "Merge", "NoInsertion",
    "NotApplicableError", "Realize", "Reorder", "Stage", "stage", "Swap", "Transition",
]
