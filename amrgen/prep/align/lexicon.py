"""Word lists and concept forms the aligners share (reference §2, thesis 4.3.1).

The lists of function words are those of the reference implementation's
``WordLists`` (reference-implementation.md §2); the few concept-to-word
entries in :data:`CONCEPT_WORDS` are ours: they say which words a concept
may legitimately be realized as when its own form is not one of them
(``possible-01`` as "can", ``-`` as "not"), so that both the rule-based
aligner can find them and the handwritten rules keep them.
"""

from __future__ import annotations

import re

from amrgen.amr import Amr, concept_form
from amrgen.graph import Vertex

ARTICLES = frozenset({"a", "an", "the"})
HAVE_FORMS = frozenset({"have", "has", "had", "having"})
HAVE_INSTANCES = frozenset({"have-03", "have-06", "have-04", "obligate-01", "have-00"})
"""Concepts that may keep an alignment to a have-form (reference §2 ``haveInstances``)."""
BE_FORMS = frozenset({"'m", "be", "is", "are", "am", "were", "been", "was", "being"})
DO_FORMS = frozenset({"do", "does", "did", "doing", "done"})
FUTURE_MODALS = frozenset({"will", "would", "shall", "'ll", "wo"})
"""Auxiliaries that carry tense only; "can", "may", "must" realize concepts (see CONCEPT_WORDS)."""
QUESTION_WORDS = frozenset({"how", "where", "why", "who", "which", "what", "when"})
W_LEFT = frozenset(
    """aboard about above across after against along amid among anti around as at before behind
    below beneath beside besides between beyond but by concerning despite down during except
    excepting excluding following for from in inside into like minus near of off on onto opposite
    outside over past per plus regarding round save since than through to toward towards under
    underneath unlike until up upon versus via with within without that when who how which what if
    due""".split()
)
"""The words allowed for left Insert-Between (reference §2 ``beforeInsertableWords``), mostly adpositions."""
NO_ALIGNMENT_CONCEPTS = frozenset(
    {
        "byline-91",
        "ordinal-entity",
        "temporal-quantity",
        "monetary-quantity",
        "mass-quantity",
        "multi-sentence",
        "date-entity",
    }
)
"""Concepts whose alignments are removed (reference §2)."""
NO_ALIGNMENT_WORDS = frozenset({"how", "where"})
"""An alignment touching one of these words is dropped entirely (reference §2)."""
PARENTHESES = frozenset({"-lrb-", "-rrb-"})
NEGATION_WORDS = frozenset(
    {"not", "n't", "no", "never", "without", "non", "none", "nothing", "nobody", "neither", "nor", "cannot"}
)
NEGATION_PREFIXES = ("non", "un", "in", "im", "il", "ir", "dis")
MONTHS = (
    "january february march april may june july august september october november december".split()
)

CONCEPT_WORDS: dict[str, frozenset[str]] = {
    concept: frozenset(words.split())
    for concept, words in {
        "-": " ".join(NEGATION_WORDS),
        "and": "furthermore moreover additionally also plus et",
        "other": "al. else",
        "amr-unknown": " ".join(QUESTION_WORDS),
        "possible": "can could may might able cannot ca",
        "obligate": "must should need",
        "recommend": "should",
        "contrast": "but however although whereas yet while",
        "have-concession": "although though despite even but while",
        "cause": "because since so thus therefore due hence as",
        "resemble": "like",
        "include": "including among",
        "instead-of": "instead",
        "rate-entity": "per every",
        "i": "me my mine myself",
        "you": "your yours yourself",
        "he": "him his himself",
        "she": "her hers herself",
        "it": "its itself",
        "we": "us our ours ourselves",
        "they": "them their theirs themselves",
    }.items()
}

NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
        fifteen sixteen seventeen eighteen nineteen twenty""".split()
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
     "hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12,
     "dozen": 12, "half": 0.5, "once": 1, "twice": 2}
ORDINAL_WORDS = {
    word: value
    for value, word in enumerate(
        "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split()
    )
} | {"last": -1}
MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12}

_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
_ORDINAL_SUFFIX = re.compile(r"(\d+)(?:st|nd|rd|th)")


def licensed_words(label: str) -> frozenset[str]:
    """The words a vertex with this label may be realized as, by form alone.

    Its form, the parts of a hyphenated form (``at-least``), and the
    :data:`CONCEPT_WORDS` entry of the form (``possible`` → can, may, ...).
    """
    form = concept_form(label)
    words = {form, *form.split("-")}
    return frozenset(words | CONCEPT_WORDS.get(form, frozenset()))


def number_value(text: str) -> float | None:
    """The number a word or constant stands for: ``5``, ``1,000``, ``2.5``, ``50%``, ``five``, ``5th``."""
    text = text.lower().replace(",", "").removesuffix("%")
    if _NUMBER.fullmatch(text):
        return float(text)
    ordinal = _ORDINAL_SUFFIX.fullmatch(text)
    if ordinal:
        return float(ordinal.group(1))
    value = NUMBER_WORDS.get(text, ORDINAL_WORDS.get(text))
    return None if value is None else float(value)


def is_unrealized_constant(amr: Amr, v: Vertex) -> bool:
    """Constants that no word realizes: ``:wiki`` values, ``:mode`` and ``:polite`` values."""
    if v not in amr.constants:
        return False
    return any(role in ("wiki", "mode", "polite") for _, role, _ in amr.graph.in_edges(v))


def in_role(amr: Amr, v: Vertex, role: str) -> bool:
    """Whether some edge labeled ``role`` leads to v."""
    return any(r == role for _, r, _ in amr.graph.in_edges(v))


def common_prefix_length(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n
