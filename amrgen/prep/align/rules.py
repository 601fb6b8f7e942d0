"""The rule-based greedy aligner A_rb (thesis 4.3.1), after JAMR's aligner (Flanigan et al. 2014).

Rules run in a fixed order and each claims words greedily; every alignment
is a contiguous span of w' = w1 ... wm (1-based positions):

1. *Named entities*: a ``name`` vertex whose ``:op1`` ... ``:opN`` strings,
   read together, spell a contiguous run of words (compared letter by
   letter, so ``"B-Raf"`` matches "b raf"); failing that, a run of N
   words each sharing a four-letter prefix with its string ("chinese" for
   ``"China"``).  Each string is aligned to its words; the ``name`` vertex
   and the entity above it (``country :name n``) to the whole run.
2. *Dates*: the ``:day``, ``:month``, ``:year``, ``:decade`` and
   ``:century`` numbers of a ``date-entity`` to the closest words that
   spell them (digits, month names, ordinals, "2008-03-05"), at most one
   word apart each, and the date-entity to the run they cover.
3. *Numbers*: a numeric constant to a word of the same value ("5", "five",
   "5th", "1,000", "50%") or to a number followed by a multiplier
   ("2.5 million").
4. *Concepts and strings*, in three passes over all vertices depth-first:
   the word or its lemma equals the form (``want-01`` → "want"); the word
   is one the concept may stand for (:data:`~amrgen.lexicon.words.CONCEPT_WORDS`:
   ``possible-01`` → "can"); the word, or the word without a negative
   prefix, shares a prefix of at least four letters with the form
   (``develop-02`` → "developer", ``specific`` → "nonspecific"), longer
   prefixes first.
5. *Polarity*: ``:polarity -`` to the word of its parent if that word is the
   parent's form behind a negative prefix ("unable"), else to the negation
   word ("not", "n't", "no", "never", "without", ...) nearest its parent.
6. *Person-of, thing-of*: an unaligned ``person`` or ``thing`` takes the span
   of its ``:ARGn-of`` child ("developer" for ``person :ARG0-of develop-02``).

A word claimed by one vertex is not given to another, except within a
group that one rule aligns together (a name's strings, name vertex and
entity; a date; a derived person or thing).  Where a rule has several free
candidate words it takes the one closest to the words already aligned to
the vertex's neighbours, else the leftmost, so the result is deterministic.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

from amrgen.amr import Amr, concept_form
from amrgen.amr_vocabulary import POLARITY
from amrgen.graph import Vertex
from amrgen.lexicon.words import CONCEPT_WORDS, MONTHS, MULTIPLIERS, NEGATION_PREFIXES, NEGATION_WORDS
from amrgen.prep.align.lexicon import (
    common_prefix_length,
    in_role,
    is_unrealized_constant,
    number_value,
)
from amrgen.prep.align.spans import Alignment, word_span

MIN_PREFIX = 4
"""Shortest common prefix of a fuzzy match (``develop`` / "developer")."""

_OP_ROLE = re.compile(r"op(\d+)")
_NON_ALNUM = re.compile(r"[^0-9a-z]")
_DATE_ROLES = ("day", "month", "year", "decade", "century")
_DERIVED_ROLE = re.compile(r"ARG\d-of")
_GROUP_HEADS = frozenset({"person", "thing"})


def rule_alignment(
    amr: Amr, words: Sequence[str], lemmas: Sequence[str] | None = None
) -> Alignment:
    """A_rb for one graph and its prepared words (1-based positions in the result)."""
    return _RuleAligner(amr, words, lemmas or words).run()


def depth_first(amr: Amr) -> list[Vertex]:
    """The vertices in written (depth-first) order, each once."""
    return list(dict.fromkeys(amr.paths[path] for path in sorted(amr.paths)))


def _letters(text: str) -> str:
    return _NON_ALNUM.sub("", text.lower())


class _RuleAligner:
    def __init__(self, amr: Amr, words: Sequence[str], lemmas: Sequence[str]) -> None:
        self.amr = amr
        self.graph = amr.graph
        self.words = [w.lower() for w in words]
        self.lemmas = [lemma.lower() for lemma in lemmas]
        self.order = depth_first(amr)
        self.used: set[int] = set()
        self.alignment: Alignment = {}

    def run(self) -> Alignment:
        self.align_names()
        self.align_dates()
        self.align_numbers()
        self.align_concepts()
        self.align_polarity()
        self.align_derived()
        return self.alignment

    # -- bookkeeping ---------------------------------------------------------

    def positions(self) -> range:
        return range(1, len(self.words) + 1)

    def word(self, i: int) -> str:
        return self.words[i - 1]

    def free(self, positions: Iterable[int]) -> bool:
        return not self.used.intersection(positions)

    def claim(self, v: Vertex, positions: frozenset[int]) -> None:
        self.alignment[v] = positions
        self.used |= positions

    def share(self, v: Vertex, positions: frozenset[int]) -> None:
        """Align v to words its group already claimed."""
        if v not in self.alignment:
            self.alignment[v] = positions

    def candidates_to_align(self) -> list[Vertex]:
        return [
            v for v in self.order
            if v not in self.alignment and not is_unrealized_constant(self.amr, v)
        ]

    def closest(self, v: Vertex, candidates: Iterable[int]) -> int:
        """The candidate nearest the words aligned to v's neighbours, else the leftmost."""
        neighbours = self.graph.parents(v) + self.graph.children(v)
        anchors = [i for n in neighbours for i in self.alignment.get(n, ())]
        if not anchors:
            return min(candidates)
        return min(candidates, key=lambda i: (min(abs(i - a) for a in anchors), i))

    # -- 1. named entities ------------------------------------------------------

    def align_names(self) -> None:
        for v in self.order:
            if self.graph.label(v) != "name":
                continue
            ops = sorted(
                (int(m.group(1)), child)
                for _, role, child in self.graph.out_edges(v)
                if (m := _OP_ROLE.fullmatch(role)) and child in self.amr.constants
            )
            strings = [_letters(concept_form(self.graph.label(c))) for _, c in ops]
            if not ops or not all(strings):
                continue
            found = self.find_name(strings) or self.find_fuzzy_name(strings)
            if found is None:
                continue
            for (_, op), positions in zip(ops, found):
                self.claim(op, positions)
            whole = word_span(min(found[0]), max(found[-1]))
            self.claim(v, whole)
            for parent, role, _ in self.graph.in_edges(v):
                if role == "name":
                    self.share(parent, whole)

    def find_name(self, strings: list[str]) -> list[frozenset[int]] | None:
        """Per string its words, for the first free run of words spelling the strings together."""
        target = "".join(strings)
        offsets = list(itertools.accumulate(len(s) for s in strings))
        for first in self.positions():
            spelled, ends = "", []
            for i in range(first, len(self.words) + 1):
                spelled += _letters(self.word(i))
                ends.append(len(spelled))
                if not target.startswith(spelled) or i in self.used:
                    break
                if spelled == target:
                    return self._words_per_string(first, ends, offsets)
        return None

    @staticmethod
    def _words_per_string(first: int, ends: list[int], offsets: list[int]) -> list[frozenset[int]]:
        """Word i covers letters [ends[i-1], ends[i]); string k covers [offsets[k-1], offsets[k])."""
        starts = [0] + ends[:-1]
        string_starts = [0] + offsets[:-1]
        return [
            frozenset(
                first + j
                for j, (ws, we) in enumerate(zip(starts, ends))
                if ws < so and we > ss
            )
            for ss, so in zip(string_starts, offsets)
        ]

    def find_fuzzy_name(self, strings: list[str]) -> list[frozenset[int]] | None:
        n = len(strings)
        for first in range(1, len(self.words) - n + 2):
            run = range(first, first + n)
            if self.free(run) and all(
                common_prefix_length(_letters(self.word(i)), s) >= MIN_PREFIX
                for i, s in zip(run, strings)
            ):
                return [frozenset({i}) for i in run]
        return None

    # -- 2. dates -----------------------------------------------------------------

    def align_dates(self) -> None:
        for v in self.order:
            if self.graph.label(v) != "date-entity":
                continue
            parts = [
                (role, child)
                for _, role, child in self.graph.out_edges(v)
                if role in _DATE_ROLES and child in self.amr.constants
            ]
            options = [self.date_words(role, self.graph.label(child)) for role, child in parts]
            if not parts or not all(options):
                continue
            best = min(itertools.product(*options), key=lambda c: (max(c) - min(c), min(c)))
            if max(best) - min(best) > 2 * (len(parts) - 1):
                continue
            for (_, child), i in zip(parts, best):
                self.claim(child, frozenset({i}))
            self.share(v, word_span(min(best), max(best)))

    def date_words(self, role: str, label: str) -> list[int]:
        """Free positions of words that can spell a date component."""
        value = number_value(str(label))
        if value is None:
            return []
        value = int(value)
        spellings = {str(value), f"{value:02d}"}
        if role == "month" and 1 <= value <= 12:
            spellings |= {MONTHS[value - 1], MONTHS[value - 1][:3]}
        if role == "year":
            spellings.add(f"{value % 100:02d}")
        if role == "decade":
            spellings |= {f"{value}s", f"{value % 100:02d}s"}
        return [
            i for i in self.positions()
            if i not in self.used
            and (
                self.word(i) in spellings
                or number_value(self.word(i)) == value
                or value in (int(digits) for digits in re.findall(r"\d+", self.word(i)))
            )
        ]

    # -- 3. numbers -------------------------------------------------------------

    def align_numbers(self) -> None:
        for v in self.candidates_to_align():
            if v not in self.amr.constants:
                continue
            value = number_value(str(self.graph.label(v)))
            if value is None:
                continue
            spans = [frozenset({i}) for i in self.positions() if number_value(self.word(i)) == value]
            spans += [
                word_span(i, i + 1)
                for i in range(1, len(self.words))
                if self.word(i + 1) in MULTIPLIERS
                and (number_value(self.word(i)) or 0) * MULTIPLIERS[self.word(i + 1)] == value
            ]
            spans = [s for s in spans if self.free(s)]
            if spans:
                best = self.closest(v, (min(s) for s in spans))
                self.claim(v, next(s for s in spans if min(s) == best))

    # -- 4. concepts and strings -------------------------------------------------

    def align_concepts(self) -> None:
        vertices = [
            v for v in self.candidates_to_align()
            if not (v in self.amr.constants and in_role(self.amr, v, POLARITY))
        ]
        for matches in (self.matches_exactly, self.matches_concept_word, self.matches_prefix):
            for v in vertices:
                if v in self.alignment:
                    continue
                form = concept_form(self.graph.label(v))
                scored = {
                    i: score for i in self.positions()
                    if i not in self.used and (score := matches(form, i))
                }
                if scored:
                    best = max(scored.values())
                    self.claim(v, frozenset({self.closest(v, [i for i, s in scored.items() if s == best])}))

    def matches_exactly(self, form: str, i: int) -> int:
        return int(form in (self.word(i), self.lemmas[i - 1]))

    def matches_concept_word(self, form: str, i: int) -> int:
        allowed = CONCEPT_WORDS.get(form, frozenset())
        return int(self.word(i) in allowed or self.lemmas[i - 1] in allowed)

    def matches_prefix(self, form: str, i: int) -> int:
        """The common prefix length if it is at least MIN_PREFIX, else 0.

        A negative prefix of the word is looked through ("nonspecific" for ``specific``).
        """
        word = self.word(i)
        spellings = [word, self.lemmas[i - 1]] + [
            word[len(prefix):] for prefix in NEGATION_PREFIXES if word.startswith(prefix)
        ]
        shared = max(common_prefix_length(form, spelling) for spelling in spellings)
        return shared if shared >= MIN_PREFIX else 0

    # -- 5. polarity --------------------------------------------------------------

    def align_polarity(self) -> None:
        for v in self.candidates_to_align():
            if not (v in self.amr.constants and in_role(self.amr, v, POLARITY)):
                continue
            prefixed = [
                frozenset({i})
                for parent in self.graph.parents(v)
                for i in sorted(self.alignment.get(parent, ()))
                if self.has_negative_prefix(self.word(i), concept_form(self.graph.label(parent)))
            ]
            if prefixed:
                self.share(v, prefixed[0])
                continue
            negations = [i for i in self.positions() if i not in self.used and self.word(i) in NEGATION_WORDS]
            if negations:
                self.claim(v, frozenset({self.closest(v, negations)}))

    @staticmethod
    def has_negative_prefix(word: str, form: str) -> bool:
        """Whether ``word`` is ``form`` behind a negative prefix: "unable" for ``able``."""
        return any(
            word.startswith(prefix)
            and common_prefix_length(word[len(prefix):], form) >= min(MIN_PREFIX, len(form))
            for prefix in NEGATION_PREFIXES
        )

    # -- 6. person-of, thing-of -----------------------------------------------------

    def align_derived(self) -> None:
        for v in self.candidates_to_align():
            if concept_form(self.graph.label(v)) not in _GROUP_HEADS:
                continue
            derived = [
                self.alignment[child]
                for _, role, child in self.graph.out_edges(v)
                if _DERIVED_ROLE.fullmatch(role) and child in self.alignment
            ]
            if derived:
                self.share(v, derived[0])
