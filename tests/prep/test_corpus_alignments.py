"""Tests for amrgen.prep.corpus_alignments: the alignments a corpus carries, ISI before JAMR."""

import penman
import pytest

from amrgen.amr import Amr
from amrgen.io import CorpusFormatError
from amrgen.prep.corpus_alignments import given_alignment
from amrgen.prep.tokenize import Reference

# 0:The 1:boy 2:wants 3:, 4:to 5:go 6:home 7:. 8:home
REFERENCE = Reference.from_tokens("The boy wants , to go home . home".split())
PLAIN = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :ARG4 (h / home)))"


def align(graph: str, metadata: dict | None = None):
    tree = penman.parse(graph)
    return given_alignment(tree, Amr.from_tree(tree), metadata or {}, REFERENCE)


def test_no_alignments_gives_none():
    assert align(PLAIN) is None


def test_isi_marks_win_and_jamr_fills_the_rest():
    marked = "(w / want-01~e.2 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :ARG4 (h / home)))"
    jamr = {"alignments": "0-2|0+0.0 5-6|0.1 ::annotator JAMR"}
    # JAMR's want-01 -> "The boy" is ignored: ISI aligned want-01 already.
    assert align(marked, jamr) == {
        "w": frozenset({3}),
        "b": frozenset({1, 2}),
        "g": frozenset({5}),
    }


def test_isi_line_keeps_the_first_contiguous_run():
    # home is aligned to tokens 6 and 8, i.e. words 6 and 7 (the period between is no word),
    # which are contiguous; want-01 to words 2 and 5, of which the first run is {2}.
    line = {"alignments": "1-1.1 2-1 5-1 6-1.2.2 8-1.2.2"}
    assert align(PLAIN, line) == {
        "b": frozenset({2}),
        "w": frozenset({3}),
        "h": frozenset({6, 7}),
    }


def test_roles_and_punctuation_are_not_aligned():
    marked = "(w / want-01~e.2,3 :ARG0~e.1 (b / boy) :ARG1 (g / go-02~e.7 :ARG0 b :ARG4 (h / home)))"
    assert align(marked) == {"w": frozenset({3})}


def test_a_reentrant_reference_aligns_its_vertex():
    assert align(PLAIN, {"alignments": "1-1.2.1"}) == {"b": frozenset({2})}


@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ({"alignments": "1-1.4"}, "missing place"),
        ({"alignments": "12-1"}, "token 12 is out of range: the sentence has 9 tokens"),
        ({"alignments": "3-4|0.7"}, "JAMR address 0.7 does not exist"),
        ({"alignments": "1-x"}, "malformed ISI alignment"),
    ],
)
def test_alignments_that_point_nowhere_are_refused(metadata, message):
    with pytest.raises(CorpusFormatError, match=message):
        align(PLAIN, metadata)
