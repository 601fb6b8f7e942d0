"""What the word-list scripts count in the language model's text (``../shared/data/lm-text``):
its lines, lower-cased, the scripts' common options, and the list they write
(scripts/count_infinitive_verbs.py, scripts/count_mass_nouns.py)."""

from __future__ import annotations

import argparse
import gzip
from collections.abc import Iterator, Sequence
from pathlib import Path

from amrgen.corpus_registry import corpus
from amrgen.io.atomic import write_atomically
from amrgen.paths import RESOURCES_DIR


def counting_options(description: str, word_list: str, share: str, default: float) -> argparse.Namespace:
    """The options of a counting script: ``-o`` (the list, ``resources/lexicon/WORD_LIST``),
    ``--min-count`` and the share ``--SHARE`` a word must pass; ``options`` says them as given,
    for the list's header."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-o", "--output", default=RESOURCES_DIR / "lexicon" / word_list, type=Path)
    parser.add_argument("--min-count", type=int, default=20)
    parser.add_argument(f"--{share}", type=float, default=default)
    args = parser.parse_args()
    args.options = f"--min-count {args.min_count} --{share} {getattr(args, share.replace('-', '_'))}"
    return args


def lm_text_lines() -> Iterator[str]:
    """Every line of the language model's text, lower-cased, file by file in name order."""
    for path in sorted(corpus("lm-text").location.glob("*.gz")):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as text:
            for line in text:
                yield line.lower()


def write_word_list(args: argparse.Namespace, script: str, about: str, rows: Sequence[tuple]) -> None:
    """Write the list to ``args.output``: ``about`` (what it holds, one comment line or more)
    and where it was counted, then one tab-separated row a word."""
    header = f"# {about}\n# Source: counted in ../shared/data/lm-text by scripts/{script} ({args.options}).\n"
    write_atomically(args.output, header + "".join("\t".join(map(str, row)) + "\n" for row in rows))
    print(f"{len(rows)} words to {args.output}")
