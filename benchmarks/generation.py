"""The generator's figures (thesis Section 6): BLEU on each corpus with the
beam search and language model, with the greedy generation algorithm
(Algorithm 1: the most probable transition at every configuration, no
language model) and with the search reduced to it (Hyperparameters.greedy():
every n = 1, θ_LM = 0), by reference length with the
mean time per graph (Figure fig:diagram2) and for l_max = 30 (Table
tab:comparison), the oracle's BLEU ceiling beside them; the throughput with 1
and 2 worker processes; and the time to load the generator.

Usage: python benchmarks/generation.py [--model DIR] [--lm FILE] [--hyperparameters FILE] [CORPUS ...]
(default: the shipped resources/default generator, Little Prince dev and test in ../shared).

Times per graph are those of generate() in this process, one worker, the
generator loaded.  Throughput is graphs per second of wall time over the
first corpus, the generator already loaded in every process (the worker
processes are started and loaded by a first, untimed run).  The load time is
measured in a fresh Python process, so nothing is cached in it: importing
amrgen, then Generator.load (models + LM), then the WordNet table, then lemminflect.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from amrgen.amr import Amr
from amrgen.corpus_registry import corpus
from amrgen.decoding.greedy import greedy_sentence
from amrgen.evaluation.ceiling import oracle_scored
from amrgen.evaluation.lengths import Scored, format_table, summary
from amrgen.evaluation.score import scored
from amrgen.io.penman_corpus import read_items
from amrgen.run.corpus import run_corpus
from amrgen.run.runners import LocalProcesses
from amrgen.run.runners import generator as loaded
from amrgen.run.spec import GeneratorFiles, RunSpec


_LOAD_SCRIPT = """
import json, sys, time
started = time.perf_counter()
from amrgen.decoding.generator import Generator
from amrgen.realization.inflection import load_inflections
from amrgen.lexicon.wordnet_cache import load_table
imported = time.perf_counter()
Generator.load(*json.loads(sys.argv[1]))
generator_loaded = time.perf_counter()
load_table()
table_loaded = time.perf_counter()
load_inflections()
print(json.dumps([imported - started, generator_loaded - imported, table_loaded - generator_loaded,
                  time.perf_counter() - table_loaded]))
"""


def load_times(spec: RunSpec) -> list[float]:
    """Seconds to import amrgen, to load the models and LM, WordNet's table and
    lemminflect (with the spaCy it imports), in a fresh process."""
    arguments = json.dumps([spec.files.model_dir, spec.files.lm_path, spec.files.hyperparameters])
    done = subprocess.run([sys.executable, "-c", _LOAD_SCRIPT, arguments], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def algorithm_1(spec: RunSpec, items) -> list[Scored]:
    """generateGreedy(G) of every graph, timed like generate(), scored as generate -b scores."""
    generator, sentences, seconds = loaded(spec), [], []
    for item in items:
        started = time.perf_counter()
        try:
            sentences.append(" ".join(greedy_sentence(generator, Amr.from_tree(item.tree))))
        except Exception:  # noqa: BLE001 - a graph it cannot generate counts as the empty sentence
            sentences.append("")
        seconds.append(time.perf_counter() - started)
    return scored(sentences, items, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="*", metavar="CORPUS")
    parser.add_argument("--model")
    parser.add_argument("--lm")
    parser.add_argument("--hyperparameters")
    args = parser.parse_args()
    files = GeneratorFiles(*(str(Path(p).resolve()) if p else None for p in (args.model, args.lm, args.hyperparameters)))
    spec = files.resolve()
    corpora = args.corpora or [str(corpus(name).location) for name in ("little-prince-dev", "little-prince-test")]

    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores "
          "(times are wall-clock: other work on the machine inflates them)")
    imported, generator, wordnet, inflections = load_times(spec)
    print(f"load (fresh process): import {imported:.1f} s, models + LM {generator:.1f} s, WordNet {wordnet:.1f} s, "
          f"lemminflect {inflections:.1f} s: {imported + generator + wordnet + inflections:.1f} s in all")
    greedy = loaded(spec).hyper.greedy()
    for number, path in enumerate(corpora):
        items = read_items(path)
        started = time.perf_counter()
        beam = run_corpus(spec, items)
        one_worker = len(items) / (time.perf_counter() - started)
        baseline = run_corpus(spec.with_hyperparameters(greedy), items)
        columns = {"beam+LM": summary(scored([r.sentence for r in beam], items, [r.seconds for r in beam])),
                   "Algorithm 1": summary(algorithm_1(spec, items)),
                   "n=1, no LM": summary(scored([r.sentence for r in baseline], items, [r.seconds for r in baseline])),
                   "oracle": summary(oracle_scored(path))}
        failed = sum(r.failed for r in beam)
        print(f"\n== {path}: {len(items)} graphs, {failed} could not be generated "
              f"(rows: all, length buckets, l_max = 30)")
        print(format_table(columns))
        if number == 0:
            run_corpus(spec, items[:2], LocalProcesses(2), progress=False)  # starts and loads both workers
            started = time.perf_counter()
            parallel = run_corpus(spec, items, LocalProcesses(2))
            two_workers = len(items) / (time.perf_counter() - started)
            same = [r.sentence for r in parallel] == [r.sentence for r in beam]
            print(f"throughput on {Path(path).name}: 1 worker {one_worker:.2f} graphs/s, "
                  f"2 workers {two_workers:.2f} graphs/s (output {'identical' if same else 'DIFFERENT'})")


if __name__ == "__main__":
    main()
