"""Where a graph's generation time goes (issue 18): the stages of generate(G)
(thesis Algorithm 5 with normalization before it and postprocessing after),
per corpus, with the median, 90th percentile and maximum per graph.

Usage: python benchmarks/generation_profile.py [--sample N] [--top K] [--warm CORPUS]
[--repeat R] [CORPUS ...] (default: Little Prince test and Bio dev in ../shared, the
shipped generator).

Two passes over each corpus, one process, the generator loaded as a corpus run
loads it (:func:`~amrgen.run.runners.ready_for_corpus`: the feature
lists compiled, lemminflect's tables read) and warmed on the first graph (with
``--warm``, on every graph of another corpus first: what a corpus run is like
after its first hundred graphs, the frequent questions' answers memoised):

1. **Clean**: each graph's CPU time (``time.process_time``: the machine
   may be shared, and others' work inflates wall time) through
   :func:`amrgen.run.graph.generate_graph` (reading the tree
   into an Amr, then generate(G)), nothing instrumented.  These are the
   figures to compare.  With ``--repeat R`` a graph's time is the least of R
   runs in a row, the models' memos of answers and the language model's put
   back as they were before each run (a run does not find its own answers):
   on a shared machine the figures of one run move by 10-15 % from one pass
   to the next, the least of three by about 5 %.
2. **Split**: the same graphs with CPU timers around the stages, each stage's
   time exclusive of the stages it calls:

   - normalization (Chapter 5), phase 1 (generateGreedy_restr, its feature
     extraction and model queries included);
   - phase 2 (getBest for every vertex, Algorithm 3), split into feature
     extraction (the columns of a model active in a context), maxent scoring, LM queries (score_LM of partial yields),
     Reorder enumeration (all(c) for Reorder, without its feature extraction
     and scoring), pruning (prune_(n,r) of the candidates, with the merging
     of equal yields), and the rest of the search (Realize and
     Insert-Between enumeration, combining candidates);
   - replay of the root candidates (generatePartial, Algorithm 2);
   - postprocessing of every root candidate and the LM score of the
     sentence said (Section 4.4 and the choice among the root's candidates);
   - the rest (reading the tree, finalize, sorting the candidates).

   The timers cost a little themselves (a few hundred thousand calls on the
   LM alone), so the split's total is somewhat above the clean pass's.

``--sample N`` takes N graphs evenly spread over each corpus (0: all; the
default takes all of Little Prince test and 100 of Bio dev).  ``--top K``
also prints cProfile's K functions of most internal time over a third pass.
Only timing: no BLEU is computed (Little Prince test is a test split).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from amrgen.corpus_registry import corpus
from amrgen.decoding import beam
import amrgen.decoding.generator as generator_module
from amrgen.decoding.generator import Generator
from amrgen.decoding.models import Models
from amrgen.io.penman_corpus import read_items
from amrgen.ml.maxent import MaxentModel
from amrgen.run.graph import GraphResult, Item, generate_graph
from amrgen.run.runners import generator as loaded
from amrgen.run.runners import ready_for_corpus
from amrgen.run.spec import GeneratorFiles

DEFAULT_CORPORA = ((corpus("little-prince-test").location, 0), (corpus("bio-dev").location, 100))

STAGES = ("normalization", "phase 1", "phase 2: features", "phase 2: maxent", "phase 2: LM", "phase 2: Reorder",
          "phase 2: pruning", "phase 2: rest", "replay", "postprocessing", "rest")
OPAQUE = frozenset({"normalization", "phase 1", "replay", "postprocessing"})
"""Stages timed as a whole: what they call is theirs (phase 1 extracts features too)."""


class StageClock:
    """Exclusive time per stage of the graph being generated, by wrapping functions."""

    def __init__(self) -> None:
        self.times: dict[str, float] = defaultdict(float)
        self._stack: list[list[Any]] = []  # [stage, started, time spent in nested stages]
        self._restore: list[Callable[[], None]] = []

    def wrap(self, owner: Any, name: str, stage: str) -> None:
        """Time ``owner.name`` (a module function, a method of a class or of an object) as ``stage``."""
        original = getattr(owner, name)
        had_own = name in vars(owner)  # else an instance's attribute shadows its class's method
        clock = self

        def timed(*args, **kwargs):
            if clock._stack and clock._stack[-1][0] in OPAQUE:
                return original(*args, **kwargs)
            frame = [stage, time.process_time(), 0.0]
            clock._stack.append(frame)
            try:
                return original(*args, **kwargs)
            finally:
                clock._stack.pop()
                spent = time.process_time() - frame[1]
                clock.times[stage] += spent - frame[2]
                if clock._stack:
                    clock._stack[-1][2] += spent

        setattr(owner, name, timed)
        self._restore.append(lambda: setattr(owner, name, original) if had_own else delattr(owner, name))

    def restore(self) -> None:
        for undo in reversed(self._restore):
            undo()
        self._restore.clear()


def instrumented(generator: Generator) -> StageClock:
    """A clock around the stages of ``generator`` (see the module doc)."""
    clock = StageClock()
    clock.wrap(generator_module, "normalize_amr", "normalization")
    clock.wrap(generator_module, "generate_greedy_restricted", "phase 1")
    clock.wrap(generator.search, "run", "phase 2: rest")
    clock.wrap(Models, "columns", "phase 2: features")
    clock.wrap(MaxentModel, "probabilities_at", "phase 2: maxent")
    clock.wrap(MaxentModel, "best_at", "phase 2: maxent")
    clock.wrap(generator.search, "score_lm", "phase 2: LM")
    clock.wrap(generator.probabilities, "reorders", "phase 2: Reorder")
    clock.wrap(beam, "_dedupe_prune", "phase 2: pruning")
    clock.wrap(generator_module, "replay", "replay")
    clock.wrap(generator, "say", "postprocessing")
    return clock


def sample(items: list[Item], n: int) -> list[Item]:
    """n items evenly spread over the corpus (all of them for n = 0 or n ≥ len)."""
    if not n or n >= len(items):
        return items
    return [items[i * len(items) // n] for i in range(n)]


def figures(values: list[float]) -> tuple[float, float, float, float]:
    """Median, 90th percentile, maximum and mean, in milliseconds."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return (1000 * statistics.median(ordered), 1000 * p90, 1000 * ordered[-1], 1000 * statistics.fmean(ordered))


def cpu_timed(generator: Generator, item: Item) -> tuple[GraphResult, float]:
    """generate_graph and the CPU seconds it took."""
    started = time.process_time()
    result = generate_graph(generator, item)
    return result, time.process_time() - started


def least_of(generator: Generator, item: Item, repeat: int) -> tuple[GraphResult, float]:
    """cpu_timed ``repeat`` times, the memos of answers put back before each run; the least time."""
    memoised = generator.memoised()
    runs = []
    for _ in range(repeat):
        generator.forget_answers(since=memoised)
        runs.append(cpu_timed(generator, item))
    return min(runs, key=lambda run: run[1])


def profile_corpus(generator: Generator, items: list[Item], top: int, repeat: int) -> None:
    generate_graph(generator, items[0])  # warm: lazy tables, LM pages
    results = [least_of(generator, item, repeat) for item in items]
    clean, failed = [seconds for _, seconds in results], sum(result.failed for result, _ in results)
    clock = instrumented(generator)
    per_stage: dict[str, list[float]] = {stage: [] for stage in STAGES}
    totals = []
    try:
        for item in items:
            clock.times.clear()
            _, seconds = cpu_timed(generator, item)
            totals.append(seconds)
            for stage in STAGES[:-1]:
                per_stage[stage].append(clock.times.get(stage, 0.0))
            per_stage["rest"].append(seconds - sum(clock.times.values()))
    finally:
        clock.restore()
    median, p90, largest, mean = figures(clean)
    least = f", the least of {repeat} runs" if repeat > 1 else ""
    print(f"{len(items)} graphs ({failed} failed); CPU per graph{least}, clean pass: median {median:.1f} ms, "
          f"p90 {p90:.1f} ms, max {largest:.1f} ms, mean {mean:.1f} ms, total {sum(clean):.2f} s")
    split_total = sum(totals)
    print(f"split pass (timers on): total {split_total:.2f} s")
    print(f"  {'stage':<20} {'share':>6} {'median':>9} {'p90':>9} {'max':>9}   (ms per graph)")
    for stage in STAGES:
        values = per_stage[stage]
        median, p90, largest, _ = figures(values)
        print(f"  {stage:<20} {100 * sum(values) / split_total:5.1f}% {median:9.2f} {p90:9.2f} {largest:9.2f}")
    if top:
        profiler = cProfile.Profile()
        profiler.enable()
        for item in items:
            generate_graph(generator, item)
        profiler.disable()
        stats = pstats.Stats(profiler)
        print(f"cProfile, {stats.total_calls} calls:")  # type: ignore[attr-defined]
        stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="*", type=Path, help="AMR corpora (default: LP test, Bio dev)")
    parser.add_argument("--sample", type=int, default=None,
                        help="graphs per corpus, evenly spread (0: all; default: all of LP test, 100 of Bio dev)")
    parser.add_argument("--top", type=int, default=0, help="also print cProfile's K costliest functions")
    parser.add_argument("--warm", type=Path, help="generate every graph of this corpus first (e.g. LP dev)")
    parser.add_argument("--repeat", type=int, default=1, help="a graph's clean time is the least of R runs")
    parser.add_argument("--model", help="model directory (default: the shipped one)")
    parser.add_argument("--lm", help="language model (default: the shipped one)")
    parser.add_argument("--hyperparameters", help="hyperparameters file (default: the shipped one)")
    args = parser.parse_args()
    corpora = [(path, args.sample or 0) for path in args.corpora] if args.corpora else [
        (path, n if args.sample is None else args.sample) for path, n in DEFAULT_CORPORA]
    generator = ready_for_corpus(loaded(GeneratorFiles(args.model, args.lm, args.hyperparameters).resolve()))
    if args.warm:
        for item in read_items(args.warm):
            generate_graph(generator, item)
    for path, n in corpora:
        items = sample(read_items(path), n)
        print(f"== {path} ==")
        profile_corpus(generator, items, args.top, max(args.repeat, 1))


if __name__ == "__main__":
    main()
