"""Train the shipped general generator (resources/default/) again, or the same with more data.

Usage: python scripts/train_general.py -o DIR [--with-massive] [--with-silver] [--workers N]

One command for what ``resources/default/`` holds, from the corpora in
``../shared/data`` (the shipped model was fitted with sag's stopping tolerance
at scikit-learn's 1e-4, before training stopped at 1e-3: this command gives
slightly different models, not the shipped ones byte for byte; docs/results.md
compares the two on every dev set):

1. QALD-9-AMR and the AMR guidelines examples come without a dev split:
   every fifth graph is held out (``scripts/hold_out.py``), into DIR/data/;
2. ``amrgen train`` on the training graphs whose licence allows shipping the
   model (Little Prince, Bio AMR training-partial and bio-extra, QALD-9 and
   guidelines training parts), each model's regularization chosen on the
   dev sets of those corpora together (Little Prince dev, Bio dev, the two
   held-out parts), into DIR/model;
3. ``amrgen lm build``: a 3-gram KenLM model of ``../shared/data/lm-text``
   and the same training references, into DIR/lm.binary;
4. the hyperparameters of ``resources/default`` (tuned on the five dev sets
   together, docs/results.md) copied to DIR/hyperparameters.json (their search
   is ``amrgen tune DIR/model DEV...``).

``--with-massive`` adds MASSIVE-AMR training (and its dev set to the dev
sets), ``--with-silver`` the 29,000 silver graphs of bamboo-silver: both are
for users whose use their licences allow (MASSIVE is CC-BY-NC-4.0, the
silver graphs' texts carry their own licences), never for a shipped model.
Then ``amrgen generate --model DIR/model --lm DIR/lm.binary --hyperparameters
DIR/hyperparameters.json`` uses it.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from amrgen.corpus_registry import corpus, held_out_corpora, of_split
from amrgen.ml.conventions import CONVENTIONS, corpus_conventions
from amrgen.ml.store import save_json_resource

ROOT = Path(__file__).resolve().parents[1]


def corpora(directory: Path, with_massive: bool, with_silver: bool) -> tuple[list[Path], list[Path]]:
    """The training and dev files, the held-out splits written to ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    train = [c.location for c in of_split("train", permissive=True)]
    dev = [c.location for c in of_split("dev", permissive=True)]
    for held_out in held_out_corpora():  # every fifth graph held out (resources/corpora.json)
        kept, held = held_out.held_out_parts(directory)
        train.append(kept)
        dev.append(held)
    if with_massive:
        train.append(corpus("massive-train").location)
        dev.append(corpus("massive-dev").location)
    if with_silver:
        train.append(corpus("bamboo-silver").location)
    return train, dev


def run(command: list[str]) -> None:
    print("$", " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-o", "--output", required=True, type=Path, metavar="DIR")
    parser.add_argument("--with-massive", action="store_true", help="add MASSIVE-AMR (CC-BY-NC-4.0)")
    parser.add_argument("--with-silver", action="store_true", help="add the 29,000 silver graphs of bamboo-silver")
    parser.add_argument("--workers", type=int, default=2, metavar="N", help="models trained at once (default: 2)")
    parser.add_argument("--conventions-only", action="store_true",
                        help="only learn the punctuation conventions of the model directory DIR/model again, "
                        "each training file a corpus (as resources/default/model's were)")
    args = parser.parse_args()
    train, dev = corpora(args.output / "data", args.with_massive, args.with_silver)
    if args.conventions_only:
        save_json_resource(args.output / "model", CONVENTIONS, corpus_conventions(*train).to_json())
        print(f"written to {args.output / 'model' / CONVENTIONS}", file=sys.stderr)
        return 0
    amrgen = [sys.executable, "-m", "amrgen"]
    run([*amrgen, "train", *map(str, train), "--dev", *map(str, dev), "-o", str(args.output / "model"),
         "--workers", str(args.workers)])
    texts = sorted(str(p) for p in corpus("lm-text").location.glob("*.txt.gz"))
    run([*amrgen, "lm", "build", *texts, *(a for t in train for a in ("--amr", str(t))), "--order", "3",
         "-o", str(args.output / "lm.binary")])
    shutil.copyfile(ROOT / "resources" / "default" / "hyperparameters.json", args.output / "hyperparameters.json")
    print(f"written to {args.output}: model/, lm.binary, hyperparameters.json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
