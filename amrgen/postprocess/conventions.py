"""The punctuation conventions of a training corpus, learnt from its references.

Some postprocessing steps write what one corpus does and another does not:
*The Little Prince* quotes its dialogue (91 of the 115 questions of its
training references begin with a quotation mark) and ends 23 of its 35
``:mode expressive`` sentences with ``!``; QALD-9's questions are never
quoted, and MASSIVE's voice-assistant questions have no punctuation at all.
So ``amrgen train`` counts, in the training references, how often each
convention is followed where it could be (:func:`learn_conventions`), keeps
the shares in the model directory, and a step runs only for a model whose
corpus follows its convention in at least half the cases
(:meth:`Conventions.follows`).  It also keeps the sentence openings that its
references follow with a comma (``however ,``, ``in contrast ,``, ``taken
together ,`` in Bio AMR; ``oh ,`` and ``yes ,`` in the book), for the step
that writes that comma where the search left it out.  A model directory
without them (trained before they were learnt) follows every convention, as
the steps always ran, and knows no opening.

A model trained on several corpora follows the conventions of most of its
references; a user who generates for one corpus gives the generator that
corpus's (``--conventions CORPUS``: :func:`corpus_conventions` counts them
in the references of any AMR corpus file, its training part, say).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amrgen.amr import Amr, has_mode
from amrgen.errors import AmrgenError
from amrgen.graph import Graph, Vertex
from amrgen.io.penman_corpus import CorpusEntry, read_items
from amrgen.lexicon.words import SPEECH_VERBS
from amrgen.prep.tokenize import reference_of

CONVENTIONS = "conventions"
"""The model directory's file of the learnt shares."""
QUOTATION_MARKS = frozenset({'"', "``", "''", "“", "”", "'"})
SENTENCE_MARKS = frozenset({".", "?", "!"})

PUNCTUATED = "punctuated"
"""References that end in a sentence mark, of all references."""
QUOTED_QUESTIONS = "quoted questions"
"""Questions (ending in ``?``) that begin with a quotation mark, of all questions."""
EXCLAIMED = "exclaimed"
"""``:mode expressive`` graphs whose reference ends in ``!``, of all such graphs."""
QUOTED_SPEECH = "quoted speech"
"""References with a quotation mark, of those whose graph has a speech verb."""
PARENTHESIZED = "parenthesized references"
"""References with a bracket, of those whose graph refers to a figure, a table or a
publication (:func:`described_references`)."""
DESCRIBE = "describe-01"
BRACKETS = frozenset({"(", "["})

OPENINGS = "commas after openings"
"""The openings of one to :data:`LONGEST_OPENING` words that the references follow
with a comma, each with (followed by a comma, sentences it opens); only those
followed so at least :data:`LEAST_OPENING_COMMAS` times and in at least half the
sentences they open are kept."""
LONGEST_OPENING = 3
LEAST_OPENING_COMMAS = 3

STEP_CONVENTIONS: dict[str, tuple[str, ...]] = {
    "punctuation": (PUNCTUATED,),
    "punctuation-refined": (PUNCTUATED,),
    "coordination-commas": (PUNCTUATED,),
    "fronted-clause-commas": (PUNCTUATED,),
    "exclamations": (PUNCTUATED, EXCLAIMED),
    "quote-dialogue": (PUNCTUATED, QUOTED_QUESTIONS),
    "quote-speech": (PUNCTUATED, QUOTED_SPEECH),
    "opening-commas": (PUNCTUATED,),
    "parenthesized-references": (PARENTHESIZED,),
}
"""The conventions a step writes: it runs only where the model's corpus follows them all."""


@dataclass(frozen=True)
class Conventions:
    """Convention ↦ (followed, could have been): counts in the training references;
    ``openings``: opening ↦ (followed by a comma, sentences it opens), the words of
    the opening joined by spaces (:data:`OPENINGS`)."""

    counts: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    openings: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def follows(self, convention: str) -> bool:
        """Whether the corpus follows ``convention`` at least half the time;
        True for a convention it was not counted for (a model directory of
        before), False for one it never had the occasion to show."""
        if convention not in self.counts:
            return True
        followed, cases = self.counts[convention]
        return cases > 0 and 2 * followed >= cases

    def allows(self, step_name: str) -> bool:
        """Whether the step ``step_name`` writes only conventions the corpus follows."""
        return all(self.follows(convention) for convention in STEP_CONVENTIONS.get(step_name, ()))

    def comma_after_opening(self, words: Sequence[str]) -> int:
        """The number of words of the longest kept opening that ``words`` begin with, 0 for none."""
        return next((n for n in range(min(LONGEST_OPENING, len(words)), 0, -1)
                     if " ".join(words[:n]) in self.openings), 0)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {convention: list(pair) for convention, pair in sorted(self.counts.items())}
        if self.openings:
            data[OPENINGS] = {opening: list(pair) for opening, pair in sorted(self.openings.items())}
        return data

    @classmethod
    def from_json(cls, data: Any) -> Conventions:
        """The counts of :meth:`to_json`; ValueError (TypeError) naming the convention or
        the opening where ``data`` is not an object of [followed, cases] pairs, 0 ≤ followed ≤ cases."""
        if not isinstance(data, dict):
            raise TypeError(f"expected an object of conventions, found {type(data).__name__}")
        openings = data.get(OPENINGS, {})
        if not isinstance(openings, dict):
            raise TypeError(f"{OPENINGS!r}: expected an object of openings, found {type(openings).__name__}")
        counts = {convention: pair for convention, pair in data.items() if convention != OPENINGS}
        return cls(_pairs(counts), _pairs(openings))


def described_references(g: Graph) -> list[Vertex]:
    """The describe-01 vertices that modify what they describe (``:ARG1-of``): how
    AMR writes a reference to a figure, a table or a publication (``... (Figure
    1A)``, ``... [17]``: the references of 608 of the 625 training graphs of the
    shipped model that have one write a bracket, all of Bio AMR)."""
    return [v for v in g.vertices if str(g.label(v)) == DESCRIBE
            and any(label == "ARG1-of" for _, label, _ in g.in_edges(v))]


def _pairs(data: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    for name, pair in data.items():
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(n) is int for n in pair)
                and 0 <= pair[0] <= pair[1]):
            raise ValueError(f"{name!r}: expected [followed, cases] with 0 <= followed <= cases, "
                             f"found {str(pair)[:40]}")
    return {name: (pair[0], pair[1]) for name, pair in data.items()}


def learn_conventions(references: Iterable[tuple[Graph, Sequence[str]]]) -> Conventions:
    """The counts of every convention in ``references``: each an AMR graph and the
    tokens of its reference sentence; and the openings kept (:data:`OPENINGS`),
    the words lower-cased as the generator writes them."""
    counts = {PUNCTUATED: [0, 0], QUOTED_QUESTIONS: [0, 0], EXCLAIMED: [0, 0], QUOTED_SPEECH: [0, 0],
              PARENTHESIZED: [0, 0]}
    opened: Counter[str] = Counter()
    with_comma: Counter[str] = Counter()

    def count(convention: str, followed: bool) -> None:
        counts[convention][0] += followed
        counts[convention][1] += 1

    for graph, sentence in references:
        tokens = [t for t in sentence if t not in QUOTATION_MARKS]
        if not tokens:
            continue
        quoted = any(t in QUOTATION_MARKS for t in sentence)
        last = tokens[-1]
        count(PUNCTUATED, last in SENTENCE_MARKS)
        if last == "?":
            count(QUOTED_QUESTIONS, sentence[0] in QUOTATION_MARKS)
        if any(has_mode(graph, v, "expressive") for v in graph.vertices):
            count(EXCLAIMED, last == "!")
        if any(str(graph.label(v)) in SPEECH_VERBS for v in graph.vertices):
            count(QUOTED_SPEECH, quoted)
        if described_references(graph):
            count(PARENTHESIZED, any(t in BRACKETS for t in tokens))
        words = [t.lower() for t in tokens]
        for n in range(1, min(LONGEST_OPENING, len(words) - 1) + 1):
            if words[n - 1] == ",":
                break
            opening = " ".join(words[:n])
            opened[opening] += 1
            with_comma[opening] += words[n] == ","
    openings = {opening: (commas, opened[opening]) for opening, commas in with_comma.items()
                if commas >= LEAST_OPENING_COMMAS and 2 * commas >= opened[opening]}
    return Conventions({convention: (pair[0], pair[1]) for convention, pair in counts.items()}, openings)


def corpus_conventions(path: str | Path) -> Conventions:
    """The conventions of the references of the AMR corpus file ``path`` (``# ::tok``
    or ``# ::snt``, tokenized as BLEU's references are); entries that are malformed
    or have no reference are left out.  One :class:`AmrgenError` naming the file
    where it is missing, holds no graph or no reference at all."""
    references = []
    for item in read_items(path):
        if isinstance(item, CorpusEntry):
            try:
                references.append((Amr.from_tree(item.tree).graph, reference_of(item.metadata).tokens))
            except AmrgenError:  # no reference, or a graph that cannot be read: not counted
                continue
    if not references:
        raise AmrgenError(f"{path}: no entry has a reference sentence (# ::snt or # ::tok) to learn conventions from")
    return learn_conventions(references)
