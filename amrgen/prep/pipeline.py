"""Preparing an AMR corpus C into the extended corpus C_ext (thesis 4.3.1).

For every element (G, w) of the corpus, :func:`prepare_corpus`

1. reads G and the reference w and makes the words w' = w1 ... wm: w
   tokenized, lower-cased, punctuation removed (:mod:`.tokenize`);
2. tags the words with POS tags, lemmas and a dependency tree D, taking what
   the entry already carries before computing anything: the prepared
   metadata lines of :mod:`.prepared_format`, else the sidecar files given
   (a dependency file, CoNLL-U or Stanford, and a POS-line file, one
   sentence per corpus entry, over the ``::tok`` tokens), and the
   :class:`~.parser.Annotator` (spaCy by default) for whatever is still
   missing (:mod:`.parser`);
3. aligns G with w': the alignments the corpus carries, ISI first and JAMR
   for the vertices ISI left unaligned (:mod:`.corpus_alignments`), with the
   handwritten rules of :func:`amrgen.prep.align.fusion.apply_rules`; if
   some entry carries none, :func:`amrgen.prep.align.align_corpus` aligns the
   whole corpus (its statistical aligner learns from all of it) and gives
   those entries their alignment;
4. joins everything into an :class:`~amrgen.prep.extended.ExtendedEntry`,
   B = (G, D, w^POS, A_G, A_D), its graph in canonical form
   (:func:`.normalize.canonical_form`).

An entry that cannot be prepared (a malformed graph, no sentence, an
alignment to a missing node or token, a sidecar parse that does not fit its
sentence) is skipped with one :class:`ReadError` naming file, line and entry,
and the rest goes on; with ``graph_only``, an entry without any reference
sentence is kept instead, for generation alone (one's own AMR: the generator
needs only G), with no words, tags or alignment
(:attr:`~amrgen.prep.extended.ExtendedEntry.has_reference` is False).  Long
steps show a progress bar on stderr.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from amrgen.io.progress import progress_bar

from amrgen.amr import Amr, AmrFormatError
from amrgen.graph import Vertex
from amrgen.io import CorpusFormatError
from amrgen.io.dependencies import DependencyParse, read_pos_lines
from amrgen.io.penman_corpus import CorpusEntry, ReadError, iter_corpus, read_corpus
from amrgen.prep.align import align_corpus
from amrgen.prep.align.fusion import apply_rules
from amrgen.prep.cache import cached_preparation
from amrgen.prep.corpus_alignments import given_alignment
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.normalize import canonical_form
from amrgen.prep.parser import Annotator, SpacyAnnotator, project_to_words, read_dependencies
from amrgen.prep.prepared_format import (
    WORDS,
    PreparedCorpus,
    original_metadata,
    prepared_syntax,
    read_prepared,
)
from amrgen.prep.tokenize import REFERENCE_KEYS, Reference, reference_of

_PTB_ESCAPES = {
    "-lrb-": "(", "-rrb-": ")", "-lsb-": "[", "-rsb-": "]", "-lcb-": "{", "-rcb-": "}",
    "``": '"', "''": '"',
}
"""Token spellings of Treebank-style parser output, and what the sentence has instead."""

_Item = TypeVar("_Item")


@dataclass
class _Draft:
    """An entry on its way through preparation."""

    entry: CorpusEntry
    amr: Amr
    reference: Reference
    alignment: dict[Vertex, frozenset[int]] | None
    syntax: DependencyParse | None
    """Over the words, once known."""
    known: dict[str, list] = field(default_factory=dict)
    """What the sidecar files give over the tokens: ``pos``, ``lemmas``, ``heads``, ``labels``."""

    def extended(self) -> ExtendedEntry:
        syntax = self.syntax
        return ExtendedEntry(
            id=self.entry.id,
            amr=self.amr,
            words=self.reference.words,
            pos=syntax.pos,
            lemmas=syntax.lemmas,
            heads=syntax.heads,
            labels=syntax.labels,
            alignment=self.alignment,
            tokens=self.reference.tokens,
            metadata=original_metadata(self.entry.metadata),
        )


def prepare_corpus(
    path: str | Path,
    *,
    annotator: Annotator | None = None,
    dependencies: str | Path | None = None,
    pos: str | Path | None = None,
    progress: bool = True,
    workers: int = 1,
    report: Callable[[int, int], None] | None = None,
    encoding: str | None = None,
    graph_only: bool = False,
) -> PreparedCorpus:
    """Prepare the corpus file at ``path`` (see the module docstring).

    ``annotator`` defaults to :class:`SpacyAnnotator` with ``workers``
    processes (one is fastest on two cores).  ``dependencies`` and ``pos``
    are sidecar files with one sentence per corpus entry, malformed entries
    included.  Raises :class:`CorpusFormatError` when a sidecar file is
    malformed or holds another number of sentences than the corpus.
    ``report(done, total)``, when given, is called as tagging and then
    aligning advance, with one count over both (:func:`in_phase`: tagging
    the first half, aligning the second), so that a progress bar goes once
    from 0 to 100 %; an exception it raises stops the preparation (this is
    how the application cancels).  ``encoding``: the corpus file's, as
    :func:`~amrgen.io.penman_corpus.iter_corpus` takes it.  ``graph_only``: keep
    an entry without a reference sentence, for generation alone.
    """
    read = read_corpus(path, encoding)
    count = len(read.entries) + len(read.errors)
    parses = _sidecar(dependencies, read_dependencies, count, "dependency parses")
    tags = _sidecar(pos, read_pos_lines, count, "POS lines")
    corpus = PreparedCorpus(errors=list(read.errors))
    drafts = []
    ready: list[tuple[int, ExtendedEntry]] = []
    """(place in the file, entry) of those done."""
    for entry in read.entries:
        try:
            if graph_only and not REFERENCE_KEYS & entry.metadata.keys():
                ready.append((entry.index, graph_only_entry(entry)))
            else:
                drafts.append(_draft(entry, parses, dependencies, tags, pos))
        except (CorpusFormatError, AmrFormatError) as error:
            corpus.errors.append(ReadError(entry.path, entry.line, entry.id, str(error), entry.index,
                                           entry.graph_text))
    report = report or (lambda done, total: None)
    _annotate(drafts, annotator or SpacyAnnotator(workers=workers), progress, in_phase(report, 0, 2))
    _align(drafts, progress, in_phase(report, 1, 2))
    report(PHASE_STEPS * 2, PHASE_STEPS * 2)
    ready += [(draft.entry.index, draft.extended()) for draft in drafts]
    corpus.entries = [entry for _, entry in sorted(ready, key=lambda pair: pair[0])]
    corpus.errors.sort(key=lambda error: error.index)
    return corpus


def load_corpus(path: str | Path, encoding: str | None = None, **options) -> PreparedCorpus:
    """A prepared corpus as it is (:func:`read_prepared`), any other one prepared
    (:func:`prepare_corpus` with ``options``); ``encoding`` is the file's.

    Prepared with the default annotator and no sidecar files, a corpus is kept
    in the user's cache and read from there the next time
    (:mod:`amrgen.prep.cache`): ``progress``, ``workers`` and ``report`` do not
    change what preparation gives."""
    first = next((item for item in iter_corpus(path, encoding) if isinstance(item, CorpusEntry)), None)
    if first is not None and WORDS in first.metadata:
        return read_prepared(path, encoding)
    if any(options.get(name) is not None for name in ("annotator", "dependencies", "pos")):
        return prepare_corpus(path, encoding=encoding, **options)
    return cached_preparation(path, encoding, lambda: prepare_corpus(path, encoding=encoding, **options),
                              "graph-only" if options.get("graph_only") else "")


def load_corpora(paths: Sequence[str | Path], encoding: str | None = None, **options) -> PreparedCorpus:
    """Several corpus files loaded (:func:`load_corpus`) and joined in the order
    given: their entries, then their errors, and the file of each entry."""
    joined = PreparedCorpus()
    for path in paths:
        corpus = load_corpus(path, encoding, **options)
        joined.entries += corpus.entries
        joined.errors += corpus.errors
        joined.sources += [str(path)] * len(corpus.entries)
    return joined


def graph_only_entry(entry: CorpusEntry) -> ExtendedEntry:
    """One's own AMR, for generation alone: G in canonical form, without a reference
    (no words, tags, dependencies or alignment), whether or not ``entry`` has one.
    Raises :class:`AmrFormatError` for a graph that cannot be read."""
    return ExtendedEntry(id=entry.id, amr=canonical_form(Amr.from_tree(entry.tree))[0], words=[], pos=[], lemmas=[],
                         heads=[], labels=[], alignment={}, metadata=original_metadata(entry.metadata))


def _sidecar(
    path: str | Path | None,
    read: Callable[[str | Path], list[_Item]],
    count: int,
    what: str,
) -> list[_Item] | None:
    if path is None:
        return None
    items = read(path)
    if len(items) != count:
        raise CorpusFormatError(f"{path}: {len(items)} {what} for {count} corpus entries")
    return items


def _draft(
    entry: CorpusEntry,
    parses: list[DependencyParse] | None,
    dependencies: str | Path | None,
    tags: list[list[str]] | None,
    pos: str | Path | None,
) -> _Draft:
    amr = Amr.from_tree(entry.tree)
    reference = reference_of(entry.metadata)
    if not reference.words:
        raise CorpusFormatError("the sentence has no words, only punctuation")
    alignment = given_alignment(entry.tree, amr, entry.metadata, reference)
    amr, rename = canonical_form(amr)
    if alignment is not None:
        alignment = {rename[v]: positions for v, positions in alignment.items()}
    draft = _Draft(entry, amr, reference, alignment, prepared_syntax(entry.metadata, reference.words))
    if draft.syntax is None and parses is not None:
        parse = parses[entry.index]
        _check_tokens(parse.tokens, reference.tokens, dependencies, entry.index, "tokens")
        draft.known.update(heads=parse.heads, labels=parse.labels)
        draft.known.update((key, getattr(parse, key)) for key in ("pos", "lemmas") if getattr(parse, key))
    if draft.syntax is None and tags is not None:
        _check_tokens(tags[entry.index], reference.tokens, pos, entry.index, "POS tags")
        draft.known["pos"] = tags[entry.index]
    return draft


def _check_tokens(
    given: Sequence[str], tokens: Sequence[str], path: str | Path | None, index: int, what: str
) -> None:
    """Raise unless a sidecar sentence has one item per token and, if the items are tokens,
    the entry's tokens (case and Treebank escapes such as ``-LRB-`` aside)."""
    where = f"{path}: sentence {index + 1}"
    if len(given) != len(tokens):
        raise CorpusFormatError(f"{where} has {len(given)} {what}, the entry has {len(tokens)} tokens")
    for number, (theirs, ours) in enumerate(zip(given, tokens), start=1):
        if what == "tokens" and _token_key(theirs) != _token_key(ours):
            raise CorpusFormatError(f"{where} has {theirs!r} as token {number}, the entry {ours!r}")


def _token_key(token: str) -> str:
    return _PTB_ESCAPES.get(token.lower(), token.lower())


PHASE_STEPS = 1000
"""The count each phase of the preparation takes in the report of :func:`in_phase`."""


def in_phase(report: Callable[[int, int], None], phase: int, phases: int) -> Callable[[int, int], None]:
    """``report`` for the ``phase``-th of ``phases`` phases: its own (done, total)
    mapped into that phase's share of one count from 0 to phases × :data:`PHASE_STEPS`."""
    def reported(done: int, total: int) -> None:
        report(phase * PHASE_STEPS + (done * PHASE_STEPS // total if total else 0), phases * PHASE_STEPS)
    return reported


def _annotate(drafts: list[_Draft], annotator: Annotator, progress: bool,
              report: Callable[[int, int], None]) -> None:
    """Fill in what the sidecars did not give with the annotator, then project onto the words."""
    needed = [d for d in drafts if d.syntax is None and len(d.known) < 4]
    if needed:
        parses = annotator.annotate(d.reference.tokens for d in needed)
        bar = progress_bar(iterable=parses, total=len(needed), desc="tagging and parsing", disable=not progress)
        for done, (draft, parse) in enumerate(zip(needed, bar), start=1):
            report(done, len(needed))
            if parse.tokens != draft.reference.tokens:
                raise ValueError(f"the annotator changed the tokens of entry {draft.entry.id}")
            draft.known = {
                "pos": parse.pos, "lemmas": parse.lemmas, "heads": parse.heads, "labels": parse.labels,
                **draft.known,
            }
    for draft in drafts:
        if draft.syntax is None:
            parse = DependencyParse(draft.reference.tokens, **draft.known)
            draft.syntax = project_to_words(parse, draft.reference)


def _align(drafts: list[_Draft], progress: bool, report: Callable[[int, int], None]) -> None:
    """A_G for every draft: the corpus's own alignments after the handwritten rules, else
    :func:`align_corpus` over the whole corpus."""
    for draft in drafts:
        if draft.alignment is not None:
            words, syntax = draft.reference.words, draft.syntax
            draft.alignment = apply_rules(draft.amr, words, syntax.lemmas, syntax.pos, draft.alignment)
    if all(draft.alignment is not None for draft in drafts):
        return
    items = [(d.amr, d.reference.words, d.syntax.lemmas, d.syntax.pos) for d in drafts]
    with progress_bar(total=len(items) + 2, desc="aligning", disable=not progress) as bar:

        def advance(done: int, total: int) -> None:
            report(done, total)
            bar.total = total
            bar.update(done - bar.n)

        computed = align_corpus(items, progress=advance)
    for draft, alignment in zip(drafts, computed):
        if draft.alignment is None:
            draft.alignment = alignment
