"""WordNet 3.0 through nltk (amrgen.lexicon.wordnet)."""

import pytest

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.lexicon.wordnet import LEXNAMES_FILE, SYSTEM_WORDNET_DIR, install_system_wordnet, load_wordnet

POS_NUMBERS = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def test_version_30_loaded_once(wordnet):
    assert wordnet.get_version() == "3.0"
    assert load_wordnet() is wordnet


def test_quick_is_an_adjective_and_quickly_its_pertainym(wordnet):
    assert {synset.pos() for synset in wordnet.synsets("quick")} & {"a", "s"}
    quickly = wordnet.synsets("quickly", pos=wordnet.ADV)
    assert quickly
    pertainyms = {p.name() for synset in quickly for lemma in synset.lemmas() for p in lemma.pertainyms()}
    assert "quick" in pertainyms


def test_morphy_uses_rules_and_exception_lists(wordnet):
    assert wordnet.morphy("dogs", wordnet.NOUN) == "dog"
    assert wordnet.morphy("ran", wordnet.VERB) == "run"  # verb.exc
    assert wordnet.morphy("geese", wordnet.NOUN) == "goose"  # noun.exc


def test_lexnames_and_use_counts(wordnet):
    assert wordnet.synset("dog.n.01").lexname() == "noun.animal"
    assert wordnet.synset("run.v.01").lexname() == "verb.motion"
    assert wordnet.synset("quickly.r.01").lexname() == "adv.all"
    assert wordnet.lemma("dog.n.01.dog").count() > 0  # index.sense from wordnet-sense-index


def test_shipped_lexnames_file_is_wordnets_table():
    rows = [line.split("\t") for line in LEXNAMES_FILE.read_text().splitlines()]
    assert len(rows) == 45
    assert rows[0] == ["00", "adj.all", "3"] and rows[44] == ["44", "adj.ppl", "3"]
    for number, (index, name, pos) in enumerate(rows):
        assert int(index) == number
        assert POS_NUMBERS[name.split(".")[0]] == int(pos)


def test_install_copies_system_files_once(tmp_path):
    if not (SYSTEM_WORDNET_DIR / "index.sense").is_file():
        pytest.skip("no system WordNet: install wordnet-base and wordnet-sense-index")
    root = install_system_wordnet(data_root=tmp_path)
    corpus = tmp_path / "corpora" / "wordnet"
    assert root == tmp_path
    assert (corpus / "lexnames").read_text() == LEXNAMES_FILE.read_text()
    for name in ("data.noun", "index.verb", "verb.exc", "cntlist.rev", "index.sense"):
        assert (corpus / name).stat().st_size == (SYSTEM_WORDNET_DIR / name).stat().st_size
    (corpus / "marker").write_text("kept")
    install_system_wordnet(data_root=tmp_path)
    assert (corpus / "marker").read_text() == "kept"
    assert [p.name for p in (tmp_path / "corpora").iterdir()] == ["wordnet"]  # no staging left


def test_missing_system_wordnet_names_the_packages(tmp_path):
    with pytest.raises(MissingResourceError, match="wordnet-base and wordnet-sense-index") as caught:
        install_system_wordnet(source=tmp_path / "absent", data_root=tmp_path / "cache")
    assert isinstance(caught.value, AmrgenError)
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "cache").exists()
