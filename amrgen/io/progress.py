"""Progress of long work on stderr: a bar on a terminal, plain lines elsewhere.

On a terminal, tqdm's bar is redrawn in place with carriage returns.  Written
to a log file, a pipe or a CI log, those redraws are hundreds of fragments on
one line; there :func:`progress_bar` writes one plain line at most every
:data:`PLAIN_SECONDS` instead, each ending in a newline.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from tqdm import tqdm

PLAIN_SECONDS = 10.0
"""At most one progress line this often where stderr is not a terminal."""


class PlainLines:
    """A stream for tqdm that writes each state of the bar as a line of its own:
    carriage returns dropped, blank states (a bar cleared) left out."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        line = text.replace("\r", "").strip()
        if line:
            self.stream.write(line + "\n")
        return len(text)

    def flush(self) -> None:
        self.stream.flush()


def progress_bar(file: TextIO | None = None, **options: Any) -> tqdm:
    """A tqdm bar on ``file`` (default: stderr) with ``options``; where ``file`` is
    not a terminal, plain lines at most every :data:`PLAIN_SECONDS` (:class:`PlainLines`)."""
    stream = file if file is not None else sys.stderr
    if _is_terminal(stream):
        return tqdm(file=stream, **options)
    return tqdm(file=PlainLines(stream), mininterval=PLAIN_SECONDS, maxinterval=PLAIN_SECONDS, ascii=True,
                **options)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a stream without a descriptor, or closed
        return False
