"""The count-based n-gram estimate of thesis 2.6: worked example 8."""

from fractions import Fraction

import pytest

from amrgen.lm.counts import CountNgrams

CORPUS = ["the man sleeps", "the man and the boy", "a man"]


def test_example_8_p_man_given_the_is_two_thirds():
    """Worked example 8: C = (the man sleeps, the man and the boy, a man): p(man | the) = 2/3."""
    ngrams = CountNgrams(CORPUS, order=2)
    assert ngrams.count("the man") == 2
    assert ngrams.count("the") == 3
    assert ngrams.probability("man", "the") == Fraction(2, 3)


def test_unseen_ngrams_and_histories_get_zero():
    ngrams = CountNgrams(CORPUS, order=2)
    assert ngrams.probability("sleeps", "boy") == 0
    assert ngrams.probability("man", "dog") == 0


def test_unigram_and_trigram_estimates():
    ngrams = CountNgrams([s.split() for s in CORPUS], order=3)
    assert ngrams.probability("man", ()) == Fraction(3, 10)
    assert ngrams.probability("sleeps", "the man") == Fraction(1, 2)


def test_a_history_longer_than_the_order_allows_is_refused():
    with pytest.raises(ValueError, match="order of at least 3"):
        CountNgrams(CORPUS, order=2).probability("boy", "and the")
    with pytest.raises(ValueError):
        CountNgrams(CORPUS, order=0)
