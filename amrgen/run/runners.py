"""Where a corpus run generates: interchangeable runners behind
:func:`amrgen.run.corpus.run_corpus`.

A runner takes a :class:`Task` (the resolved :class:`~amrgen.run.spec.RunSpec`
and what to keep of each graph: plain values) and the corpus's items, and
yields lists of :class:`~amrgen.run.graph.GraphResult` in corpus order:

- :class:`OneProcess` generates in this process, graph by graph;
- :class:`LocalProcesses` splits the corpus into contiguous chunks that
  joblib's worker processes generate; a worker process that dies is replaced
  and the graphs it took with it are generated again, the first of them one
  graph at a time, so that a graph whose process dies alone fails alone.  The
  workers die with this process: each watches its parent
  (:func:`_watch_parent`), and SIGTERM here ends the run as SIGINT does
  (:class:`~amrgen.errors.Terminated`), joblib then killing the pool;
- :class:`OnCluster` sends the chunks to a Dask cluster
  (:mod:`amrgen.run.cluster`).

A process loads the generator of a spec once (:func:`generator`: the models
and the language model once per paths, the spec's values as they came) and keeps
it for its later chunks (and later runs: ``amrgen tune`` evaluates one
assignment after another in the same processes); generation does not depend on
the process, so every runner gives the same sentences.
"""

from __future__ import annotations

import collections
import functools
import itertools
import os
import re
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from amrgen.collector import without_collection_pauses
from amrgen.decoding.generator import Generator
from amrgen.decoding.limits import memory_limit
from amrgen.decoding.models import Models
from amrgen.errors import Terminated
from amrgen.lm.model import DEFAULT_LM, LanguageModel
from amrgen.run.graph import FirstPhase, GraphResult, Item, failed_result, generate_graph
from amrgen.run.spec import RunSpec

if TYPE_CHECKING:
    from amrgen.run.cluster import Cluster

#: Chunks per worker process: small enough that the workers finish at about the same time, few
#: enough that sending them costs nothing.
CHUNKS_PER_WORKER = 16

PARENT_LOOK_SECONDS = 0.5
"""How often a worker process looks whether the process that started it is still there."""


@dataclass(frozen=True)
class Task:
    """What a process needs to generate a chunk of a run: the resolved spec, whether
    to write trace lines and keep first phases, whether to load what a long run needs
    before its first graph (:func:`~amrgen.run.spec.ready_for_corpus`), whether to cap
    the process's address space graph by graph, and whether the process is a worker
    of this one that must die with it."""

    spec: RunSpec | None
    trace: bool = False
    keep_first_phases: bool = False
    ready: bool = False
    capped: bool = False
    worker: bool = False


class Runner(Protocol):
    """A way to generate the items of a run (see the module docstring)."""

    def describe(self) -> str:
        """Where the run generates, for the message that opens it ('' for this process)."""

    def chunks(self, task: Task, items: Sequence[Item],
               phases: Sequence[FirstPhase | None]) -> Iterator[list[GraphResult]]:
        """The results of ``items`` (first phases ``phases``), in order, in lists."""


def generate_chunk(task: Task, items: Sequence[Item], phases: Sequence[FirstPhase | None]) -> list[GraphResult]:
    """generate(G) for each item of a chunk with the task's generator, loaded once per process."""
    if task.worker:
        _watch_parent()
    loaded = _generator(task)
    return [generate_graph(loaded, item, task.trace, phase, task.keep_first_phases, task.spec.limits, task.capped)
            for item, phase in zip(items, phases, strict=True)]


def _generator(task: Task) -> Generator:
    return ready_for_corpus(generator(task.spec)) if task.ready else generator(task.spec)


@functools.lru_cache(maxsize=2)
def _loaded(model_dir: str | None, lm_path: str | None) -> tuple[Models, LanguageModel]:
    """The models and the language model, loaded once per process, out of the cycle
    collector's sight (:func:`~amrgen.collector.without_collection_pauses`): they live as
    long as the process, and every full collection of a corpus run walked them again
    (0.84 of 20.5 s of CPU over LP test and 50 Bio dev graphs).  WordNet's table and
    lemminflect's are loaded too: they load at the first question, which would otherwise
    count as the first graph's time (and, in the application, freeze the window)."""
    from amrgen.decoding.generator import DEFAULT_MODEL
    from amrgen.lexicon.wordnet_cache import load_table
    from amrgen.realization.inflection import load_inflections

    with without_collection_pauses():
        loaded = Models.load(model_dir or DEFAULT_MODEL), LanguageModel.load(lm_path or DEFAULT_LM)
        load_table()
        load_inflections()
    return loaded


@functools.lru_cache(maxsize=4)
def generator(spec: RunSpec) -> Generator:
    """The generator of ``spec`` in this process: its models and LM loaded once
    (:func:`_loaded`), nothing of the spec resolved again."""
    models, lm = _loaded(spec.files.model_dir, spec.files.lm_path)
    with without_collection_pauses():
        return Generator(models, lm, spec.hyperparameters, postprocess=spec.pipeline, conventions=spec.conventions)


def ready_for_corpus(generator: Generator) -> Generator:
    """``generator`` with what a run of many graphs would otherwise load inside its
    first graphs loaded now: every model's feature list compiled
    (:meth:`~amrgen.decoding.models.Models.compile_columns`, 0.3-0.6 s, else at each
    model's hundredth question, in whichever graph asks it) and lemminflect's lemma
    tables read (0.5 s, else at the first verb a postprocessing step looks up).  Out
    of the collector's sight, as the models are; once per process and models."""
    if id(generator.models) not in _READY:
        from amrgen.realization.inflection import load_lemmas

        with without_collection_pauses():
            generator.models.compile_columns()
            load_lemmas()
        _READY.add(id(generator.models))
    return generator


_READY: set[int] = set()
"""The models made ready in this process (they live as long as it: :func:`_loaded`)."""


class OneProcess:
    """Every graph in this process; its address space capped graph by graph for the run only."""

    def describe(self) -> str:
        return ""

    def chunks(self, task: Task, items: Sequence[Item],
               phases: Sequence[FirstPhase | None]) -> Iterator[list[GraphResult]]:
        task = replace(task, capped=True)
        with memory_limit():  # the caller's process goes on with its own cap
            for item, phase in zip(items, phases, strict=True):
                yield generate_chunk(task, [item], [phase])


@dataclass(frozen=True)
class LocalProcesses:
    """Contiguous chunks in ``workers`` joblib worker processes on this machine."""

    workers: int

    def describe(self) -> str:
        return f" in {self.workers} processes"

    def chunks(self, task: Task, items: Sequence[Item],
               phases: Sequence[FirstPhase | None]) -> Iterator[list[GraphResult]]:
        if len(items) <= 1:
            yield from OneProcess().chunks(task, items, phases)
            return
        # joblib takes 0.2 s to import: only where workers are asked for.
        from joblib import Parallel, delayed
        from joblib.externals.loky.process_executor import TerminatedWorkerError

        task = replace(task, capped=True, worker=True)

        def run(bounds: Sequence[tuple[int, int]]) -> Iterator[list[GraphResult]]:
            return Parallel(n_jobs=self.workers, return_as="generator")(
                delayed(generate_chunk)(task, items[a:b], phases[a:b]) for a, b in bounds)

        pending = collections.deque(chunk_bounds(len(items), self.workers * CHUNKS_PER_WORKER))
        with _terminated_on_sigterm():
            while pending:
                try:
                    with closing(run(list(pending))) as results:  # closed: joblib kills the pool
                        for chunk in results:
                            pending.popleft()
                            yield chunk
                except TerminatedWorkerError:
                    a, b = pending.popleft()
                    if b - a > 1:
                        pending.extendleft((i, i + 1) for i in reversed(range(a, b)))
                        continue
                    try:
                        with closing(run([(a, b)])) as alone:
                            yield next(iter(alone))
                    except TerminatedWorkerError as again:
                        codes = re.search(r"exit codes of the workers are \{(.*?)\}", str(again))
                        yield [failed_result(items[a], "its worker process died" + (f" ({codes[1]})" if codes else ""),
                                             task.trace)]


@dataclass(frozen=True)
class OnCluster:
    """Chunks on the workers of a Dask cluster, each loading the generator once;
    no address-space cap there (it would stay on the worker for good; Dask's own
    per-worker memory limit applies)."""

    cluster: Cluster

    def describe(self) -> str:
        count = self.cluster.workers
        return f" on the Dask cluster at {self.cluster.address} ({count} worker{'s' * (count != 1)})"

    def chunks(self, task: Task, items: Sequence[Item],
               phases: Sequence[FirstPhase | None]) -> Iterator[list[GraphResult]]:
        pairs = list(zip(items, phases, strict=True))
        bounds = chunk_bounds(len(items), self.cluster.workers * CHUNKS_PER_WORKER)
        lost = functools.partial(_lost, trace=task.trace)
        yield from self.cluster.map_chunks(_generate_pairs, [pairs[a:b] for a, b in bounds], task, lost=lost)


def _generate_pairs(pairs: Sequence[tuple[Item, FirstPhase | None]], task: Task) -> list[GraphResult]:
    """:func:`generate_chunk` of (item, first phase) pairs, the unit a cluster splits a lost chunk into."""
    return generate_chunk(task, [item for item, _ in pairs], [phase for _, phase in pairs])


def _lost(pair: tuple[Item, FirstPhase | None], reason: str, trace: bool) -> GraphResult:
    return failed_result(pair[0], f"lost on the cluster: {reason}", trace)


def chunk_bounds(count: int, pieces: int) -> list[tuple[int, int]]:
    """``count`` positions split into at most ``pieces`` contiguous, nearly equal ranges."""
    pieces = max(1, min(pieces, count))
    edges = [count * i // pieces for i in range(pieces + 1)]
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


@functools.cache
def _watch_parent() -> None:
    """Once per worker process: a thread that ends the process when the process
    that started it is gone (killed with SIGKILL, which it cannot pass on), so that
    no worker outlives its run holding its memory."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_LOOK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="amrgen-parent-watch", daemon=True).start()


@contextmanager
def _terminated_on_sigterm() -> Iterator[None]:
    """SIGTERM raises :class:`~amrgen.errors.Terminated` in the main thread for the
    block, so that the run ends as an interrupted one does and its worker processes
    are killed; the handler before it is back after it.  Outside the main thread,
    where no handler can be set, the workers' own watch (:func:`_watch_parent`) remains."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(number: int, frame: object) -> None:
        raise Terminated(number)

    before = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
