"""Writing a file all at once: the new text goes to a temporary file beside
it, which then replaces the file in one step (``os.replace``).

A run that is interrupted while writing therefore leaves the older file in
place, never half a file: what ``amrgen generate`` writes (the sentences,
the trace), the hyperparameters ``amrgen tune`` keeps rewriting and the
WordNet table in the user's cache.

Only a regular file is replaced: a path that names anything else (a
directory, a symbolic link, a FIFO, a device such as ``/dev/null``, a
socket) is refused, since replacing it would change something outside the
output (run as root, ``-o /dev/null`` would turn the device into a file).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from amrgen.errors import AmrgenError

_KINDS = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
"""What a path may name instead of a regular file or a directory, as a message says it."""


def check_output_path(path: str | Path, inputs: Iterable[str | Path] = (), *, parent_must_exist: bool = True) -> None:
    """Refuse, before any work is done, an output that :func:`write_atomically`
    could not write or should not: anything but a regular file or a path that
    does not exist (a directory, a symbolic link, a FIFO, a device), a file in a
    directory that does not exist (unless the command creates it:
    ``parent_must_exist=False``) or that cannot be written in, or one of the
    command's ``inputs``. Raises :class:`AmrgenError` with one line."""
    _check_kind(path)
    resolved = Path(path).resolve()
    if resolved.parent.is_dir():
        _remove_temporary(*_temporary_beside(path))  # the directory takes a new file: the output can be written
    elif parent_must_exist:
        raise AmrgenError(f"{path}: the directory to write it in does not exist")
    if any(resolved == Path(other).resolve() for other in inputs):
        raise AmrgenError(f"{path}: is an input; refusing to replace it")


def write_atomically(path: str | Path, content: str | bytes) -> None:
    """Replace (or create) the regular file at ``path`` with ``content`` in one step:
    text is written as UTF-8, bytes as they are. Anything else at ``path`` (a
    directory, a link, a FIFO, a device), or a directory that takes no new file,
    raises :class:`AmrgenError` (commands check with :func:`check_output_path` first)."""
    _check_kind(path)
    path = Path(path)
    descriptor, temporary = _temporary_beside(path)
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


def _check_kind(path: str | Path) -> None:
    """:class:`AmrgenError` unless ``path`` is a regular file or nothing (not followed if a link)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise AmrgenError(f"{path}: {error.strerror}") from None
    if stat.S_ISDIR(mode):
        raise AmrgenError(f"{path}: is a directory; give the name of a file to write")
    for test, kind in _KINDS:
        if test(mode):
            raise AmrgenError(f"{path}: is {kind}; the output must be a regular file or not exist")
    if not stat.S_ISREG(mode):
        raise AmrgenError(f"{path}: is not a regular file; the output must be a regular file or not exist")


def _temporary_beside(path: str | Path) -> tuple[int, str]:
    """A new temporary file in ``path``'s directory, open; :class:`AmrgenError`
    naming the directory where none can be made there."""
    path = Path(path)
    try:
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise AmrgenError(f"{path}: cannot write in {path.parent}: {error.strerror}") from None


def _remove_temporary(descriptor: int, temporary: str) -> None:
    os.close(descriptor)
    os.unlink(temporary)


def _mode(path: Path) -> int:
    """The permissions of the file replaced, or those a new file gets (mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
