"""Tests for amrgen.prep.prepared_format: writing C_ext as PENMAN and reading it back."""

import dataclasses

import penman
import pytest

from amrgen.amr import Amr
from amrgen.io import CorpusFormatError
from amrgen.io.alignments import iter_paths, jamr_path_to_canonical
from amrgen.io.penman_corpus import read_corpus
from amrgen.prep.normalize import canonical_form
from amrgen.prep.pipeline import prepare_corpus
from amrgen.prep.prepared_format import (
    format_prepared,
    jamr_addresses,
    original_metadata,
    prepared_syntax,
    read_prepared,
    write_prepared,
)

CORPUS = """\
# ::id lpp.2 ::annotator ISI-AMR-05 ::preferred
# ::snt " I saw a boa , " said the prince -- twice .
(s / say-01 :ARG0 (p / prince) :ARG1 (s2 / see-01 :ARG0 (i / i) :ARG1 (b / boa))
   :frequency 2 :ARG2 p)
"""


@pytest.fixture
def prepared(corpus_file, chain_annotator, stub_aligner):
    return prepare_corpus(corpus_file(CORPUS), annotator=chain_annotator, progress=False).entries


def test_the_prepared_entry(prepared):
    text = format_prepared(prepared[0])
    assert text.splitlines() == [
        "# ::id lpp.2",
        "# ::annotator ISI-AMR-05",
        "# ::preferred",
        '# ::snt " I saw a boa , " said the prince -- twice .',
        '# ::tok " I saw a boa , " said the prince -- twice .',
        "# ::amrgen-words i saw a boa said the prince twice",
        "# ::amrgen-pos NN NN NN NN NN NN NN NN",
        "# ::amrgen-lemmas i saw a boa said the prince twice",
        "# ::amrgen-heads 0 1 2 3 4 5 6 7",
        "# ::amrgen-labels root dep dep dep dep dep dep dep",
        "# ::alignments 1-2|0.1.0 4-5|0.1.1 9-10|0.0 ::annotator amrgen",
        "(s / say-01",
        "      :ARG0 (p / prince)",
        "      :ARG1 (s2 / see-01",
        "            :ARG0 (i / i)",
        "            :ARG1 (b / boa))",
        "      :frequency 2",
        "      :ARG2 p)",
    ]


def test_round_trip_without_computing(prepared, tmp_path, same_entry, no_computing):
    write_prepared(tmp_path / "prepared.txt", prepared * 2)
    corpus = read_prepared(tmp_path / "prepared.txt")
    assert not corpus.errors
    for a, b in zip(prepared * 2, corpus.entries, strict=True):
        same_entry(a, b)


def test_words_aligned_across_punctuation_are_two_token_spans(prepared, tmp_path, same_entry):
    # "boa" and "said" are words 4 and 5 but tokens 4 and 7.
    entry = dataclasses.replace(prepared[0], alignment={"b": frozenset({4, 5}), "s": frozenset({5})})
    assert "# ::alignments 4-5|0.1.1 7-8|0.1.1+0 ::annotator amrgen" in format_prepared(entry)
    write_prepared(tmp_path / "prepared.txt", [entry])
    same_entry(entry, read_prepared(tmp_path / "prepared.txt").entries[0])


def test_jamr_addresses_skip_references_and_count_constants():
    tree = penman.parse(
        '(d / deny-01 :ARG0 (c / country :name (n / name :op1 "North" :op2 "Korea")) '
        ":ARG1 (a / access-01 :ARG0 o :ARG1 (f / facility :poss c) :mod (f2 / full)) "
        ':ARG2 (o / organization :name (n2 / name :op1 "IAEA")) :polarity -)'
    )
    amr, _ = canonical_form(Amr.from_tree(tree))
    addresses = jamr_addresses(amr)
    # The canonical tree defines o under access-01, where it is first reached; :ARG2 o is a reference.
    assert addresses["o"] == "0.1.0" and addresses["f"] == "0.1.1"
    assert addresses["n2.0"] == "0.1.0.0.0" and addresses["d.3"] == "0.2"
    written = penman.parse(amr.to_penman())
    for path, target in iter_paths(written):
        vertex = amr.paths[path]
        if isinstance(target, tuple) or target.startswith('"') or target == "-":
            jamr = tuple(int(i) for i in addresses[vertex].split(".")[1:])
            assert jamr_path_to_canonical(written, jamr) == path


def test_entries_that_are_not_prepared_are_skipped(prepared, tmp_path):
    good = format_prepared(prepared[0])
    broken = {
        "no.pos": good.replace("# ::amrgen-pos", "# ::x-pos"),
        "words": good.replace("# ::amrgen-words i saw", "# ::amrgen-words we saw"),
        "heads": good.replace("# ::amrgen-heads 0 1", "# ::amrgen-heads 0 0"),
        "short": good.replace("# ::amrgen-lemmas i saw", "# ::amrgen-lemmas saw"),
    }
    text = "\n".join(t.replace("::id lpp.2", f"::id {name}") for name, t in broken.items())
    (tmp_path / "broken.txt").write_text(good + "\n" + text)
    corpus = read_prepared(tmp_path / "broken.txt")
    assert [e.id for e in corpus.entries] == ["lpp.2"]
    assert [error.message for error in corpus.errors] == [
        "not a prepared entry: no # ::amrgen-pos line",
        "# ::amrgen-words are not the words of # ::tok",
        "the prepared syntax does not fit the words: 2 roots (tokens [1, 2]) instead of one",
        "the prepared syntax does not fit the words: 7 lemmas for 8 tokens",
    ]
    assert corpus.errors[0].line == 20


def test_an_unprepared_corpus_is_refused_entry_by_entry(corpus_file):
    corpus = read_prepared(corpus_file(CORPUS))
    assert not corpus.entries
    assert corpus.errors[0].message == "not a prepared entry: no # ::tok line"


def test_original_metadata_leaves_out_what_preparation_wrote():
    metadata = {"id": "x", "snt": "Hi .", "tok": "Hi .", "amrgen-pos": "UH", "annotator": "amrgen",
                "alignments": ""}
    assert original_metadata(metadata) == {"id": "x", "snt": "Hi ."}
    assert original_metadata({"annotator": "ISI"}) == {"annotator": "ISI"}


def test_values_with_spaces_cannot_be_written(prepared):
    entry = dataclasses.replace(prepared[0], lemmas=["i", "see", "a", "boa constrictor", "say", "the",
                                                     "prince", "twice"])
    with pytest.raises(ValueError, match="cannot write 'boa constrictor' in # ::amrgen-lemmas"):
        format_prepared(entry)


def test_other_penman_readers_read_the_file(prepared, tmp_path):
    write_prepared(tmp_path / "prepared.txt", prepared)
    (graph,) = penman.load(str(tmp_path / "prepared.txt"))
    assert graph.metadata["amrgen-words"] == "i saw a boa said the prince twice"
    assert read_corpus(tmp_path / "prepared.txt").entries[0].metadata["annotator"] == "ISI-AMR-05"


def test_prepared_syntax_comes_whole_or_not_at_all():
    assert prepared_syntax({"snt": "Hi ."}, ["hi"]) is None
    full = {"amrgen-pos": "UH", "amrgen-lemmas": "hi", "amrgen-heads": "0", "amrgen-labels": "root"}
    assert prepared_syntax(full, ["hi"]).pos == ["UH"]
    with pytest.raises(CorpusFormatError, match="# ::amrgen-pos without # ::amrgen-lemmas"):
        prepared_syntax({"amrgen-pos": "UH"}, ["hi"])
    with pytest.raises(CorpusFormatError, match="not a number"):
        prepared_syntax({**full, "amrgen-heads": "root"}, ["hi"])
