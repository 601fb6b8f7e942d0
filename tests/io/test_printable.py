"""Control characters from a corpus never reach a terminal or an output file (amrgen.io.printable)."""

import json

import pytest

from amrgen.io.printable import escaped, printable, printable_json


@pytest.mark.parametrize(("text", "shown"), [
    ("lpp_1943.1", "lpp_1943.1"), ("caf\u00e9", "caf\u00e9"),
    ("a\x1b]0;title\x07b", "a\\x1b]0;title\\x07b"), ("x\x9by\u2028z\tw", "x\\x9by\\u2028z\\x09w"),
])
def test_escaped_shows_control_characters_as_escapes(text, shown):
    assert escaped(text) == shown


def test_printable_makes_one_line_of_printable_text():
    sentence = "the boy ."
    assert printable(sentence) is sentence
    assert printable("the \x1b[2J boy\nis \x07 here .") == "the [2J boy is here ."


def test_printable_json_escapes_what_json_dumps_leaves():
    value = {"id": "a\x1b\x9b\u2028\u00e9"}
    line = printable_json(value)
    assert line == '{"id": "a\\u001b\\u009b\\u2028\u00e9"}' and json.loads(line) == value


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
"""Unicode's bidirectional controls (issue 34, point 8)."""


def test_bidirectional_controls_are_escaped_or_removed_like_control_characters():
    assert escaped(f"id\u202eevil") == "id\\u202eevil"
    assert escaped(BIDI) == "".join(f"\\u{ord(char):04x}" for char in BIDI)
    assert printable(f"the \u2066boy\u2069 {BIDI}.") == "the boy ."
    assert printable_json({"id": "a\u202eb"}) == '{"id": "a\\u202eb"}'
