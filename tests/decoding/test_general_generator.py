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
