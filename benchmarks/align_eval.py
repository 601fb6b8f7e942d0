"""Benchmark of the aligner of thesis 4.3.1 (amrgen.prep.align): quality and time.

1. Bio AMR v0.8 dev with the release's ISI alignments
   (``alignments-dev.txt``): ``# ::tok`` as the tokens, POS tags and lemmas
   from spaCy on those tokens, ``align_corpus`` on the graphs, precision,
   recall and F1 against the ISI node alignments (as they are, without name
   and entity vertices, by design) and the concepts missed most.
2. The time ``align_corpus`` takes on The Little Prince v1.6 training set
   (1274 graphs, ``# ::snt`` tokenized; no reference alignments).

Usage: python benchmarks/align_eval.py   (the corpora of resources/corpora.json; $AMRGEN_SHARED for another ../shared)
"""

from __future__ import annotations

import argparse
import time

from amrgen.corpus_registry import corpus
from amrgen.prep.align import align_corpus
from amrgen.prep.align.evaluate import evaluate, format_evaluation, load_reference_corpus
from amrgen.prep.parser import SpacyAnnotator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args = parser.parse_args()
    annotator = SpacyAnnotator()

    start = time.perf_counter()
    bio = load_reference_corpus(corpus("bio-alignments-dev").location, annotator)
    print(f"Bio v0.8 dev: read and tagged {len(bio.items)} graphs in {time.perf_counter() - start:.1f} s, "
          f"skipped {len(bio.skipped)}")
    print(format_evaluation(evaluate(bio), top=25))

    start = time.perf_counter()
    little_prince = load_reference_corpus(corpus("little-prince-training").location, annotator)
    print(f"\nLittle Prince v1.6 training: read and tagged {len(little_prince.items)} graphs "
          f"in {time.perf_counter() - start:.1f} s, skipped {len(little_prince.skipped)}")
    start = time.perf_counter()
    align_corpus(little_prince.items)
    print(f"aligned {len(little_prince.items)} graphs in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
