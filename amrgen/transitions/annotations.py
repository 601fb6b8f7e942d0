"""Annotation keys and values, syntactic annotations and annotation functions ρ
(thesis Sections 4.1 and 4.2, Tables tab:annotations and tab:trans-annotations)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from amrgen.graph import Vertex

NONE = "--"
"""The annotation value "–" (no value), as the thesis writes it."""


class Key(str, Enum):
    """The annotation keys K = K_syn ∪ {REAL, DEL, INS-DONE, LINK, SWAPS, INIT-CONCEPT}."""

    POS = "POS"
    DENOM = "DENOM"
    TENSE = "TENSE"
    NUMBER = "NUMBER"
    VOICE = "VOICE"
    REAL = "REAL"
    DEL = "DEL"
    INS_DONE = "INS-DONE"
    LINK = "LINK"
    SWAPS = "SWAPS"
    INIT_CONCEPT = "INIT-CONCEPT"

    def __str__(self) -> str:
        return self.value


SYNTACTIC_KEYS = (Key.POS, Key.NUMBER, Key.DENOM, Key.VOICE, Key.TENSE)
"""K_syn in the enumeration k1..k5 that Section 4.1 chooses for Eq. (equ:syn3)."""

ALL_KEYS = tuple(Key)

CLOSED_VALUES: dict[Key, frozenset] = {
    Key.DENOM: frozenset({"the", "a", NONE}),
    Key.TENSE: frozenset({"past", "present", "future", NONE}),
    Key.NUMBER: frozenset({"singular", "plural", NONE}),
    Key.VOICE: frozenset({"passive", "active", NONE}),
    Key.DEL: frozenset({0, 1}),
    Key.INS_DONE: frozenset({0, 1}),
}
"""V_k for the keys with a finite value set; POS takes Penn Treebank tags
(and "--"), REAL strings, LINK vertices, SWAPS integers, INIT-CONCEPT concepts."""


def check_value(key: Key, value: Any) -> None:
    """Raise ValueError unless value ∈ V_key."""
    allowed = CLOSED_VALUES.get(key)
    ok = (
        value in allowed if allowed is not None
        else isinstance(value, int) and not isinstance(value, bool) if key is Key.SWAPS
        else isinstance(value, str) if key in (Key.POS, Key.REAL, Key.INIT_CONCEPT)
        else True
    )
    if not ok:
        raise ValueError(f"{value!r} is not a value of {key}")


@dataclass(frozen=True)
class SyntacticAnnotation:
    """A syntactic annotation α: K_syn → V_syn (Def. in 4.1)."""

    pos: str = NONE
    denom: str = NONE
    tense: str = NONE
    number: str = NONE
    voice: str = NONE

    def __post_init__(self) -> None:
        for key, value in self.items():
            check_value(key, value)

    def __getitem__(self, key: Key) -> str:
        return getattr(self, key.value.lower())

    def items(self) -> list[tuple[Key, str]]:
        """(k, α(k)) in the thesis's order POS, DENOM, TENSE, NUMBER, VOICE."""
        return [(Key.POS, self.pos), (Key.DENOM, self.denom), (Key.TENSE, self.tense),
                (Key.NUMBER, self.number), (Key.VOICE, self.voice)]

    def __str__(self) -> str:
        return "{" + ",".join(f"{k}={v}" for k, v in self.items()) + "}"


class AnnotationFunction(Mapping):
    """An annotation function ρ: K → (V ⇀ V) with every ρ(k) partial.

    Immutable: :meth:`updated` gives ρ[k(v) ↦ x, ...] as a new function that
    shares the unchanged per-key maps.  ``rho[Key.REAL]`` is a read-only
    mapping, so ``v in rho[k]`` is v ∈ dom(ρ(k)).
    """

    __slots__ = ("_maps",)

    def __init__(self, maps: Mapping[Key, Mapping[Vertex, Any]] | None = None) -> None:
        self._maps: dict[Key, dict[Vertex, Any]] = {k: {} for k in ALL_KEYS}
        for key, values in (maps or {}).items():
            key = Key(key)
            for v, value in values.items():
                check_value(key, value)
            self._maps[key] = dict(values)

    def __getitem__(self, key: Key) -> Mapping[Vertex, Any]:
        return MappingProxyType(self._maps[Key(key)])

    def __iter__(self):
        return iter(self._maps)

    def __len__(self) -> int:
        return len(self._maps)

    def get(self, key: Key, v: Vertex, default: Any = None) -> Any:  # type: ignore[override]
        """ρ(key)(v), or default when v ∉ dom(ρ(key))."""
        return self._maps[key].get(v, default)

    def defined(self, key: Key, v: Vertex) -> bool:
        """v ∈ dom(ρ(key))."""
        return v in self._maps[key]

    def updated(self, assignments: Iterable[tuple[Key, Vertex, Any]]) -> AnnotationFunction:
        """ρ[k1(v1) ↦ x1, ...]."""
        new = AnnotationFunction.__new__(AnnotationFunction)
        new._maps = dict(self._maps)
        copied: set[Key] = set()
        for key, v, value in assignments:
            check_value(key, value)
            if key not in copied:
                new._maps[key] = dict(new._maps[key])
                copied.add(key)
            new._maps[key][v] = value
        return new

    def of_vertex(self, v: Vertex) -> dict[Key, Any]:
        """Every annotation of v: {k: ρ(k)(v) | v ∈ dom(ρ(k))}."""
        return {k: m[v] for k, m in self._maps.items() if v in m}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AnnotationFunction) and self._maps == other._maps

    def __repr__(self) -> str:
        return "AnnotationFunction(" + repr({str(k): m for k, m in self._maps.items() if m}) + ")"
