"""Count, in the language model's text, the nouns that are rarely plural: mass nouns
(*information*, *advice*, *evidence*), which stay singular after *all* ("all information",
not "all informations"; :mod:`amrgen.decoding.probabilities`).

Usage: python scripts/count_mass_nouns.py [-o resources/lexicon/mass-nouns.tsv]
       [--min-count 20] [--max-share 0.01]

For each word of ``../shared/data/lm-text`` that lemminflect knows as a singular noun (its
lemma as a noun is itself and its plural another word), the share of its plural among the
uses of both forms; the nouns seen at least ``--min-count`` times in all whose plural is at
most ``--max-share`` of them are written, most frequent first (information 0.000, money
0.002, evidence 0.007; president 0.041, whose singular "the President" is frequent, is over
the line). No tagger reads the text, so a word that is also a verb ("need", "help") counts its verb's
third person as a plural; such words come out as count nouns, which they mostly are too.
"""

from __future__ import annotations

import argparse
import gzip
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

from amrgen.corpus_registry import corpus
from amrgen.io.atomic import write_atomically
from amrgen.realization.inflection import load_lemmas

ROOT = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"[a-z]+")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-o", "--output", default=ROOT / "resources/lexicon/mass-nouns.tsv", type=Path)
    parser.add_argument("--min-count", type=int, default=20)
    parser.add_argument("--max-share", type=float, default=0.01)
    args = parser.parse_args()
    load_lemmas()
    from lemminflect import getInflection, getLemma

    @lru_cache(maxsize=None)
    def plural(word: str) -> str | None:
        if getLemma(word, upos="NOUN", lemmatize_oov=False) != (word,):
            return None
        forms = getInflection(word, "NNS", inflect_oov=False)
        return forms[0] if forms and forms[0] != word else None

    counts: Counter[str] = Counter()
    for path in sorted(corpus("lm-text").location.glob("*.gz")):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as text:
            for line in text:
                counts.update(_WORD.findall(line.lower()))
    rows = []
    for word, n in counts.most_common():
        if n < args.min_count:
            break
        form = plural(word)
        if form is None:
            continue
        total = n + counts[form]
        if counts[form] / total <= args.max_share:
            rows.append((word, form, n, counts[form], f"{counts[form] / total:.3f}"))
    header = ("# Nouns rarely plural in the language model's text (mass nouns): noun, its plural, uses of each, "
              "the plural's share.\n# Source: counted in ../shared/data/lm-text by scripts/count_mass_nouns.py "
              f"(--min-count {args.min_count} --max-share {args.max_share}).\n")
    write_atomically(args.output, header + "".join("\t".join(map(str, row)) + "\n" for row in rows))
    print(f"{len(rows)} nouns to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
