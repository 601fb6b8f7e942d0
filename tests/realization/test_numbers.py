"""Numbers in words: amrgen.realization.numbers."""

import pytest

from amrgen.amr import Amr
from amrgen.realization.numbers import (
    contradicts,
    counted,
    is_number,
    is_numeric,
    number_words,
    spelled,
)


@pytest.mark.parametrize("value, words", [
    ("0", "zero"), ("6", "six"), ("19", "nineteen"), ("20", "twenty"), ("44", "forty - four"), ("99", "ninety - nine"),
    ("100", "100"), ("325", "325"), ("2.5", "2.5"), ("-3", "-3"),
])
def test_numbers_below_a_hundred_are_spelled(value, words):
    assert spelled(value) == words


def test_only_counting_numbers_are_spelled():
    assert number_words("44", "frequency", "see-01") == "forty - four times"
    assert number_words("1", "frequency", "say-01") == "once" and number_words("2", "frequency", "say-01") == "twice"
    assert number_words("6", "quant", "temporal-quantity") == "six"
    assert number_words("4", "mod", "chapter") == "4"
    assert number_words("3000000", "quant", "person") == "3 million"


def test_a_word_for_another_number_contradicts_it():
    assert contradicts("forty", "44") and contradicts("two", "3")
    assert not contradicts("forty - four", "44") and not contradicts("44", "44")
    assert not contradicts("once", "1") and not contradicts("", "1")


@pytest.mark.parametrize("label", ["5", "-5", "+5", "2.5", "-2.5e-10", "1E+3", "-1e5"])
def test_numbers_have_signs_decimals_and_exponents(label):
    assert is_number(label) and is_numeric(label)
    assert number_words(label, "mod", "thing") in (label, "5")


@pytest.mark.parametrize("label", ["--5", "1.2.3", "5e", "-"])
def test_what_only_looks_like_a_number_is_none(label):
    assert not is_number(label)
    assert is_numeric(label) == (label != "-")  # the negation is a concept, not a number


def test_a_multiplier_said_alone_for_its_own_value_is_counted_once():
    assert counted("thousand", "1000") == ("a thousand",)
    assert counted("hundred", "100") == ("a hundred",)
    assert counted("thousand", "5000") == () and counted("1000", "1000") == () and counted("miles", "1000") == ()


def test_the_learnt_generator_says_a_thousand_miles_without_postprocessing(generator):
    amr = Amr.from_penman("(c / crash-01 :ARG1 (i / i) :location (d / desert) :ARG1-of (f / far-01"
                          " :ARG2 (d2 / distance-quantity :quant 1000 :unit (m / mile))))")
    assert "a thousand miles" in generator.with_postprocess("thesis").generate(amr).sentence
