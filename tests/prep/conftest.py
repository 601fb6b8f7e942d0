"""Fixtures for the preparation tests: a stand-in annotator and aligner, entry
comparison, and small corpora written to a temporary directory."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest

from amrgen.io.dependencies import DependencyParse
from amrgen.prep.extended import ExtendedEntry


class ChainAnnotator:
    """An annotator without a model: every token tagged NN, its lemma lower-cased,
    each token headed by the one before it (labels ``dep``, the first is ``root``).
    ``calls`` counts the sentences it was given."""

    def __init__(self) -> None:
        self.calls = 0

    def annotate(self, sentences: Iterable[Sequence[str]]) -> Iterator[DependencyParse]:
        for tokens in sentences:
            self.calls += 1
            yield DependencyParse(
                tokens=list(tokens),
                heads=list(range(len(tokens))),
                labels=["root"] + ["dep"] * (len(tokens) - 1),
                pos=["NN"] * len(tokens),
                lemmas=[token.lower() for token in tokens],
            )


@pytest.fixture
def chain_annotator() -> ChainAnnotator:
    return ChainAnnotator()


@pytest.fixture
def corpus_file(tmp_path: Path):
    """Write corpus text to a file in the temporary directory and return its path."""

    def write(text: str, name: str = "corpus.txt") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def assert_same_entry(a: ExtendedEntry, b: ExtendedEntry) -> None:
    """Every field equal; the graphs compared by labels, edges in order, constants and paths."""
    for f in dataclasses.fields(ExtendedEntry):
        if f.name != "amr":
            assert getattr(a, f.name) == getattr(b, f.name), f"{a.id}: {f.name} differs"
    for v in a.amr.graph.vertices:
        assert a.amr.graph.out_edges(v) == b.amr.graph.out_edges(v), f"{a.id}: edges of {v} differ"
    assert a.amr.graph.labels == b.amr.graph.labels, f"{a.id}: labels differ"
    assert a.amr.constants == b.amr.constants, f"{a.id}: constants differ"
    assert a.amr.paths == b.amr.paths, f"{a.id}: paths differ"


@pytest.fixture
def same_entry():
    return assert_same_entry


@pytest.fixture
def stub_aligner(monkeypatch) -> list[int]:
    """Replace align_corpus in the pipeline by one that aligns each vertex to the first word
    equal to its concept without sense number; returns the list of corpus sizes it was called with."""
    import re

    from amrgen.prep import pipeline

    calls: list[int] = []

    def align_corpus(items, *, progress=None):
        calls.append(len(items))
        result = []
        for amr, words, _, _ in items:
            alignment = {}
            for v in amr.graph.vertices:
                form = re.sub(r"-\d+$", "", str(amr.graph.label(v)))
                if form in words:
                    alignment[v] = frozenset({words.index(form) + 1})
            result.append(alignment)
        if progress:
            progress(len(items) + 2, len(items) + 2)
        return result

    monkeypatch.setattr(pipeline, "align_corpus", align_corpus)
    return calls


@pytest.fixture
def no_computing(monkeypatch) -> None:
    """Make any tagging, parsing or aligning fail the test."""
    from amrgen.prep import parser, pipeline

    def refuse(*args, **kwargs):
        raise AssertionError("nothing should be computed here")

    monkeypatch.setattr(parser.SpacyAnnotator, "annotate", refuse)
    monkeypatch.setattr(pipeline, "align_corpus", refuse)
