"""``amrgen select-features TRAIN DEV --model NAME``: greedy selection of a
model's feature candidates on a dev corpus (thesis 4.3.2; see
:mod:`amrgen.ml.selection` for the candidates).  It starts from the model's
list in resources/features (or ``--start FILE``, or nothing with ``--empty``),
stops when the ``--budget`` is spent or no candidate helps, and writes the
list to ``-o FILE`` (default NAME.txt), which ``amrgen train --features DIR``
reads from DIR/NAME.txt.  The state beside it (FILE.state.json) lets the same
command continue where it stopped."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from amrgen.io.atomic import check_output_path
from amrgen.ml.names import MODELS
from amrgen.ml.features import FEATURES_DIR, load_feature_list, parse_feature
from amrgen.ml.selection import (
    CANDIDATES_PER_ROUND,
    DEFAULT_C,
    DEFAULT_MAX_EVENTS,
    SelectionError,
    SelectionState,
    select,
    selection_events,
    state_path,
    write_feature_list,
)
from amrgen.oracle.annotations import Approach
from amrgen.prep.pipeline import load_corpus


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("select-features", help="greedy selection of a model's features",
                                   description=__doc__)
    parser.add_argument("train", help="training corpus (plain or prepared)")
    parser.add_argument("dev", help="dev corpus, on which candidates are scored")
    parser.add_argument("--model", required=True, choices=MODELS, metavar="NAME",
                        help=f"the model: {', '.join(MODELS)}")
    parser.add_argument("--budget", type=float, default=10.0, metavar="MINUTES",
                        help="stop after this many minutes, counted from the start (the oracle runs and the "
                        "indicators' values take one to three of them on Little Prince); rerun to continue "
                        "(default: 10)")
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--start", metavar="FILE", help="the feature list to start from (default: the model's "
                       "list in resources/features)")
    start.add_argument("--empty", action="store_true", help="start from no features, as the thesis does")
    parser.add_argument("-o", "--output", metavar="FILE", help="the feature list to write (default: NAME.txt)")
    parser.add_argument("--c", type=float, default=DEFAULT_C, help=f"regularization C (default: {DEFAULT_C})")
    parser.add_argument("--max-events", type=int, default=DEFAULT_MAX_EVENTS, metavar="N",
                        help=f"train candidates on a sample of N training events (default: {DEFAULT_MAX_EVENTS})")
    parser.add_argument("--candidates", type=int, default=CANDIDATES_PER_ROUND, metavar="K",
                        help=f"candidates trained per round, the best ranked (default: {CANDIDATES_PER_ROUND})")
    parser.add_argument("--approach", choices=[a.value for a in Approach], default="text")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    deadline = started + 60 * args.budget

    def say(message: str) -> None:
        print(f"amrgen select-features: [{time.monotonic() - started:5.0f} s] {message}", file=sys.stderr, flush=True)

    output = Path(args.output or f"{args.model}.txt")
    check_output_path(output, [args.train, args.dev], parent_must_exist=False)  # the selection makes it
    start = "no features" if args.empty else args.start or str(FEATURES_DIR / f"{args.model}.txt")
    settings = {"train": str(Path(args.train).resolve()), "dev": str(Path(args.dev).resolve()),
                "approach": args.approach, "start": start, "C": args.c,
                "max_events": args.max_events, "candidates": args.candidates}
    state_file = state_path(output)
    if state_file.exists():
        state = SelectionState.load(state_file)
        if (state.model, state.settings) != (args.model, settings):
            raise SelectionError(f"{state_file} holds a selection for {state.model} with other settings "
                                 f"({state.settings}); delete it or choose another -o")
        say(f"continuing from {state_file}: {len(state.history) - 1} features added so far")
    else:
        initial = [] if args.empty else load_feature_list(args.start or args.model)
        state = SelectionState(args.model, settings, [str(f) for f in initial])
    if not state.finished:
        corpora = []
        for path in (args.train, args.dev):
            corpus = load_corpus(path)
            for error in corpus.errors:
                say(f"skipped {error}")
            corpora.append(corpus.entries)
        say(f"running the oracle and collecting the events of {args.model}")
        data = selection_events(*corpora, args.model, Approach(args.approach), args.max_events)
        say(f"{len(data.train)} training and {len(data.dev)} dev events")
        parameterised = [part for text in state.selected for part in parse_feature(text).parts
                         if part.parameter is not None]
        state = select(data, state, state_file, deadline, parameterised, args.candidates, say)
    write_feature_list(output, state, start)
    print(f"{'dev accuracy':>12}  {'correct':>11}  feature added")
    for step in state.history:
        print(f"{step['dev_correct'] / step['dev_events']:>12.4f}  {step['dev_correct']:>5}/{step['dev_events']:<5}  "
              f"{step['added'] or '(start: ' + start + ')'}")
    if state.finished:
        print(f"selection finished; {len(state.selected)} features written to {output}")
    else:
        print(f"budget spent; {len(state.selected)} features so far written to {output}; "
              f"rerun the same command to continue")
    return 0
