"""Work on a Dask distributed cluster, for users who outgrow one machine (issue 18).

A cluster is a scheduler (``dask scheduler`` on one machine) and workers
(``dask worker ADDRESS`` on each of the others, with amrgen and its
resources installed); :func:`connect` joins one at its address, or starts a
local one of worker processes on this machine (``local``).

:meth:`Cluster.map_chunks` runs a function on chunks of a sequence on the
workers and gives the results back in the order of the chunks.  A worker
process lives as long as the cluster, so what a function caches in its
process stays for the later chunks: corpus generation
(:func:`~amrgen.run.corpus.run_corpus`) loads the generator
once per worker through its per-process cache, keyed by the generator's
:class:`~amrgen.run.spec.RunSpec`.  A worker runs one
chunk at a time, whatever threads it has (:func:`_alone`), as a joblib
worker process does: the generator is not shared between threads.

A chunk whose worker died (Dask reschedules it on others and gives up
after ``distributed.scheduler.allowed-failures`` deaths) is run again one
element at a time, so that only the element that kills workers is lost; any
other failure of a task (amrgen missing on a worker, a generator that does
not load there, the scheduler gone) stops the work with one
:class:`~amrgen.errors.AmrgenError`.

Dask is imported by :func:`connect` only: a command that is not asked for a
cluster does not load it.  joblib's Dask backend (:meth:`Cluster.joblib`)
runs a joblib ``Parallel`` (training's model fitting) on the same cluster.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, TypeVar

from amrgen.errors import AmrgenError

Element = TypeVar("Element")
Result = TypeVar("Result")

LOCAL = "local"
"""The address that starts a cluster on this machine instead of joining one."""
CONNECT_SECONDS = 5
"""How long to try to reach a scheduler: a cluster answers within a second, a wrong address never does."""
WORKER_SECONDS = 30
"""How long to wait for a scheduler without workers to get one."""

_ONE_AT_A_TIME = threading.Lock()


class Cluster:
    """A client of a Dask cluster (:func:`connect` makes one)."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address

    @property
    def workers(self) -> int:
        """The worker processes the cluster has now (each runs one chunk at a time)."""
        return max(1, len(self.client.nthreads()))

    def map_chunks(self, function: Callable[..., list[Result]], chunks: Sequence[Sequence[Element]], *shared: Any,
                   lost: Callable[[Element, str], Result]) -> Iterator[list[Result]]:
        """``function(chunk, *shared)``, a list of one result per element of the
        chunk, for every chunk on the cluster, yielded in the order of ``chunks``;
        an element lost with its worker gives ``lost(element, reason)``."""
        futures = [self._submit(function, chunk, shared) for chunk in chunks]
        try:
            for chunk, future in zip(chunks, futures, strict=True):
                try:
                    yield self._result(future)
                except _WorkerLost:
                    yield self._one_by_one(function, chunk, shared, lost)
        finally:
            self.client.cancel(futures)

    def joblib(self) -> AbstractContextManager:
        """A context in which joblib's ``Parallel`` runs its tasks on this cluster."""
        import joblib

        return joblib.parallel_config(backend="dask")

    def _submit(self, function: Callable, chunk: Sequence, shared: tuple) -> Any:
        # pure=False: two equal chunks (tuning's repeated assignments) are two tasks, not one cached result.
        return self.client.submit(_alone, function, list(chunk), *shared, pure=False)

    def _one_by_one(self, function: Callable, chunk: Sequence, shared: tuple, lost: Callable) -> list:
        # One task at a time, so that no element dies with a worker that another element kills.
        results = []
        for element in chunk:
            try:
                results.extend(self._result(self._submit(function, [element], shared)))
            except _WorkerLost as error:
                results.append(lost(element, str(error)))
        return results

    def _result(self, future: Any) -> list:
        from distributed import KilledWorker

        try:
            return future.result()
        except KilledWorker as error:
            last = getattr(error.last_worker, "address", error.last_worker)
            raise _WorkerLost(f"the Dask worker running it died, {error.allowed_failures + 1} time(s) "
                              f"(the last: {last})") from None
        except Exception as error:  # noqa: BLE001 - the function catches its own failures: this is the cluster's
            raise AmrgenError(f"the Dask cluster at {self.address} failed: {_message(error)}") from None


class _WorkerLost(Exception):
    pass


@contextmanager
def connect(address: str, workers: int = 1) -> Iterator[Cluster]:
    """The cluster whose scheduler is at ``address`` (``tcp://HOST:8786``), or,
    for ``local``, a new one of ``workers`` processes of one thread on this
    machine, closed (a local one stopped) when the context ends; an address
    that does not answer within :data:`CONNECT_SECONDS` is one clear error."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise AmrgenError("--dask needs Dask's distributed scheduler: pip install 'dask[distributed]'") from None
    # Dask logs what goes wrong on stderr (a lost scheduler, a dead worker); amrgen says it once, in its words.
    with _silenced(logging.getLogger("distributed")):
        local = None
        if address == LOCAL:
            # No dashboard; the scheduler's HTTP server (health checks) on a free port, not 8787, which
            # another cluster on this machine may hold (Dask would warn on stderr).
            # Without Dask's statistical profiler, which samples the worker's stack every 10 ms and on
            # pure-Python generation cost about a tenth of the graphs per second on two workers.
            with dask.config.set({"distributed.worker.profile.enabled": False}):
                local = LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None,
                                     scheduler_kwargs={"dashboard_address": ":0"}, silence_logs=logging.CRITICAL)
            client = Client(local)
        else:
            try:
                client = Client(address, timeout=CONNECT_SECONDS)
            except Exception as error:  # noqa: BLE001 - whatever else answers there fails in its own way
                raise AmrgenError(f"--dask {address}: no Dask scheduler answers there ({_message(error)})") from None
        try:
            try:
                client.wait_for_workers(1, timeout=WORKER_SECONDS)
            except TimeoutError:
                raise AmrgenError(f"--dask {address}: the scheduler has had no worker for {WORKER_SECONDS} s "
                                  f"(start one with: dask worker {address})") from None
            yield Cluster(client, address)
        finally:
            client.close()
            if local is not None:
                local.close()


@contextmanager
def _silenced(log: logging.Logger) -> Iterator[None]:
    """``log``'s handlers (Dask's on stderr, which its child loggers reach too) quiet but for critical records."""
    levels = [(handler, handler.level) for handler in log.handlers]
    for handler, _ in levels:
        handler.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for handler, level in levels:
            handler.setLevel(level)


def _alone(function: Callable[..., Result], *arguments: Any) -> Result:
    """``function(*arguments)`` once no other thread of this worker process runs one."""
    with _ONE_AT_A_TIME:
        return function(*arguments)


def _message(error: Exception) -> str:
    """An exception in one line: its class and its text."""
    return " ".join(f"{type(error).__name__}: {error}".removesuffix(": ").split())
