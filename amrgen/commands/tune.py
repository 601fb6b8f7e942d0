"""``amrgen tune``: the hyperparameters of generation chosen on a dev corpus
(thesis 4.5): the starting assignment, a random search of --samples
assignments, then each parameter in turn over --steps + 1 values, keeping
whatever raises the dev BLEU (see amrgen.run.tuning).

Several dev corpora (one per domain, e.g. Little Prince dev, Bio dev and
MASSIVE dev) are tuned on together: the score is the mean of their corpus
BLEUs, each corpus weighted equally whatever its size, and each line printed
gives every corpus's BLEU after the mean.

Each improvement is printed and written at once to the output (default:
hyperparameters.json here), so an interrupted run keeps its best; every
assignment evaluated goes to OUTPUT.log, one JSON line each, and a rerun with
the same output resumes from it: the assignments it lists are not generated
again.  An output that exists without its log is not overwritten.  The search
stops when it is done or when --budget minutes are spent (the evaluation
under way then is finished first).  Generating LP dev (145 graphs) under one
assignment takes about half a minute per core: use --workers, or --dask for a cluster
(whose workers keep the generator loaded from one assignment to the next).
--max-seconds and --max-memory bound each graph as in amrgen generate: a graph
past them (large beams on a large graph) counts with the empty sentence.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from amrgen.commands import add_dask_option, open_cluster, warn_if_unchecked
from amrgen.commands.generate import add_limit_options, add_postprocess_option, limits
from amrgen.errors import AmrgenError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("tune", help="choose the generation hyperparameters on a dev corpus",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", metavar="MODEL_DIR", help="model directory, as amrgen train writes it")
    parser.add_argument("dev", metavar="DEV", nargs="+",
                        help="dev corpus with reference sentences; several: their mean BLEU, each weighted equally")
    parser.add_argument("--lm", metavar="FILE", help="KenLM language model (default: resources/default/lm.binary)")
    parser.add_argument("--budget", type=float, default=60.0, metavar="MINUTES",
                        help="start no evaluation after this many minutes (default: 60)")
    parser.add_argument("--samples", type=int, default=20, metavar="K",
                        help="assignments of the random search (default: 20)")
    parser.add_argument("--steps", type=int, default=10, metavar="S",
                        help="each parameter then tries S + 1 values from min to max (default: 10)")
    parser.add_argument("-o", "--output", default="hyperparameters.json", metavar="FILE",
                        help="where the best assignment goes, its log beside it as FILE.log "
                             "(default: hyperparameters.json)")
    parser.add_argument("--seed", type=int, default=1, metavar="N", help="seed of the random search (default: 1)")
    parser.add_argument("--min-gain", type=float, default=0.0, metavar="BLEU",
                        help="an assignment replaces the best only if its dev BLEU is more than this above "
                             "(default: 0, any gain; small dev sets call for some, e.g. 0.3)")
    add_postprocess_option(parser)
    parser.add_argument("--start", metavar="FILE", help="the starting assignment (default: the built-in values)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="processes generating the dev corpus (default: 2)")
    add_limit_options(parser)
    add_dask_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from amrgen.decoding.generator import DEFAULT_LM
    from amrgen.hyperparameters import Hyperparameters
    from amrgen.io.atomic import check_output_path, write_atomically
    from amrgen.io.penman_corpus import read_items
    from amrgen.ml.conventions import corpus_conventions
    from amrgen.postprocess.pipeline import PIPELINES, resolve_pipeline
    from amrgen.run.corpus import runner_for
    from amrgen.run.spec import GeneratorFiles, RunSpec
    from amrgen.run.tuning import DevBleu, TuningLog, fingerprint, tune

    if args.samples < 0 or args.steps < 1 or args.workers < 1 or args.budget <= 0:
        raise AmrgenError("--samples must be at least 0, --steps and --workers at least 1, --budget positive")
    model, lm = (Path(p).resolve() for p in (args.model, args.lm or DEFAULT_LM))
    devs = [Path(p).resolve() for p in args.dev]
    if not (model / "manifest.json").is_file():
        raise AmrgenError(f"{args.model}: not a model directory (no manifest.json)")
    for path in (lm, *devs):
        if not path.is_file():
            raise AmrgenError(f"{path}: no such file")
    warn_if_unchecked(lm)
    output = Path(args.output)
    check_output_path(output, [*devs, model / "manifest.json", lm])
    log_path = output.with_name(output.name + ".log")
    if output.exists() and not log_path.exists():
        raise AmrgenError(f"{output}: exists and was not written by this search (no {log_path.name}); "
                          "give it as --start, or choose another -o")
    start = Hyperparameters.load(args.start) if args.start else Hyperparameters()
    pipeline = resolve_pipeline(args.postprocess if args.postprocess is not None else start.postprocess,
                                "pipeline" if args.postprocess is not None else "hyperparameters: postprocess")
    if args.postprocess is not None:  # written with the hyperparameters, a file as its list of steps
        start = replace(start, postprocess=args.postprocess if args.postprocess in PIPELINES else pipeline.step_names)
    settings = {"model": str(model), "model manifest": fingerprint(model / "manifest.json"),
                "lm": str(lm), "lm file": fingerprint(lm)}
    conventions = str(Path(args.conventions).resolve()) if args.conventions else None
    files = GeneratorFiles(str(model), str(lm), conventions=conventions)
    # The run resolved once: every assignment of the search generates with this pipeline and these conventions.
    spec = RunSpec(files, start, pipeline, corpus_conventions(conventions) if conventions else None, limits(args))
    if conventions is not None:  # they change what is said: a log of other conventions is not resumed
        settings |= {"conventions": conventions, "conventions file": fingerprint(Path(conventions))}
    if len(devs) == 1:  # as a log of one dev corpus has always said it
        settings |= {"dev": str(devs[0]), "dev file": fingerprint(devs[0])}
    else:
        settings |= {"dev": [str(dev) for dev in devs], "dev file": [fingerprint(dev) for dev in devs]}
    log = TuningLog(log_path, settings)
    for message in log.skipped:
        print(f"amrgen tune: {message}", file=sys.stderr)
    if len(log):
        print(f"amrgen tune: resuming: {len(log)} assignments scored in {log_path}", file=sys.stderr)
    corpora = [read_items(dev) for dev in devs]
    names = [dev.name for dev in devs]  # with their folder where two are alike (LP's and MASSIVE's dev.txt)
    names = [f"{dev.parent.name}/{dev.name}" if names.count(dev.name) > 1 else dev.name for dev in devs]
    started = time.monotonic()

    def on_evaluated(evaluated, improved: bool) -> None:
        line = f"[{time.monotonic() - started:6.0f} s] {evaluated.stage}: BLEU {evaluated.bleu:.2f}"
        if len(devs) > 1 and evaluate.last and evaluate.last[0] == evaluated.hyperparameters:
            line += " (" + ", ".join(f"{name} {bleu:.2f}" for name, bleu in zip(names, evaluate.last[1])) + ")"
        if improved:
            write_atomically(output, evaluated.hyperparameters.to_json())
            print(f"{line}  best so far, written to {output}", flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    with open_cluster(args) as cluster:
        evaluate = DevBleu(spec, corpora, runner_for(args.workers, cluster))
        result = tune(evaluate, log, start, samples=args.samples, steps=args.steps, seed=args.seed,
                      budget=args.budget * 60, min_gain=args.min_gain, on_evaluated=on_evaluated)
    ending = "search finished" if result.finished else f"budget of {args.budget:g} minutes spent"
    print(f"{ending}: {result.evaluated} assignments generated, best dev BLEU {result.best.bleu:.2f} "
          f"({result.best.stage}) in {output}")
    return 0
