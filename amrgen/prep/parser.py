"""The tagger and dependency parser of preparation (thesis 4.3.1).

Section 4.3.1 annotates the reference with a dependency tree D and POS tags
w^POS.  An :class:`Annotator` does both over a *given* token sequence, so
that the tokens stay the ones preparation made (:mod:`amrgen.prep.tokenize`)
and every tag, lemma and head belongs to one of them.  Annotators work on
the tokens (original case, punctuation included), which is the text taggers
and parsers are trained on; :func:`project_to_words` then carries the
result over to the words w' (lower-cased, punctuation removed).  Parses read
from sidecar files (:func:`read_dependencies`) are over the ``::tok`` tokens
as well and are projected the same way.

:class:`SpacyAnnotator` is the default: spaCy's English pipeline
(:func:`amrgen.prep.spacy_pipeline.load_english`), Penn Treebank tags from
``tag_``, lemmas from ``lemma_``, ClearNLP-style labels (``nsubj``,
``dobj``, ``pobj``, ...) from ``dep_``.  Any other tagger or parser can be
plugged in by implementing :class:`Annotator`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from amrgen.io import CorpusFormatError, numbered_lines
from amrgen.io.dependencies import DependencyParse, read_conllu, read_stanford_dependencies
from amrgen.prep.tokenize import Reference

UNUSED_COMPONENTS = ("ner",)
"""spaCy components whose output preparation does not use; skipped for speed."""


class Annotator(Protocol):
    """A POS tagger, lemmatizer and dependency parser over given tokens."""

    def annotate(self, sentences: Iterable[Sequence[str]]) -> Iterator[DependencyParse]:
        """One parse per sentence, in order, over exactly the given tokens.

        Each parse carries ``pos`` (Penn Treebank tags) and ``lemmas``;
        ``heads`` are 1-based with 0 for the root.
        """
        ...


class SpacyAnnotator:
    """An :class:`Annotator` running a spaCy pipeline on pre-tokenized sentences.

    ``nlp`` defaults to :func:`amrgen.prep.spacy_pipeline.load_english`, loaded on
    first use.  Sentences are processed in batches by ``nlp.pipe``, with
    ``workers`` processes.  Each sentence is marked as a single sentence
    before parsing, so the parser gives it one root; lemmas are lower-cased
    and labels are lower-case (``ROOT`` becomes ``root``).
    """

    def __init__(self, nlp: Any = None, *, batch_size: int = 256, workers: int = 1) -> None:
        self._nlp = nlp
        self.batch_size = batch_size
        self.workers = workers

    @property
    def nlp(self) -> Any:
        if self._nlp is None:
            from amrgen.prep.spacy_pipeline import load_english

            self._nlp = load_english()
        return self._nlp

    def annotate(self, sentences: Iterable[Sequence[str]]) -> Iterator[DependencyParse]:
        from spacy.tokens import Doc

        nlp = self.nlp

        def single_sentence(tokens: Sequence[str]) -> Doc:
            # Set in bulk: token by token, each setting costs time linear in the sentence's length.
            return Doc(nlp.vocab, words=list(tokens), sent_starts=[index == 0 for index in range(len(tokens))])

        docs = nlp.pipe(
            (single_sentence(tokens) for tokens in sentences),
            batch_size=self.batch_size,
            n_process=self.workers,
            disable=[name for name in UNUSED_COMPONENTS if name in nlp.pipe_names],
        )
        for doc in docs:
            yield DependencyParse(
                tokens=[token.text for token in doc],
                heads=[0 if token.head.i == token.i else token.head.i + 1 for token in doc],
                labels=[token.dep_.lower() for token in doc],
                pos=[token.tag_ for token in doc],
                lemmas=[(token.lemma_ or token.text).lower() for token in doc],
            )


def project_to_words(parse: DependencyParse, reference: Reference) -> DependencyParse:
    """Carry a parse over the reference's tokens over to its words w'.

    Punctuation tokens are removed; a word whose head was removed is
    attached to its nearest ancestor that is a word.  Should that leave
    several roots (the root itself was punctuation, or the parser made
    several sentences), the first one stays the root and the others are
    attached to it, a ``root`` label becoming ``dep``.  The root is labeled
    ``root``.  POS tags and lemmas of the words are kept as they are.
    """
    kept = reference.word_to_token
    position = {token + 1: word for word, token in enumerate(kept, start=1)}
    heads: list[int] = []
    for token in kept:
        head = parse.heads[token]
        while head and head not in position:
            head = parse.heads[head - 1]
        heads.append(position.get(head, 0))
    labels = [parse.labels[token] for token in kept]
    roots = [word for word, head in enumerate(heads, start=1) if head == 0]
    for word in roots[1:]:
        heads[word - 1] = roots[0]
        if labels[word - 1] == "root":
            labels[word - 1] = "dep"
    labels[roots[0] - 1] = "root"
    return DependencyParse(
        tokens=list(reference.words),
        heads=heads,
        labels=labels,
        pos=[parse.pos[token] for token in kept] if parse.pos else None,
        lemmas=[parse.lemmas[token] for token in kept] if parse.lemmas else None,
    )


def read_dependencies(path: str | Path) -> list[DependencyParse]:
    """Read a dependency sidecar file, CoNLL-U or Stanford dependencies, told apart by content.

    The first line that is neither blank nor a ``#`` comment decides: ten
    tab-separated columns make it CoNLL-U, anything else Stanford
    dependencies (:mod:`amrgen.io.dependencies`).
    """
    for _, line in numbered_lines(path):
        if line.strip() and not line.startswith("#"):
            conllu = len(line.split("\t")) == 10
            return read_conllu(path) if conllu else read_stanford_dependencies(path)
    raise CorpusFormatError(f"{path}: no dependency parses in the file")
