"""α(NUMBER) is plural with probability 1 where the graph says so (reference
implementation §6.4): a :quant other than 1, :mod various, :domain they; and (ours) a
:mod all of a noun that is no mass noun."""

import pytest

from amrgen.amr import Amr
from amrgen.decoding.probabilities import forced_plural


@pytest.mark.parametrize("penman, plural", [
    ("(a / apple :quant 3)", True),
    ("(a / apple :quant 1)", False),
    ("(a / apple :quant (m / many))", True),
    ("(c / color :mod (v / various))", True),
    ("(p / person :domain (t / they))", True),
    ("(a / apple :mod (r / red))", False),
    ("(g / game :mod (a / all))", True),  # "list all games"
    ("(i / information :mod (a / all))", False),  # "all information": a mass noun
    ("(a / apple)", False),
])
def test_forced_plural(penman, plural):
    g = Amr.from_penman(penman).graph
    assert forced_plural(g, g.root) is plural


def test_three_apples_are_plural(generator):
    sentence = generator.generate(Amr.from_penman("(e / eat-01 :ARG0 (s / she) :ARG1 (a / apple :quant 3))")).sentence
    assert "three apples" in sentence
    one = generator.generate(Amr.from_penman("(e / eat-01 :ARG0 (s / she) :ARG1 (a / apple :quant 1))")).sentence
    assert "apples" not in one
