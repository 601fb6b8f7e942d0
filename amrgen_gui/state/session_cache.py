"""What a view computes for a session, kept as long as the session lives.

The views compute some things for a new session in the worker thread that
makes it (:attr:`amrgen_gui.qt.model.SessionModel.warmups`) and find them when
the session is shown: the graph's first layout, phase 2's tables.  The
cache holds the session weakly, so a session dropped takes its entries
with it (a cache of the last n sessions would keep n big graphs alive).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

Result = TypeVar("Result")


def per_session(compute: Callable[..., Result]) -> Callable[..., Result]:
    """``compute(session, *args)``, computed once per session and arguments (two
    threads asking at once may both compute it; either result is kept)."""
    cache: weakref.WeakKeyDictionary[Any, dict[tuple, Result]] = weakref.WeakKeyDictionary()

    @functools.wraps(compute)
    def cached(session: Any, *args: Any) -> Result:
        results = cache.setdefault(session, {})
        if args not in results:
            results[args] = compute(session, *args)
        return results[args]

    return cached
