"""Verb forms for the postprocessing's auxiliaries: amrgen.realization.inflection."""

import pytest

from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.realization.inflection import is_base_form, is_plural_noun, supporting_do, synthetic_degree


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


@pytest.mark.parametrize("word, comparative, superlative", [
    ("good", "better", "best"),
    ("well", "better", "best"),
    ("big", "bigger", "biggest"),
    ("large", "larger", "largest"),
    ("true", "truer", "truest"),
    ("free", "freer", "freest"),
    ("early", "earlier", "earliest"),
    ("pretty", "prettier", "prettiest"),
    ("beautiful", None, None),
    ("simple", None, None),
    ("quickly", None, None),
    ("boa constrictor", None, None),
])
def test_english_inflects_short_and_irregular_adjectives_only(word, comparative, superlative):
    assert synthetic_degree(WORDNET, word, False) == comparative
    assert synthetic_degree(WORDNET, word, True) == superlative


def test_plural_nouns():
    assert is_plural_noun("grown ups") and is_plural_noun("children")
    assert not is_plural_noun("sheep") and not is_plural_noun("box")


def test_no_word_has_no_forms():
    assert supporting_do("") is None and supporting_do(" ") is None
    assert not is_plural_noun("") and not is_plural_noun(" ")
