"""``amrgen train``: train the maximum entropy models of the generator (thesis 4.3)
from a training corpus, choosing each model's regularization on a dev corpus,
and write them to a model directory (JSON/NPZ with a manifest, no pickle).
``--iterations 2`` adds the thesis's second iteration (4.3.3): the models after
the first stage are retrained with the first-stage model's choices of T_restr."""

from __future__ import annotations

import argparse
import resource
import sys
import time
from contextlib import nullcontext

from amrgen import __version__, training
from amrgen.commands import add_dask_option, open_cluster
from amrgen.oracle.annotations import Approach
from amrgen.prep.pipeline import load_corpora
from amrgen.training import SUMMARY_KEYS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("train", help="train the models of the generator", description=__doc__)
    parser.add_argument("train", nargs="+", help="training corpus (plain or prepared); several are joined, "
                        "each a corpus of its own punctuation conventions")
    parser.add_argument("--dev", required=True, nargs="+",
                        help="dev corpus, to choose each model's regularization; several are joined")
    parser.add_argument("-o", "--output", required=True, metavar="MODEL_DIR", help="the model directory to write")
    parser.add_argument("--features", metavar="DIR", help="feature lists NAME.txt, as select-features writes "
                        "them; a model without one here uses resources/features (default: all from there)")
    parser.add_argument("--approach", choices=[*(a.value for a in Approach), training.BOTH], default="text",
                        help="the oracle's approach for the gold transitions (default: text); both: the "
                        "insertion models learn the gold transitions of both, as the thesis trained them")
    parser.add_argument("--iterations", type=int, choices=(1, 2), default=1,
                        help="2: retrain the models after the first stage on predicted first stages (default: 1)")
    parser.add_argument("--learnt-punctuation", action="store_true",
                        help="the oracle keeps the references' punctuation, so that the models learn the mark "
                        "that ends a sentence (Insert-Child right of its root; docs/deviations.md)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="models trained at the same time, one process each (default: 2)")
    add_dask_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()

    def say(message: str) -> None:
        print(f"amrgen train: [{time.perf_counter() - started:5.0f} s] {message}", file=sys.stderr, flush=True)

    corpora = {}
    for part, paths in (("training", args.train), ("dev", args.dev)):
        corpora[part] = load_corpora(paths)
        for error in corpora[part].errors:
            say(f"skipped {error}")
    # On a cluster, joblib's Dask backend runs training's parallel parts (the models' fitting) on its workers.
    with open_cluster(args) as cluster, cluster.joblib() if cluster else nullcontext():
        result = training.train(corpora["training"].entries, corpora["dev"].entries,
                                approach=args.approach, features_dir=args.features,
                                iterations=args.iterations, workers=args.workers, progress=say,
                                sources=corpora["training"].sources, learnt_punctuation=args.learnt_punctuation)
    settings = {"amrgen": __version__, "training corpus": _named(args.train), "dev corpus": _named(args.dev),
                "approach": args.approach, "features": args.features or "resources/features",
                "iterations": args.iterations, "learnt punctuation": args.learnt_punctuation}
    training.save(result, args.output, settings)
    keys = [k for k in SUMMARY_KEYS if any(summary[k] is not None for summary in result.summary.values())]
    print("model".ljust(22) + "".join(key.replace("first_iteration_", "1st_").rjust(16) for key in keys))
    for model, summary in result.summary.items():
        cells = (f"{v:.3f}" if isinstance(v, float) else str(v) for v in (summary[k] for k in keys))
        print(model.ljust(22) + "".join(cell.rjust(16) for cell in cells))
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024
    print(f"trained {len(result.models)} models in {result.seconds:.0f} s, peak memory {peak:.0f} MB, "
          f"written to {args.output}")
    return 0


def _named(paths: list[str]) -> str | list[str]:
    """The corpus files as the manifest names them: one as a string, several as a list."""
    return paths[0] if len(paths) == 1 else paths
