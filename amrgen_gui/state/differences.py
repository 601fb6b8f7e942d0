"""Where texts set side by side differ (issue 33: an elided cell keeps the part that differs):
phase 2's partial yields of one vertex, the model's and the oracle's transition at a step. The
texts are compared by tokens (words, and each other character alone, so that the fields of a
Realize's α count one by one); what every text shares at its start and at its end is the part a
narrow cell may elide."""

from __future__ import annotations

import os.path
import re
from collections.abc import Iterable

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]


def differing_span(text: str, others: Iterable[str]) -> tuple[int, int] | None:
    """The characters ``text[start:end]`` where ``text`` differs from any of ``others``: before
    ``start`` a prefix of tokens all of them share, from ``end`` on a suffix all of them share
    (an empty span where another text has tokens that ``text`` has not). None where there is
    nothing to set it against (no other text, or each the same)."""
    mine = _tokens(text)
    theirs = [_tokens(other) for other in others if other != text]
    if not theirs:
        return None
    words = [t for _, _, t in mine]
    prefix = min(_shared(words, [t for _, _, t in other]) for other in theirs)
    suffix = min(_shared(words[::-1], [t for _, _, t in other][::-1]) for other in theirs)
    suffix = min(suffix, len(words) - prefix, *(len(other) - prefix for other in theirs))
    start = mine[prefix][0] if prefix < len(mine) else len(text)
    end = mine[len(mine) - suffix][0] if suffix else len(text)
    return start, max(start, end)


def _shared(a: list[str], b: list[str]) -> int:
    """How many words ``a`` and ``b`` share from their start."""
    return len(os.path.commonprefix([a, b]))
