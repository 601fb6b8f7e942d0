"""Verb forms for the postprocessing's auxiliaries: amrgen.realization.inflection."""

import pytest

from amrgen.realization.inflection import is_base_form, supporting_do


@pytest.mark.parametrize("verb, expected", [
    ("knew", ("did", "know")),
    ("knows", ("does", "know")),
    ("know", ("do", "know")),
    ("went", ("did", "go")),
    ("looks up", ("does", "look up")),
    ("seen", None),
])
def test_do_takes_the_tense_and_person_of_the_verb_form(verb, expected):
    assert supporting_do(verb) == expected


def test_base_forms():
    assert is_base_form("make") and is_base_form("look up") and is_base_form("please")
    assert not is_base_form("made") and not is_base_form("looks up")
