"""BLEU and chrF++ of several generators on the dev set of every domain (issue 16's experiments).

Usage: python benchmarks/domains.py [--generator LABEL MODEL_DIR LM HYPERPARAMETERS PIPELINE ...]
       [--own-conventions] [--workers N] [--output FILE.csv]

The dev sets: Little Prince dev, Bio AMR dev, MASSIVE-AMR dev, and the
held-out fifth of QALD-9-AMR and of the AMR guidelines examples
(``scripts/hold_out.py``: every fifth graph; the guidelines' paraphrases are
extra references).  Each generator is ``amrgen evaluate -i DEV...`` with its
model directory, language model, hyperparameters and postprocessing pipeline
(``-`` for the hyperparameters' own); the default compares the shipped
generator with the thesis's postprocessing (4.4 alone) and the full one, and
the book's generator (``resources/little-prince``) with the full one.
``--own-conventions`` adds a row per generator in which each dev set is
generated with ``--conventions`` of its domain's training part (Little Prince
training, Bio training-partial, MASSIVE train, the four fifths of QALD-9 and
of the guidelines kept for training): the punctuation a user of that domain
asks for.  Prints one Markdown table: a row per generator, BLEU / chrF++ per
dev set; writes the figures as CSV (default ``benchmarks/results/domains.csv``,
which ``benchmarks/tables.py`` turns into the tables of README.md and docs/results.md).
Never give it a test split: these figures are for choosing.
"""

from __future__ import annotations

import argparse
import csv
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from amrgen.corpus_registry import corpus, held_out_corpora
from stamp import stamp

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "resources" / "default"
DOMAINS = {"little-prince-dev": "little-prince-training", "bio-dev": "bio-training-partial",
           "massive-dev": "massive-train"}
"""The dev sets of the domains that have one (resources/corpora.json) and their training parts."""
SHIPPED = [str(DEFAULT / "model"), str(DEFAULT / "lm.binary"), str(DEFAULT / "hyperparameters.json")]
BOOK = ROOT / "resources" / "little-prince"
GENERATORS = [["resources/default", *SHIPPED, "full"], ["resources/default, Section 4.4 alone", *SHIPPED, "thesis"],
              ["resources/little-prince (the thesis's setting)", str(BOOK / "model"), str(BOOK / "lm.binary"),
               str(BOOK / "hyperparameters.json"), "full"]]
RESULTS = ROOT / "benchmarks" / "results" / "domains.csv"


def dev_sets(directory: Path) -> tuple[dict[str, Path], dict[str, Path]]:
    """The dev sets by name and their domains' training parts, the held-out splits written to ``directory``."""
    sets, training = {}, {}
    for dev, train in DOMAINS.items():
        name = f"{corpus(dev).title} dev"
        sets[name], training[name] = corpus(dev).location, corpus(train).location
    for held_out in held_out_corpora():
        name = f"{held_out.title} held-out"
        training[name], sets[name] = held_out.held_out_parts(directory)
    return sets, training


def options(generator: list[str], workers: int) -> list[str]:
    """The command-line options of one generator (label, model, LM, hyperparameters, pipeline)."""
    _, model, lm, hyper, pipeline = generator
    chosen = ["--model", model, "--lm", lm, "--hyperparameters", hyper, "--workers", str(workers)]
    return chosen + (["--postprocess", pipeline] if pipeline != "-" else [])


def evaluate(generator: list[str], sets: dict[str, Path], workers: int, directory: Path) -> dict[str, list[str]]:
    """BLEU and chrF++ of one generator per dev set (``amrgen evaluate``)."""
    table = directory / f"{re.sub(r'[^A-Za-z0-9]+', '-', generator[0])}.csv"  # a label may name a path
    command = [sys.executable, "-m", "amrgen", "evaluate", "-i", *map(str, sets.values()),
               *options(generator, workers), "--csv", str(table)]
    print(f"{generator[0]}: {' '.join(command[2:])}", file=sys.stderr, flush=True)
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    with table.open(encoding="utf-8") as rows:
        found = list(csv.DictReader(rows))
    return {name: [row["bleu"], row["chrf"]] for name, row in zip(sets, found, strict=True)}


def with_conventions(generator: list[str], dev: Path, conventions: Path, workers: int, directory: Path) -> list[str]:
    """BLEU and chrF++ of one generator on one dev set following the conventions of the corpus
    ``conventions`` (``amrgen generate -b --conventions``)."""
    command = [sys.executable, "-m", "amrgen", "generate", "-i", str(dev), "-o", str(directory / "out.txt"), "-b",
               *options(generator, workers), "--conventions", str(conventions)]
    print(f"{generator[0]}: {' '.join(command[2:])}", file=sys.stderr, flush=True)
    printed = subprocess.run(command, check=False, capture_output=True, text=True).stdout
    scores = dict(line.split(": ", 1) for line in printed.splitlines() if line.startswith(("BLEU: ", "chrF++: ")))
    return [scores.get("BLEU", "").split()[0] if scores.get("BLEU") else "", scores.get("chrF++", "")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--generator", nargs=5, action="append", metavar=("LABEL", "MODEL", "LM", "HYPER", "PIPE"),
                        help="a generator to evaluate (repeatable; default: the shipped one, thesis and full)")
    parser.add_argument("--own-conventions", action="store_true",
                        help="also each dev set with the punctuation conventions of its domain's training part")
    parser.add_argument("--workers", type=int, default=2, metavar="N")
    parser.add_argument("--output", type=Path, default=RESULTS, metavar="FILE.csv")
    args = parser.parse_args()
    generators = args.generator or GENERATORS
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        sets, training = dev_sets(directory)
        results = {g[0]: evaluate(g, sets, args.workers, directory) for g in generators}
        if args.own_conventions:
            for label, *rest in generators:
                results[f"{label}, each domain's conventions"] = {
                    name: with_conventions([label, *rest], path, training[name], args.workers, directory)
                    for name, path in sets.items()}
    print("| generator | " + " | ".join(sets) + " |")
    print("|---|" + "---|" * len(sets))
    for label, scores in results.items():
        cells = (" / ".join(f"{float(v):.2f}" if v else "-" for v in scores[name]) for name in sets)
        print(f"| {label} | " + " | ".join(cells) + " |")
    print("\nBLEU / chrF++ per dev set (amrgen evaluate).")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with args.output.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        measured = stamp()
        writer.writerow(["generator", "dev set", "bleu", "chrf", *measured])
        writer.writerows([label, name, *scores[name], *measured.values()]
                         for label, scores in results.items() for name in sets)
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
