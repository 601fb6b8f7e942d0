"""Evaluating :func:`~amrgen.prep.align.align_corpus` against reference alignments.

A reference alignment is read from a corpus entry's ``# ::alignments`` line
(ISI format of Pourdamghani et al. 2014, or JAMR format, told apart by the
``|`` of JAMR items) or, failing that, from its ``~e.N`` marks; only node
alignments count, role alignments (``.r``) are ignored.  Unlike the
preparation pipeline (:mod:`amrgen.prep.corpus_alignments`), which fuses a
corpus's alignments as A'_wa, the reference is kept as it is, split runs
and all.  Token indices are mapped to positions of the prepared words w'
(:class:`amrgen.prep.tokenize.Reference`: lower-cased, punctuation tokens,
those without a letter or digit, removed); an alignment to a punctuation
token is dropped.

Scores are micro-averaged over (vertex, position) pairs of the whole
corpus, three times: as they are; without ``name`` vertices and the
entities above them (:func:`without_names`), which our rule-based aligner
aligns to the name's words (as JAMR does, and so as the thesis's fusion
does) while ISI leaves them unaligned; and :func:`by_design`, which also
leaves out what the handwritten rules remove on purpose (articles,
auxiliaries, adpositions, NO_ALIGNMENT concepts...).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from amrgen.amr import Amr, AmrFormatError, concept_form
from amrgen.graph import Vertex
from amrgen.io import CorpusFormatError
from amrgen.io.alignments import (
    TokenAlignment,
    check_alignment,
    jamr_token_alignments,
    parse_isi_alignments,
    parse_jamr_alignments,
    surface_alignments,
)
from amrgen.io.penman_corpus import CorpusEntry, read_corpus
from amrgen.prep.align import AlignmentItem, Progress, align_corpus
from amrgen.prep.align.fusion import is_stripped
from amrgen.prep.align.spans import Alignment, as_pairs
from amrgen.prep.parser import Annotator, project_to_words
from amrgen.prep.tokenize import Reference, reference_of

PRF = tuple[float, float, float]


def token_alignments(entry: CorpusEntry, token_count: int) -> list[TokenAlignment]:
    """The reference node alignments of an entry (a sentence of ``token_count`` tokens):
    its alignment line, else its ``~e.N`` marks."""
    line = entry.metadata.get("alignments", "")
    if "|" in line:
        found = jamr_token_alignments(entry.tree, parse_jamr_alignments(line), token_count)
    elif line.strip():
        found = parse_isi_alignments(line)
    else:
        found = surface_alignments(entry.tree)
    return [a for a in found if not a.is_role]


def reference_alignment(entry: CorpusEntry, amr: Amr, reference: Reference) -> Alignment:
    """The entry's reference alignment as vertex ↦ positions of the reference's words.

    Raises :class:`CorpusFormatError` for an alignment to a missing node or token.
    """
    alignments = token_alignments(entry, len(reference.tokens))
    problems = check_alignment(entry.tree, reference.tokens, alignments)
    if problems:
        raise CorpusFormatError(problems[0])
    alignment: dict[Vertex, frozenset[int]] = {}
    for a in alignments:
        position = reference.token_to_word[a.token]
        if position is not None:
            v = amr.paths[a.path]
            alignment[v] = alignment.get(v, frozenset()) | {position}
    return alignment


def alignment_prf(gold: Sequence[Alignment], predicted: Sequence[Alignment]) -> PRF:
    """Precision, recall and F1 over (vertex, position) pairs, micro-averaged over a corpus."""
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold alignments but {len(predicted)} predicted ones")
    correct = found = wanted = 0
    for g, p in zip(gold, predicted):
        g_pairs, p_pairs = as_pairs(g), as_pairs(p)
        correct += len(g_pairs & p_pairs)
        found += len(p_pairs)
        wanted += len(g_pairs)
    precision = correct / found if found else 0.0
    recall = correct / wanted if wanted else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def without_names(item: AlignmentItem, alignment: Alignment) -> Alignment:
    """The alignment without ``name`` vertices and the entities they name."""
    graph = item[0].graph
    return {
        v: positions
        for v, positions in alignment.items()
        if graph.label(v) != "name" and not any(role == "name" for _, role, _ in graph.out_edges(v))
    }


def by_design(item: AlignmentItem, alignment: Alignment) -> Alignment:
    """:func:`without_names`, and without the pairs the handwritten rules remove on purpose."""
    amr, words = item[0], item[1]
    kept = {
        v: frozenset(i for i in positions if not is_stripped(amr, v, words[i - 1]))
        for v, positions in without_names(item, alignment).items()
    }
    return {v: positions for v, positions in kept.items() if positions}


@dataclass
class ReferenceCorpus:
    """Graphs of a corpus with prepared words, lemmas, POS tags and reference alignments."""

    ids: list[str] = field(default_factory=list)
    items: list[AlignmentItem] = field(default_factory=list)
    gold: list[Alignment] = field(default_factory=list)
    """The reference alignments (empty for a corpus that carries none)."""
    skipped: list[str] = field(default_factory=list)
    """One line per entry that could not be used (malformed graph or alignment, no tokens)."""


def load_reference_corpus(path: str | Path, annotator: Annotator) -> ReferenceCorpus:
    """Read a corpus with its reference alignments, if any (:func:`reference_alignment`).

    The tokens are ``# ::tok``, else ``# ::snt`` tokenized
    (:func:`amrgen.prep.tokenize.reference_of`); the annotator tags and
    lemmatizes them, punctuation included, and the result is carried over
    to the words (:func:`amrgen.prep.parser.project_to_words`).
    """
    result = read_corpus(path)
    corpus = ReferenceCorpus(skipped=[str(error) for error in result.errors])
    references = []
    for entry in result.entries:
        try:
            reference = reference_of(entry.metadata)
            if not reference.words:
                raise CorpusFormatError("the sentence has no words, only punctuation")
            amr = Amr.from_tree(entry.tree)
            gold = reference_alignment(entry, amr, reference)
        except (AmrFormatError, CorpusFormatError) as error:
            corpus.skipped.append(f"{path}:{entry.line}: entry {entry.id}: {error}")
            continue
        corpus.ids.append(entry.id)
        corpus.gold.append(gold)
        references.append((amr, reference))
    parses = annotator.annotate(reference.tokens for _, reference in references)
    for (amr, reference), parse in zip(references, parses):
        words = project_to_words(parse, reference)
        corpus.items.append((amr, reference.words, words.lemmas, words.pos))
    return corpus


@dataclass
class Evaluation:
    """How :func:`align_corpus` did on a reference corpus."""

    sentences: int
    seconds: float
    """Time :func:`align_corpus` took."""
    prf: PRF
    prf_without_names: PRF
    prf_by_design: PRF
    missed: Counter
    """Concept form ↦ reference pairs not predicted (both sides :func:`by_design`)."""
    spurious: Counter
    """Concept form ↦ predicted pairs not in the reference (both sides :func:`by_design`)."""
    predicted: list[Alignment]


def evaluate(corpus: ReferenceCorpus, progress: Progress | None = None) -> Evaluation:
    """Align the corpus with :func:`align_corpus` and compare with its reference alignments."""
    start = time.perf_counter()
    predicted = align_corpus(corpus.items, progress=progress)
    seconds = time.perf_counter() - start

    def both(select: Callable[[AlignmentItem, Alignment], Alignment]) -> tuple[list, list]:
        return (
            [select(item, g) for item, g in zip(corpus.items, corpus.gold)],
            [select(item, p) for item, p in zip(corpus.items, predicted)],
        )

    gold_bd, predicted_bd = both(by_design)
    missed: Counter = Counter()
    spurious: Counter = Counter()
    for item, g, p in zip(corpus.items, gold_bd, predicted_bd):
        g_pairs, p_pairs = as_pairs(g), as_pairs(p)
        label = item[0].graph.label
        missed.update(concept_form(label(v)) for v, _ in g_pairs - p_pairs)
        spurious.update(concept_form(label(v)) for v, _ in p_pairs - g_pairs)
    return Evaluation(
        sentences=len(corpus.items),
        seconds=seconds,
        prf=alignment_prf(corpus.gold, predicted),
        prf_without_names=alignment_prf(*both(without_names)),
        prf_by_design=alignment_prf(gold_bd, predicted_bd),
        missed=missed,
        spurious=spurious,
        predicted=predicted,
    )


def format_evaluation(evaluation: Evaluation, top: int = 15) -> str:
    """A report of an evaluation for the terminal."""

    def prf(name: str, scores: PRF) -> str:
        return f"{name:<34} P {scores[0]:.3f}  R {scores[1]:.3f}  F1 {scores[2]:.3f}"

    def counts(counter: Counter) -> str:
        return ", ".join(f"{form} {n}" for form, n in counter.most_common(top))

    return "\n".join(
        [
            f"aligned {evaluation.sentences} graphs in {evaluation.seconds:.1f} s",
            prf("against the reference", evaluation.prf),
            prf("without name and entity vertices", evaluation.prf_without_names),
            prf("by design", evaluation.prf_by_design),
            f"missed most (by design): {counts(evaluation.missed)}",
            f"spurious most (by design): {counts(evaluation.spurious)}",
        ]
    )
