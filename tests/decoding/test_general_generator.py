"""The general generator of ``resources/general`` (issue 16): trained on the free gold corpora of
several domains, it loads, follows its corpora's conventions and asks questions as QALD does."""

from amrgen.amr import Amr
from amrgen.decoding.generator import Generator
from amrgen.paths import RESOURCES_DIR
from amrgen.postprocess.pipeline import BY_NAME

GENERAL = RESOURCES_DIR / "default"


def _generator() -> Generator:
    return Generator.load(GENERAL / "model", GENERAL / "lm.binary", GENERAL / "hyperparameters.json")


def test_the_general_generator_learnt_its_corpora_conventions():
    conventions = _generator().models.conventions
    assert conventions.allows(BY_NAME["punctuation-refined"].writes) and conventions.allows(BY_NAME["quote-speech"].writes)
    assert conventions.allows(BY_NAME["parenthesized-references"].writes)  # Bio AMR's brackets
    assert conventions.counts["punctuated"][1] > 3000


def test_the_general_generator_asks_a_question_without_quoting_it():
    generator = _generator()
    who = Amr.from_penman('(d / develop-02 :ARG0 (a / amr-unknown) :ARG1 (p / product :name (n / name :op1 "Skype")))')
    assert generator.generate(who).sentence == "who developed skype ?"
    how_many = Amr.from_penman("(l / live-01 :ARG0 (p / person :quant (a / amr-unknown)) "
                               ':location (c / city :name (n / name :op1 "Berlin")))')
    assert generator.generate(how_many).sentence.startswith("how many")


def test_the_unit_of_a_quantity_is_said_and_no_multiplier_invented(generator):
    """Issue 34, point 9: the shipped model learnt dollar as "million" (its only training
    alignment of dollar, QALD's "$80 million"); a unit is a noun, plural unless its quantity is 1."""
    said = {unit: generator.generate(Amr.from_penman(graph)).sentence.split() for unit, graph in [
        ("dollars", "(h / have-03 :ARG0 (b / boy) :ARG1 (m / monetary-quantity :quant 20 :unit (d / dollar)))"),
        ("kilometers", "(w / walk-01 :ARG0 (b / boy) :extent (d / distance-quantity :quant 20 :unit (k / kilometer)))"),
        ("kilograms", "(w / weigh-01 :ARG1 (b / boy) :ARG3 (m / mass-quantity :quant 40 :unit (k / kilogram)))"),
        ("hours", "(s / sleep-01 :ARG0 (b / boy) :duration (t / temporal-quantity :quant 3 :unit (h / hour)))"),
        ("euro", "(c / cost-01 :ARG1 (b / book) :ARG2 (m / monetary-quantity :quant 1 :unit (e / euro)))"),
    ]}
    for unit, words in said.items():
        assert unit in words and "million" not in words, (unit, words)
    assert "euros" not in said["euro"]
