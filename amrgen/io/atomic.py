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
from collections.abc import Iterable
from pathlib import Path

from amrgen.errors import AmrgenError


def check_output_path(path: str | Path, inputs: Iterable[str | Path] = (), *, parent_must_exist: bool = True) -> None:
    """Refuse, before any work is done, an output that :func:`write_atomically`
    could not write or should not: a directory, a file in a directory that does
    not exist (unless the command creates it: ``parent_must_exist=False``), or
    one of the command's ``inputs``. Raises :class:`AmrgenError` with one line."""
    resolved = Path(path).resolve()
    if resolved.is_dir():
        raise AmrgenError(f"{path}: is a directory; give the name of a file to write")
    if parent_must_exist and not resolved.parent.is_dir():
        raise AmrgenError(f"{path}: the directory to write it in does not exist")
    if any(resolved == Path(other).resolve() for other in inputs):
        raise AmrgenError(f"{path}: is an input; refusing to replace it")


def write_atomically(path: str | Path, content: str | bytes) -> None:
    """Replace (or create) the file at ``path`` with ``content`` in one step:
    text is written as UTF-8, bytes as they are. A directory at ``path`` raises
    :class:`AmrgenError` (commands check with :func:`check_output_path` first)."""
    check_output_path(path, parent_must_exist=False)
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
