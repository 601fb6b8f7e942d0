"""Numbers in words: amrgen.realization.numbers."""

import pytest

from amrgen.realization.numbers import contradicts, number_words, spelled


@pytest.mark.parametrize("value, words", [
    ("0", "zero"), ("6", "six"), ("19", "nineteen"), ("20", "twenty"), ("44", "forty - four"), ("99", "ninety - nine"),
    ("100", "100"), ("325", "325"), ("2.5", "2.5"), ("-3", "-3"),
])
def test_numbers_below_a_hundred_are_spelled(value, words):
    assert spelled(value) == words


def test_only_counting_numbers_are_spelled():
    assert number_words("44", "frequency", "see-01") == "forty - four"
    assert number_words("6", "quant", "temporal-quantity") == "six"
    assert number_words("4", "mod", "chapter") == "4"
    assert number_words("3000000", "quant", "person") == "3 million"


def test_a_word_for_another_number_contradicts_it():
    assert contradicts("forty", "44") and contradicts("two", "3")
    assert not contradicts("forty - four", "44") and not contradicts("44", "44")
    assert not contradicts("once", "1") and not contradicts("", "1")
