"""Inputs a hostile or careless user gives (issue 19): each costs its own entry
or is refused in one line before any work, never a traceback for the whole run.
The commands run with the shipped default generator."""

import re
from pathlib import Path

import pytest

from amrgen.cli import main
from amrgen.decoding.generator import DEFAULT_LM, DEFAULT_MODEL

GOOD = """\
# ::id good-1
# ::snt The girl sleeps.
(s / sleep-01 :ARG0 (g / girl))

# ::id good-2
# ::snt The boy wants to go.
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))
"""


def _generate(generator, corpus: Path, output: Path, *options: str) -> int:
    return main(["generate", "-i", str(corpus), "-o", str(output), *options])


def _generated_with_trace(generator, tmp_path: Path, capsys, entries: str) -> tuple[str, str, str, str]:
    """``entries`` and GOOD generated with ``-s --trace`` (one graph fails: exit 1): what was
    printed to stdout and stderr, the output file and the trace."""
    corpus, output, trace = tmp_path / "in.txt", tmp_path / "out.txt", tmp_path / "trace.jsonl"
    corpus.write_text(entries + GOOD, encoding="utf-8")
    assert _generate(generator, corpus, output, "-s", "--trace", str(trace)) == 1
    out, err = capsys.readouterr()
    return out, err, output.read_text(encoding="utf-8"), trace.read_text(encoding="utf-8")


@pytest.mark.parametrize(("entry", "message"), [
    (b"# ::id bad\n# ::\n(a / apple)\n", "line 2: metadata line '# ::' has no key after '::'"),
    (b"# ::id bad\n# ::snt caf\xe9\n(c / caf\xe9)\n",
     "line 2: the bytes \\xe9 at column 12 are not UTF-8 (for a file in another encoding, give --encoding)"),
    ("# ::id bad\n" + "(v / go-02 :ARG1 " * 600 + "(b / boy)" + ")" * 600 + "\n",
     "nodes nested more than 100 levels deep (line 2); such a graph is not read"),
    (b"# ::id bad\n# ::snt I want it.\n(w / want-01 :ARG0 (i / i) :ARG1 b)\n", "variable b (w :ARG1 b) is never defined"),
])
def test_an_entry_that_cannot_be_read_costs_itself_alone(entry, message, generator, tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_bytes((entry if isinstance(entry, bytes) else entry.encode()) + b"\n" + GOOD.encode())
    output = tmp_path / "out.txt"
    assert _generate(generator, corpus, output) == 1
    lines = output.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and lines[0] == "" and lines[1] and lines[2]
    err = capsys.readouterr().err
    assert f"amrgen: could not generate {corpus}:1: entry bad: {message}\n" in err
    assert "Traceback" not in err


def test_another_encoding_for_the_whole_file_a_bom_and_crlf(generator, tmp_path, capsys):
    plain = tmp_path / "plain.txt"
    plain.write_text(GOOD, encoding="utf-8")
    assert _generate(generator, plain, tmp_path / "plain.out") == 0
    expected = (tmp_path / "plain.out").read_text(encoding="utf-8")
    for name, data in [("latin-1", GOOD.encode("latin-1")), ("utf-16", GOOD.encode("utf-16")),
                       (None, b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode())]:
        corpus, output = tmp_path / f"{name}.txt", tmp_path / f"{name}.out"
        corpus.write_bytes(data)
        assert _generate(generator, corpus, output, *(["--encoding", name] if name else [])) == 0
        assert output.read_text(encoding="utf-8") == expected
    assert _generate(generator, tmp_path / "utf-16.txt", tmp_path / "refused.out") == 2
    assert "UTF-16 or UTF-32 text (a byte-order mark says so)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _generate(generator, plain, tmp_path / "unknown.out", "--encoding", "klingon")
    assert "unknown encoding 'klingon'" in capsys.readouterr().err
    for codec in ("rot13", "base64", "zlib"):  # issue 34, point 8: codecs of Python's that are not text encodings
        with pytest.raises(SystemExit):
            _generate(generator, plain, tmp_path / "unknown.out", "--encoding", codec)
        err = capsys.readouterr().err
        assert err.endswith(f"argument --encoding: '{codec}' is not a text encoding (a codec of Python's that is "
                            "not for text files)\n") and "Traceback" not in err


@pytest.mark.parametrize(("text", "what"), [
    ("", "the file is empty or holds only comments"),
    ("\n  \n# a comment\n", "the file is empty or holds only comments"),
    ("# ::id a\n# ::snt The girl sleeps.\n", "its only entry has no graph in PENMAN notation, which starts with '('"),
])
def test_a_file_without_any_graph_stops_generate_in_one_line(text, what, generator, tmp_path, capsys):
    corpus, output = tmp_path / "in.txt", tmp_path / "out.txt"
    corpus.write_text(text, encoding="utf-8")
    assert _generate(generator, corpus, output) == 2
    assert capsys.readouterr().err == f"amrgen: error: {corpus}: no AMR graphs in it ({what})\n"
    assert not output.exists()


@pytest.mark.parametrize("command", ["prepare {corpus} -o {output} --quiet --encoding latin-1",
                                     "oracle {corpus} --bleu --encoding latin-1"])
def test_prepare_and_oracle_take_the_encoding(command, english, tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_bytes("# ::id caf\u00e9\n# ::snt The caf\u00e9 is open.\n(o / open-01 :ARG1 (c / caf\u00e9))\n\n"
                       .encode("latin-1") + GOOD.encode("latin-1"))
    assert main(command.format(corpus=corpus, output=tmp_path / "out.txt").split()) == 0
    out, err = capsys.readouterr()
    assert "prepared 3 of 3 entries" in out or "terminated: 3/3" in out
    assert "skipped" not in err


@pytest.mark.parametrize("command", [
    "generate -i {corpus} -o {directory}",
    "generate -i {corpus} -o {directory}/out.txt --trace {directory}",
    "prepare {corpus} -o {directory}",
    "evaluate -i {corpus} --csv {directory}",
    "tune {model} {corpus} --lm {lm} -o {directory}",
    "lm build --amr {corpus} -o {directory}",
    "select-features {corpus} {corpus} --model realize -o {directory}",
])
def test_an_output_path_that_is_a_directory_is_refused_before_any_work(command, tmp_path, capsys, monkeypatch):
    from amrgen.io import penman_corpus
    from amrgen.prep import pipeline

    def no_work(*args, **kwargs):
        raise AssertionError("work started before the output path was checked")

    for module, name in ((penman_corpus, "read_items"), (pipeline, "read_corpus"), (pipeline, "load_corpus")):
        monkeypatch.setattr(module, name, no_work)
    corpus = tmp_path / "in.txt"
    corpus.write_text(GOOD, encoding="utf-8")
    directory = tmp_path / "out"
    directory.mkdir()
    arguments = command.format(corpus=corpus, directory=directory, model=DEFAULT_MODEL, lm=DEFAULT_LM)
    assert main(arguments.split()) == 2
    assert capsys.readouterr().err == f"amrgen: error: {directory}: is a directory; give the name of a file to write\n"
    assert [p.name for p in directory.iterdir()] == []


@pytest.mark.parametrize("command", ["prepare {corpus} -o {output} --quiet", "oracle {corpus} --bleu"])
def test_an_alignment_span_bomb_costs_its_entry_alone(command, english, tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_text("# ::id bomb\n# ::snt The girl sleeps.\n# ::alignments 0-99999999999999999999|0\n"
                      "(s / sleep-01 :ARG0 (g / girl))\n\n" + GOOD, encoding="utf-8")
    assert main(command.format(corpus=corpus, output=tmp_path / "out.txt").split()) == 0
    out, err = capsys.readouterr()
    assert (f"{corpus}:1: entry bomb: JAMR alignment span 0-99999999999999999999 is out of range: "
            "the sentence has 4 tokens") in err
    assert "prepared 2 of 3 entries" in out or "terminated: 2/2" in out


def test_numbers_and_strings_are_said_as_written_and_an_empty_structure_is_reported(generator, tmp_path, capsys):
    graphs = ["(t / thing :quant -2.5e-10)", "(t / thing :quant -1e5)", "(t / thing :quant --5)",
              '(p / person :name (n / name :op1 "a\\"b"))',
              "(m / multi-sentence)", "(d / date-entity)", "(a / and)", "(o / or)"]
    corpus = tmp_path / "in.txt"
    corpus.write_text("".join(f"# ::id e{i}\n{graph}\n\n" for i, graph in enumerate(graphs)), encoding="utf-8")
    output = tmp_path / "out.txt"
    assert _generate(generator, corpus, output) == 1
    lines = output.read_text(encoding="utf-8").splitlines()
    assert [line.split()[-2] for line in lines[:4]] == ["-2.5e-10", "-1e5", "--5", 'a"b']
    assert lines[4:] == ["", "", "", ""]
    err = capsys.readouterr().err
    for index, (concept, vertex, what) in enumerate(
            [("multi-sentence", "m", "sentence"), ("date-entity", "d", "date part"), ("and", "a", "conjunct"),
             ("or", "o", "disjunct")], start=4):
        assert f"{corpus}:{3 * index + 1}: entry e{index}: {concept} {vertex} has no {what}: nothing to say\n" in err


def test_control_characters_never_reach_the_terminal_or_the_output(generator, tmp_path, capsys):
    out, err, written, traced = _generated_with_trace(
        generator, tmp_path, capsys, "# ::id evil\x1b]0;pwned\x07\n(b / boy\x1b[2J :mod (x / \"a\x07b\"))\n\n"
        "# ::id bad\x1b[31m\n(a / a :ARG0 (a / b))\n\n")
    for text in (out, err.replace("\r", ""), written, traced):  # \r: the progress bar's
        assert not any(ord(char) < 32 and char != "\n" or 0x7f <= ord(char) <= 0x9f for char in text)
    lines = written.splitlines()
    assert len(lines) == 4 and "[2j" in lines[0] and lines[1] == "" and lines[0] in out.splitlines()
    assert "could not generate" in err and "entry bad\\x1b[31m: variable a is defined twice" in err


def test_bidirectional_controls_never_reach_the_terminal_or_the_output(generator, tmp_path, capsys):
    """Issue 34, point 8: U+202A-202E and U+2066-2069 in ids, concepts and strings."""
    out, err, written, traced = _generated_with_trace(
        generator, tmp_path, capsys, '# ::id evil\u202e1\n(b / boy\u2066 :mod (x / "a\u202eb\u2069"))\n\n'
        "# ::id bad\u2067\n(a / a :ARG0 (a / b\u202d))\n\n")
    bidi = re.compile("[\u202a-\u202e\u2066-\u2069]")
    for text in (out, err, written, traced):
        assert not bidi.search(text)
    lines = written.splitlines()
    assert len(lines) == 4 and lines[0] and lines[0] in out.splitlines() and lines[1] == ""
    assert "entry bad\\u2067: variable a is defined twice" in err


def test_an_empty_structure_inside_a_graph_is_said_as_nothing(generator, tmp_path, capsys):
    """Issue 34, point 3: a childless and/or/multi-sentence/date-entity below the root costs
    nothing but itself (in a graph generated whole and in one generated in segments); only an
    empty root, or one whose children are all empty, is refused."""
    wide = " ".join(f":op{i} (n{i} / {('boy', 'girl', 'star')[i % 3]})" for i in range(1, 40))
    graphs = ["(s / sleep-01 :ARG0 (b / boy))", "(s / sleep-01 :ARG0 (b / boy) :mod (a / and))",
              "(s / sleep-01 :ARG0 (b / boy :mod (o / or)) :time (d / date-entity))",
              "(s / sleep-01 :ARG0 (b / boy) :ARG1 (m / multi-sentence :snt1 (a / and)))",
              f"(a / and {wide})", f"(a / and {wide} :op40 (a2 / and) :op41 (o / or :op1 (m / multi-sentence)))",
              "(a / and :op1 (o / or))"]
    corpus = tmp_path / "in.txt"
    corpus.write_text("".join(f"# ::id e{i}\n{graph}\n\n" for i, graph in enumerate(graphs)), encoding="utf-8")
    output = tmp_path / "out.txt"
    assert _generate(generator, corpus, output) == 1
    lines = output.read_text(encoding="utf-8").splitlines()
    assert lines[0] != "" and lines[1:4] == [lines[0]] * 3
    assert lines[4] != "" and lines[5] == lines[4]
    assert lines[6] == ""
    err = capsys.readouterr().err
    assert err.count("could not generate") == 1 and f"{corpus}:19: entry e6: and a has no conjunct" in err
