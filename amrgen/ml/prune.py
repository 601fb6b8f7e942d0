"""prune_n and prune_(n,r) (Def. def:prune, thesis 4.2.2)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def prune(scored: Iterable[tuple[T, float]], n: int, r: float | None = None) -> list[tuple[T, float]]:
    """prune_n(S), or prune_(n,r)(S) when r is given: the n best pairs by score,
    then only those within r of the best score p_max; best first.

    Ties keep the order of S (heapq.nlargest is stable), which makes the
    result deterministic where the set definition leaves it open.
    """
    items = list(scored)
    if n <= 0 or not items:
        return []
    best = heapq.nlargest(n, items, key=lambda pair: pair[1])
    if r is None:
        return best
    p_max = best[0][1]
    return [(a, p) for a, p in best if p >= p_max - r]
