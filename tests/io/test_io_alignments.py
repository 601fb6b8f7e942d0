"""Tests for amrgen.io.alignments: tree paths, JAMR and ISI alignments, surface marks."""

import penman
import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.alignments import (
    JamrSpan,
    TokenAlignment,
    check_alignment,
    iter_paths,
    jamr_path_to_canonical,
    jamr_token_alignments,
    parse_isi_alignments,
    parse_jamr_alignments,
    resolve_path,
    resolve_role,
    strip_surface_alignment,
    surface_alignments,
    variables,
)
from amrgen.io.penman_corpus import read_corpus

# The bigraph of thesis Fig. fig:amr-encoding and the listings at thesis.tex 3411-3441.
THESIS_TREE = penman.parse(
    "(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02)) :ARG1 (v3 / sleep-01 :ARG0 v2))"
)
THESIS_TOKENS = "the developer wants to sleep".split()

# JAMR's docs/Alignment_Format.md example: the numbering skips the reentrancy `:ARG0 o`.
NORTH_KOREA = penman.parse(
    """(d / deny-01
  :ARG0 (c / country :name (n / name :op1 "North" :op2 "Korea"))
  :ARG1 (a / access-01 :ARG0 o :ARG1 (f / facility :poss c) :mod (f2 / full))
  :ARG2 (o / organization :name (n2 / name :op1 "IAEA")))"""
)
NORTH_KOREA_JAMR = (
    "# ::alignments 0-2|0.0+0.0.0+0.0.0.0+0.0.0.1 5-6|0.2+0.2.0+0.2.0.0 3-4|0 7-8|0.1 "
    "6-7|0.1.1 10-11|0.1.0 ::annotator Aligner v.02 ::date 2014-08-08T20:42:25.346"
)


def concept(target):
    return target[1][0][1]


def aligned_labels(tree, alignments):
    """token -> labels of the aligned places (concepts, or constants and references as written)."""
    labels = {}
    for alignment in alignments:
        target = resolve_path(tree, alignment.path)
        labels.setdefault(alignment.token, []).append(
            concept(target) if isinstance(target, tuple) else target
        )
    return labels


def test_resolve_path_and_role():
    assert resolve_path(THESIS_TREE, ()) == THESIS_TREE.node
    assert concept(resolve_path(THESIS_TREE, (0, 0))) == "develop-02"
    assert resolve_path(THESIS_TREE, (1, 0)) == "v2"
    assert resolve_role(THESIS_TREE, (0, 0)) == ":ARG0-of"
    assert resolve_role(THESIS_TREE, (1, 0)) == ":ARG0"
    constant = penman.parse('(c / city :name (n / name :op1 "Cairo") :polarity -)')
    assert resolve_path(constant, (0, 0)) == '"Cairo"'
    assert resolve_path(constant, (1,)) == "-"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ((2,), r"path \(2\) does not exist: node v1 has 2 children"),
        ((0, 1), r"path \(0, 1\) does not exist: node v2 has 1 children"),
        ((1, 0, 0), r"path \(1, 0, 0\) does not exist: 'v2' at \(1, 0\) has no children"),
    ],
)
def test_resolve_missing_path(path, message):
    with pytest.raises(CorpusFormatError, match=message):
        resolve_path(THESIS_TREE, path)


def test_the_root_has_no_role():
    with pytest.raises(CorpusFormatError, match="the root has no incoming role"):
        resolve_role(THESIS_TREE, ())


def test_iter_paths_is_depth_first_in_written_order():
    paths = [
        (path, target if isinstance(target, str) else concept(target))
        for path, target in iter_paths(THESIS_TREE)
    ]
    assert paths == [
        ((), "want-01"),
        ((0,), "person"),
        ((0, 0), "develop-02"),
        ((1,), "sleep-01"),
        ((1, 0), "v2"),
    ]


def test_variables():
    assert variables(THESIS_TREE) == {"v1", "v2", "v3", "v4"}


def test_thesis_jamr_line():
    spans = parse_jamr_alignments("# ::alignments 1-2|0.0+0.0.0 2-3|0 4-5|0.1\t")
    assert spans == [JamrSpan(1, 2, ((0,), (0, 0))), JamrSpan(2, 3, ((),)), JamrSpan(4, 5, ((1,),))]
    alignments = jamr_token_alignments(THESIS_TREE, spans, len(THESIS_TOKENS))
    assert aligned_labels(THESIS_TREE, alignments) == {
        1: ["person", "develop-02"],
        2: ["want-01"],
        4: ["sleep-01"],
    }
    assert check_alignment(THESIS_TREE, THESIS_TOKENS, alignments) == []


def test_thesis_isi_line():
    alignments = parse_isi_alignments("1-1.1.1 2-1 4-1.2 ")
    assert alignments == [TokenAlignment(1, (0, 0)), TokenAlignment(2, ()), TokenAlignment(4, (1,))]
    assert aligned_labels(THESIS_TREE, alignments) == {
        1: ["develop-02"],
        2: ["want-01"],
        4: ["sleep-01"],
    }
    assert check_alignment(THESIS_TREE, THESIS_TOKENS, alignments) == []


def test_jamr_numbering_skips_reentrancies_but_counts_constants():
    spans = parse_jamr_alignments(NORTH_KOREA_JAMR)
    labels = aligned_labels(NORTH_KOREA, jamr_token_alignments(NORTH_KOREA, spans, 11))
    assert labels == {
        0: ["country", "name", '"North"', '"Korea"'],
        1: ["country", "name", '"North"', '"Korea"'],
        5: ["organization", "name", '"IAEA"'],
        3: ["deny-01"],
        7: ["access-01"],
        6: ["full"],
        10: ["facility"],
    }
    assert jamr_path_to_canonical(NORTH_KOREA, (1, 0)) == (1, 1)
    assert jamr_path_to_canonical(NORTH_KOREA, (1, 1)) == (1, 2)


def test_jamr_skips_references_that_carry_a_mark():
    tree = penman.parse("(a / a :ARG0 b~e.1 :ARG1 (b / b))")
    assert jamr_path_to_canonical(tree, (0,)) == (1,)


def test_jamr_address_that_does_not_exist():
    with pytest.raises(CorpusFormatError, match="JAMR address 0.1.1 does not exist: node v3 has 0"):
        jamr_token_alignments(THESIS_TREE, parse_jamr_alignments("0-1|0.1.1"), 5)
    with pytest.raises(CorpusFormatError, match="JAMR address 0.0.0.0.0 does not exist"):
        jamr_path_to_canonical(NORTH_KOREA, (0, 0, 0, 0))


@pytest.mark.parametrize(
    "item", ["1-2", "1-2|1", "2-1|0", "1-1|0", "a-2|0", "*1-2|0", "1-2|0.", "1-2|0+"]
)
def test_malformed_jamr_items(item):
    with pytest.raises(CorpusFormatError, match="malformed JAMR alignment"):
        parse_jamr_alignments(f"0-1|0 {item}")


def test_isi_role_alignments():
    assert parse_isi_alignments("3-1.2.r 0-1.1.1.2") == [
        TokenAlignment(3, (1,), True),
        TokenAlignment(0, (0, 0, 1)),
    ]
    assert resolve_role(THESIS_TREE, (1,)) == ":ARG1"


@pytest.mark.parametrize("item", ["1", "1-0", "1-2.1", "1-1.0", "1-1.r.1", "1-1.1r", "x-1"])
def test_malformed_isi_items(item):
    with pytest.raises(CorpusFormatError, match="malformed ISI alignment"):
        parse_isi_alignments(f"0-1 {item}")


def test_empty_alignment_lines():
    assert parse_isi_alignments("# ::alignments ") == []
    assert parse_jamr_alignments("") == []


def test_check_alignment_reports_missing_nodes_and_tokens():
    alignments = [
        TokenAlignment(1, (0,)),
        TokenAlignment(7, (1,)),
        TokenAlignment(2, (0, 3)),
        TokenAlignment(3, (), True),
        TokenAlignment(-1, (1, 0), True),
    ]
    assert check_alignment(THESIS_TREE, THESIS_TOKENS, alignments) == [
        "token 7 is out of range: the sentence has 5 tokens",
        "token 2 is aligned to a missing place: path (0, 3) does not exist: node v2 has 1 children",
        "token 3 is aligned to a missing place: the root has no incoming role",
        "token -1 is out of range: the sentence has 5 tokens",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("want-01~e.3", ("want-01", [3])),
        (":ARG0~e.2", (":ARG0", [2])),
        ('"Cairo"~e.4', ('"Cairo"', [4])),
        ("~e.3,4", ("", [3, 4])),
        ("boy~3", ("boy", [3])),
        ("boy", ("boy", [])),
        ('"a~e.1"', ('"a~e.1"', [])),
        ("-~e.0", ("-", [0])),
    ],
)
def test_strip_surface_alignment(text, expected):
    assert strip_surface_alignment(text) == expected


def test_surface_alignments():
    tree = penman.parse('(a / and~e.18 :op1~e.2 (g / gene :name "BRAF"~e.5) :op2 g~e.7)')
    assert surface_alignments(tree) == [
        TokenAlignment(18, ()),
        TokenAlignment(2, (0,), True),
        TokenAlignment(5, (0, 0)),
        TokenAlignment(7, (1,)),
    ]


@pytest.mark.slow
def test_bio_dev_isi_lines_agree_with_the_surface_marks(shared_corpus):
    """Every ISI line of Bio AMR v0.8 dev equals the ~e.N marks on its graph (12663 alignments)."""
    result = read_corpus(shared_corpus("bio-alignments-dev"))
    assert not result.errors
    assert len(result.entries) == 500
    total = 0
    for entry in result.entries:
        line = parse_isi_alignments(entry.metadata["alignments"])
        assert check_alignment(entry.tree, entry.metadata["tok"].split(), line) == [], entry.id
        assert sorted(line, key=repr) == sorted(surface_alignments(entry.tree), key=repr), entry.id
        total += len(line)
    assert total == 12663


def test_a_jamr_span_beyond_the_sentence_is_refused_before_it_is_spelt_out():
    spans = parse_jamr_alignments("0-99999999999999999999|0")
    with pytest.raises(CorpusFormatError, match=r"span 0-99999999999999999999 is out of range: the sentence has 5 tokens"):
        jamr_token_alignments(THESIS_TREE, spans, len(THESIS_TOKENS))
    assert len(jamr_token_alignments(THESIS_TREE, parse_jamr_alignments("0-5|0"), 5)) == 5
