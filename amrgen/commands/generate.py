"""``amrgen generate``: a sentence for every AMR graph of a file (thesis 5.3).

OUTPUT gets one line per entry of INPUT, in input order: the generated
sentence, lower-cased and tokenized as the generator gives it.  A graph that
cannot be generated (a malformed entry, a graph that is not an AMR graph, a
failure of the generator, a graph over --max-seconds or --max-memory) gets
an empty line and one message on stderr naming the file, line and entry
(and the limit); the other graphs are unaffected, and a
count of the failures ends the run.  OUTPUT (and the trace) is written when
all graphs are done, replacing any older file in one step, so an interrupted
run leaves the older file as it was.  OUTPUT and the trace must be regular
files or not exist: a directory, a symbolic link, a FIFO or a device
(/dev/null) is refused before any work, as is a directory that takes no new
file (exit status 2).

Exit status: 0 when every graph was generated, 1 when some could not be
(OUTPUT is written all the same), 2 for an error that stops the command
(a missing file, a model that cannot be loaded, --bleu without references).

--bleu prints the corpus BLEU (case-insensitive, 1- to 4-grams, on the
tokens) and chrF++ (sacrebleu's chrF with word 2-grams, lower-cased) against
the references: ``# ::tok``, else ``# ::snt`` without markup tokenized, and
the paraphrases of ``# ::alt-snts`` as further references.

--trace writes one JSON object per graph and line, in input order, with the
keys index, id, sentence, error (null unless it failed), phase1 (the
transitions of phase 1 with their probabilities: [{"transition", "p"}]),
phase2 (the chosen transitions b̂(v) of every vertex in bottom-up order:
[{"vertex", "transitions": [{"transition", "p"}]}]) and score (the winner's
theta_lm_score_lm = θ_LM · score_LM, score_ts by transition class,
score_ts_total and total; theta_lm_score_lm_said, θ_LM · score_LM of the
postprocessed sentence, and said_total = total + theta_lm_score_lm_said, the
score that chose the winner among the root's candidates) and segments; what a
failed graph did not reach is null.  A graph too large to generate whole (more
than 200 vertices or a node of more than 32 children) is generated in segments
said one after the other: its segments list each segment's sentence, phase1,
phase2 and score, its score is their sum part by part, and its phase1 and
phase2 are null (segments is null for a graph generated whole).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tqdm import tqdm

from amrgen.commands import (
    add_dask_option,
    add_encoding_option,
    open_cluster,
    warn_if_unchecked,
)
from amrgen.decoding.limits import DEFAULT_LIMITS, Limits
from amrgen.errors import AmrgenError
from amrgen.io.atomic import check_output_path, write_atomically
from amrgen.io.printable import printable_json

# The generator is imported when a command runs, not when the command line starts
# (amrgen.decoding.limits, above, holds the standard library only).
if TYPE_CHECKING:
    from amrgen.run.graph import GraphResult, Item
    from amrgen.run.runners import Runner
    from amrgen.run.spec import GeneratorFiles, RunSpec


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "generate", help="generate a sentence for every AMR graph of a file",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-i", "--input", required=True, help="AMR corpus (PENMAN, # ::id and # ::snt optional)")
    parser.add_argument("-o", "--output", required=True, help="the sentences, one line per graph (a regular file, or a new one)")
    add_encoding_option(parser)
    add_generator_options(parser)
    add_dask_option(parser)
    parser.add_argument("-b", "--bleu", action="store_true",
                        help="print BLEU and chrF++ against the entries' references (# ::tok, else # ::snt "
                             "tokenized, and the paraphrases of # ::alt-snts)")
    parser.add_argument("-s", "--show-output", action="store_true", help="print each sentence as it is generated")
    parser.add_argument("--trace", metavar="FILE", help="write what generation decided, one JSON line per graph")
    parser.set_defaults(func=run)


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """--max-seconds and --max-memory, the per-graph limits of generate, evaluate and tune."""
    seconds, memory = DEFAULT_LIMITS.seconds, DEFAULT_LIMITS.memory_mb
    parser.add_argument("--max-seconds", type=_limit(float), default=seconds, metavar="S",
                        help="a graph that takes longer gets an empty line and a message (0: no limit; "
                             f"default: {seconds:g})")
    parser.add_argument("--max-memory", type=_limit(int), default=memory, metavar="MB",
                        help="memory one graph may take beyond what its process held when it began; a graph "
                             f"that needs more gets an empty line and a message (0: no limit; default: {memory})")


def _limit(kind: type) -> Callable[[str], float | int | None]:
    """An argparse type for a limit: a finite number ≥ 0 of ``kind``, 0 meaning none (None)."""

    def parse(text: str) -> float | int | None:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value < 0:
            raise argparse.ArgumentTypeError(f"must be a finite number, 0 or more, not {text}")
        return value or None

    return parse


def limits(args: argparse.Namespace) -> Limits:
    """The per-graph limits the options set."""
    return Limits(args.max_seconds, args.max_memory)


def add_generator_options(parser: argparse.ArgumentParser) -> None:
    """--model, --lm, --hyperparameters, --postprocess, --workers and the limits, as generate and evaluate take them."""
    add_model_options(parser)
    add_postprocess_option(parser)
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="processes generating at the same time, each loading the generator (default: 1)")
    add_limit_options(parser)


def add_model_options(parser: argparse.ArgumentParser) -> None:
    """--model, --lm and --hyperparameters: the generator's files (the shipped default's where not given)."""
    parser.add_argument("--model", metavar="DIR", help="model directory (default: the shipped resources/default/model)")
    parser.add_argument("--lm", metavar="FILE", help="KenLM language model (default: resources/default/lm.binary)")
    parser.add_argument("--hyperparameters", metavar="FILE",
                        help="hyperparameters as amrgen tune writes them (default: the shipped default's, "
                             "or the built-in values with --model)")


def add_postprocess_option(parser: argparse.ArgumentParser) -> None:
    """--postprocess thesis|full|FILE (thesis 4.4 and our additions) and --conventions CORPUS."""
    parser.add_argument("--postprocess", metavar="thesis|full|FILE",
                        help="the postprocessing pipeline: thesis (exactly Section 4.4), full (every step), or a "
                             "file of step names, one a line, # for comments (default: the hyperparameters')")
    parser.add_argument("--conventions", metavar="CORPUS",
                        help="follow the punctuation conventions of the references of this AMR corpus file (a "
                             "final mark, quoted dialogue and speech, ! for :mode expressive), e.g. the training "
                             "part of the corpus generated for (default: those of the model's training corpus)")


def generator_files(args: argparse.Namespace) -> GeneratorFiles:
    """The generator the options name, as absolute paths (worker processes may read
    them); a language model without its checksum file gets one warning line."""
    from amrgen.postprocess.pipeline import PIPELINES
    from amrgen.run.spec import GeneratorFiles

    if args.workers < 1:
        raise AmrgenError(f"--workers must be at least 1, not {args.workers}")
    paths = (str(Path(p).resolve()) if p else None for p in (args.model, args.lm, args.hyperparameters))
    postprocess = args.postprocess
    if postprocess is not None and postprocess not in PIPELINES:
        postprocess = str(Path(postprocess).resolve())
    files = GeneratorFiles(*paths, postprocess=postprocess,
                           conventions=str(Path(args.conventions).resolve()) if args.conventions else None)
    warn_if_unchecked(files.lm_path)
    return files


def run_spec(args: argparse.Namespace) -> RunSpec:
    """The run the options ask for, resolved once (:meth:`amrgen.run.spec.RunSpec.resolve`):
    an unknown postprocessing step or a --conventions corpus without references fails
    here, before any work."""
    return generator_files(args).resolve(limits(args))


def run(args: argparse.Namespace) -> int:
    from amrgen.evaluation.score import reference_tokens
    from amrgen.io.penman_corpus import read_items
    from amrgen.run.corpus import runner_for

    spec = run_spec(args)
    for path in (args.output, args.trace):
        if path:
            check_output_path(path, [args.input])
    items = read_items(args.input, args.encoding)
    references = [reference_tokens(item) for item in items]
    if args.bleu and not any(references):
        raise AmrgenError(f"{args.input}: no entry has a reference sentence (# ::snt or # ::tok) for --bleu")

    def show(result: GraphResult) -> None:
        if args.show_output and not result.failed:
            tqdm.write(result.sentence, file=sys.stdout)

    with open_cluster(args) as cluster:
        results = generate_all(spec, items, runner_for(args.workers, cluster), trace=bool(args.trace),
                               on_result=show)
    write_atomically(args.output, "".join(f"{r.sentence}\n" for r in results))
    if args.trace:
        write_atomically(args.trace, "".join(printable_json(r.trace) + "\n" for r in results))
    if args.bleu:
        from amrgen.evaluation.score import corpus_score, scored

        score = corpus_score(scored([r.sentence for r in results], items))
        print(f"BLEU: {score.bleu:.2f}{unscored_note(references)}")
        print(f"chrF++: {score.chrf:.2f}")
    return 1 if any(r.failed for r in results) else 0


def generate_all(spec: RunSpec, items: list[Item], runner: Runner | None = None, trace: bool = False,
                 on_result: Callable[[GraphResult], None] | None = None) -> list[GraphResult]:
    """:func:`~amrgen.run.corpus.run_corpus` with a message on stderr for each graph
    that could not be generated and their count at the end."""
    from amrgen.run.corpus import run_corpus
    from amrgen.run.runners import OneProcess

    runner = runner or OneProcess()
    print(f"amrgen: loading the generator{runner.describe()} ...", file=sys.stderr, flush=True)

    def report(result: GraphResult) -> None:
        if result.failed:
            tqdm.write(f"amrgen: could not generate {result.message}", file=sys.stderr)
        if on_result is not None:
            on_result(result)

    results = run_corpus(spec, items, runner, trace=trace, on_result=report)
    failed = sum(r.failed for r in results)
    if failed:
        print(f"amrgen: {failed} of {len(results)} graphs could not be generated", file=sys.stderr)
    return results


def unscored_note(references: list[list[str] | None]) -> str:
    """What BLEU left out: the graphs without a reference, if any."""
    left_out = sum(ref is None for ref in references)
    return f" ({left_out} graph{'s' * (left_out != 1)} without a reference left out)" if left_out else ""
