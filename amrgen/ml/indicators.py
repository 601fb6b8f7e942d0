"""The indicator features of Tables tab:syntactic-annotation-features and
tab:transition-features (thesis 4.3.2-4.3.3) and their composition (Def. in 2.7).

Every indicator of the two tables is an :class:`Indicator`, a table row applied to a role of the
context (:mod:`amrgen.ml.context`): ``Concept(v)``, ``InLabel(p)``, ``HasEdge[polarity](v)``; its
value is {NONE} where the role's vertex does not exist or the row is undefined, as Section 4.3.3
says.  A :class:`Feature` is one indicator or the composition s1∘s2∘... of several: the cross
product of their value sets.  The rows of the tables (:mod:`amrgen.ml.syntactic_annotation_features`,
:mod:`amrgen.ml.transition_features`) are in :data:`DEFINITIONS` by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from operator import attrgetter
from typing import Any

from amrgen.ml.context import NONE, NONE_VALUES, FeatureContext
from amrgen.ml.indicator_rows import Definition, Rows
from amrgen.ml.syntactic_annotation_features import SYNTACTIC_ANNOTATION_ROWS
from amrgen.ml.transition_features import TRANSITION_ROWS
from amrgen.transitions.annotations import Key

DEFINITIONS: Rows = {**SYNTACTIC_ANNOTATION_ROWS, **TRANSITION_ROWS}
"""The rows of both tables by name and whether the row takes a parameter."""


def _value(item: Any) -> str:
    if type(item) is str:  # most values: asked first
        return item
    if item is None:
        return NONE
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, tuple):
        return "(" + ",".join(map(_value, item)) + ")"
    return str(item)


def _values(result: Any) -> frozenset[str]:
    if result is None:
        return NONE_VALUES
    if type(result) is str:
        return frozenset((result,))
    if isinstance(result, (str, int, tuple)):
        return frozenset({_value(result)})
    return frozenset(map(_value, result))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|")


@dataclass(frozen=True)
class Indicator:
    """An indicator feature of the tables applied to a role: ``name[parameter](role)``.

    ``parameter`` is a tuple (sorted for a set S); ``role`` is None for the
    graph-wide rows.  Build one with :func:`parse_feature` or directly.
    """

    name: str
    parameter: tuple[str, ...] | None = None
    role: str | None = None

    @cached_property
    def text(self) -> str:
        """The indicator as a feature list writes it, e.g. ``HasEdge[polarity](v)``."""
        parameter = "" if self.parameter is None else "[" + ",".join(self.parameter) + "]"
        return self.name + parameter + ("" if self.role is None else f"({self.role})")

    def __str__(self) -> str:
        return self.text

    def values(self, context: FeatureContext) -> frozenset[str]:
        """s(x): the set of values in this context, {NONE} where undefined."""
        return self._evaluate(context)[0]

    def strings(self, context: FeatureContext) -> tuple[str, ...]:
        """The active binary features ``s=a`` for a ∈ s(x), sorted."""
        return self._evaluate(context)[1]

    @property
    def reads_words(self) -> bool:
        """Whether the value depends on ρ(REAL), the words Realize chose."""
        return self.name == "RealizationLemma" or self.name == "Rho" and self.parameter == (Key.REAL.value,)

    @cached_property
    def definition(self) -> Definition:
        """The row of the tables this indicator applies."""
        return DEFINITIONS[self.name, self.parameter is not None]

    @cached_property
    def _memo(self) -> Callable[[FeatureContext], dict]:
        """Where a context keeps this indicator's values (see :class:`~amrgen.ml.indicator_rows.Definition`)."""
        definition = self.definition
        if not definition.on_vertex:
            return attrgetter("facts.memo")
        if definition.reads_order:
            return attrgetter("memo")
        return attrgetter("rho_memo" if definition.stateful else "facts.vertex_memo")

    def _evaluate(self, context: FeatureContext) -> tuple[frozenset[str], tuple[str, ...]]:
        # Asked hundreds of thousands of times a corpus: the memo found by one call, the
        # key made once, and a value's string made without sorting where there is one.
        text = self.text
        memo = self._memo(context)
        key = (text, context.vertex(self.role)) if self.role is not None else text
        entry = memo.get(key)
        if entry is None:
            definition = self.definition
            if self.role is None:  # a graph-wide row (parse_feature gives them no role)
                result = definition.compute(context)
            elif (v := key[1]) is None:
                result = None
            elif self.parameter is None:
                result = definition.compute(context, v)
            else:
                result = definition.compute(context, v, self.parameter)
            values = _values(result)
            if len(values) == 1:
                strings = (f"{text}={_escape(next(iter(values)))}",)
            else:
                strings = tuple(sorted(f"{text}={_escape(a)}" for a in values))
            entry = memo[key] = (values, strings)
        return entry


@dataclass(frozen=True)
class Feature:
    """A line of a feature list: one indicator feature or the composition
    s1∘s2∘... of several (Def. in 2.7), written ``s1 * s2``."""

    parts: tuple[Indicator, ...]

    def __str__(self) -> str:
        return " * ".join(map(str, self.parts))

    @property
    def stateful(self) -> bool:
        """Whether a part reads more than the graph (see :class:`~amrgen.ml.indicator_rows.Definition`)."""
        return any(p.definition.stateful for p in self.parts)

    @property
    def reads_order(self) -> bool:
        """Whether a part reads ≺ or the event's sides (see :class:`~amrgen.ml.indicator_rows.Definition`)."""
        return any(p.definition.reads_order for p in self.parts)

    def values(self, context: FeatureContext) -> set[tuple[str, ...]]:
        """(s1∘...∘sn)(x) = {(a1, ..., an) | ai ∈ si(x)}."""
        return set(product(*(part.values(context) for part in self.parts)))

    def strings(self, context: FeatureContext) -> list[str]:
        """The active binary features f_{s_i}: ``s1=a1|s2=a2`` for every
        (a1, a2) ∈ (s1∘s2)(x), in the order of the parts' sorted values."""
        parts = self.parts
        if len(parts) == 1:
            return list(parts[0].strings(context))
        return ["|".join(combo) for combo in product(*(part.strings(context) for part in parts))]
