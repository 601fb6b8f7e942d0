"""Tests for amrgen.io.penman_corpus: reading and writing PENMAN corpora with metadata."""

import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import (
    check_graphs,
    format_entry,
    iter_corpus,
    parse_metadata_line,
    read_corpus,
    read_corpus_text,
    write_corpus,
)

THREE_ENTRIES = """\
# AMR release v1.6; The Little Prince; section: dev; number of AMRs: 3

# ::id lpp_1943.1 ::date 2012-06-25T16:16:47 ::annotator ISI-AMR-05 ::preferred
# ::snt Chapter 1
(c / chapter
      :mod 1)

# ::id lpp_1943.2 ::date 2012-06-25T16:17:41 ::annotator ISI-AMR-05 ::preferred
# ::snt Once when I was six years old I saw a magnificent picture .
(s / see-01
      :ARG0 (i / i
      :ARG1 (p / picture))

# ::id lpp_1943.3
# ::snt It was a picture of a boa constrictor .
(p / picture
      :topic (b / boa))
"""


def test_bad_brackets_in_the_middle_cost_only_that_entry():
    result = read_corpus_text(THREE_ENTRIES, "dev.txt")
    assert [entry.id for entry in result.entries] == ["lpp_1943.1", "lpp_1943.3"]
    assert [entry.index for entry in result.entries] == [0, 2]
    [error] = result.errors
    assert (error.path, error.line, error.entry_id, error.index) == ("dev.txt", 8, "lpp_1943.2", 1)
    assert str(error) == "dev.txt:8: entry lpp_1943.2: unbalanced parenthesis: 1 '(' not closed"


def test_entry_fields_and_multi_key_metadata_line():
    entry = read_corpus_text(THREE_ENTRIES, "dev.txt").entries[0]
    assert entry.metadata == {
        "id": "lpp_1943.1",
        "date": "2012-06-25T16:16:47",
        "annotator": "ISI-AMR-05",
        "preferred": "",
        "snt": "Chapter 1",
    }
    assert (entry.path, entry.line, entry.index) == ("dev.txt", 3, 0)
    assert entry.graph_text == "(c / chapter\n      :mod 1)"
    assert entry.tree.node == ("c", [("/", "chapter"), (":mod", "1")])


def test_tree_is_kept_as_written():
    text = "(p / person~e.1 :ARG0-of~e.2 (d / develop-02) :domain p)\n"
    [entry] = read_corpus_text(text).entries
    assert entry.tree.node == (
        "p",
        [("/", "person~e.1"), (":ARG0-of~e.2", ("d", [("/", "develop-02")])), (":domain", "p")],
    )


def test_entry_without_id_gets_file_and_position():
    result = read_corpus_text("(a / a)\n\n# just a comment\n(b / b)\n", "x/corpus.txt")
    assert [entry.id for entry in result.entries] == ["corpus.txt:1", "corpus.txt:2"]
    assert result.entries[1].line == 3


def test_windows_line_endings_bom_and_no_trailing_newline(tmp_path):
    text = "\ufeff# ::id a ::snt A b\r\n(a / a\r\n   :ARG0 (b / b))\r\n\r\n# ::id c\r\n(c / c)"
    corpus = tmp_path / "crlf.txt"
    corpus.write_bytes(text.encode("utf-8"))
    for result in (read_corpus(corpus), read_corpus_text(text)):
        assert [entry.id for entry in result.entries] == ["a", "c"]
        assert result.entries[0].metadata == {"id": "a", "snt": "A b"}
        assert result.entries[0].graph_text == "(a / a\n   :ARG0 (b / b))"
        assert result.entries[1].line == 5
        assert not result.errors


def test_metadata_without_graph_is_an_error():
    result = read_corpus_text("# ::id a\n# ::snt A\n\n# ::id b\n(b / b)\n\n# ::id c\n", "m.txt")
    assert [entry.id for entry in result.entries] == ["b"]
    assert [str(error) for error in result.errors] == [
        "m.txt:1: entry a: no graph after the metadata",
        "m.txt:7: entry c: no graph after the metadata",
    ]
    assert [error.index for error in result.errors] == [0, 2]


@pytest.mark.parametrize(("text", "what"), [
    ("", "the file is empty or holds only comments"),
    ("  \n\t\n# AMR release\n\n# another comment\n", "the file is empty or holds only comments"),
    ("# ::id a\n# ::snt A\n\n# ::id b\n", "none of its 2 entries has a graph in PENMAN notation, which starts with '('"),
    ("The girl sleeps.\n\nThe boy wants to go.\n", "none of its 2 entries has a graph in PENMAN notation"),
])
def test_a_file_without_any_graph_is_refused_in_one_line(text, what):
    result = read_corpus_text(text, "x/none.txt")
    with pytest.raises(CorpusFormatError) as raised:
        check_graphs("x/none.txt", [*result.entries, *result.errors])
    assert str(raised.value).startswith(f"x/none.txt: no AMR graphs in it ({what}")


@pytest.mark.parametrize("text", ["(a / a)\n", "# ::id a\n\n# ::id b\n(b / b :ARG0 (x / thing)\n"])
def test_a_file_with_a_graph_even_a_malformed_one_is_read(text):
    result = read_corpus_text(text)
    check_graphs("x.txt", [*result.entries, *result.errors])


def test_header_comment_block_is_not_an_entry():
    result = read_corpus_text("# AMR release; corpus: bio\n# more header\n\n(a / a)\n")
    assert len(result.entries) == 1 and not result.errors
    assert result.entries[0].index == 0


def test_comment_right_after_a_graph_starts_the_next_entry():
    result = read_corpus_text("# ::id a\n(a / a)\n# ::id b\n(b / b)\n")
    assert [(entry.id, entry.line) for entry in result.entries] == [("a", 1), ("b", 3)]


@pytest.mark.parametrize(
    ("graph", "message"),
    [
        ("garbage", "Expected: LPAREN (line 2)"),
        ("(a / a))", "unbalanced parenthesis: ')' on line 2 closes nothing"),
        ("(a / a\n  :ARG0 (b / b)", "unbalanced parenthesis: 1 '(' not closed"),
        ("(a / a)\n(b / b)", "a second graph starts on line 3"),
        ("(a / a) junk", "text after the end of the graph on line 2"),
        ('(a / a :name "Cairo)', "unterminated string"),
        ("(a b c)", "Expected: ROLE (line 2)"),
        ("()", "empty node '()'"),
        ("(a / a :ARG0 ())", "empty node '()'"),
        ("(a :ARG0 (b / b))", "node a has no concept"),
        ("(a / a :ARG0)", "role :ARG0 of node a has no target"),
        ("(a / a :ARG0 (a / b))", "variable a is defined twice"),
        ("(w / want-01 :ARG0 b)", "variable b (w :ARG0 b) is never defined"),
        ("(w / want-01\n  :ARG1 (g / go-02 :ARG0 b2~e.3))", "variable b2 (g :ARG0 b2) is never defined"),
        ("(w / want-01 :ARG0 (x1 / i :ARG1-of xv3))", "variable xv3 (x1 :ARG1-of xv3) is never defined"),
    ],
)
def test_malformed_graphs(graph, message):
    result = read_corpus_text(f"# ::id x\n{graph}\n\n# ::id y\n(y / y)\n", "bad.txt")
    assert [entry.id for entry in result.entries] == ["y"]
    [error] = result.errors
    assert str(error) == f"bad.txt:1: entry x: {message}"


def test_constants_and_variables_used_before_their_definition_are_read():
    graph = ('(w / want-01 :ARG0 b~e.1 :mode imperative :polarity - :ARG2 amr-unknown :quant 5 :value A\n'
             '   :op1 "x1" :ARG1 (g / go-02 :ARG0 (b / boy) :ARG1 w :op2 co :op3 +))')
    result = read_corpus_text(graph + "\n")
    assert not result.errors and len(result.entries) == 1


def test_malformed_graph_gives_no_penman_warning(caplog):
    result = read_corpus_text("(a / a :ARG0)\n\n(b / )\n")
    assert len(result.errors) == 2
    assert [record for record in caplog.records if record.name == "penman"] == []


def test_brackets_and_escaped_quotes_inside_strings_are_fine():
    text = '(g / gene :wiki "BRAF_(gene)" :name (n / name :op1 "a \\" ) b"))\n'
    result = read_corpus_text(text)
    assert not result.errors
    assert result.entries[0].tree.node[1][1] == (":wiki", '"BRAF_(gene)"')


def test_parse_metadata_line():
    assert parse_metadata_line("# ::id x ::date 2012 ::preferred") == [
        ("id", "x"),
        ("date", "2012"),
        ("preferred", ""),
    ]
    assert parse_metadata_line("# ::snt a::b c") == [("snt", "a::b c")]
    assert parse_metadata_line("# AMR release v1.6") == []
    assert parse_metadata_line("#") == []


def test_first_value_of_a_repeated_key_is_kept():
    text = (
        "# ::id a ::date 2012-06-25\n"
        "# ::alignments 0-1|0 ::annotator Aligner v.02 ::date 2014-08-08\n"
        "(a / a)\n"
    )
    [entry] = read_corpus_text(text).entries
    assert entry.metadata == {
        "id": "a",
        "date": "2012-06-25",
        "alignments": "0-1|0",
        "annotator": "Aligner v.02",
    }


def test_format_entry_round_trips():
    [entry] = read_corpus_text(THREE_ENTRIES).entries[:1]
    text = format_entry(entry.metadata, entry.graph_text)
    assert text.splitlines()[0] == "# ::id lpp_1943.1"
    assert "# ::preferred\n" in text
    [again] = read_corpus_text(text).entries
    assert again.metadata == entry.metadata
    assert again.tree == entry.tree
    assert again.graph_text == entry.graph_text


def test_format_entry_puts_id_first_and_refuses_multi_line_values():
    assert format_entry({"snt": "A", "id": "x"}, "(a / a)") == "# ::id x\n# ::snt A\n(a / a)\n"
    with pytest.raises(ValueError):
        format_entry({"snt": "two\nlines"}, "(a / a)")
    with pytest.raises(ValueError):
        format_entry({"two words": "x"}, "(a / a)")


def test_write_corpus_then_read_corpus(tmp_path):
    entries = read_corpus_text(THREE_ENTRIES).entries
    corpus = tmp_path / "out.txt"
    write_corpus(corpus, entries)
    again = read_corpus(corpus)
    assert not again.errors
    assert [(e.id, e.metadata, e.tree) for e in again.entries] == [
        (e.id, e.metadata, e.tree) for e in entries
    ]


def test_iter_corpus_yields_entries_and_errors_in_order(tmp_path):
    corpus = tmp_path / "dev.txt"
    corpus.write_text(THREE_ENTRIES, encoding="utf-8")
    items = list(iter_corpus(corpus))
    assert [type(item).__name__ for item in items] == ["CorpusEntry", "ReadError", "CorpusEntry"]
    assert items[1].path == str(corpus)


LATIN_1 = "# ::id a\n# ::snt caf\u00e9\n(a / a)\n\n# ::id b\n# ::snt ok\n(b / b)\n"


def test_bytes_that_are_not_utf8_cost_their_entry_alone(tmp_path):
    corpus = tmp_path / "latin1.txt"
    corpus.write_bytes(LATIN_1.encode("latin-1"))
    result = read_corpus(corpus)
    assert [e.id for e in result.entries] == ["b"]
    assert [str(e) for e in result.errors] == [
        (f"{corpus}:1: entry a: line 2: the bytes \\xe9 at column 12 are not UTF-8 "
         "(for a file in another encoding, give --encoding)")]
    assert read_corpus(corpus, "latin-1").entries[0].metadata["snt"] == "caf\u00e9"


def test_a_nul_byte_costs_its_entry_and_a_utf16_file_is_refused_in_one_line(tmp_path):
    corpus = tmp_path / "nul.txt"
    corpus.write_bytes(b"# ::id a\n(a / a\x00)\n\n# ::id b\n(b / b)\n")
    result = read_corpus(corpus)
    assert [e.id for e in result.entries] == ["b"]
    assert "line 2: a NUL byte at column 7" in result.errors[0].message
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(LATIN_1.encode("utf-16"))
    with pytest.raises(CorpusFormatError, match="UTF-16 or UTF-32 text"):
        read_corpus(utf16)
    assert [e.id for e in read_corpus(utf16, "utf-16").entries] == ["a", "b"]


def test_a_file_not_in_the_encoding_given_or_an_unknown_encoding_is_one_error(tmp_path):
    corpus = tmp_path / "in.txt"
    corpus.write_bytes(b"# ::id a\n(a / a)\n\xff")
    with pytest.raises(CorpusFormatError, match=r"in.txt: not ascii text: the bytes \\xff at byte 17"):
        read_corpus(corpus, "ascii")
    with pytest.raises(CorpusFormatError, match="unknown encoding 'klingon'"):
        read_corpus(corpus, "klingon")
    with pytest.raises(CorpusFormatError, match="'rot13' is not a text encoding"):
        read_corpus(corpus, "rot13")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("little-prince-training", 1274),
        ("little-prince-dev", 145),
        ("little-prince-test", 143),
        ("bio-dev", 500),
        ("bio-training-partial", 838),
        ("bio-alignments-dev", 500),
    ],
)
def test_every_graph_of_the_shared_corpora_parses(shared_corpus, name, count):
    result = read_corpus(shared_corpus(name))
    assert [str(error) for error in result.errors] == []
    assert len(result.entries) == count
    assert len({entry.id for entry in result.entries}) == count


@pytest.mark.parametrize("line", ["# ::", "# ::   ", "# :: value ::id x"])
def test_a_metadata_line_without_a_key_costs_its_entry_alone(line):
    result = read_corpus_text(f"# ::id a\n{line}\n(a / a)\n\n# ::id b\n(b / b)\n")
    assert [e.id for e in result.entries] == ["b"]
    [error] = result.errors
    assert (error.line, error.entry_id) == (1, "a")
    assert error.message.startswith(f"line 2: metadata line {line.strip()!r} has no key after '::'")
    with pytest.raises(CorpusFormatError, match="has no key"):
        parse_metadata_line(line)


def test_a_graph_nested_beyond_the_limit_costs_its_entry_alone():
    from amrgen.io.penman_corpus import MAX_NESTING

    def chain(depth: int) -> str:
        return "".join(f"(v{i} / go-02 :ARG1 " for i in range(depth - 1)) + "(b / boy)" + ")" * (depth - 1)

    result = read_corpus_text(f"# ::id deep\n{chain(1000)}\n\n# ::id limit\n{chain(MAX_NESTING)}\n")
    assert [e.id for e in result.entries] == ["limit"]
    [error] = result.errors
    assert error.entry_id == "deep" and f"nested more than {MAX_NESTING} levels deep (line 2)" in error.message
