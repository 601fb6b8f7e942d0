"""Tests for amrgen.io.dependencies: Stanford dependencies, CoNLL-U and POS lines."""

import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.dependencies import (
    DependencyParse,
    format_conllu,
    read_conllu,
    read_pos_lines,
    read_stanford_dependencies,
    write_conllu,
)

# The listing at thesis.tex 3411-3441 (tree D of Fig. fig:amr-encoding).
THESIS_SD = """\
root(ROOT-0, wants-3)
nsubj(wants-3, developer-2)
xcomp(wants-3, sleep-5)
det(developer-2, the-1)
mark(sleep-5, to-4)
"""

THESIS_PARSE = DependencyParse(
    tokens=["the", "developer", "wants", "to", "sleep"],
    heads=[2, 3, 0, 5, 3],
    labels=["det", "nsubj", "root", "mark", "xcomp"],
)


def write(tmp_path, text, name="file.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_thesis_stanford_listing(tmp_path):
    assert read_stanford_dependencies(write(tmp_path, THESIS_SD)) == [THESIS_PARSE]


def test_blocks_are_sentences_and_crlf_is_fine(tmp_path):
    text = (THESIS_SD + "\n\n" + "root(ROOT-0, Go-1)\npunct(Go-1, !-2)").replace("\n", "\r\n")
    parses = read_stanford_dependencies(write(tmp_path, text))
    assert [parse.tokens for parse in parses] == [THESIS_PARSE.tokens, ["Go", "!"]]


def test_words_with_parentheses_hyphens_and_commas(tmp_path):
    text = (
        "root(ROOT-0, said-3)\n"
        "nsubj(said-3, well-known-2)\n"
        "det(well-known-2, A-1)\n"
        "punct(said-3, ,-4)\n"
        "dep(said-3, -LRB--5)\n"
        "dep(-LRB--5, -(word)-6)\n"
        "dep(said-3, a,b-7)\n"
    )
    [parse] = read_stanford_dependencies(write(tmp_path, text))
    assert parse.tokens == ["A", "well-known", "said", ",", "-LRB-", "-(word)", "a,b"]
    assert parse.heads == [2, 3, 0, 3, 3, 5, 3]


def test_copy_nodes(tmp_path):
    text = (
        "root(ROOT-0, makes-2)\n"
        "nsubj(makes-2, John-1)\n"
        "conj_and(makes-2, makes-2')\n"
        "dobj(makes-2', cakes-3)\n"
    )
    [parse] = read_stanford_dependencies(write(tmp_path, text))
    assert parse.tokens == ["John", "makes", "cakes"]
    assert parse.heads == [2, 0, 2]
    assert parse.labels == ["nsubj", "root", "dobj"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("root(ROOT-0, a-1)\nnonsense\n", r"file.txt:4: expected label\(head-i, dependent-j\)"),
        ("root(ROOT-0, a-1)\nroot(ROOT-0, b-2)\n", r"file.txt:3: 2 roots \(tokens \[1, 2\]\)"),
        ("root(ROOT-0, a-1)\ndep(a-1, b-3)\n", "file.txt:3: token 2 has no head"),
        (
            "root(ROOT-0, a-1)\ndep(a-1, b-2)\ndep(a-1, b-2)\n",
            "file.txt:5: token 2 has a second head",
        ),
        ("root(ROOT-0, a-1)\ndep(c-3, b-2)\ndep(b-2, c-3)\n", "file.txt:3: token 2 is on a cycle"),
        ("root(ROOT-0, a-1)\ndep(a-1, ROOT-0)\n", "file.txt:4: the dependent cannot be token 0"),
    ],
)
def test_malformed_stanford_blocks(tmp_path, text, message):
    with pytest.raises(CorpusFormatError, match=message):
        read_stanford_dependencies(write(tmp_path, "root(ROOT-0, x-1)\n\n" + text))


CONLLU = """\
# sent_id = 1
# text = the developer wants to sleep
1\tthe\tthe\tDET\tDT\t_\t2\tdet\t_\t_
2\tdeveloper\tdeveloper\tNOUN\tNN\t_\t3\tnsubj\t_\t_
3\twants\twant\tVERB\tVBZ\t_\t0\troot\t_\t_
4\tto\tto\tPART\tPRT\t_\t5\tmark\t_\t_
5\tsleep\tsleep\tVERB\tVB\t_\t3\txcomp\t_\t_

1-2\tdon't\t_\t_\t_\t_\t_\t_\t_\t_
1\tdo\tdo\tAUX\t_\t_\t3\taux\t_\t_
2\tn't\tnot\tPART\t_\t_\t3\tadvmod\t_\t_
3\tgo\tgo\tVERB\t_\t_\t0\troot\t_\t_
3.1\tgone\t_\t_\t_\t_\t_\t_\t3:conj\t_
"""


def test_read_conllu(tmp_path):
    first, second = read_conllu(write(tmp_path, CONLLU))
    assert first == DependencyParse(
        tokens=THESIS_PARSE.tokens,
        heads=THESIS_PARSE.heads,
        labels=THESIS_PARSE.labels,
        pos=["DT", "NN", "VBZ", "PRT", "VB"],
        lemmas=["the", "developer", "want", "to", "sleep"],
    )
    assert second.tokens == ["do", "n't", "go"]
    assert second.pos == ["AUX", "PART", "VERB"]
    assert second.heads == [3, 3, 0]


def test_conllu_without_lemmas_or_tags(tmp_path):
    [parse] = read_conllu(write(tmp_path, "1\tHi\t_\t_\t_\t_\t0\troot\t_\t_\n"))
    assert parse.pos is None and parse.lemmas is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "1\ta\ta\tX\tX\t_\t0\troot\t_\n",
            "file.txt:3: expected 10 tab-separated columns, found 9",
        ),
        ("2\ta\ta\tX\tX\t_\t0\troot\t_\t_\n", "file.txt:3: expected token id 1, found '2'"),
        ("1\ta\ta\tX\tX\t_\t_\troot\t_\t_\n", "file.txt:3: head '_' is not a number"),
        ("1\ta\ta\tX\tX\t_\t2\troot\t_\t_\n", "file.txt:3: 0 roots"),
        (
            "1\ta\ta\tX\tX\t_\t0\troot\t_\t_\n2\tb\tb\tX\tX\t_\t5\tdep\t_\t_\n",
            "file.txt:3: token 2 has head 5, outside 0..2",
        ),
        ("# only a comment\n", "file.txt:3: a sentence without tokens"),
    ],
)
def test_malformed_conllu(tmp_path, text, message):
    with pytest.raises(CorpusFormatError, match=message):
        read_conllu(write(tmp_path, "1\tx\tx\tX\tX\t_\t0\troot\t_\t_\n\n" + text))


def test_conllu_round_trip(tmp_path):
    parses = read_conllu(write(tmp_path, CONLLU)) + [THESIS_PARSE]
    path = tmp_path / "out.conllu"
    write_conllu(path, parses)
    assert read_conllu(path) == parses
    assert path.read_text(encoding="utf-8").endswith("xcomp\t_\t_\n\n")


def test_format_conllu_refuses_tabs():
    with pytest.raises(ValueError):
        format_conllu(DependencyParse(["a\tb"], [0], ["root"]))


def test_pos_lines(tmp_path):
    path = write(tmp_path, "DT\tNN\tVBZ\tPRT\tVB\nUH\t.\n\n")
    assert read_pos_lines(path) == [["DT", "NN", "VBZ", "PRT", "VB"], ["UH", "."]]


def test_empty_pos_line_in_the_middle(tmp_path):
    with pytest.raises(CorpusFormatError, match="file.txt:2: empty line where POS tags"):
        read_pos_lines(write(tmp_path, "DT\tNN\n\nVB\n"))


@pytest.mark.parametrize(
    ("parse", "problem"),
    [
        (THESIS_PARSE, None),
        (DependencyParse(["a", "b"], [0], ["root"]), "1 heads for 2 tokens"),
        (DependencyParse(["a"], [0], ["root"], pos=[]), "0 pos tags for 1 tokens"),
        (DependencyParse(["a", "b"], [2, 1], ["x", "y"]), "0 roots (tokens []) instead of one"),
        (
            DependencyParse(["a", "b", "c"], [0, 3, 2], ["r", "x", "y"]),
            "token 2 is on a cycle of heads",
        ),
        (DependencyParse(["a", "b"], [0, -1], ["r", "x"]), "token 2 has head -1, outside 0..2"),
    ],
)
def test_tree_problem(parse, problem):
    assert parse.tree_problem() == problem


def test_non_utf8_file(tmp_path):
    path = tmp_path / "pos.txt"
    path.write_bytes(b"DT\tNN\n\xff\n")
    with pytest.raises(CorpusFormatError, match="pos.txt:2: not UTF-8 text"):
        read_pos_lines(path)
