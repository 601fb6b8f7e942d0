"""A corpus run: one sentence per graph, in corpus order (thesis 5.3, the main
package's command line, and the experiments of Section 6).

:func:`run_corpus` is the one way a corpus is generated: ``amrgen generate``,
``evaluate``, ``tune`` and ``compare``, the application's corpus generation
and the benchmarks all call it with a resolved :class:`~amrgen.run.spec.RunSpec`
and a runner (:mod:`amrgen.run.runners`: this process, local worker
processes or a Dask cluster).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from typing import TYPE_CHECKING

from amrgen.io.progress import progress_bar
from amrgen.run.graph import FirstPhase, GraphResult, Item
from amrgen.run.runners import LocalProcesses, OnCluster, OneProcess, Runner, Task
from amrgen.run.spec import RunSpec

if TYPE_CHECKING:
    from amrgen.run.cluster import Cluster

READY_FROM = 20
"""Graphs from which a run loads what :func:`~amrgen.run.runners.ready_for_corpus` loads before its first
graph: a shorter one may end before it asks for all of it (the 7 graphs of
``assets/sample.amr``: 1.6-1.9 s of wall time without, 2.3 s with)."""


def run_corpus(spec: RunSpec | None, items: Sequence[Item], runner: Runner | None = None, *, trace: bool = False,
               first_phases: Sequence[FirstPhase | None] | None = None, keep_first_phases: bool = False,
               progress: bool = True,
               on_result: Callable[[GraphResult], None] | None = None) -> list[GraphResult]:
    """Generate every item with ``spec``, in order, by ``runner`` (default: this process;
    ``spec`` None: a runner that brings its own generator, the application's).

    ``first_phases`` (one per item, None where unknown) are reused instead of
    recomputed, and ``keep_first_phases`` returns them with the results;
    ``trace`` adds each graph's ``--trace`` line.  ``on_result`` hears of each
    result in corpus order as it arrives; progress goes to stderr.
    """
    phases = list(first_phases) if first_phases is not None else [None] * len(items)
    if len(phases) != len(items):
        raise ValueError(f"{len(phases)} first phases for {len(items)} graphs")
    task = Task(spec, trace, keep_first_phases, ready=len(items) >= READY_FROM)
    results: list[GraphResult] = []
    with (closing((runner or OneProcess()).chunks(task, items, phases)) as chunks,
          progress_bar(total=len(items), unit="graph", disable=not progress, leave=False) as bar):
        for chunk in chunks:
            for result in chunk:
                results.append(result)
                if on_result is not None:
                    on_result(result)
                bar.update()
    return results


def runner_for(workers: int = 1, cluster: Cluster | None = None) -> Runner:
    """The runner of the command-line options: the cluster if one is given, else
    ``workers`` local processes (this one for one)."""
    if cluster is not None:
        return OnCluster(cluster)
    return OneProcess() if workers <= 1 else LocalProcesses(workers)
