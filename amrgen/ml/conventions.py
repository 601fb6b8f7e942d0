"""The punctuation conventions of a training corpus, learnt from its references.

Some postprocessing steps write what one corpus does and another does not:
*The Little Prince* quotes what its speech verbs say, Bio AMR brackets its
references to figures and publications, and MASSIVE's voice-assistant
questions have no punctuation at all.  So ``amrgen train`` counts, in the
training references, how often each convention is followed where it could be
(:func:`learn_conventions`), keeps the shares in the model directory, and a
step runs only for a model whose corpus follows its convention in at least
half the cases (:meth:`Conventions.follows`).  A model directory without them
(trained before they were learnt) follows every convention, as the steps
always ran.  The keys of conventions no step writes any longer
(:data:`RETIRED`), which the shipped model directories still hold under their
checksums, are ignored when read.

A model trained on several corpora (several training files) keeps each
corpus's counts too, and a model of which corpus a graph is most like
(:class:`~amrgen.ml.corpora.CorpusModel`): a graph follows a
convention where the corpora, weighted by how likely the graph is of each,
follow it at least half the time (:meth:`Conventions.for_graph`), so the
book's speech is quoted and MASSIVE's requests are left without a final mark.
A user who generates for one corpus gives the generator that corpus's
conventions instead (``--conventions CORPUS``: :func:`corpus_conventions`
counts them in the references of any AMR corpus file, its training part, say).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amrgen.amr import Amr
from amrgen.errors import AmrgenError
from amrgen.graph import Graph, Vertex
from amrgen.io.penman_corpus import CorpusEntry, read_items
from amrgen.lexicon.words import SPEECH_VERBS
from amrgen.ml.corpora import CorpusModel
from amrgen.prep.tokenize import reference_of

CONVENTIONS = "conventions"
"""The model directory's file of the learnt shares."""
QUOTATION_MARKS = frozenset({'"', "``", "''", "“", "”", "'"})
SENTENCE_MARKS = frozenset({".", "?", "!"})

PUNCTUATED = "punctuated"
"""References that end in a sentence mark, of all references."""
QUOTED_SPEECH = "quoted speech"
"""References with a quotation mark, of those whose graph has a speech verb."""
PARENTHESIZED = "parenthesized references"
"""References with a bracket, of those whose graph refers to a figure, a table or a
publication (:func:`described_references`)."""
DESCRIBE = "describe-01"
BRACKETS = frozenset({"(", "["})

CORPORA = "corpora"
"""Each training corpus's counts, by the corpus's name (a model trained on several)."""
CORPUS_MODEL = "corpus model"
"""p(corpus | G) (:class:`~amrgen.ml.corpora.CorpusModel`)."""
RETIRED = frozenset({"quoted questions", "exclaimed", "commas after openings"})
"""Keys that models learnt for steps since removed (quote-dialogue, exclamations,
opening-commas: none cost 0.3 BLEU on a dev set when left out); ignored when read."""


@dataclass(frozen=True)
class Conventions:
    """Convention ↦ (followed, could have been): counts in the training references
    (for one graph's conventions, :meth:`for_graph`, its share of 1)."""

    counts: Mapping[str, tuple[float, float]] = field(default_factory=dict)
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
        """The conventions G follows: of each convention the share Σ_k p(k | G) ·
        followed_k / cases_k over the training corpora k, a corpus that never had
        the occasion counting as one that does not follow it (as :meth:`follows`
        has it), as counts (share, 1).  Without :attr:`corpus_model` (one corpus)
        the conventions themselves."""
        if self.corpus_model is None:
            return self
        p = self.corpus_model.probabilities(g)

        def share(convention: str) -> float:
            pairs = [(p[name], corpus.counts.get(convention, (0, 0))) for name, corpus in self.corpora.items()]
            return sum(w * followed / cases for w, (followed, cases) in pairs if cases > 0)

        return Conventions({convention: (share(convention), 1.0) for convention in self.counts})

    def allows(self, writes: Iterable[str]) -> bool:
        """Whether a step that writes the conventions ``writes`` (its :attr:`Step.writes
        <amrgen.postprocess.step.Step.writes>`) writes only conventions the corpus follows."""
        return all(self.follows(convention) for convention in writes)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {convention: list(pair) for convention, pair in sorted(self.counts.items())}
        if self.corpus_model is not None:
            data[CORPORA] = {name: corpus.to_json() for name, corpus in sorted(self.corpora.items())}
            data[CORPUS_MODEL] = self.corpus_model.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any) -> Conventions:
        """The counts of :meth:`to_json`, the keys of :data:`RETIRED` ignored; ValueError
        (TypeError) naming the convention where ``data`` is not an object of [followed, cases]
        pairs, 0 ≤ followed ≤ cases."""
        if not isinstance(data, dict):
            raise TypeError(f"expected an object of conventions, found {type(data).__name__}")
        corpora = data.get(CORPORA, {})
        if not isinstance(corpora, dict):
            raise TypeError(f"{CORPORA!r}: expected an object of {CORPORA}, found {type(corpora).__name__}")
        if (CORPUS_MODEL in data) != bool(corpora):
            raise ValueError(f"{CORPORA!r} and {CORPUS_MODEL!r} come together")
        counts = {convention: pair for convention, pair in data.items()
                  if convention not in (CORPORA, CORPUS_MODEL) and convention not in RETIRED}
        by_corpus = {}
        for name, corpus in corpora.items():
            if not isinstance(corpus, dict) or set(corpus) & {CORPORA, CORPUS_MODEL}:
                raise TypeError(f"{CORPORA!r}: {name!r}: expected an object of counts")
            by_corpus[name] = _checked(f"{CORPORA}: {name}", cls.from_json, corpus)
        model = None
        if CORPUS_MODEL in data:
            model = _checked(CORPUS_MODEL, CorpusModel.from_json, data[CORPUS_MODEL])
            if set(model.corpora) != set(by_corpus):
                raise ValueError(f"{CORPUS_MODEL!r}: its corpora are not those of {CORPORA!r}")
        return cls(_pairs(counts), by_corpus, model)


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
    tokens of its reference sentence."""
    return Conventions(convention_counts(references))


def convention_counts(references: Iterable[tuple[Graph, Sequence[str]]]) -> dict[str, tuple[int, int]]:
    """Convention ↦ (followed, could have been) in ``references`` (as :func:`learn_conventions`)."""
    counts = {PUNCTUATED: [0, 0], QUOTED_SPEECH: [0, 0], PARENTHESIZED: [0, 0]}

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
        if any(str(graph.label(v)) in SPEECH_VERBS for v in graph.vertices):
            count(QUOTED_SPEECH, quoted)
        if described_references(graph):
            count(PARENTHESIZED, any(t in BRACKETS for t in tokens))
    return {convention: (pair[0], pair[1]) for convention, pair in counts.items()}


def learn_corpus_conventions(references: Iterable[tuple[Graph, Sequence[str], str]]) -> Conventions:
    """:func:`learn_conventions` of ``references`` pooled, each an AMR graph, the tokens of
    its reference sentence and the name of its corpus; with two corpora or more, each
    corpus's counts too, and p(corpus | G) fitted on the graphs (:meth:`Conventions.for_graph`
    weighs the corpora by it)."""
    references = list(references)
    pooled = learn_conventions((g, sentence) for g, sentence, _ in references)
    model = CorpusModel.train((g, corpus) for g, _, corpus in references)
    if model is None:
        return pooled
    corpora = {}
    for name in model.corpora:
        own = [(g, sentence) for g, sentence, corpus in references if corpus == name]
        corpora[name] = Conventions(convention_counts(own))
    return Conventions(pooled.counts, corpora, model)


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
