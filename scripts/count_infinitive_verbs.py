"""Count, in the language model's text, the verbs that take a *to*-infinitive whose
subject is their own subject (ARG0: "wanted to leave") or their object (ARG2: "asked
him to leave").

Usage: python scripts/count_infinitive_verbs.py [-o resources/lexicon/infinitive-verbs.tsv]
       [--min-count 20] [--min-share 0.15]

For each verb lemma (lemminflect's lemma of every word that inflects as a verb), in
``../shared/data/lm-text``:

- ARG0: the share of its occurrences that a *to* followed by a verb's base form follows
  within four words ("wanted to leave", "promised her mother to come");
- ARG2: the share of its occurrences before an object pronoun (him, her, them, me, us,
  you) that *to* and a base form follow ("asked him to leave", "allowed them to go"); and,
  of those occurrences followed by either such an infinitive or a clause whose subject is
  the pronoun's subject form ("told him he", "told him that he"), the infinitives' share:
  the choice phase 2 makes, where the ARG1's subject is the ARG2 (*tell* says "told him
  to" in 57 of 100 such, though in 0.08 of all its uses before a pronoun).

The lemmas with a role seen at least ``--min-count`` times with a share of at least
``--min-share``, or (ARG2) with at least ``--min-count`` infinitives or clauses after
the pronoun, the infinitives at least half of them, are written with the roles that
pass, most frequent first.  No tagger reads the text (a word both
noun and verb counts as a verb after *to*), so the shares are rough, but they part the
verbs that take an infinitive (want 0.72, try 0.81, promise 0.16; ask him to 0.56,
allow them to 0.85) from those that take a noun phrase, a clause or a bare infinitive
(show 0.05, succeed 0.03; let him 0.00, hear him 0.00).  Phase 2 says
the ARG1 of such a verb, whose subject the verb's ARG0 or ARG2 controls, as an
infinitive (:mod:`amrgen.decoding.agreement`).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from amrgen.lm.word_counts import counting_options, lm_text_lines, write_word_list
from amrgen.realization.inflection import load_lemmas

WINDOW = 4
"""How many words after the verb its *to* may come ("told the young students to")."""
_WORD = re.compile(r"[a-z']+")
SUBJECTS = {"him": "he", "her": "she", "them": "they", "me": "i", "us": "we", "you": "you"}
"""Each object pronoun ↦ its subject form."""


def main() -> int:
    args = counting_options(__doc__, "infinitive-verbs.tsv", "min-share", 0.15)
    load_lemmas()
    from lemminflect import getLemma

    @lru_cache(maxsize=None)
    def lemma(word: str) -> str | None:
        found = getLemma(word, upos="VERB", lemmatize_oov=False)
        return found[0] if found else None

    seen, with_to, with_clause = Counter(), Counter(), Counter()
    for line in lm_text_lines():
        words = _WORD.findall(line)
        for i, word in enumerate(words):
            verb = lemma(word)
            if verb is None:
                continue
            after = words[i + 1:i + 2 + WINDOW]
            seen[verb, "ARG0"] += 1
            if "to" in after[:-1]:
                following = after[after.index("to") + 1]
                with_to[verb, "ARG0"] += lemma(following) == following
            if after[:1] and after[0] in SUBJECTS:
                seen[verb, "ARG2"] += 1
                with_to[verb, "ARG2"] += after[1:2] == ["to"] and len(after) > 2 and lemma(after[2]) == after[2]
                subject = SUBJECTS[after[0]]
                with_clause[verb] += after[1:2] == [subject] or after[1:3] == ["that", subject]
    passing = {}
    for (verb, role), n in seen.most_common():
        chosen = with_to[verb, role] + with_clause[verb] if role == "ARG2" else 0
        if n >= args.min_count and with_to[verb, role] / n >= args.min_share or (
                chosen >= args.min_count and with_to[verb, role] >= with_clause[verb]):
            passing.setdefault(verb, []).append(role)

    def share(verb: str, role: str) -> str:
        return f"{with_to[verb, role] / seen[verb, role]:.3f}" if seen[verb, role] else "0.000"

    def chosen(verb: str) -> str:
        infinitives = with_to[verb, "ARG2"]
        return f"{infinitives / (infinitives + with_clause[verb]):.3f}" if infinitives else "0.000"

    rows = [(verb, " ".join(sorted(roles)), seen[verb, "ARG0"], share(verb, "ARG0"), seen[verb, "ARG2"],
             share(verb, "ARG2"), with_to[verb, "ARG2"] + with_clause[verb], chosen(verb))
            for verb, roles in passing.items()]
    write_word_list(args, "count_infinitive_verbs.py", (
        f"Verbs that take a to-infinitive whose subject is their ARG0 (to + a base form within {WINDOW} words "
        "after the verb)\n# or their ARG2 (an object pronoun, to and a base form after the verb): lemma, roles, "
        "occurrences, share of them, occurrences before an object pronoun, share of them,\n# of those followed by "
        "an infinitive or by a clause whose subject is the pronoun, the infinitives' share."), rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
