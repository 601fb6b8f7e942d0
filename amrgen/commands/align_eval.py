"""``amrgen align-eval``: align a corpus that carries alignments and score against them (thesis 4.3.1).

The graphs and their tokens (``# ::tok``, else ``# ::snt`` tokenized), tagged
by spaCy, are aligned from scratch by ``align_corpus`` (statistical aligner trained on
the corpus itself, rule-based aligner, fusion, handwritten rules), and the
result is compared with the corpus's own ISI or JAMR alignments (node
alignments only).  Precision, recall and F1 over (vertex, word) pairs are
printed three times: as they are, without name and entity vertices, and
leaving out what the handwritten rules remove on purpose; then the concepts
missed and added most often.
"""

import argparse
import sys
from pathlib import Path

from amrgen.errors import AmrgenError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "align-eval", help="align a corpus that carries ISI/JAMR alignments and score against them",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("corpus", help="AMR corpus with # ::tok (or # ::snt) and ISI/JAMR alignments")
    parser.add_argument("--top", type=int, default=15, help="concepts to list among the errors (default 15)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from amrgen.io.progress import progress_bar

    from amrgen.prep.align.evaluate import evaluate, format_evaluation, load_reference_corpus
    from amrgen.prep.parser import SpacyAnnotator

    if not Path(args.corpus).is_file():
        raise AmrgenError(f"{args.corpus}: no such file")
    corpus = load_reference_corpus(args.corpus, SpacyAnnotator())
    for line in corpus.skipped:
        print(f"amrgen: skipped {line}", file=sys.stderr)
    if not corpus.items:
        raise AmrgenError(f"{args.corpus}: no graph to align")
    with progress_bar(desc="aligning", disable=args.quiet) as bar:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        evaluation = evaluate(corpus, progress)
    print(format_evaluation(evaluation, args.top))
    return 0
