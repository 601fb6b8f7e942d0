"""The last resort of Realize (reference §8.2): a concept that no model knows and that has no
default realization is said as itself, in the form its syntactic annotation α asks for
(ours; the reference says the concept as it is written).

A frame said as a noun is its nominalization, from ISI's morph-verbalization list
(``::DERIV-VERB "ubiquitinate" ::DERIV-NOUN "ubiquitination"``; AMR's annotators wrote it to
verbalize nouns, here it is read the other way round), in α's number; as an adjective it is
its past participle ("ubiquitinated k-ras"), as a verb in the past tense its past form.
lemminflect inflects the words WordNet does not know by its rules for regular forms.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from amrgen.amr import concept_form
from amrgen.corpus_registry import corpus, shipped_or_shared
from amrgen.paths import RESOURCES_DIR
from amrgen.realization.inflection import inflect, noun_tag
from amrgen.transitions.annotations import SyntacticAnnotation
from amrgen.transitions.constraints import is_propbank_frameset

MORPH_VERBALIZATION_LIST = "morph-verbalization-v1.01.txt"
MORPH_VERBALIZATION_PATHS = (RESOURCES_DIR / MORPH_VERBALIZATION_LIST, corpus("morph-verbalization").location)
"""Where :func:`nominalizations` looks: the project's resources, then ``../shared``."""
_DERIVATION = re.compile(r'::DERIV-VERB "([^"]+)" ::DERIV-NOUN "([^"]+)"')


def load_nominalizations(path: Path) -> dict[str, str]:
    """Read ISI's morph-verbalization list: verb ↦ its noun (the first the list gives)."""
    found: dict[str, str] = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            match = _DERIVATION.match(line)
            if match:
                found.setdefault(match.group(1), match.group(2))
    return found


@cache
def nominalizations() -> dict[str, str]:
    """The morph-verbalization list from the first of :data:`MORPH_VERBALIZATION_PATHS` that exists."""
    return load_nominalizations(shipped_or_shared(MORPH_VERBALIZATION_PATHS, f"ISI's {MORPH_VERBALIZATION_LIST}"))


def concept_word(label: str, alpha: SyntacticAnnotation) -> str:
    """The concept ``label`` as a word in the form α asks for: a frame's nominalization for a
    noun, its past participle for an adjective or a passive, its past form for a verb in the
    past tense; the concept without its sense number otherwise."""
    word = concept_form(label)
    if not is_propbank_frameset(label):
        return word
    if alpha.pos == "NN" and word in nominalizations():
        return inflect(nominalizations()[word], noun_tag(alpha.number))[0]
    if alpha.pos == "JJ" or alpha.pos == "VB" and alpha.voice == "passive":
        return inflect(word, "VBN")[0]
    if alpha.pos == "VB" and alpha.tense == "past":
        return inflect(word, "VBD")[0]
    return word
