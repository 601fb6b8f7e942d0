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

A model trained on several corpora (several training files) keeps each
corpus's counts too, and a model of which corpus a graph is most like
(:class:`~amrgen.postprocess.corpora.CorpusModel`): a graph follows a
convention where the corpora, weighted by how likely the graph is of each,
follow it at least half the time (:meth:`Conventions.for_graph`), so the
book's dialogue is quoted and QALD's questions are not.  A user who generates
for one corpus gives the generator that corpus's conventions instead
(``--conventions CORPUS``: :func:`corpus_conventions` counts them in the
references of any AMR corpus file, its training part, say).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amrgen.amr import Amr, has_mode
from amrgen.errors import AmrgenError
from amrgen.graph import Graph, Vertex
from amrgen.io.penman_corpus import CorpusEntry, read_items
from amrgen.lexicon.words import SPEECH_VERBS
from amrgen.postprocess.corpora import CorpusModel
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
CORPORA = "corpora"
"""Each training corpus's counts, by the corpus's name (a model trained on several)."""
CORPUS_MODEL = "corpus model"
"""p(corpus | G) (:class:`~amrgen.postprocess.corpora.CorpusModel`)."""

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
    """Convention ↦ (followed, could have been): counts in the training references
    (for one graph's conventions, :meth:`for_graph`, its share of 1);
    ``openings``: opening ↦ (followed by a comma, sentences it opens), the words of
    the opening joined by spaces (:data:`OPENINGS`)."""

    counts: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    openings: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    corpora: Mapping[str, Conventions] = field(default_factory=dict)
    """Each training corpus's own counts (:data:`CORPORA`); empty for one corpus."""
    corpus_model: CorpusModel | None = None
    """p(corpus | G) over the corpora of :attr:`corpora`; None for one corpus."""

    def follows(self, convention: str) -> bool:
        """Whether the corpus follows ``convention`` at least half the time;
        True for a convention it was not counted for (a model directory of
        before), False for one it never had the occasion to show."""
        if convention not in self.counts:
            return True
        followed, cases = self.counts[convention]
        return cases > 0 and 2 * followed >= cases

    def for_graph(self, g: Graph) -> Conventions:
        """The conventions G follows: of each convention (and each pooled opening)
        the share Σ_k p(k | G) · followed_k / cases_k over the training corpora k,
        a corpus that never had the occasion counting as one that does not follow
        it (as :meth:`follows` has it); the conventions whose share is at least
        half, as counts (share, 1), and the openings of such a share (the book,
        which never opens with ``therefore``, writes no comma after it where Bio
        AMR does).  Without :attr:`corpus_model` (one corpus) the conventions themselves."""
        if self.corpus_model is None:
            return self
        p = self.corpus_model.probabilities(g)

        def share(counts_of: Callable[[Conventions], Mapping[str, tuple[float, float]]], key: str) -> float:
            pairs = [(p[name], counts_of(corpus).get(key, (0, 0))) for name, corpus in self.corpora.items()]
            return sum(w * followed / cases for w, (followed, cases) in pairs if cases > 0)

        counts = {convention: (share(lambda corpus: corpus.counts, convention), 1.0) for convention in self.counts}
        openings = {opening: pair for opening, pair in self.openings.items()
                    if 2 * share(lambda corpus: corpus.openings, opening) >= 1}
        return Conventions(counts, openings)

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
        if self.corpus_model is not None:
            data[CORPORA] = {name: corpus.to_json() for name, corpus in sorted(self.corpora.items())}
            data[CORPUS_MODEL] = self.corpus_model.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any) -> Conventions:
        """The counts of :meth:`to_json`; ValueError (TypeError) naming the convention or
        the opening where ``data`` is not an object of [followed, cases] pairs, 0 ≤ followed ≤ cases."""
        if not isinstance(data, dict):
            raise TypeError(f"expected an object of conventions, found {type(data).__name__}")
        openings, corpora = data.get(OPENINGS, {}), data.get(CORPORA, {})
        for key, value in ((OPENINGS, openings), (CORPORA, corpora)):
            if not isinstance(value, dict):
                raise TypeError(f"{key!r}: expected an object of {key}, found {type(value).__name__}")
        if (CORPUS_MODEL in data) != bool(corpora):
            raise ValueError(f"{CORPORA!r} and {CORPUS_MODEL!r} come together")
        counts = {convention: pair for convention, pair in data.items()
                  if convention not in (OPENINGS, CORPORA, CORPUS_MODEL)}
        by_corpus = {}
        for name, corpus in corpora.items():
            if not isinstance(corpus, dict) or set(corpus) & {CORPORA, CORPUS_MODEL}:
                raise TypeError(f"{CORPORA!r}: {name!r}: expected an object of counts and openings")
            by_corpus[name] = _checked(f"{CORPORA}: {name}", cls.from_json, corpus)
        model = None
        if CORPUS_MODEL in data:
            model = _checked(CORPUS_MODEL, CorpusModel.from_json, data[CORPUS_MODEL])
            if set(model.corpora) != set(by_corpus):
                raise ValueError(f"{CORPUS_MODEL!r}: its corpora are not those of {CORPORA!r}")
        return cls(_pairs(counts), _pairs(openings), by_corpus, model)


def described_references(g: Graph) -> list[Vertex]:
    """The describe-01 vertices that modify what they describe (``:ARG1-of``): how
    AMR writes a reference to a figure, a table or a publication (``... (Figure
    1A)``, ``... [17]``: the references of 608 of the 625 training graphs of the
    shipped model that have one write a bracket, all of Bio AMR)."""
    return [v for v in g.vertices if str(g.label(v)) == DESCRIBE
            and any(label == "ARG1-of" for _, label, _ in g.in_edges(v))]


def _checked(key: str, check: Any, data: Any) -> Any:
    """``check(data)``, its ValueError or TypeError naming ``key``."""
    try:
        return check(data)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{key!r}: {error}") from None


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
    references = list(references)
    openings = {opening: pair for opening, pair in opening_counts(sentence for _, sentence in references).items()
                if pair[0] >= LEAST_OPENING_COMMAS and 2 * pair[0] >= pair[1]}
    return Conventions(convention_counts(references), openings)


def convention_counts(references: Iterable[tuple[Graph, Sequence[str]]]) -> dict[str, tuple[int, int]]:
    """Convention ↦ (followed, could have been) in ``references`` (as :func:`learn_conventions`)."""
    counts = {PUNCTUATED: [0, 0], QUOTED_QUESTIONS: [0, 0], EXCLAIMED: [0, 0], QUOTED_SPEECH: [0, 0],
              PARENTHESIZED: [0, 0]}

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
    return {convention: (pair[0], pair[1]) for convention, pair in counts.items()}


def opening_counts(sentences: Iterable[Sequence[str]]) -> dict[str, tuple[int, int]]:
    """Every opening of one to :data:`LONGEST_OPENING` words of ``sentences`` (tokens,
    quotation marks left out, lower-cased) ↦ (followed by a comma, sentences it opens)."""
    opened: Counter[str] = Counter()
    with_comma: Counter[str] = Counter()
    for sentence in sentences:
        words = [t.lower() for t in sentence if t not in QUOTATION_MARKS]
        for n in range(1, min(LONGEST_OPENING, len(words) - 1) + 1):
            if words[n - 1] == ",":
                break
            opening = " ".join(words[:n])
            opened[opening] += 1
            with_comma[opening] += words[n] == ","
    return {opening: (with_comma[opening], count) for opening, count in opened.items()}


def learn_corpus_conventions(references: Iterable[tuple[Graph, Sequence[str], str]]) -> Conventions:
    """:func:`learn_conventions` of ``references`` pooled, each an AMR graph, the tokens of
    its reference sentence and the name of its corpus; with two corpora or more, each
    corpus's counts too (and how often it follows each pooled opening with a comma),
    and p(corpus | G) fitted on the graphs (:meth:`Conventions.for_graph` weighs the
    corpora by it)."""
    references = list(references)
    pooled = learn_conventions((g, sentence) for g, sentence, _ in references)
    model = CorpusModel.train((g, corpus) for g, _, corpus in references)
    if model is None:
        return pooled
    corpora = {}
    for name in model.corpora:
        own = [(g, sentence) for g, sentence, corpus in references if corpus == name]
        opened = opening_counts(sentence for _, sentence in own)
        corpora[name] = Conventions(convention_counts(own),
                                    {opening: opened[opening] for opening in pooled.openings if opening in opened})
    return Conventions(pooled.counts, pooled.openings, corpora, model)


def corpus_conventions(*paths: str | Path) -> Conventions:
    """The conventions of the references of the AMR corpus files ``paths`` (``# ::tok``
    or ``# ::snt``, tokenized as BLEU's references are), each file a corpus named by its
    path (:func:`learn_corpus_conventions`); entries that are malformed or have no
    reference are left out.  One :class:`AmrgenError` naming the file where one is
    missing, holds no graph or no reference at all."""
    references = []
    for path in paths:
        found = len(references)
        for item in read_items(path):
            if isinstance(item, CorpusEntry):
                try:
                    references.append((Amr.from_tree(item.tree).graph, reference_of(item.metadata).tokens, str(path)))
                except AmrgenError:  # no reference, or a graph that cannot be read: not counted
                    continue
        if len(references) == found:
            raise AmrgenError(f"{path}: no entry has a reference sentence (# ::snt or # ::tok) to learn conventions "
                              "from")
    return learn_corpus_conventions(references)
