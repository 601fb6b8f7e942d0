"""``amrgen evaluate-models MODEL_DIR CORPUS``: the accuracy of every trained
model on a corpus (the thesis's Table tab:mem-eval) and the confusion matrix
of the phase-1 transitions (Figure tab:confusion-matrix), as text and, with
``--csv PREFIX``, as PREFIX-accuracy.csv and PREFIX-confusion.csv."""

from __future__ import annotations

import argparse
import csv
import sys

from amrgen.evaluation.model_accuracy import load_and_evaluate
from amrgen.ml.events import FIRST_STAGE
from amrgen.oracle.annotations import Approach
from amrgen.prep.pipeline import load_corpus


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("evaluate-models", help="accuracy of every model on a corpus",
                                   description=__doc__)
    parser.add_argument("model_dir", help="a model directory written by amrgen train")
    parser.add_argument("corpus", help="a corpus with references (plain or prepared)")
    parser.add_argument("--approach", choices=[a.value for a in Approach], default="text")
    parser.add_argument("--csv", metavar="PREFIX", help="also write the tables as CSV files")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.corpus)
    for error in corpus.errors:
        print(f"amrgen: skipped {error}", file=sys.stderr)
    result = load_and_evaluate(args.model_dir, corpus.entries, Approach(args.approach))
    rows = [(model, correct, total, correct / total) for model, (correct, total) in result.accuracy.items()]
    print(f"{'model':24}{'correct':>10}{'events':>10}{'accuracy':>10}")
    for model, correct, total, accuracy in rows:
        print(f"{model:24}{correct:>10}{total:>10}{accuracy:>10.3f}")
    print(f"({result.excluded} phase-1 decisions the constraints took alone are not counted)")
    classes = [cls.name for cls in FIRST_STAGE]
    print("\nphase 1: gold (rows) by predicted (columns)")
    print(f"{'':10}" + "".join(f"{c:>10}" for c in classes))
    for gold in classes:
        row = result.confusion.get(gold, {})
        print(f"{gold:10}" + "".join(f"{row.get(p, 0):>10}" for p in classes))
    if args.csv:
        with open(f"{args.csv}-accuracy.csv", "w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["model", "correct", "events", "accuracy"])
            writer.writerows(rows)
        with open(f"{args.csv}-confusion.csv", "w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["gold", *classes])
            writer.writerows([gold, *(result.confusion.get(gold, {}).get(p, 0) for p in classes)] for gold in classes)
    return 0
