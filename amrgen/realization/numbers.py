"""Numbers and dates as words (thesis 5.2).

"Date entities are converted to month-day-year format, resulting in strings
like 'April 2 2016' [...].  Finally, numbers that are not part of a date are
converted to ordinal numbers if their parent is an instance of the concept
'ordinal-entity' and otherwise left as is, but if they end with six or nine
zeros, the latter are replaced by the string 'million' or 'billion'."

A date entity keeps its parts as vertices of their own (``:month 4 :day 2
:year 2016``); each part is realized here, the date entity itself as ε, and
the Reorder constraint of Section 5.1 puts the parts in month-day-year order
(:data:`amrgen.transitions.constraints.DATE_ORDER`).  The month number
becomes the month's name; day and year stay as they are.  Our additions: a
number that counts (:quant, :frequency) below 100 is spelled in words, as the
Little Prince writes it, and a date's :time 12:00 is noon.
"""

from __future__ import annotations

import re

from amrgen.amr_vocabulary import DATE_ENTITY, ORDINAL_ENTITY
from amrgen.lexicon.words import CARDINAL_NUMBERS, MONTHS, MULTIPLIERS, ORDINAL_NUMBERS, TIMES_OF_DAY

NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
"""A number constant of AMR: integers and decimals with a sign and an exponent
(``-2.5e-10``), said as written unless a rule below says it in words."""

NUMERIC = re.compile(r"[-+.\d]*\d[-+.\deE]*")
"""A constant made of the characters of numbers that is no number (``--5``,
``1.2.3``): it names no concept (``--5`` is not ``-``, the negation, with a
sense tag), so it is said as written."""

COUNTING_ROLES = frozenset({"quant", "frequency"})
"""The roles of a number that counts: spelled in words below 100, as the Little Prince
writes them ("six years", "forty - four times"; but "chapter 4", "asteroid 325")."""
_FREQUENCIES = {1: "once", 2: "twice"}
"""The words of a :frequency said in one word; any other is "N times"."""

_CARDINALS = {value: word for word, value in CARDINAL_NUMBERS.items()}
_ORDINALS = {value: word for word, value in ORDINAL_NUMBERS.items() if value > 0}
NUMBER_WORDS = frozenset({*CARDINAL_NUMBERS, "-"})
"""The words of the numbers below 100 as :func:`spelled` writes them (hyphen included)."""

LARGE_NUMBERS = ((9, "billion"), (6, "million"))
"""(number of trailing zeros, the word that replaces them), the longest first."""



def is_number(label: str) -> bool:
    return bool(NUMBER.fullmatch(label))


def is_numeric(label: str) -> bool:
    """A number, or a constant of :data:`NUMERIC`."""
    return bool(NUMERIC.fullmatch(label))


def number_words(value: str, role: str | None, parent_concept: str | None) -> str:
    """The realization of a number constant reached by an edge ``role`` from
    a vertex with concept ``parent_concept`` (None for the root)."""
    if parent_concept == DATE_ENTITY:
        return month_name(value) if role == "month" else value
    if parent_concept == ORDINAL_ENTITY and role == "value":
        return ordinal(value)
    words = spelled(value) if role in COUNTING_ROLES else value
    if role == "frequency" and value.isdigit():  # how many times: "we met three times"
        return _FREQUENCIES.get(int(value), f"{words} times")
    return words if words != value else abbreviated(value)


def time_of_day(value: str) -> str:
    """``12:00`` → ``noon``, ``00:00`` → ``midnight``; any other time stays as it is."""
    return TIMES_OF_DAY.get(value, value)


def spelled(value: str) -> str:
    """An integer from 0 to 99 in words, tokenized as the references are
    (``44`` → ``forty - four``); any other value stays as it is.  Written by
    hand: none of the project's libraries spells numbers."""
    if not value.isdigit() or int(value) >= 100:
        return value
    n = int(value)
    if n in _CARDINALS:
        return _CARDINALS[n]
    tens, unit = divmod(n, 10)
    return f"{_CARDINALS[10 * tens]} - {_CARDINALS[unit]}"


def contradicts(word: str, value: str) -> bool:
    """Whether a word says a number other than ``value`` in words (``forty``
    for 44): the realize model learns numbers from alignments that may take
    one word of several."""
    return bool(word) and all(token in NUMBER_WORDS for token in word.split()) and word != spelled(value)


def says_a_number(word: str) -> bool:
    """Whether a word is a number, or words of numbers (``20``, ``forty - four``, ``million``):
    what the unit of a quantity is never said as (the realize model may have learnt a unit
    from an alignment to the multiplier of its number, "$ 80 million")."""
    return bool(word) and all(is_number(token) or token in NUMBER_WORDS or token in MULTIPLIERS
                              for token in word.split())


def counted(word: str, value: str) -> tuple[str, ...]:
    """A multiplier said alone for its own value counted once, as English counts it (``thousand``
    for 1000 -> ``a thousand``); nothing for any other word: the realize model
    learnt the multiplier from references whose determiner Insert-Child never explains."""
    if value.isdigit() and MULTIPLIERS.get(word) == int(value):
        return (f"a {word}",)
    return ()


def month_name(value: str) -> str:
    """``4`` → ``april``; a value that is no month stays as it is."""
    return MONTHS[int(value) - 1] if value.isdigit() and 1 <= int(value) <= 12 else value


def ordinal(value: str) -> str:
    """``1`` → ``first`` ... ``10`` → ``tenth``, then ``11th``, ``21st``, ``102nd``;
    anything but a positive integer stays as it is."""
    if not value.isdigit() or int(value) == 0:
        return value
    n = int(value)
    if n in _ORDINALS:
        return _ORDINALS[n]
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def abbreviated(value: str) -> str:
    """An integer ending in nine (six) zeros with them replaced by ``billion``
    (``million``): ``3000000`` → ``3 million``; ``1050000`` stays as it is."""
    for zeros, word in LARGE_NUMBERS:
        head = value[:-zeros]
        if value.endswith("0" * zeros) and head.lstrip("-").isdigit():
            return f"{head} {word}"
    return value
