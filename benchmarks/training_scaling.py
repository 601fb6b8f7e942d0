"""Time and peak memory of ``amrgen train`` on the first 25, 50 and 100 % of a
training corpus, and the size of the model directory it writes.

Usage: python benchmarks/training_scaling.py [TRAIN DEV] [--percent 25 50 100] [--workers N]
(default: Little Prince training and dev in ../shared).

Each run is ``amrgen train`` in a fresh process on a file holding the corpus's
first N graphs; that process reaps its worker processes before it reports its
CPU time (user + system, its own and its workers') and peak resident memory
(the largest of the process and its workers).  Wall time is as measured, so
compare it only on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "amr" / "little-prince-v1.6"


def first_graphs(corpus: Path, n: int, target: Path) -> None:
    """Write the header and the first ``n`` graphs of ``corpus`` to ``target``."""
    blocks = corpus.read_text(encoding="utf-8").split("\n\n")
    graphs = [i for i, block in enumerate(blocks) if "(" in block]
    target.write_text("\n\n".join(blocks[:graphs[n - 1] + 1]) + "\n", encoding="utf-8")


def measure(train: Path, dev: Path, output: Path, workers: int) -> dict:
    """``amrgen train`` in this process; its time, CPU time and peak memory."""
    from joblib.externals.loky import get_reusable_executor

    from amrgen.cli import main

    started = time.perf_counter()
    status = main(["train", str(train), "--dev", str(dev), "-o", str(output), "--workers", str(workers)])
    wall = time.perf_counter() - started
    get_reusable_executor().shutdown(wait=True)  # reap the workers, so RUSAGE_CHILDREN counts them
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return {"status": status, "wall_s": wall, "cpu_s": sum(u.ru_utime + u.ru_stime for u in usage),
            "peak_mb": max(u.ru_maxrss for u in usage) / 1024,
            "model_mb": sum(f.stat().st_size for f in output.iterdir()) / 2**20 if status == 0 else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="*", type=Path, metavar="TRAIN DEV",
                        default=[SHARED / "training.txt", SHARED / "dev.txt"])
    parser.add_argument("--percent", type=int, nargs="+", default=[25, 50, 100])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--measure", nargs=3, type=Path, help=argparse.SUPPRESS)  # TRAIN DEV OUT: one run
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(*args.measure, args.workers)))
        return 0
    train, dev = args.corpora
    total = sum(1 for block in train.read_text(encoding="utf-8").split("\n\n") if "(" in block)
    print(f"{'percent':>7} {'graphs':>7} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'model MB':>9}")
    with tempfile.TemporaryDirectory() as scratch:
        for percent in args.percent:
            n = max(1, round(total * percent / 100))
            part = Path(scratch) / f"train-{percent}.txt"
            first_graphs(train, n, part)
            run = subprocess.run([sys.executable, __file__, "--measure", str(part), str(dev),
                                  str(Path(scratch) / f"model-{percent}"), "--workers", str(args.workers)],
                                 capture_output=True, text=True, check=True)
            figures = json.loads(run.stdout.strip().splitlines()[-1])
            model = "-" if figures["model_mb"] is None else f"{figures['model_mb']:.1f}"
            print(f"{percent:>7} {n:>7} {figures['wall_s']:>8.0f} {figures['cpu_s']:>8.0f} "
                  f"{figures['peak_mb']:>8.0f} {model:>9}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
