"""Text from a corpus made safe to show: concepts, strings and ``# ::id`` values
may hold control characters (an escape sequence can clear a terminal or
retitle it, a bidirectional override turn text around), which must never
reach the terminal or an output file as they are.

:func:`escaped` is for messages (the characters shown as ``\\x1b``, so the user
sees what is in the file); :func:`printable` is for the one-line sentences of
an output file (the characters become spaces, so the line stays one line).
"""

from __future__ import annotations

import json
import re
from typing import Any

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 control characters (tab and newline among them), Unicode's line separators
and its bidirectional controls (marks, embeddings, overrides and isolates: U+202E shows
what follows it backwards, so a message or a sentence could read other than it is)."""


def escaped(text: str) -> str:
    """``text`` with each control character written as ``\\xNN`` or ``\\uNNNN``."""
    return _CONTROL.sub(_escape, text)


def printable(text: str) -> str:
    """``text`` with each run of control characters and the spaces around it as one
    space (none at the ends); text without control characters is returned as it is."""
    if not _CONTROL.search(text):
        return text
    return " ".join(_CONTROL.sub(" ", text).split())


def printable_json(value: Any) -> str:
    """``value`` as one line of JSON, non-ASCII text kept as it is but every control
    character escaped (``json.dumps`` leaves the C1 ones and the line separators)."""
    return _CONTROL.sub(lambda match: f"\\u{ord(match.group()):04x}", json.dumps(value, ensure_ascii=False))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
