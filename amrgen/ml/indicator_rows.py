"""What a row of the indicator tables is (thesis 4.3.2-4.3.3): how an indicator is computed
and what it takes (:class:`Definition`), and how a table's module registers its rows
(:func:`registrar`): :mod:`amrgen.ml.syntactic_annotation_features` and
:mod:`amrgen.ml.transition_features`, whose rows :mod:`amrgen.ml.indicators` applies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Definition:
    """A row of the tables: how to compute it and what it takes.

    ``parameter`` is None, ``"one"`` (a label l), ``"set"`` (a set S) or
    ``"key"`` (an annotation key k).  ``stateful`` rows read more than the
    graph and the role's vertex (ρ, the event's α or sides); the others are
    computed once per graph and vertex, however many contexts ask.  A
    stateful row that reads ρ and α only (not ``reads_order``: not ≺ nor the
    event's sides) is computed once per vertex for the contexts of one
    configuration and α (:attr:`~amrgen.ml.context.FeatureContext.rho_memo`: the orders and
    pairs of children that Reorder's models score), one that reads them once
    per vertex for the contexts of one configuration, α and sides
    (:attr:`~amrgen.ml.context.FeatureContext.memo`: the pairs of children of one side assignment).  ``compute(x, v[, parameter])`` (or
    ``compute(x)`` for a graph-wide row) returns None for NONE, a value or
    an iterable of values; a value is a string, a number, a flag (bool) or
    a tuple of values.
    """

    compute: Callable[..., Any]
    parameter: str | None
    on_vertex: bool
    stateful: bool
    reads_order: bool


Rows = dict[tuple[str, bool], Definition]
"""A table's rows by name and whether the row takes a parameter."""


def registrar(rows: Rows) -> Callable[..., Callable[[Callable[..., Any]], Callable[..., Any]]]:
    """The decorator ``indicator(name, parameter=None, on_vertex=True, stateful=False,
    reads_order=False)`` that enters the function it decorates in ``rows`` as the row ``name``."""
    def indicator(name: str, parameter: str | None = None, on_vertex: bool = True, stateful: bool = False,
                  reads_order: bool = False):
        def register(compute: Callable[..., Any]) -> Callable[..., Any]:
            rows[name, parameter is not None] = Definition(compute, parameter, on_vertex, stateful, reads_order)
            return compute
        return register
    return indicator
