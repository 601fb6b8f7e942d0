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

import re
from collections import Counter
from functools import lru_cache

from amrgen.lm.word_counts import counting_options, lm_text_lines, write_word_list
from amrgen.realization.inflection import load_lemmas

_WORD = re.compile(r"[a-z]+")


def main() -> int:
    args = counting_options(__doc__, "mass-nouns.tsv", "max-share", 0.01)
    load_lemmas()
    from lemminflect import getInflection, getLemma

    @lru_cache(maxsize=None)
    def plural(word: str) -> str | None:
        if getLemma(word, upos="NOUN", lemmatize_oov=False) != (word,):
            return None
        forms = getInflection(word, "NNS", inflect_oov=False)
        return forms[0] if forms and forms[0] != word else None

    counts: Counter[str] = Counter()
    for line in lm_text_lines():
        counts.update(_WORD.findall(line))
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
    write_word_list(args, "count_mass_nouns.py", "Nouns rarely plural in the language model's text (mass nouns): "
                    "noun, its plural, uses of each, the plural's share.", rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
