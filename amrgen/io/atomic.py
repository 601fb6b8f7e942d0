"""Writing a file all at once: the new text goes to a temporary file beside
it, which then replaces the file in one step (``os.replace``).

A run that is interrupted while writing therefore leaves the older file in
place, never half a file: what ``amrgen generate`` writes (the sentences,
the trace), the hyperparameters ``amrgen tune`` keeps rewriting and the
WordNet table in the user's cache.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: str | Path, content: str | bytes) -> None:
    """Replace (or create) the file at ``path`` with ``content`` in one step:
    text is written as UTF-8, bytes as they are."""
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(content.encode("utf-8") if isinstance(content, str) else content)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode(path))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _mode(path: Path) -> int:
    """The permissions of the file replaced, or those a new file gets (mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
