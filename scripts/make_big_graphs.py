"""Write ``tests/fixtures/big-graphs.txt``: prepared graphs of about 10, 40, 150
and 200 vertices, for the application's tests at real sizes (issue 17).

The first three are Bio dev's (``../shared/data/amr/bio-v0.8/dev.txt``,
vertices counted as amrgen counts them); Bio dev has none of 200, so the last
is made up: a conjunction of 67 three-vertex clauses, with a sentence that
says them.  Preparing takes spaCy's time once; the tests then read the
prepared file as it is.  Run from the repository root:
``python scripts/make_big_graphs.py [BIO_DEV]``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from amrgen.corpus_registry import corpus
from amrgen.io.penman_corpus import format_entry, read_corpus
from amrgen.prep.pipeline import load_corpus
from amrgen.prep.prepared_format import write_prepared

ROOT = Path(__file__).resolve().parents[1]
BIO_DEV = corpus("bio-dev").location
OUTPUT = ROOT / "tests" / "fixtures" / "big-graphs.txt"
BIO_IDS = ("bio.chicago_2015.18724", "bio.bmtr_0003.3", "bio.chicago_2015.17801")
CLAUSES = 67
NOUNS = ("cell", "protein", "gene", "tumor", "mouse", "drug", "enzyme", "receptor", "kinase", "virus")
VERBS = (("bind-01", "binds"), ("activate-01", "activates"), ("inhibit-01", "inhibits"), ("express-01", "expresses"))


def made_up_entry() -> str:
    """One entry of ``1 + 3 * CLAUSES`` vertices: and(op_i: verb(ARG0 noun, ARG1 noun))."""
    clauses, words = [], []
    for i in range(CLAUSES):
        (verb, said), a, b = VERBS[i % len(VERBS)], NOUNS[i % len(NOUNS)], NOUNS[(i * 3 + 1) % len(NOUNS)]
        clauses.append(f":op{i + 1} (v{i} / {verb} :ARG0 (a{i} / {a}) :ARG1 (b{i} / {b}))")
        words.append(f"the {a} {said} the {b}")
    sentence = ", and ".join(words) + " ."
    return f"# ::id made-up.wide-{1 + 3 * CLAUSES}\n# ::snt {sentence}\n(x / and\n   " + "\n   ".join(clauses) + ")\n"


def main(bio_dev: Path = BIO_DEV) -> None:
    entries = {e.id: e for e in read_corpus(bio_dev).entries}
    text = "\n".join(format_entry(entries[i].metadata, entries[i].graph_text) for i in BIO_IDS) + "\n" + made_up_entry()
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "big.txt"
        source.write_text(text, encoding="utf-8")
        prepared = load_corpus(source, progress=False)
    if prepared.errors:
        sys.exit(f"make_big_graphs.py: {prepared.errors}")
    write_prepared(OUTPUT, prepared.entries)
    for entry in prepared.entries:
        print(entry.id, len(entry.amr.graph.vertices))
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else BIO_DEV)
