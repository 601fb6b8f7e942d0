"""``amrgen evaluate``: the generator's BLEU on a corpus, by reference length
(thesis Section 6, Figure fig:diagram2 and Table tab:comparison).

Prints ``BLEU: X`` over every graph with a reference (BLEU as ``amrgen
oracle --bleu`` computes it: case-insensitive, 1- to 4-grams, against the
tokenized reference with punctuation), then a table of the graphs whose
reference has <=10, 11-20, 21-30, 31-40 and >40 tokens: their number, BLEU
and mean seconds per graph, and the same over the graphs with at most l_max =
30 reference tokens.  The seconds are the time of generate(G) per graph with
the generator loaded (loading not counted), measured in the process that
generated it: with --workers 1 (the default) in this one, as the thesis's
figure measures it; with more workers in theirs, sharing the cores.

--oracle adds the oracle's BLEU (the ceiling of everything trained on its
transitions) beside it; the corpus is prepared for that (tagged, parsed and
aligned) unless it already is.  --plots DIR writes the figure's two plots,
--csv FILE the table.  A graph that cannot be generated counts with the empty
sentence and is reported as amrgen generate reports it (a graph past
--max-seconds or --max-memory too, as there); the exit status is
amrgen generate's (0: all generated, 1: some could not be, 2: an error).
A graph with paraphrases (``# ::alt-snts``) is scored against all of them.

Several corpora (-i A B C) print one table instead, a row per corpus: its
graphs with a reference, BLEU, chrF++ (sacrebleu's chrF with word 2-grams,
lower-cased as BLEU), len ratio (tokens generated over tokens of the first
references) and s/graph; --csv writes that table, --plots DIR draws it
(corpora.png: BLEU and chrF++ per corpus) beside the two plots by length with
a line per corpus.  --oracle takes one corpus.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from amrgen.commands import add_encoding_option
from amrgen.commands.generate import add_generator_options, generate_all, run_spec, unscored_note
from amrgen.errors import AmrgenError
from amrgen.io.atomic import check_output_path, write_atomically

if TYPE_CHECKING:  # the generator is imported when the command runs
    from amrgen.run.runners import Runner
    from amrgen.run.spec import RunSpec


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("evaluate", help="BLEU and time of the generator on a corpus, by reference length",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-i", "--input", required=True, nargs="+", metavar="CORPUS",
                        help="AMR corpus with references; several: one table, a row per corpus")
    add_encoding_option(parser)
    add_generator_options(parser)
    parser.add_argument("--oracle", action="store_true", help="print the oracle's BLEU ceiling beside it")
    parser.add_argument("--plots", metavar="DIR", help="write bleu-by-length.png and time-by-length.png into DIR")
    parser.add_argument("--csv", metavar="FILE", help="write the table as CSV")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from amrgen.run.corpus import runner_for

    spec = run_spec(args)
    if args.oracle and len(args.input) > 1:
        raise AmrgenError("--oracle takes one corpus")
    if args.csv:
        check_output_path(args.csv, args.input)
    if args.plots and not Path(args.plots).resolve().parent.is_dir():
        raise AmrgenError(f"{args.plots}: the directory to write it in does not exist")
    corpora = [_entries(path, args.encoding) for path in args.input]
    runner = runner_for(args.workers)
    if len(corpora) > 1:
        return _across_corpora(args, spec, runner, corpora)
    return _one_corpus(args, spec, runner, corpora[0])


def _entries(path: str, encoding: str | None) -> list:
    """A corpus's entries, one at least with a reference."""
    from amrgen.evaluation.score import reference_tokens
    from amrgen.io.penman_corpus import read_items

    items = read_items(path, encoding)
    if not any(reference_tokens(item) for item in items):
        raise AmrgenError(f"{path}: no entry has a reference sentence (# ::snt or # ::tok) to evaluate against")
    return items


def _scored(spec: RunSpec, runner: Runner, items: list) -> tuple[list, bool]:
    """The corpus generated and scored (:func:`amrgen.evaluation.score.scored`), and whether some graph failed."""
    from amrgen.evaluation.score import scored

    results = generate_all(spec, items, runner)
    return scored([r.sentence for r in results], items, [r.seconds for r in results]), any(r.failed for r in results)


def _one_corpus(args: argparse.Namespace, spec: RunSpec, runner: Runner, items: list) -> int:
    """The BLEU and the table by reference length of one corpus (see the module docstring)."""
    from amrgen.evaluation.lengths import L_MAX, by_length, format_table, summary, to_csv
    from amrgen.evaluation.score import reference_tokens

    (path,) = args.input
    graphs, failed = _scored(spec, runner, items)
    references = [reference_tokens(item) for item in items]
    systems = {"generator": graphs}
    if args.oracle:
        from amrgen.evaluation.ceiling import oracle_scored

        systems["oracle"] = oracle_scored(path, encoding=args.encoding)
    columns = {name: summary(graphs) for name, graphs in systems.items()}
    print(f"BLEU: {_bleu(columns['generator'][0].bleu)}{unscored_note(references)}")
    if args.oracle:
        print(f"oracle BLEU: {_bleu(columns['oracle'][0].bleu)}")
    print(f"BLEU (l_max = {L_MAX}): {_bleu(columns['generator'][-1].bleu)}")
    print(format_table(columns))
    _timing_note(args.workers)
    if args.csv:
        write_atomically(args.csv, to_csv(columns))
    if args.plots:
        from amrgen.evaluation.plots import plot_by_length

        plot_by_length({name: by_length(graphs) for name, graphs in systems.items()}, args.plots)
    return 1 if failed else 0


def _across_corpora(args: argparse.Namespace, spec: RunSpec, runner: Runner, corpora: list[list]) -> int:
    """One row per corpus (:mod:`amrgen.evaluation.corpus_rows`), the table printed and, if asked, written and drawn."""
    from amrgen.evaluation.corpus_rows import corpora_csv, corpus_row, format_corpora
    from amrgen.evaluation.lengths import by_length

    rows, by_corpus, failed = [], {}, False
    for path, items in zip(args.input, corpora):
        graphs, failed_here = _scored(spec, runner, items)
        failed |= failed_here
        rows.append(corpus_row(path, graphs))
        by_corpus[path] = by_length(graphs)
    print(format_corpora(rows))
    _timing_note(args.workers)
    if args.csv:
        write_atomically(args.csv, corpora_csv(rows))
    if args.plots:
        from amrgen.evaluation.plots import plot_by_length, plot_corpora

        plot_corpora(rows, args.plots)
        plot_by_length(by_corpus, args.plots)
    return 1 if failed else 0


def _timing_note(workers: int) -> None:
    where = "this process" if workers == 1 else f"the {workers} worker processes, sharing the cores"
    print(f"s/graph: mean time of generate() per graph, generator loaded, measured in {where}")


def _bleu(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
