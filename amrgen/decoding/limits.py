"""Limits on one graph's generation: wall-clock seconds and memory (issue 19).

A graph past either limit fails alone, with a message naming the limit
(:class:`LimitExceeded`); the process goes on with the next graph.

- Time: :func:`time_limit` arms a real-time timer (``SIGALRM``) around one
  graph; when it fires, the generation in progress is interrupted by
  :class:`LimitExceeded`, wherever it is (search, replay, postprocessing).
  Signals reach only the main thread, so in another thread (the
  application's background generation) the limit is not enforced.
- Memory: :func:`limit_memory` (in a worker process) and
  :func:`memory_limit` (around a run in the caller's process) cap the address space
  (``RLIMIT_AS``) at what it uses once the generator is loaded plus the
  given megabytes, so that an allocation beyond it raises ``MemoryError``
  inside the graph that asked for it (:func:`memory_error` turns it into
  the graph's failure) instead of the kernel killing the process and with it
  every graph of the run.
"""

from __future__ import annotations

import contextlib
import math
import resource
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from amrgen.decoding.generator import GenerationError


@dataclass(frozen=True)
class Limits:
    """What one graph may take: ``seconds`` of wall-clock time and ``memory_mb``
    megabytes beyond the loaded generator (None: no limit)."""

    seconds: float | None = None
    memory_mb: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds > 0):
            raise ValueError(f"a time limit must be a positive number of seconds, not {self.seconds}")
        if self.memory_mb is not None and self.memory_mb <= 0:
            raise ValueError(f"a memory limit must be a positive number of megabytes, not {self.memory_mb}")


class LimitExceeded(GenerationError):
    """A graph that took more time or memory than its :class:`Limits` allow."""


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`LimitExceeded` in the block once it has run ``seconds``
    (None, or outside the main thread: no limit)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise LimitExceeded(f"over the time limit of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_loaded_size: int | None = None
"""The address space of this process when :func:`limit_memory` was first called."""


def limit_memory(memory_mb: int | None) -> None:
    """Cap this process's address space at its size when first called (once
    the generator is loaded) plus ``memory_mb`` megabytes (None: leave it as
    it is); a later call with another value moves the cap from the same size."""
    global _loaded_size
    if memory_mb is None:
        return
    if _loaded_size is None:
        _loaded_size = _address_space()
    cap = _loaded_size + memory_mb * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


@contextlib.contextmanager
def memory_limit(memory_mb: int | None) -> Iterator[None]:
    """:func:`limit_memory` for the block only: the process's own cap is back
    after it (a caller generating in its own process goes on unbounded)."""
    before = resource.getrlimit(resource.RLIMIT_AS)
    limit_memory(memory_mb)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


def memory_error(limits: Limits | None) -> str:
    """The failure message of a graph that ran out of memory."""
    if limits is not None and limits.memory_mb is not None:
        return f"over the memory limit of {limits.memory_mb} MB"
    return "out of memory"


def _address_space() -> int:
    """The process's virtual memory size in bytes (Linux: VmSize; elsewhere 0)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
