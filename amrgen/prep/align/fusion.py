"""Fusing the two candidate alignments and the handwritten rules (thesis 4.3.1, reference §3).

:func:`fuse` is the thesis's formula

    A = A'_wa ∪ {(v, i) ∈ A_rb | ∄ j: (v, j) ∈ A'_wa},

the statistical alignment as the baseline and the rule-based one for the
vertices it leaves unaligned.  :func:`apply_rules` turns A into A_G with the
handwritten rules of the reference implementation (reference §3.2), in this
order:

1. Drop the alignments of NO_ALIGNMENT_CONCEPTS (``date-entity``,
   ``multi-sentence``, ...) and of constants no word realizes (``:wiki``,
   ``:mode``), and every alignment that touches "how" or "where".
2. Strip from the ends of each alignment the words that should get vertices
   of their own through Insert-Child and Insert-Between: punctuation,
   ``-lrb-``/``-rrb-``, articles, be-forms, have-forms (unless the concept is
   one of the have-instances such as ``have-03``), do-forms (unless it is
   ``do-02`` or the like), "will"/"would",
   and the adpositions of W_left, unless the concept is that word or stands
   for it (``before``, ``-`` for "without", ``amr-unknown`` for "which").
   Only the ends are stripped, so an alignment stays contiguous and a word
   inside a multi-word realization ("bank of america") stays.
3. Hyphenated concepts: an unaligned vertex whose concept is several words
   joined by hyphens (``at-least``) is aligned to a contiguous run of exactly
   those words of which none is aligned yet.
4. Every still unaligned vertex whose form is a still unaligned word or its
   lemma (``amr-unknown``: a question word) is aligned to it.
5. Quantities (our addition): the ``:unit`` of a quantity is never aligned to a word
   that says a number (the multiplier of "$ 80 million" taught the realize model
   ``dollar`` → "million"), and a number aligned to the words just before a
   multiplier ("80" of "80 million" for 80000000) takes the multiplier as well.
6. Special concepts: ``have-org-role-91`` takes the alignment of its
   ``:ARG2`` child, else of its ``:ARG1`` child; an unaligned ``:polarity -``
   whose parent is aligned to a word longer than four letters starting with
   "un", "in" or "no" is aligned to that word; ``more`` under ``:degree`` is
   aligned to its parent's word tagged JJR or RBR.
"""

from __future__ import annotations

from collections.abc import Sequence

from amrgen.amr import Amr, concept_form, quantity_of_unit
from amrgen.amr_vocabulary import NEGATIVE, POLARITY, UNKNOWN
from amrgen.graph import Vertex
from amrgen.lexicon.words import (
    ARTICLES,
    DO_FORMS,
    FUTURE_MODALS,
    HAVE_FORMS,
    MULTIPLIERS,
    NO_ALIGNMENT_WORDS,
    PARENTHESES,
    POLARITY_ALIGNMENT_PREFIXES,
    QUESTION_WORDS,
    W_LEFT,
)
from amrgen.prep.align.lexicon import (
    HAVE_INSTANCES,
    NO_ALIGNMENT_CONCEPTS,
    STRIPPED_BE_FORMS,
    in_role,
    is_unrealized_constant,
    licensed_words,
    number_value,
)
from amrgen.prep.align.spans import Alignment, first_run, word_span

_ALWAYS_STRIPPED = ARTICLES | STRIPPED_BE_FORMS | PARENTHESES
_STRIPPED_UNLESS_LICENSED = FUTURE_MODALS | W_LEFT
_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})


def fuse(a_wa: Alignment, a_rb: Alignment) -> Alignment:
    """A = A'_wa ∪ {(v, i) ∈ A_rb | v is not aligned in A'_wa}.

    A'_wa is formed here from ``a_wa`` (each vertex keeps its first
    contiguous run), so either A_wa or A'_wa may be passed.
    """
    fused = {v: first_run(positions) for v, positions in a_wa.items() if positions}
    for v, positions in a_rb.items():
        if v not in fused and positions:
            fused[v] = frozenset(positions)
    return fused


def is_stripped(amr: Amr, v: Vertex, word: str) -> bool:
    """Whether the handwritten rules remove ``word`` from the alignment of v wherever it stands."""
    label = amr.graph.label(v)
    if label in NO_ALIGNMENT_CONCEPTS or is_unrealized_constant(amr, v):
        return True
    if word in NO_ALIGNMENT_WORDS or word in _ALWAYS_STRIPPED or not any(c.isalnum() for c in word):
        return True
    if quantity_of_unit(amr.graph, v) is not None and number_value(word) is not None:
        return True
    if word in HAVE_FORMS:
        return label not in HAVE_INSTANCES
    if word in DO_FORMS:
        return concept_form(label) != "do"
    return word in _STRIPPED_UNLESS_LICENSED and word not in licensed_words(label)


def apply_rules(
    amr: Amr,
    words: Sequence[str],
    lemmas: Sequence[str],
    pos: Sequence[str],
    alignment: Alignment,
) -> Alignment:
    """A_G: the fused alignment A after the handwritten rules (see the module docstring)."""
    words = [w.lower() for w in words]
    result = _strip(amr, words, _drop_unalignable(amr, words, alignment))
    _align_hyphenated(amr, words, result)
    _align_identical(amr, words, [lemma.lower() for lemma in lemmas], result)
    _join_multipliers(amr, words, result)
    _align_special(amr, words, pos, result)
    return result


def _join_multipliers(amr: Amr, words: list[str], alignment: Alignment) -> None:
    taken = _aligned_positions(alignment)
    for v, positions in list(alignment.items()):
        after = max(positions) + 1
        if v in amr.constants and number_value(str(amr.graph.label(v))) is not None and after <= len(words) \
                and words[after - 1] in MULTIPLIERS and after not in taken:
            alignment[v] = positions | {after}
            taken.add(after)


def _drop_unalignable(amr: Amr, words: list[str], alignment: Alignment) -> Alignment:
    return {
        v: positions
        for v, positions in alignment.items()
        if positions
        and amr.graph.label(v) not in NO_ALIGNMENT_CONCEPTS
        and not is_unrealized_constant(amr, v)
        and not any(words[i - 1] in NO_ALIGNMENT_WORDS for i in positions)
    }


def _strip(amr: Amr, words: list[str], alignment: Alignment) -> Alignment:
    stripped: Alignment = {}
    for v, positions in alignment.items():
        ordered = sorted(positions)
        while ordered and is_stripped(amr, v, words[ordered[0] - 1]):
            ordered.pop(0)
        while ordered and is_stripped(amr, v, words[ordered[-1] - 1]):
            ordered.pop()
        if ordered:
            stripped[v] = frozenset(ordered)
    return stripped


def _unaligned_vertices(amr: Amr, alignment: Alignment) -> list[Vertex]:
    return [
        v for v in amr.graph.vertices
        if v not in alignment
        and amr.graph.label(v) not in NO_ALIGNMENT_CONCEPTS
        and not is_unrealized_constant(amr, v)
    ]


def _aligned_positions(alignment: Alignment) -> set[int]:
    return {i for positions in alignment.values() for i in positions}


def _align_hyphenated(amr: Amr, words: list[str], alignment: Alignment) -> None:
    for v in _unaligned_vertices(amr, alignment):
        parts = concept_form(amr.graph.label(v)).split("-")
        if len(parts) < 2 or not all(parts):
            continue
        taken = _aligned_positions(alignment)
        for first in range(1, len(words) - len(parts) + 2):
            run = word_span(first, first + len(parts) - 1)
            if words[first - 1 : first - 1 + len(parts)] == parts and not run & taken:
                alignment[v] = run
                break


def _align_identical(amr: Amr, words: list[str], lemmas: list[str], alignment: Alignment) -> None:
    taken = _aligned_positions(alignment)
    forms = {v: concept_form(amr.graph.label(v)) for v in _unaligned_vertices(amr, alignment)}
    for i, (word, lemma) in enumerate(zip(words, lemmas), start=1):
        if i in taken or word in NO_ALIGNMENT_WORDS:
            continue
        for v, form in forms.items():
            if v not in alignment and (
                form in (word, lemma) or (form == UNKNOWN and word in QUESTION_WORDS)
            ):
                alignment[v] = frozenset({i})


def _align_special(amr: Amr, words: list[str], pos: Sequence[str], alignment: Alignment) -> None:
    graph = amr.graph
    for v in graph.vertices:
        label = graph.label(v)
        if label == "have-org-role-91":
            children = {role: child for _, role, child in graph.out_edges(v) if role in ("ARG1", "ARG2")}
            source = children.get("ARG2", children.get("ARG1"))
            if source is not None:
                _set(alignment, v, alignment.get(source, frozenset()))
        elif label == NEGATIVE and in_role(amr, v, POLARITY) and v not in alignment:
            negated = [
                i
                for parent in graph.parents(v)
                for i in sorted(alignment.get(parent, ()))
                if len(words[i - 1]) > 4 and words[i - 1].startswith(POLARITY_ALIGNMENT_PREFIXES)
            ]
            if negated:
                alignment[v] = frozenset(negated[:1])
        elif label == "more" and in_role(amr, v, "degree"):
            comparatives = [
                i
                for parent in graph.parents(v)
                for i in sorted(alignment.get(parent, ()))
                if pos[i - 1] in _COMPARATIVE_TAGS
            ]
            if comparatives:
                alignment[v] = frozenset(comparatives[:1])


def _set(alignment: Alignment, v: Vertex, positions: frozenset[int]) -> None:
    if positions:
        alignment[v] = positions
    else:
        alignment.pop(v, None)
