"""A year or a time of day alone as a :time is said after *in*, inserted by hand in phase 2
(Insert-Between, p = 1), a year without an article; a citation's year takes no *in*."""

import re

import pytest

from amrgen.amr import Amr
from amrgen.transitions.constraints import is_bare_time, is_year


@pytest.mark.parametrize("text, bare", [
    ("(s / see-01 :time (d / date-entity :year 1909))", True),
    ("(l / lose-02 :time (d / date-entity :dayperiod (n / night)))", True),
    ("(s / see-01 :time (d / date-entity :year 1909 :month 4))", False),  # a full date: "april 1909"
    ("(p / publication-91 :time (d / date-entity :year 2005))", False),  # "michaloglou et al. 2005"
])
def test_a_bare_time_is_a_year_or_a_time_of_day_alone_below_anything_but_a_citation(text, bare):
    g = Amr.from_penman(text).graph
    d = next(v for v in g.vertices if str(g.label(v)) == "date-entity")
    assert is_bare_time(g, d) is bare
    assert any(is_year(g, u) for u in g.children(d)) is ("year" in text)


@pytest.mark.parametrize("text, said", [
    ("(s / see-01 :ARG0 (i / i) :ARG1 (c / comet) :time (d / date-entity :year 1909))", r"i saw (a|the) comet in 1909\b"),
    ("(l / lose-02 :ARG1 (o / one) :time (d / date-entity :dayperiod (n / night)))", r".*\bin the night\b"),
])
def test_the_learnt_generator_says_in_before_a_bare_time_without_postprocessing(generator, text, said):
    assert re.match(said, generator.with_postprocess("thesis").generate(Amr.from_penman(text)).sentence)
