"""The arrangements of named entities learnt from training references (thesis 5.2)."""

from amrgen.amr import Amr
from amrgen.prep.extended import ExtendedEntry
from amrgen.realization.entities import (
    CONCEPT_NAME,
    NAME,
    NAME_CONCEPT,
    arrangement_in,
    learn_arrangements,
    shows_concept,
)


def entry(text: str, words: str) -> ExtendedEntry:
    n = len(words.split())
    return ExtendedEntry(id="x", amr=Amr.from_penman(text), words=words.split(), pos=["NN"] * n,
                         lemmas=words.split(), heads=[0] + [1] * (n - 1), labels=["root"] + ["dep"] * (n - 1),
                         alignment={}, tokens=words.split())


def test_the_arrangement_a_reference_shows():
    assert arrangement_in("the earth is round".split(), "planet", "Earth") == NAME
    assert arrangement_in("the planet earth".split(), "planet", "Earth") == CONCEPT_NAME
    assert arrangement_in("near asteroids 325 and 326".split(), "asteroid", "325") == CONCEPT_NAME
    assert arrangement_in("the three gorges project".split(), "project", "Three Gorges") == NAME_CONCEPT
    assert arrangement_in("asteroid b-612".split(), "asteroid", "B-612") == CONCEPT_NAME
    assert arrangement_in("the moon".split(), "planet", "Earth") is None


def test_the_most_frequent_arrangement_is_learnt_and_ties_go_to_the_name():
    earth = '(p / planet :name (n / name :op1 "Earth"))'
    gorges = '(p / project :name (n / name :op1 "Three" :op2 "Gorges"))'
    entries = [entry(earth, "the earth"), entry(earth, "the planet earth"), entry(earth, "on earth"),
               entry(gorges, "the three gorges project"), entry(gorges, "three gorges"),
               entry(gorges, "a dam at the three gorges project")]
    assert learn_arrangements(entries) == {"planet": NAME, "project": NAME_CONCEPT}
    assert learn_arrangements(entries[3:5]) == {"project": NAME}


def test_only_an_arrangement_other_than_the_name_shows_the_concept():
    arrangements = {"planet": NAME, "project": NAME_CONCEPT, "asteroid": CONCEPT_NAME}
    assert not shows_concept(arrangements, "planet")
    assert shows_concept(arrangements, "project") and shows_concept(arrangements, "asteroid")
    assert not shows_concept(arrangements, "city")
