"""Corpus-scale check: preparing The Little Prince dev set with spaCy and the aligners."""

import pytest

from amrgen.prep.normalize import normalize
from amrgen.prep.pipeline import prepare_corpus
from amrgen.prep.prepared_format import read_prepared, write_prepared


@pytest.mark.slow
def test_little_prince_dev_prepares_and_reads_back(shared_corpus, english, tmp_path, same_entry):
    # The default annotator: spaCy's pipeline, which the english fixture checks is installed.
    corpus = prepare_corpus(shared_corpus("little-prince-dev"), progress=False)
    assert not corpus.errors
    assert len(corpus.entries) == 145
    for entry in corpus.entries:
        m = len(entry.words)
        assert m > 0, entry.id
        assert len(entry.pos) == len(entry.lemmas) == len(entry.heads) == len(entry.labels) == m
        assert entry.bigraph() is not None
        for v, positions in entry.alignment.items():
            assert v in entry.amr.graph, entry.id
            assert positions and all(1 <= i <= m for i in positions), entry.id
    aligned = sum(len(e.alignment) for e in corpus.entries)
    assert aligned > 0.8 * sum(len(e.amr.graph) for e in corpus.entries)

    for entries in (corpus.entries, [normalize(e) for e in corpus.entries]):
        write_prepared(tmp_path / "prepared.txt", entries)
        again = read_prepared(tmp_path / "prepared.txt")
        assert not again.errors
        for a, b in zip(entries, again.entries, strict=True):
            same_entry(a, b)
