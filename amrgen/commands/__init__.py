"""The commands of the ``amrgen`` command line, one module each (see :mod:`amrgen.cli`),
and the options several of them share."""

import argparse
import codecs


def add_encoding_option(parser: argparse.ArgumentParser) -> None:
    """--encoding NAME: the encoding of the whole input corpus, checked when the command line is read."""
    parser.add_argument("--encoding", type=_encoding, metavar="NAME",
                        help="the input corpus's encoding, e.g. latin-1 or utf-16 (default: UTF-8, where an "
                             "entry with bytes that are not UTF-8 is reported and left out)")


def _encoding(name: str) -> str:
    try:
        codecs.lookup(name)
    except LookupError:
        raise argparse.ArgumentTypeError(f"unknown encoding {name!r}") from None
    return name
