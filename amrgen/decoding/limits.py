"""Limits on one graph's generation: wall-clock seconds and memory (issue 19).

A graph past either limit fails alone, with a message naming the limit
(:class:`LimitExceeded`); the process goes on with the next graph.

- One budget per graph, in whatever thread generates it: :func:`bounded`
  gives the calling thread a :class:`Limits` budget for the block, and the
  decoder calls :func:`checkpoint` at its natural steps (each step of
  phase 1, each vertex and each child of phase 2's getBest, each candidate
  replayed and said, each step generatePartial applies).  Once the block has
  run ``seconds``, or the process's resident memory has grown more than
  ``memory_mb`` since it began, the next check point raises
  :class:`LimitExceeded`.  No signal is involved, so the limit holds in a
  worker thread (the application's background generation, a Dask worker)
  as in the main thread, and generation is never interrupted between two
  steps (a cache half-updated).  What runs before the decoder (reading,
  normalizing and cutting a graph into segments) has no check point: it is
  near linear in the graph's size (issue 19, point 1).  The time a graph
  takes past its limit is the longest stretch between two check points:
  0.2 s on Little Prince dev, 0.6 s on a binary tree of 1,023 vertices, and
  a check point costs 0.7 µs (``benchmarks/checkpoints.py``).
- The memory check reads the resident size (Linux ``/proc/self/statm``; no
  check elsewhere) at most every :data:`MEMORY_LOOK_SECONDS`.  It is a
  ceiling on growth at the check points, not on one allocation between
  them, and in a process with several threads it counts theirs too.  A
  process of its own also gets a hard cap: :func:`limit_memory`, called as
  each graph begins (in a worker process, and in the caller's process within
  :func:`memory_limit`), caps the address space (``RLIMIT_AS``) at what it
  uses then plus the given megabytes, so that an allocation beyond it raises
  ``MemoryError`` inside the graph that asked for it (:func:`memory_error`
  turns it into the graph's failure) instead of the kernel killing the
  process and with it every graph of the run.  The application does not
  cap its own address space: its window would fail with the graph.
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from amrgen.errors import AmrgenError

MEMORY_LOOK_SECONDS = 0.05
"""How often (at most) a check point reads the resident memory: reading it costs
some microseconds, a check point of time a fraction of one."""


@dataclass(frozen=True)
class Limits:
    """What one graph may take: ``seconds`` of wall-clock time and ``memory_mb``
    megabytes beyond what the process held when it began (None: no limit)."""

    seconds: float | None = None
    memory_mb: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds > 0):
            raise ValueError(f"a time limit must be a positive number of seconds, not {self.seconds}")
        if self.memory_mb is not None and self.memory_mb <= 0:
            raise ValueError(f"a memory limit must be a positive number of megabytes, not {self.memory_mb}")


DEFAULT_LIMITS = Limits(seconds=120.0, memory_mb=4096)
"""What ``amrgen generate``, ``evaluate``, ``tune`` and the application allow a
graph unless told otherwise: the slowest graph of Little Prince and Bio dev takes
a few seconds and a few dozen megabytes."""


class LimitExceeded(AmrgenError):
    """A graph that took more time or memory than its :class:`Limits` allow."""


def memory_error(limits: Limits | None) -> str:
    """The failure message of a graph that ran out of memory."""
    if limits is not None and limits.memory_mb is not None:
        return f"over the memory limit of {limits.memory_mb} MB"
    return "out of memory"


def address_space_capped() -> bool:
    """Whether this process's address space is capped (:func:`limit_memory`,
    :func:`memory_limit`): there an allocation that fails inside a C extension
    which does not report it surfaces as ``SystemError`` ("error return without
    exception set") rather than ``MemoryError`` (seen once in a CI run of the
    memory-limit test: the same graph, the same cap)."""
    return resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY


class _Budget:
    """The time and memory left to the graph generated in one thread."""

    __slots__ = ("ceiling", "deadline", "limits", "next_look")

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        now = time.monotonic()
        self.deadline = now + limits.seconds if limits.seconds is not None else math.inf
        resident = _resident() if limits.memory_mb is not None else None
        self.ceiling = resident + limits.memory_mb * 1024 * 1024 if resident is not None else None
        self.next_look = now + MEMORY_LOOK_SECONDS

    def check(self) -> None:
        now = time.monotonic()
        if now > self.deadline:
            raise LimitExceeded(f"over the time limit of {self.limits.seconds:g} s")
        if self.ceiling is not None and now >= self.next_look:
            self.next_look = now + MEMORY_LOOK_SECONDS
            if (_resident() or 0) > self.ceiling:
                raise LimitExceeded(memory_error(self.limits))


class _Current(threading.local):
    budget: _Budget | None = None


_current = _Current()


@contextlib.contextmanager
def bounded(limits: Limits | None) -> Iterator[None]:
    """Give the block, in this thread, the budget of ``limits`` (None: none), which
    :func:`checkpoint` enforces; the thread's budget before it is back after it."""
    before = _current.budget
    _current.budget = _Budget(limits) if limits is not None else None
    try:
        yield
    finally:
        _current.budget = before


def checkpoint() -> None:
    """Raise :class:`LimitExceeded` if this thread's budget (:func:`bounded`) is spent."""
    budget = _current.budget
    if budget is not None:
        budget.check()


def limit_memory(memory_mb: int | None) -> None:
    """Cap this process's address space at its size now plus ``memory_mb``
    megabytes (None: leave it as it is): called as each graph begins, the cap
    bounds that graph's growth, not what the graphs before it left allocated
    (the models' and the language model's memos grow over a run)."""
    if memory_mb is None:
        return
    cap = _address_space() + memory_mb * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


@contextlib.contextmanager
def memory_limit() -> Iterator[None]:
    """The process's own cap back after the block, whatever :func:`limit_memory`
    set inside it (a caller generating in its own process goes on unbounded)."""
    before = resource.getrlimit(resource.RLIMIT_AS)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _resident() -> int | None:
    """The process's resident memory in bytes (Linux; elsewhere None)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return None


def _address_space() -> int:
    """The process's virtual memory size in bytes (Linux: VmSize; elsewhere 0)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
