"""Ablation of the postprocessing pipeline (thesis 4.4 and our additions) on the
five dev sets of ``benchmarks/domains.py``: BLEU and chrF++ with ``thesis``
(Section 4.4 alone, with and without re-ranking the root candidates), with ``full`` (the shipped pipeline), with ``full``
without each of its steps in turn, and with every step of ``STEPS`` that
``full`` does not run added to it.

Usage: python benchmarks/postprocess_ablation.py [--model DIR] [--lm FILE] [--hyperparameters FILE]
       [--output FILE.csv]

Cheap: the search (phases 1 and 2) does not depend on the postprocessing, so
each graph is searched once (:meth:`Generator.root_candidates`) and every
pipeline only says its root candidates (:meth:`Generator.say`).  Writes one
CSV row per pipeline and dev set (default ``benchmarks/results/postprocess-ablation.csv``;
``benchmarks/tables.py`` turns it into the table of docs/results.md) and
prints which steps of ``full`` cost at least :data:`KEEP_AT` BLEU on some
dev set when left out: the rule for a step to stay in ``full``.
Never give it a test split: these figures are for choosing.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

from amrgen.amr import Amr
from amrgen.decoding.generator import Generator, RootCandidates
from amrgen.evaluation.score import Item, corpus_score, reference_tokens, scored
from amrgen.io.penman_corpus import ReadError, read_items
from amrgen.postprocess.pipeline import PIPELINES, RERANK, STEPS, Pipeline, resolve_pipeline
from amrgen.run.runners import generator as loaded
from amrgen.run.spec import GeneratorFiles

sys.path.insert(0, str(Path(__file__).resolve().parent))
from domains import dev_sets  # noqa: E402 - the dev sets are defined once, there
from stamp import COLUMNS, stamp  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "postprocess-ablation.csv"
KEEP_AT = 0.3
"""A step stays in ``full`` only if leaving it out costs at least this much BLEU on some dev set."""
FIELDS = ["pipeline", "step", "dev set", "bleu", "chrf", "graphs", *COLUMNS]


def variants() -> list[tuple[str, str, Pipeline]]:
    """(label, step, pipeline): thesis, thesis re-ranking its root candidates, full, full
    without each step, full with each other step."""
    full = list(PIPELINES["full"])
    thesis = [*PIPELINES["thesis"], RERANK]
    rows = [("thesis", "", resolve_pipeline("thesis")), (f"thesis + {RERANK}", RERANK, resolve_pipeline(thesis)),
            ("full", "", resolve_pipeline("full"))]
    rows += [(f"full - {name}", name, resolve_pipeline([n for n in full if n != name], f"full - {name}"))
             for name in full]
    order = [step.name for step in STEPS]
    for name in order:
        if name not in full:
            added = sorted([*full, name], key=order.index)
            rows.append((f"full + {name}", name, resolve_pipeline(added, f"full + {name}")))
    return rows


Searched = tuple[RootCandidates | None, Item]


def searched(generator: Generator, path: Path) -> list[Searched]:
    """Every graph with a reference, searched once: its root candidates (None
    where the search failed: it counts as the empty sentence) and its entry."""
    found = []
    for item in tqdm(read_items(path), desc=f"searching {path.name}", unit="graph", file=sys.stderr):
        if reference_tokens(item) is None:
            continue
        candidates = None
        if not isinstance(item, ReadError):
            try:
                candidates = generator.root_candidates(Amr.from_tree(item.tree))
            except Exception:  # noqa: BLE001 - a graph that cannot be generated says nothing
                candidates = None
        found.append((candidates, item))
    return found


def scores(generator: Generator, graphs: list[Searched], pipeline: Pipeline) -> tuple[float, float]:
    """Corpus BLEU and chrF++ of the sentences ``pipeline`` says for the searched graphs,
    against every reference of each (as ``amrgen generate -b`` scores)."""
    said = []
    for candidates, _ in graphs:
        sentence = ""
        if candidates is not None:
            try:
                sentence = generator.say(candidates, pipeline).sentence
            except Exception:  # noqa: BLE001 - as generate counts a failed graph
                sentence = ""
        said.append(sentence)
    score = corpus_score(scored(said, [item for _, item in graphs]))
    return score.bleu or 0.0, score.chrf or 0.0


def kept_steps(rows: list[dict[str, str]]) -> tuple[list[str], list[str]]:
    """The steps of ``full`` whose removal costs at least :data:`KEEP_AT` BLEU on some dev set, and the others."""
    full = {row["dev set"]: float(row["bleu"]) for row in rows if row["pipeline"] == "full"}
    keep, leave = [], []
    for name in PIPELINES["full"]:
        without = [row for row in rows if row["pipeline"] == f"full - {name}"]
        if not without:
            continue
        costs = [full[row["dev set"]] - float(row["bleu"]) for row in without]
        (keep if max(costs) >= KEEP_AT else leave).append(name)
    return keep, leave


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for option in ("--model", "--lm", "--hyperparameters"):
        parser.add_argument(option, help="as amrgen generate takes it (default: the shipped generator's)")
    parser.add_argument("--output", type=Path, default=RESULTS, metavar="FILE.csv")
    args = parser.parse_args()
    paths = (args.model, args.lm, args.hyperparameters)
    generator = loaded(GeneratorFiles(*(str(Path(p).resolve()) if p else None for p in paths)).resolve())
    pipelines = variants()
    rows: list[dict[str, str]] = []
    measured = stamp()
    with tempfile.TemporaryDirectory() as temporary:
        sets, _ = dev_sets(Path(temporary))
        for name, path in sets.items():
            started = time.perf_counter()
            graphs = searched(generator, path)
            print(f"{name}: {len(graphs)} graphs searched in {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
            for label, step, pipeline in tqdm(pipelines, desc="pipelines", unit="pipeline", file=sys.stderr):
                bleu, chrf = scores(generator, graphs, pipeline)
                rows.append({"pipeline": label, "step": step, "dev set": name, "bleu": f"{bleu:.2f}",
                             "chrf": f"{chrf:.2f}", "graphs": str(len(graphs)), **measured})
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with args.output.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    keep, leave = kept_steps(rows)
    print(f"written to {args.output}")
    print(f"cost >= {KEEP_AT} BLEU on some dev set when left out ({len(keep)}): {' '.join(keep)}")
    print(f"cost less ({len(leave)}): {' '.join(leave)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
