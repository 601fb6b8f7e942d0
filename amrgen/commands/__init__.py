"""The commands of the ``amrgen`` command line, one module each (see :mod:`amrgen.cli`),
and the options several of them share."""

import argparse
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path


def add_encoding_option(parser: argparse.ArgumentParser) -> None:
    """--encoding NAME: the encoding of the whole input corpus, checked when the command line is read."""
    parser.add_argument("--encoding", type=_encoding, metavar="NAME",
                        help="the input corpus's encoding, e.g. latin-1 or utf-16 (default: UTF-8, where an "
                             "entry with bytes that are not UTF-8 is reported and left out)")


def _encoding(name: str) -> str:
    from amrgen.io import CorpusFormatError
    from amrgen.io.penman_corpus import text_codec

    try:
        text_codec(name)
    except CorpusFormatError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return name


def add_dask_option(parser: argparse.ArgumentParser) -> None:
    """--dask ADDRESS: work on a Dask distributed cluster (see :mod:`amrgen.run.cluster`)."""
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="run on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://HOST:8786), "
                             "or on a local one of --workers processes started for this run (local)")


def open_cluster(args: argparse.Namespace) -> AbstractContextManager:
    """The cluster --dask names, connected for a with block; None without --dask."""
    if not args.dask:
        return nullcontext()
    # Dask is imported only when asked for.
    from amrgen.run.cluster import connect

    return connect(args.dask, args.workers)


def warn_if_unchecked(lm_path: str | Path | None) -> None:
    """One warning line on stderr when the language model (None: the shipped one) has no
    checksum file beside it (:func:`amrgen.lm.model.unchecked_note`)."""
    from amrgen.lm.model import DEFAULT_LM, unchecked_note

    note = unchecked_note(lm_path or DEFAULT_LM)
    if note:
        from amrgen.io.printable import escaped

        print(f"amrgen: warning: {escaped(note)}", file=sys.stderr)
