"""Split a corpus without a dev set of its own into a training part and a held-out part.

Usage: python scripts/hold_out.py CORPUS TRAIN_OUT HELD_OUT_OUT [--every K]

Every K-th graph (the 5th, 10th, ... with the default K = 5: a fifth of the
corpus) goes to HELD_OUT_OUT, the others to TRAIN_OUT, each entry copied as
written (comments, metadata and graph).  The split depends on nothing but the
order of the file, so anyone can make the same one: the AMR guidelines
examples and QALD-9-AMR, which come without a dev split, are split this way
for choosing hyperparameters and for reporting held-out figures (the rule is
``resources/corpora.json``'s, :mod:`amrgen.corpus_registry`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from amrgen.corpus_registry import split_every
from amrgen.io.atomic import write_atomically


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("train_out")
    parser.add_argument("held_out")
    parser.add_argument("--every", type=int, default=5, metavar="K", help="hold out every K-th graph (default: 5)")
    args = parser.parse_args()
    if args.every < 2:
        parser.error("--every must be at least 2")
    kept, held = split_every(Path(args.corpus).read_text(encoding="utf-8"), args.every)
    for path, entries in ((args.train_out, kept), (args.held_out, held)):
        write_atomically(path, "".join(e + "\n\n" for e in entries))
    print(f"{args.corpus}: {len(kept)} graphs to {args.train_out}, {len(held)} held out to {args.held_out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
