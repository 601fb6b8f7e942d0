"""``amrgen prepare``: turn an AMR corpus into the extended corpus C_ext (thesis 4.3.1).

Reads CORPUS (PENMAN with ``# ::snt`` or ``# ::tok``, optionally ISI or JAMR
alignments), tokenizes and lower-cases the references, tags and parses them
(spaCy, unless ``--dependencies``/``--pos`` or the entries themselves carry
that), aligns graphs and words, and writes PREPARED: a PENMAN file with the
prepared words, tags, dependency trees and alignments as metadata lines
(see :mod:`amrgen.prep.prepared_format`).  ``--normalize`` also collapses
named entities, deverbalizes and drops ``:wiki`` (thesis 5.2).  Entries
that cannot be prepared are skipped, each with a line on stderr; a summary
goes to stdout.
"""

from __future__ import annotations

import argparse
import sys
import time

from amrgen.commands import add_encoding_option
from amrgen.errors import AmrgenError
from amrgen.io.atomic import check_output_path
from amrgen.io.printable import escaped
from amrgen.prep.extended import ExtendedEntry


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "prepare", help="prepare an AMR corpus for training: words, POS, dependencies, alignments",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", help="AMR corpus in PENMAN notation with # ::snt or # ::tok")
    parser.add_argument("-o", "--output", required=True, metavar="PREPARED",
                        help="where to write the prepared corpus")
    add_encoding_option(parser)
    parser.add_argument("--dependencies", metavar="FILE",
                        help="dependency parses of the # ::tok tokens, one per entry: CoNLL-U or Stanford")
    parser.add_argument("--pos", metavar="FILE", help="POS tags of the # ::tok tokens, one line per entry")
    parser.add_argument("--normalize", action="store_true",
                        help="collapse named entities, deverbalize, drop :wiki (thesis 5.2)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="spaCy processes (default: 1, the fastest on two cores)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from amrgen.prep.normalize import normalize
    from amrgen.prep.pipeline import prepare_corpus
    from amrgen.prep.prepared_format import write_prepared

    check_output_path(args.output, [p for p in (args.corpus, args.dependencies, args.pos) if p])
    start = time.perf_counter()
    try:
        corpus = prepare_corpus(args.corpus, dependencies=args.dependencies, pos=args.pos,
                                progress=not args.quiet, workers=args.workers,
                                encoding=args.encoding)
        entries = [normalize(e) for e in corpus.entries] if args.normalize else corpus.entries
        write_prepared(args.output, entries)
    except (AmrgenError, OSError) as error:
        print(f"amrgen prepare: error: {escaped(str(error))}", file=sys.stderr)
        return 1
    for error in corpus.errors:
        print(f"amrgen prepare: skipped {error}", file=sys.stderr)
    print(summary(entries, len(corpus.errors), time.perf_counter() - start))
    print(f"written to {args.output}")
    return 0


def summary(entries: list[ExtendedEntry], skipped: int, seconds: float) -> str:
    """Entries prepared and skipped, the share of aligned vertices, and the time taken."""
    vertices = sum(len(e.amr.graph) for e in entries)
    aligned = sum(len(e.alignment) for e in entries)
    share = f"{100 * aligned / vertices:.1f}%" if vertices else "-"
    return (
        f"prepared {len(entries)} of {len(entries) + skipped} entries ({skipped} skipped) "
        f"in {seconds:.1f} s\naligned vertices: {aligned} of {vertices} ({share})"
    )
