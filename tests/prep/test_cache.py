"""Tests for amrgen.prep.cache: a plain corpus prepared once, then read from the cache."""

import json

import pytest

from amrgen.prep import cache, pipeline
from amrgen.prep.pipeline import load_corpora, load_corpus

CORPUS = """\
# ::id ok.1 ::snt The <i>boy</i> wants to go.
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id bad.graph ::snt Broken.
(b / broken :ARG0 (x / y)

# ::snt Draw me a sheep!
(d / draw-01 :mode imperative :ARG1 (s / sheep) :ARG2 (i / i))
"""


@pytest.fixture
def spacy(monkeypatch, tmp_path, stub_aligner, chain_annotator):
    """spaCy replaced by an annotator that counts its sentences; the cache in a folder of the test's own."""
    annotator = chain_annotator
    monkeypatch.setattr(pipeline, "SpacyAnnotator", lambda workers=1: annotator)
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    return annotator


def _cache_files(tmp_path):
    return sorted((tmp_path / "cache").glob("*.txt"))


def test_the_second_load_reads_the_cache_without_tagging_or_aligning(spacy, stub_aligner, corpus_file, tmp_path,
                                                                     same_entry):
    path = corpus_file(CORPUS, "story.txt")
    first = load_corpus(path, progress=False)
    assert spacy.calls == 2 and stub_aligner == [2]
    assert [e.id for e in first.entries] == ["ok.1", "story.txt:3"]
    assert first.entries[0].tokens == ["The", "boy", "wants", "to", "go", "."]
    (cached,) = _cache_files(tmp_path)
    assert json.loads(cached.read_text().split("\n")[0])["format"] == "amrgen-prepared-corpus"
    again = load_corpus(path, progress=False)
    assert spacy.calls == 2 and stub_aligner == [2]  # neither spaCy nor the aligner ran again
    for a, b in zip(first.entries, again.entries, strict=True):
        same_entry(a, b)
        assert list(a.alignment) == list(b.alignment)  # in the order preparation made it
    assert [str(e) for e in again.errors] == [str(e) for e in first.errors]
    assert again.errors[0].entry_id == "bad.graph" and again.errors[0].graph_text == first.errors[0].graph_text


def test_the_key_is_the_content(spacy, corpus_file, tmp_path):
    path = corpus_file(CORPUS, "story.txt")
    load_corpus(path, progress=False)
    copy = tmp_path / "elsewhere"
    copy.mkdir()
    (copy / "story.txt").write_bytes(path.read_bytes())
    load_corpus(copy / "story.txt", progress=False)
    assert spacy.calls == 2  # the same bytes under the same name, elsewhere: read from the cache
    path.write_text(CORPUS.replace("wants to go", "wants to leave"), encoding="utf-8")
    changed = load_corpus(path, progress=False)
    assert spacy.calls == 4 and len(_cache_files(tmp_path)) == 2
    assert changed.entries[0].words == ["the", "boy", "wants", "to", "leave"]


DEEP = "[" * 100_000 + "]" * 100_000
"""JSON nested deeper than Python's parser can recurse."""


def _with_line(text: str, number: int, line: str) -> str:
    """``text`` with its line ``number`` (0-based: the header, the lists) replaced by ``line``."""
    lines = text.split("\n")
    lines[number] = line
    return "\n".join(lines)


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],
        lambda text: text.replace('"version": 1', '"version": 0'),
        lambda text: "garbage\n" + text,
        lambda text: text.replace("amrgen-words", "amrgen-wordz"),
        lambda text: text.replace("\"errors\": [[", "\"errors\": [{", 1),
        lambda text: _with_line(text, 0, DEEP),  # issue 34, point 5: no RecursionError
        lambda text: _with_line(text, 1, DEEP),
    ],
)
def test_a_damaged_cache_file_is_refused_in_one_line_and_rebuilt(spacy, corpus_file, tmp_path, capsys, damage):
    path = corpus_file(CORPUS)
    first = load_corpus(path, progress=False)
    (cached,) = _cache_files(tmp_path)
    cached.write_text(damage(cached.read_text()))
    capsys.readouterr()
    again = load_corpus(path, progress=False)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"amrgen: {cached}: ") and err[0].endswith(f"preparing {path} again")
    assert spacy.calls == 4
    assert [e.words for e in again.entries] == [e.words for e in first.entries]
    load_corpus(path, progress=False)  # rebuilt: read from the cache again
    assert spacy.calls == 4 and capsys.readouterr().err == ""


def test_off_or_another_annotator_prepares_every_time(spacy, corpus_file, tmp_path, monkeypatch):
    path = corpus_file(CORPUS)
    load_corpus(path, progress=False, annotator=type(spacy)())
    assert _cache_files(tmp_path) == []
    monkeypatch.setenv(cache.ENV_VAR, "off")
    load_corpus(path, progress=False)
    load_corpus(path, progress=False)
    assert spacy.calls == 4 and _cache_files(tmp_path) == []


def test_several_corpora_are_joined_in_order(spacy, corpus_file):
    one = corpus_file(CORPUS, "one.txt")
    two = corpus_file(CORPUS.replace("ok.1", "ok.2"), "two.txt")
    joined = load_corpora([one, two], progress=False)
    assert [e.id for e in joined.entries] == ["ok.1", "one.txt:3", "ok.2", "two.txt:3"]
    assert [e.path for e in joined.errors] == [str(one), str(two)]


def test_graph_only_preparation_has_its_own_key_and_a_graph_without_reference_is_not_kept(spacy, corpus_file,
                                                                                          tmp_path):
    with_references = corpus_file(CORPUS, "story.txt")
    load_corpus(with_references, progress=False)
    load_corpus(with_references, progress=False, graph_only=True)
    assert len(_cache_files(tmp_path)) == 2  # what graph_only keeps is not what the commands read
    own = corpus_file(CORPUS + "\n# ::id own\n(s / sleep-01 :ARG0 (g / girl))\n", "own.txt")
    for _ in range(2):
        corpus = load_corpus(own, progress=False, graph_only=True)
        assert [e.has_reference for e in corpus.entries] == [True, True, False]
    assert len(_cache_files(tmp_path)) == 2  # the prepared format has no place for an entry without words
    assert [e.id for e in load_corpus(own, progress=False).entries] == ["ok.1", "own.txt:3"]
