"""Seconds, graphs per second and peak memory of each stage of training, on the
first 25, 50 and 100 % of the training corpora, so that the growth shows.

Usage: python benchmarks/training.py [TRAIN ...] [--dev DEV] [--percent 25 50 100]
       [--workers N] [--iterations 1|2] [--keep DIR]
(default: Little Prince training and dev in ../shared; plain or prepared corpora,
``amrgen prepare`` once per corpus saves the parsing on every run).

With several training corpora each contributes its first N % (in the order given),
so every fraction mixes the domains alike.  Each fraction runs in a fresh process
(``--measure``), so that its peaks are its own.  The stages are those of
:func:`amrgen.training.train` (the formal oracle's resources, the oracle's runs and their
features on the training and on the dev graphs, fitting) with loading before and saving after; fitting is given
per model too (the C grid, then compaction with its scores, in the worker that fitted
it: these overlap when ``--workers`` is above 1).  Peak memory is the largest
resident set of the process and all its descendants (the fitting workers) together,
sampled every 50 ms while the stage ran; CPU seconds are theirs too (on a busy
machine, where wall time says little, they tell the work).  Graphs per second count
the training graphs, the dev graphs for the events of dev, both for loading.  Wall time
depends on what else runs: compare only runs on an equally loaded machine (the script
prints the load average before and after each run).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from amrgen.corpus_registry import corpus

SAMPLE_SECONDS = 0.05


TICKS = os.sysconf("SC_CLK_TCK")


def tree_usage(pid: int) -> tuple[int, float]:
    """The resident bytes of process ``pid`` and its descendants, and the CPU seconds
    they and their reaped children used (Linux /proc)."""
    rss, cpu, todo = 0, 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            rss += next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += sum(int(f) for f in fields[11:15]) / TICKS  # utime, stime, cutime, cstime
            for task in Path(f"/proc/{current}/task").iterdir():
                todo.extend(int(child) for child in (task / "children").read_text().split())
        except (OSError, StopIteration):
            continue  # a process that ended meanwhile
    return rss, cpu


class PeakSampler(threading.Thread):
    """Samples :func:`tree_rss` of this process every :data:`SAMPLE_SECONDS`."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.samples: list[tuple[float, int, float]] = []

    def run(self) -> None:
        while True:
            self.samples.append((time.perf_counter(), *tree_usage(os.getpid())))
            time.sleep(SAMPLE_SECONDS)

    def usage(self, start: float, end: float) -> tuple[int, float]:
        """The largest resident set sampled from ``start`` to ``end`` (perf_counter seconds)
        and the CPU seconds used between the samples nearest them."""
        samples = list(self.samples)
        within = [s for s in samples if start <= s[0] <= end] or [min(samples, key=lambda s: abs(s[0] - end))]
        before = max((s for s in samples if s[0] <= start), default=within[0], key=lambda s: s[0])
        after = min((s for s in samples if s[0] >= end), default=within[-1], key=lambda s: s[0])
        return max(s[1] for s in within), after[2] - before[2]


def measure(fraction: float, train_paths: list[Path], dev: Path, output: Path, workers: int,
            iterations: int) -> dict:
    """One training run in this process: per stage its seconds and peak bytes."""
    from amrgen import training
    from amrgen.prep.pipeline import load_corpus

    sampler = PeakSampler()
    sampler.start()
    spans: dict[str, tuple[float, float]] = {}
    started = time.perf_counter()
    train_entries = []
    for path in train_paths:
        entries = load_corpus(path).entries
        train_entries += entries[:max(1, round(len(entries) * fraction))]
    dev_entries = load_corpus(dev).entries
    spans["loading"] = (started, time.perf_counter())
    result = training.train(train_entries, dev_entries, workers=workers, iterations=iterations)
    spans |= result.stages
    saving = time.perf_counter()
    training.save(result, output, {"benchmark": "benchmarks/training.py"})
    spans["saving"] = (saving, time.perf_counter())
    graphs = {"events of dev": len(dev_entries), "loading": len(train_entries) + len(dev_entries)}
    time.sleep(2 * SAMPLE_SECONDS)  # a sample after the end of saving
    stages = [{"stage": name, "seconds": end - start, "graphs": graphs.get(name, len(train_entries)),
               **dict(zip(("peak", "cpu"), sampler.usage(start, end)))} for name, (start, end) in spans.items()]
    return {"graphs": len(train_entries), "dev_graphs": len(dev_entries), "stages": stages,
            "models": {m: {**s, "events": result.summary[m.split(" ")[0]]["train_events"]}
                       for m, s in result.model_seconds.items()},
            "wall": spans["saving"][1] - started, "peak": max(s["peak"] for s in stages),
            "model_mb": sum(f.stat().st_size for f in output.iterdir()) / 2**20}


def report(percent: int, figures: dict) -> None:
    print(f"\n{percent} %: {figures['graphs']} training graphs, {figures['dev_graphs']} dev graphs; "
          f"{figures['wall']:.0f} s, peak {figures['peak'] / 2**20:.0f} MB, model {figures['model_mb']:.1f} MB")
    print(f"  {'stage':<28}{'seconds':>9}{'CPU s':>9}{'graphs/s':>10}{'peak MB':>9}")
    for stage in figures["stages"]:
        per_second = stage["graphs"] / stage["seconds"] if stage["seconds"] > 0 else float("inf")
        print(f"  {stage['stage']:<28}{stage['seconds']:>9.1f}{stage['cpu']:>9.1f}{per_second:>10.1f}"
              f"{stage['peak'] / 2**20:>9.0f}")
    print(f"  {'model':<28}{'events':>9}{'fit s':>10}{'compact s':>10}")
    for model, seconds in sorted(figures["models"].items(), key=lambda item: -item[1]["fit"]):
        print(f"  {model:<28}{seconds['events']:>9}{seconds['fit']:>10.1f}{seconds['compaction']:>10.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("train", nargs="*", type=Path, default=[corpus("little-prince-training").location])
    parser.add_argument("--dev", type=Path, default=corpus("little-prince-dev").location)
    parser.add_argument("--percent", type=int, nargs="+", default=[25, 50, 100])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, choices=(1, 2), default=1)
    parser.add_argument("--keep", type=Path, metavar="DIR", help="write the models to DIR/PERCENT (default: discarded)")
    parser.add_argument("--measure", type=float, help=argparse.SUPPRESS)  # one run: the fraction, in this process
    parser.add_argument("--output", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.train, args.dev, args.output, args.workers, args.iterations)))
        return 0
    print(f"training: {', '.join(map(str, args.train))}; dev: {args.dev}; {args.workers} worker(s) on "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as scratch:
        for percent in args.percent:
            output = (args.keep or Path(scratch)) / str(percent)
            load = os.getloadavg()[0]
            run = subprocess.run([sys.executable, __file__, *map(str, args.train), "--dev", str(args.dev),
                                  "--workers", str(args.workers), "--iterations", str(args.iterations),
                                  "--measure", str(percent / 100), "--output", str(output)],
                                 stdout=subprocess.PIPE, text=True, check=True)
            report(percent, json.loads(run.stdout.strip().splitlines()[-1]))
            print(f"  load average (1 min) before {load:.1f}, after {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
