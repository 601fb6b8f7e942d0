"""Ablation of the postprocessing pipeline (thesis 4.4 and our additions):
BLEU on each corpus with the pipeline ``thesis`` (Section 4.4 alone), ``full``
(the shipped one), ``full`` without each of its steps in turn, and ``full``
with each of the thesis's steps in place of our refinement of it.

Usage: python benchmarks/postprocess_ablation.py [--model DIR] [--lm FILE] [--hyperparameters FILE] [CORPUS ...]
(default: the shipped generator, Little Prince dev and Bio dev in ../shared).

Cheap: the search (phases 1 and 2) does not depend on the postprocessing, so
each graph is searched once (:meth:`Generator.root_candidates`) and every
pipeline only says its root candidates (:meth:`Generator.say`: postprocessing
and the final re-ranking).  Prints a Markdown table, Δ against ``full``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tqdm import tqdm

from amrgen.amr import Amr
from amrgen.corpus_registry import corpus
from amrgen.decoding.generator import Generator, RootCandidates
from amrgen.evaluation.score import Item, corpus_score, reference_tokens, scored
from amrgen.io.penman_corpus import read_items
from amrgen.io.penman_corpus import ReadError
from amrgen.postprocess.pipeline import BY_NAME, PIPELINES, Pipeline, resolve_pipeline
from amrgen.run.runners import generator as loaded
from amrgen.run.spec import GeneratorFiles

CORPORA = [corpus("little-prince-dev").location, corpus("bio-dev").location]
REFINED = {"articles-refined": "articles", "punctuation-refined": "punctuation"}
"""Our refinements and the thesis's step each replaces."""


def variants() -> list[tuple[str, Pipeline]]:
    """(row label, pipeline): thesis, full, full without each step, full with each thesis step."""
    full = PIPELINES["full"]
    rows = [("thesis", resolve_pipeline("thesis")), ("full", resolve_pipeline("full"))]
    rows += [(f"full − {name}", resolve_pipeline([n for n in full if n != name], f"full − {name}")) for name in full]
    rows += [(f"full, {thesis} for {ours}", resolve_pipeline([thesis if n == ours else n for n in full], thesis))
             for ours, thesis in REFINED.items()]
    return rows


def searched(generator: Generator, path: Path) -> list[tuple[RootCandidates | None, Item]]:
    """Every graph with a reference, searched once: its root candidates (None
    where the search failed: it counts as the empty sentence) and its entry."""
    found = []
    for item in tqdm(read_items(path), desc=f"searching {path.parent.name}", unit="graph", file=sys.stderr):
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


def bleu(generator: Generator, graphs: list[tuple[RootCandidates | None, Item]], pipeline: Pipeline) -> float:
    """Corpus BLEU of the sentences ``pipeline`` says for the searched graphs, as generate -b scores."""
    sentences = []
    for candidates, _ in graphs:
        sentence = ""
        if candidates is not None:
            try:
                sentence = generator.say(candidates, pipeline).sentence
            except Exception:  # noqa: BLE001 - as generate counts a failed graph
                sentence = ""
        sentences.append(sentence)
    return corpus_score(scored(sentences, [item for _, item in graphs])).bleu or 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="*", metavar="CORPUS")
    for option in ("--model", "--lm", "--hyperparameters"):
        parser.add_argument(option, help="as amrgen generate takes it (default: the shipped generator's)")
    args = parser.parse_args()
    paths = (args.model, args.lm, args.hyperparameters)
    files = GeneratorFiles(*(str(Path(p).resolve()) if p else None for p in paths))
    corpora = [Path(p) for p in args.corpora] or CORPORA
    generator = loaded(files.resolve())
    rows = variants()
    table: dict[str, list[float]] = {label: [] for label, _ in rows}
    for path in corpora:
        started = time.perf_counter()
        graphs = searched(generator, path)
        search_seconds = time.perf_counter() - started
        started = time.perf_counter()
        for label, pipeline in tqdm(rows, desc="pipelines", unit="pipeline", file=sys.stderr):
            table[label].append(bleu(generator, graphs, pipeline))
        print(f"{path}: {len(graphs)} graphs with a reference; search {search_seconds:.0f} s, "
              f"{len(rows)} pipelines said in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    names = [f"{p.parent.name}/{p.name}" for p in corpora]
    print("| pipeline | section | " + " | ".join(f"{name} BLEU | Δ" for name in names) + " |")
    print("|---|---|" + "---:|---:|" * len(names))
    full = table["full"]
    for label, _ in rows:
        step = label.removeprefix("full − ")
        section = BY_NAME[step].section if step in BY_NAME else ""
        cells = " | ".join(f"{value:.2f} | {round(value - base, 2) + 0.0:+.2f}" for value, base in zip(table[label], full))
        print(f"| {label} | {section} | {cells} |")


if __name__ == "__main__":
    main()
