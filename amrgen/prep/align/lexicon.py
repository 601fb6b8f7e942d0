"""What the aligners share (reference §2, thesis 4.3.1): the concepts the reference
implementation's ``WordLists`` treats apart, and the words a concept or a number may be.

The word lists themselves are :mod:`amrgen.lexicon.words`; the concept-to-word entries of
:data:`~amrgen.lexicon.words.CONCEPT_WORDS` say which words a concept may legitimately be realized
as when its own form is not one of them (``possible-01`` as "can", ``-`` as "not"), so that both
the rule-based aligner can find them and the handwritten rules keep them.
"""

from __future__ import annotations

import re

from amrgen.amr import Amr, concept_form
from amrgen.amr_vocabulary import DATE_ENTITY, MODE, MULTI_SENTENCE, ORDINAL_ENTITY, POLITE, WIKI
from amrgen.graph import Vertex
from amrgen.lexicon.words import (
    BE_FORMS,
    CARDINAL_NUMBERS,
    CONCEPT_WORDS,
    CONTRACTED_BE_FORMS,
    MULTIPLIERS,
    ORDINAL_NUMBERS,
    QUANTITY_WORDS,
)

HAVE_INSTANCES = frozenset({"have-03", "have-06", "have-04", "obligate-01", "have-00"})
"""Concepts that may keep an alignment to a have-form (reference §2 ``haveInstances``)."""
NO_ALIGNMENT_CONCEPTS = frozenset(
    {
        "byline-91",
        ORDINAL_ENTITY,
        "temporal-quantity",
        "monetary-quantity",
        "mass-quantity",
        MULTI_SENTENCE,
        DATE_ENTITY,
    }
)
"""Concepts whose alignments are removed (reference §2)."""
STRIPPED_BE_FORMS = BE_FORMS | CONTRACTED_BE_FORMS
"""⟨be⟩ and its contraction 'm: words the aligners never align (reference §2)."""
NUMBER_WORDS = CARDINAL_NUMBERS | MULTIPLIERS | QUANTITY_WORDS
"""Every word that stands for a number, ↦ its value."""

_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
_ORDINAL_SUFFIX = re.compile(r"(\d+)(?:st|nd|rd|th)")


def licensed_words(label: str) -> frozenset[str]:
    """The words a vertex with this label may be realized as, by form alone.

    Its form, the parts of a hyphenated form (``at-least``), and the
    :data:`~amrgen.lexicon.words.CONCEPT_WORDS` entry of the form (``possible`` → can, may, ...).
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
    value = NUMBER_WORDS.get(text, ORDINAL_NUMBERS.get(text))
    return None if value is None else float(value)


def is_unrealized_constant(amr: Amr, v: Vertex) -> bool:
    """Constants that no word realizes: ``:wiki`` values, ``:mode`` and ``:polite`` values."""
    if v not in amr.constants:
        return False
    return any(role in (WIKI, MODE, POLITE) for _, role, _ in amr.graph.in_edges(v))


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
