"""``amrgen lm``: the generator's n-gram language model (thesis 2.6, score_LM in 4.2.1).

``amrgen lm build`` estimates a modified Kneser-Ney model with KenLM's ``lmplz`` and stores it as a
KenLM binary trie (``build_binary``), or as ARPA text when LM ends in ``.arpa``. The text is
tokenized as the references are and lower-cased, punctuation kept (see amrgen.lm.build).
``amrgen lm perplexity`` gives a model's perplexity and out-of-vocabulary rate on sentences.
``amrgen lm checksum`` records the size and SHA-256 of a model built by KenLM's tools directly in
LM.sha256 beside it, as ``build`` does, so that a damaged copy is refused from then on (a model
without it loads with a warning).
Progress goes to stderr, results to stdout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from amrgen.commands import warn_if_unchecked
from amrgen.errors import AmrgenError
from amrgen.io.atomic import check_output_path
from amrgen.lm.build import (
    DEFAULT_MEMORY,
    DEFAULT_QUANTIZE,
    MAX_ORDER,
    amr_sentences,
    build_lm,
    text_sentences,
)
from amrgen.lm.model import LanguageModel, checksum_path, words_of, write_checksum


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("lm", help="build a language model, or measure its perplexity",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(title="actions", metavar="ACTION", required=True)

    build = actions.add_parser("build", help="estimate an n-gram model from text files and AMR corpora",
                               description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    build.add_argument("texts", nargs="*", metavar="TEXT", help="text file, plain or .gz, one sentence a line")
    build.add_argument("--amr", action="append", default=[], metavar="CORPUS",
                       help="AMR corpus whose reference sentences to add (repeatable)")
    build.add_argument("-o", "--output", required=True, metavar="LM",
                       help="the model to write: KenLM binary, or ARPA if the name ends in .arpa")
    build.add_argument("--order", type=int, default=3, metavar="N", help=f"n-gram order, 2 to {MAX_ORDER} (default: 3)")
    build.add_argument("--prune", type=int, nargs="+", metavar="COUNT",
                       help="drop n-grams seen at most COUNT times, one count per order from unigrams "
                            "(e.g. 0 0 1: singleton trigrams and above)")
    build.add_argument("--quantize", type=int, default=DEFAULT_QUANTIZE, metavar="BITS",
                       help=f"bits per probability and backoff in the binary; 0 for none (default: {DEFAULT_QUANTIZE})")
    build.add_argument("--memory", default=DEFAULT_MEMORY,
                       help=f"sorting memory of lmplz and build_binary, e.g. 2G or 40%% (default: {DEFAULT_MEMORY.replace('%', '%%')})")
    build.set_defaults(func=run_build)

    perplexity = actions.add_parser("perplexity", help="perplexity and OOV rate of a model on sentences",
                                    description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    perplexity.add_argument("model", metavar="LM", help="ARPA or KenLM binary file")
    perplexity.add_argument("texts", nargs="*", metavar="TEXT", help="text file, plain or .gz, one sentence a line")
    perplexity.add_argument("--amr", action="append", default=[], metavar="CORPUS",
                            help="AMR corpus whose reference sentences to score (repeatable)")
    perplexity.set_defaults(func=run_perplexity)

    checksum = actions.add_parser("checksum", help="record a model's size and SHA-256 beside it (LM.sha256)",
                                  description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    checksum.add_argument("model", metavar="LM", help="ARPA or KenLM binary file")
    checksum.set_defaults(func=run_checksum)


def _say(message: str) -> None:
    print(f"amrgen lm: {message}", file=sys.stderr, flush=True)


def run_build(args: argparse.Namespace) -> int:
    check_output_path(args.output, args.texts + args.amr, parent_must_exist=False)  # build_lm makes the directory
    summary = build_lm(args.texts, args.output, amr_corpora=args.amr, order=args.order, prune=args.prune,
                       quantize=args.quantize or None, memory=args.memory, progress=_say)
    skipped = f", {summary.skipped} AMR entries skipped" if summary.skipped else ""
    print(f"{summary.output}: {summary.order}-gram model of {summary.sentences} sentences, "
          f"{summary.tokens} tokens{skipped}; {summary.size / 2**20:.1f} MiB in {summary.seconds:.0f} s")
    return 0


def run_perplexity(args: argparse.Namespace) -> int:
    if not args.texts and not args.amr:
        raise AmrgenError("give at least one TEXT or --amr CORPUS to measure the perplexity on")
    model = LanguageModel.load(args.model)
    warn_if_unchecked(args.model)
    sources: list[tuple[str, Iterator[list[str]]]] = [(t, text_sentences(t)) for t in args.texts]
    sources += [(c, amr_sentences(c, lambda message: _say(f"skipped {message}"))) for c in args.amr]
    print("source\tsentences\ttokens\toov\tperplexity")
    every: list[list[str]] = []
    for name, sentences in sources:
        sentences = list(sentences)
        every += sentences
        print(_row(model, name, sentences))
    if len(sources) > 1:
        print(_row(model, "all", every))
    return 0


def run_checksum(args: argparse.Namespace) -> int:
    """Record the checksum of a model KenLM can read (one it cannot is refused, not recorded)."""
    LanguageModel.load(args.model)
    try:
        write_checksum(args.model)
    except OSError as error:
        raise AmrgenError(f"{checksum_path(args.model)}: cannot write ({error.strerror or error})") from None
    print(f"{checksum_path(args.model)}: written")
    return 0


def _row(model: LanguageModel, name: str, sentences: list[list[str]]) -> str:
    words = [word for sentence in sentences for word in words_of(sentence)]
    oov = sum(map(model.is_oov, words)) / len(words) if words else 0.0
    perplexity = f"{model.perplexity(sentences):.2f}" if sentences else "-"
    return f"{name}\t{len(sentences)}\t{len(words)}\t{oov:.2%}\t{perplexity}"
