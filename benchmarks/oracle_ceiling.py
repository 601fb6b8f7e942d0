"""What limits the oracle: oracle BLEU per corpus, system and approach, the
gold transitions per class, and counts of what keeps the realizations from
the references.

Usage: python benchmarks/oracle_ceiling.py [CORPUS ...]
(default: Little Prince dev and test in ../shared).

For every graph the oracle's output is compared with the prepared reference
words w' (lower-cased, no punctuation):
- missing words: reference words the output lacks (multiset difference), split
  into words aligned to no vertex (alignment misses) and aligned words lost;
- shared words: words aligned to two or more vertices of which none is the
  parent of another (Merge fuses only a vertex with its parent, so such a word
  is realized more than once or lost);
- order: graphs whose output has exactly the reference's words but in another
  order (projectivity of the yield, Reorder's medians).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from amrgen.corpus_registry import corpus
from amrgen.evaluation.bleu import corpus_bleu
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.oracle.training_data import training_data
from amrgen.prep.normalize import normalize
from amrgen.prep.pipeline import load_corpus
from amrgen.transitions.transitions import TRANSITION_CLASSES



def diagnose(entries, runs) -> Counter:
    counts: Counter = Counter()
    for entry, run in zip(entries, runs):
        output = (run.output or "").split()
        reference = entry.words
        missing = Counter(reference) - Counter(output)
        aligned = {j for js in entry.alignment.values() for j in js}
        for i, word in enumerate(reference, start=1):
            if missing[word] > 0:
                missing[word] -= 1
                counts["missing: unaligned word" if i not in aligned else "missing: aligned word lost"] += 1
        counts["extra words"] += sum((Counter(output) - Counter(reference)).values())
        g = entry.amr.graph
        owners: dict[int, list] = {}
        for v, js in entry.alignment.items():
            for j in js:
                owners.setdefault(j, []).append(v)
        for vs in owners.values():
            if len(vs) > 1 and not any(p in g.parents(v) for v in vs for p in vs):
                counts["shared word, owners not parent and child"] += 1
        if Counter(output) == Counter(reference) and output != reference:
            counts["same words, other order"] += 1
        if output == reference:
            counts["exact"] += 1
    return counts


def main(paths: list[str]) -> None:
    for path in paths or [str(corpus(name).location) for name in ("little-prince-dev", "little-prince-test")]:
        started = time.perf_counter()
        corpus = load_corpus(path)
        print(f"== {path}: {len(corpus.entries)} graphs, prepared in {time.perf_counter() - started:.1f} s")
        for approach in (Approach.TEXT, Approach.DEPENDENCY):
            for formal in (True, False):
                if formal:
                    entries, runs = corpus.entries, [training_data(e.bigraph(), approach) for e in corpus.entries]
                else:
                    entries = [normalize(e) for e in corpus.entries]
                    runs, _ = constrained_runs(corpus.entries, approach)
                outputs = [r.output or "" for r in runs]
                name = f"{'formal' if formal else 'constrained'}/{approach.value}"
                bleu = corpus_bleu(outputs, [" ".join(e.tokens) for e in entries])
                plain = corpus_bleu(outputs, [" ".join(e.words) for e in entries])
                done = sum(r.output is not None for r in runs)
                print(f"{name:24} BLEU {bleu:6.2f}  no punctuation {plain:6.2f}  terminated {done}/{len(runs)}")
                classes = Counter(t.name for r in runs for t in r.transitions)
                print("    transitions:", ", ".join(f"{c.name} {classes[c.name]}" for c in TRANSITION_CLASSES))
                print("    " + ", ".join(f"{k}: {v}" for k, v in sorted(diagnose(entries, runs).items())))


if __name__ == "__main__":
    main(sys.argv[1:])
