"""Feature lists and the binary features they give (thesis Section 2.7, Tables
tab:syntactic-annotation-features and tab:transition-features of 4.3.2-4.3.3).

An *indicator feature* s: X → P(S) maps a context x to a finite set of
values (Def. in 2.7).  The context is a :class:`~amrgen.ml.context.FeatureContext`
(:mod:`amrgen.ml.context`: a configuration, what training learnt and the
vertices of an event by role); the indicators of the two tables and their
composition are :class:`~amrgen.ml.indicators.Indicator` and
:class:`~amrgen.ml.indicators.Feature` (:mod:`amrgen.ml.indicators`).

The conversion of 2.7 turns every value s_i that an indicator takes on the
training data into a binary feature f_{s_i}(x) = [s_i ∈ s(x)], and each of
those into f_{s_i}^Y, one feature per output.  :func:`extract` gives the
active f_{s_i} of a context as strings, ``Concept(v)=want-01`` or, for a
composition, ``Concept(v)=want-01|InLabel(p)=ARG1``; pairing them with the
outputs is the maximum entropy model's business.  Every string starts with
its feature's spec and ``|`` in values is escaped, so two specs never share
a string.

A model's feature list is a text file, one feature per line, ``#`` starting
a comment::

    Concept(v)
    Concept(v) * InLabel(p)
    OutLabels[mod,quant](v)      # OutLabels(v) ⊆ {mod, quant}
    AllEdgeLabels                # graph-wide: no role

The lists the generator's models start from are ``resources/features/NAME.txt``
(:func:`load_feature_list`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.ml.context import ROLES, FeatureContext
from amrgen.ml.indicators import DEFINITIONS, Feature, Indicator
from amrgen.paths import RESOURCES_DIR
from amrgen.transitions.annotations import Key

FEATURES_DIR = RESOURCES_DIR / "features"
"""Where :func:`load_feature_list` finds a list by name."""


class FeatureSpecError(AmrgenError):
    """A feature list that cannot be read; the message names the file and line."""


# -- feature lists ----------------------------------------------------------------


@dataclass(frozen=True)
class FeatureList:
    """A model's features, in the order of its file."""

    name: str
    features: tuple[Feature, ...]

    def __iter__(self):
        return iter(self.features)

    def __len__(self) -> int:
        return len(self.features)

    @cached_property
    def split(self) -> tuple[tuple[Feature, ...], tuple[str, ...], tuple[Feature, ...], tuple[str, ...]]:
        """The features that read only the graph and the roles they read; those that
        read more (ρ, α, the order, the event's sides), in file order, and the roles
        that those among them that read ρ and α only read (see
        :class:`~amrgen.ml.indicators.Feature`)."""
        stateless = tuple(f for f in self.features if not f.stateful)
        stateful = tuple(f for f in self.features if f.stateful)
        return stateless, _roles(stateless), stateful, _roles(f for f in stateful if not f.reads_order)


def _roles(features: Iterable[Feature]) -> tuple[str, ...]:
    return tuple(sorted({part.role for f in features for part in f.parts if part.role is not None}))


def extract(features: Iterable[Feature], context: FeatureContext) -> list[str]:
    """The binary features active in the context, in the order of the features.
    For a :class:`FeatureList`, the strings of the features that read only the
    graph are computed once per graph and vertices of their roles, those of the
    features that read ρ and α too once per vertices of their roles for the
    contexts of one configuration and α (decoding asks about the same vertices
    under many annotations and orders)."""
    if not isinstance(features, FeatureList):
        return [s for feature in features for s in feature.strings(context)]
    stateless, roles, stateful, stateful_roles = features.split
    key = (id(features), *(context.vertex(role) for role in roles))
    memo = context.facts.list_memo
    strings = memo.get(key)
    if strings is None:
        strings = memo[key] = [s for feature in stateless for s in feature.strings(context)]
    if not stateful:
        return list(strings)
    key = (id(features), *(context.vertex(role) for role in stateful_roles))
    known = context.rho_memo.get(key)
    if known is None:
        known = context.rho_memo[key] = [None if f.reads_order else f.strings(context) for f in stateful]
    return strings + [s for f, found in zip(stateful, known) for s in (f.strings(context) if found is None else found)]


_TERM = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9_]*)(?:\[(?P<parameter>[^\]]*)\])?(?:\((?P<role>[^)]*)\))?")
_PARAMETER = re.compile(r"[^\s,\[\]()|=*#]+")
_KEYS = [key.value for key in Key]


def all_indicators(roles: Iterable[str]) -> list[Indicator]:
    """Every indicator of the tables on ``roles`` (the graph-wide rows once): each
    row without parameter, and Rho[k] for every annotation key k.  The rows with a
    label or set parameter (HasChild[l], OutLabels[S], ...) have unboundedly many
    instances and are left out."""
    roles = [role for role in ROLES if role in set(roles)]
    found: list[Indicator] = []
    for (name, has_parameter), definition in DEFINITIONS.items():
        parameters = [None] if not has_parameter else [(k,) for k in _KEYS] if definition.parameter == "key" else []
        for parameter in parameters:
            found.extend(Indicator(name, parameter, role) for role in (roles if definition.on_vertex else [None]))
    return found


def parse_feature(text: str) -> Feature:
    """One line of a feature list; raises ValueError saying what is wrong."""
    parts = [part.strip() for part in text.split("*")]
    if any(not part for part in parts):
        raise ValueError(f"empty indicator in {text.strip()!r}")
    return Feature(tuple(_parse_indicator("".join(part.split())) for part in parts))


def _parse_indicator(term: str) -> Indicator:
    match = _TERM.fullmatch(term)
    if match is None:
        raise ValueError(f"cannot read {term!r}: expected Name(role), Name[parameters](role) or Name")
    name, raw, role = match["name"], match["parameter"], match["role"]
    definition = DEFINITIONS.get((name, raw is not None))
    if definition is None:
        if (name, raw is None) in DEFINITIONS:
            raise ValueError(f"{name} {'needs a parameter' if raw is None else 'takes no parameter'}")
        close = difflib.get_close_matches(name, {n for n, _ in DEFINITIONS}, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ValueError(f"unknown indicator feature {name!r}{hint}")
    if definition.on_vertex and role is None:
        raise ValueError(f"{name} needs a vertex role, as in {name}(v); roles: {', '.join(ROLES)}")
    if not definition.on_vertex and role is not None:
        raise ValueError(f"{name} is graph-wide and takes no role")
    if role is not None and role not in ROLES:
        raise ValueError(f"unknown role {role!r} in {term!r}; roles: {', '.join(ROLES)}")
    return Indicator(name, None if raw is None else _parse_parameter(name, definition.parameter, raw), role)


def _parse_parameter(name: str, kind: str, raw: str) -> tuple[str, ...]:
    elements = raw.split(",")
    for element in elements:
        if not _PARAMETER.fullmatch(element):
            raise ValueError(f"bad parameter {element!r} of {name}")
    if kind in ("one", "key") and len(elements) != 1:
        raise ValueError(f"{name} takes exactly one parameter, not {len(elements)}")
    if kind == "key" and elements[0] not in _KEYS:
        raise ValueError(f"{name}[{elements[0]}]: no annotation key {elements[0]!r}; keys: {', '.join(_KEYS)}")
    return tuple(sorted(set(elements))) if kind == "set" else tuple(elements)


def parse_feature_list(text: str, name: str = "features", source: str = "<string>") -> FeatureList:
    """A feature list in the format of the module docstring.  Raises
    :class:`FeatureSpecError` naming ``source`` and the line."""
    features: list[Feature] = []
    lines: dict[Feature, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            feature = parse_feature(line)
        except ValueError as error:
            raise FeatureSpecError(f"{source}:{number}: {error}") from None
        if feature in lines:
            raise FeatureSpecError(f"{source}:{number}: {feature} repeats line {lines[feature]}")
        lines[feature] = number
        features.append(feature)
    return FeatureList(name, tuple(features))


def load_feature_list(name_or_path: str | Path) -> FeatureList:
    """The feature list ``resources/features/NAME.txt``, or the file at a path."""
    path = Path(name_or_path)
    if path.suffix != ".txt":
        path = FEATURES_DIR / f"{name_or_path}.txt"
    if not path.is_file():
        raise MissingResourceError(f"no feature list {str(name_or_path)!r}: {path} does not exist")
    return parse_feature_list(path.read_text(encoding="utf-8"), path.stem, str(path))
