"""The last resort of Realize in α's form (amrgen.realization.nominalizations)."""

import pytest

from amrgen.errors import MissingResourceError
from amrgen.realization import nominalizations
from amrgen.realization.nominalizations import concept_word, load_nominalizations
from amrgen.transitions.annotations import SyntacticAnnotation


@pytest.mark.parametrize("alpha, said", [
    (SyntacticAnnotation(pos="NN", number="singular"), "ubiquitination"),
    (SyntacticAnnotation(pos="NN", number="plural"), "ubiquitinations"),
    (SyntacticAnnotation(pos="JJ"), "ubiquitinated"),  # "ubiquitinated k-ras"
    (SyntacticAnnotation(pos="VB", tense="past", voice="active"), "ubiquitinated"),
    (SyntacticAnnotation(pos="VB", voice="passive"), "ubiquitinated"),
    (SyntacticAnnotation(pos="VB", tense="present", voice="active"), "ubiquitinate"),
])
def test_a_frame_no_model_knows_is_said_in_the_form_its_annotation_asks_for(alpha, said):
    assert concept_word("ubiquitinate-01", alpha) == said


def test_a_concept_that_is_no_frame_is_itself():
    assert concept_word("heterodimer", SyntacticAnnotation(pos="JJ")) == "heterodimer"
    # a frame the list does not nominalize stays as it is for a noun
    assert concept_word("zorble-01", SyntacticAnnotation(pos="NN", number="singular")) == "zorble"


def test_the_list_is_read_from_the_first_place_that_has_it(tmp_path, monkeypatch):
    listed = tmp_path / "morph.txt"
    listed.write_text('# a comment\n::DERIV-VERB "zorble" ::DERIV-NOUN "zorblement"\n'
                      '::DERIV-VERB "zorble" ::DERIV-NOUN "zorbling"\n', encoding="utf-8")
    assert load_nominalizations(listed) == {"zorble": "zorblement"}
    nominalizations.nominalizations.cache_clear()
    monkeypatch.setattr(nominalizations, "MORPH_VERBALIZATION_PATHS", (tmp_path / "missing.txt",))
    try:
        with pytest.raises(MissingResourceError, match="morph-verbalization"):
            nominalizations.nominalizations()
    finally:
        nominalizations.nominalizations.cache_clear()
