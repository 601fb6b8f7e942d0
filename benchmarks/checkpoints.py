"""How closely a per-graph limit is kept: the decoder's check points
(:func:`amrgen.decoding.limits.checkpoint`) on a corpus and on the large
shapes of ``benchmarks/graph_sizes.py`` (issue 19, point 2).

Usage: python benchmarks/checkpoints.py [--corpus FILE] [--shapes ops:1000,binary-tree:1023,...]

For each graph, generated through :func:`amrgen.run.graph.generate_graph`
with a limit far above what it takes, it records when each check point was
reached and prints the number of check points, the graph's seconds and the
longest stretch without one (from the start of the graph, between two of them,
to its end): a graph over its time limit stops at most that long after it.
Then the cost of one check point with a budget active.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from pathlib import Path

from amrgen.corpus_registry import corpus

sys.path.insert(0, str(Path(__file__).parent))
from graph_sizes import SHAPES

DEFAULT_CORPUS = corpus("little-prince-dev").location
DEFAULT_SHAPES = "ops:1000,constants:300,roles:300,binary-tree:1023,multi-sentence:1000,chain:100,mods:300"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    parser.add_argument("--shapes", default=DEFAULT_SHAPES, help="SHAPE:N,... (empty: none)")
    args = parser.parse_args()

    from amrgen.decoding import limits
    from amrgen.io.penman_corpus import read_items
    from amrgen.run.graph import generate_graph
    from amrgen.run.runners import generator as loaded
    from amrgen.run.spec import GeneratorFiles

    times: list[float] = []
    check = limits._Budget.check

    def recorded(budget: limits._Budget) -> None:
        times.append(time.perf_counter())
        check(budget)

    limits._Budget.check = recorded
    generator = loaded(GeneratorFiles().resolve())
    generous = limits.Limits(seconds=10_000.0, memory_mb=100_000)

    def measure(item) -> tuple[int, float, float]:
        times.clear()
        started = time.perf_counter()
        generate_graph(generator, item, limits=generous)
        ended = time.perf_counter()
        marks = [started, *times, ended]
        return len(times), ended - started, max(b - a for a, b in itertools.pairwise(marks))

    rows = []
    if args.corpus:
        measured = [measure(item) for item in read_items(args.corpus)]
        worst = max(measured, key=lambda m: m[2])
        rows.append((f"{Path(args.corpus).parent.name}/{Path(args.corpus).name} ({len(measured)} graphs)",
                     sum(m[0] for m in measured), sum(m[1] for m in measured), worst[2]))
    with tempfile.TemporaryDirectory() as tmp:
        for spec in filter(None, args.shapes.split(",")):
            shape, n = spec.split(":")
            path = Path(tmp) / f"{shape}.txt"
            path.write_text(f"# ::id {shape}-{n}\n{SHAPES[shape](int(n))}\n", encoding="utf-8")
            count, seconds, gap = measure(read_items(path)[0])
            rows.append((f"{shape} {n}", count, seconds, gap))
    print(f"{'graphs':40} {'check points':>12} {'seconds':>9} {'longest gap s':>14}")
    for name, count, seconds, gap in rows:
        print(f"{name:40} {count:12d} {seconds:9.2f} {gap:14.3f}")

    limits._Budget.check = check
    with limits.bounded(generous):
        started = time.perf_counter()
        for _ in range(1_000_000):
            limits.checkpoint()
        print(f"one check point: {(time.perf_counter() - started):.3f} µs")


if __name__ == "__main__":
    main()
