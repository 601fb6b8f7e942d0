"""Throughput of corpus generation (issue 18 point 4): graphs per second of
wall time with one process, with --workers N joblib processes and on a Dask
cluster (a local one of N worker processes, or --dask ADDRESS), and whether
the parallel runs say exactly what one process says.

Usage: python benchmarks/dask_throughput.py [--workers N] [--dask ADDRESS] [--rounds R] [CORPUS]
(default: 2 workers, a local Dask cluster, 3 rounds, Little Prince dev in
../shared: choose nothing on a test split).

The generator is loaded before each timed run in every process that
generates, and warmed by an untimed run over the first graphs (this one, the
joblib workers, every Dask worker: the first questions read lemminflect's
tables and fill the memos), and those load times, like the local cluster's
start, are printed apart.  The machine's load average is
printed before and after: other work on it takes cores from the workers.
So is the CPU time the run took in this process and its child processes
(the joblib and local Dask workers; not a remote cluster's): on a machine
busy with other work, graphs per CPU second show what parallel generation
costs where graphs per second cannot.

One process and the Dask cluster take turns, round after round, and each is
judged by its fastest round, as ``timeit`` judges by the least of its
repeats: on this shared machine one run of a few seconds moves by 10-30 %
with what else runs, and taking turns spreads that over both instead of
handing it to whichever ran when it came.  Before each round the models'
and the LM's memos of answers are emptied in this process and on every Dask
worker (``Generator.forget_answers``): a round must not find the answers
of the round before, which are its own.  joblib's workers cannot be reached
one by one, so its processes run once, before the rounds, from emptied memos
too.  Every round's output is compared with joblib's.
"""

from __future__ import annotations

import argparse
import os
import time

import psutil  # Dask's dependency

from amrgen.corpus_registry import corpus
from amrgen.io.penman_corpus import read_items
from amrgen.run.cluster import connect
from amrgen.run.corpus import run_corpus
from amrgen.run.graph import GraphResult
from amrgen.run.runners import LocalProcesses, OnCluster
from amrgen.run.runners import generator as loaded
from amrgen.run.spec import GeneratorFiles, RunSpec

LP_DEV = corpus("little-prince-dev").location


def load_average() -> str:
    return f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"


def cpu_seconds() -> float:
    """User and system time of this process and all its descendants alive now."""
    here = psutil.Process()
    return sum(t.user + t.system for t in (p.cpu_times() for p in [here, *here.children(recursive=True)]))


def timed(run) -> tuple[list[GraphResult], float, float]:
    """What ``run()`` returns, the wall seconds and the CPU seconds it took."""
    cpu, started = cpu_seconds(), time.perf_counter()
    results = run()
    return results, time.perf_counter() - started, cpu_seconds() - cpu


def forget_answers(spec: RunSpec) -> None:
    """The memos of answers of this process's generator emptied, as loading left them."""
    loaded(spec).forget_answers()


def said(results: list[GraphResult]) -> list[tuple[str, str | None]]:
    return [(r.sentence, r.error) for r in results]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="?", default=str(LP_DEV))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dask", default="local", metavar="ADDRESS")
    parser.add_argument("--rounds", type=int, default=3, metavar="R", help="turns each setup takes (default: 3)")
    args = parser.parse_args()
    spec, items = GeneratorFiles().resolve(), read_items(args.corpus)
    print(f"{args.corpus}: {len(items)} graphs; {load_average()}")
    first = items[:2 * args.workers]
    _, seconds, _ = timed(lambda: run_corpus(spec, first, progress=False))
    print(f"generator loaded and warmed in this process in {seconds:.1f} s")
    _, seconds, _ = timed(lambda: run_corpus(spec, first, LocalProcesses(args.workers), progress=False))
    print(f"{args.workers} joblib processes started, loaded and warmed in {seconds:.1f} s")
    forget_answers(spec)
    on_joblib, *joblib = timed(lambda: run_corpus(spec, items, LocalProcesses(args.workers), progress=False))
    expected = said(on_joblib)
    started = time.perf_counter()
    with connect(args.dask, args.workers) as cluster:
        print(f"Dask cluster {args.dask} ({cluster.workers} workers) ready in {time.perf_counter() - started:.1f} s")
        _, seconds, _ = timed(lambda: (cluster.client.run(loaded, spec),
                                       run_corpus(spec, first, OnCluster(cluster), progress=False)))
        print(f"generator loaded and warmed on every Dask worker in {seconds:.1f} s")

        def in_one_process() -> list[GraphResult]:
            forget_answers(spec)
            return run_corpus(spec, items, progress=False)

        def on_dask() -> list[GraphResult]:
            cluster.client.run(forget_answers, spec)
            return run_corpus(spec, items, OnCluster(cluster), progress=False)

        setups = {"1 process": in_one_process, f"Dask {args.dask}, {cluster.workers} workers": on_dask}
        joblib_row = f"{args.workers} joblib processes, one run"
        rounds: dict[str, list[tuple[float, float]]] = {**{name: [] for name in setups}, joblib_row: [tuple(joblib)]}
        same = dict.fromkeys(rounds, True)  # joblib's output is the one the others are compared with
        for _ in range(args.rounds):
            for name, run in setups.items():
                results, *times = timed(run)
                same[name] &= said(results) == expected
                rounds[name].append(tuple(times))
    print()
    one = min(rounds["1 process"])[0]
    for name, times in rounds.items():
        seconds, cpu = min(times)
        walls = " ".join(f"{s:.1f}" for s, _ in times)
        print(f"{name:32} {len(items) / seconds:6.2f} graphs/s  {seconds:6.1f} s (rounds: {walls})  "
              f"{one / seconds:4.2f}x one process  {len(items) / cpu:6.2f} graphs/CPU s  "
              f"output {'identical' if same[name] else 'DIFFERENT'}")
    print(load_average())


if __name__ == "__main__":
    main()
