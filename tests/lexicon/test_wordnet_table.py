"""WordNet's table (amrgen.lexicon.wordnet_table): nltk's answers, without nltk."""

import subprocess
import sys

import pytest

from amrgen.lexicon.wordnet_cache import load_table
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.wordnet_table import POS_TAGS

EVERY = {"n": 97, "v": 11, "a": 19, "r": 5}
"""Every k-th lemma name of each index is sampled: about 1,200, 1,050, 1,130 and 900."""


@pytest.fixture(scope="session")
def table(wordnet):
    """The table amrgen loads (from the user's cache, built there if it is not)."""
    return load_table()


def sampled_names(table, tag):
    names = list(table.counts[tag])
    compound = [name for name in names if "_" in name or "-" in name]
    return sorted(set(names[::EVERY[tag]]) | set(compound[::EVERY[tag] * 3]))


def nltk_count(wordnet, name, tag):
    lemmas = wordnet.lemmas(name, tag)
    return max(lemma.count() for lemma in lemmas) if lemmas else None


def test_counts_and_knows_equal_nltks(wordnet, table):
    checked = 0
    for tag in POS_TAGS:
        names = sampled_names(table, tag)
        assert any("_" in name for name in names) and any("-" in name for name in names)
        for name in names:
            for other in POS_TAGS:  # the other POS too: mostly lemmas WordNet lacks there
                expected = nltk_count(wordnet, name, other)
                assert table.count(name, other) == expected, (name, other)
                assert table.knows(name, other) == (expected is not None), (name, other)
                checked += 1
        for name in names[::10]:  # names not in the index, and upper case
            assert table.count(name + "s", tag) == nltk_count(wordnet, name + "s", tag)
            assert table.count(name.upper(), tag) == nltk_count(wordnet, name.upper(), tag)
    assert checked > 15_000
    assert table.count("dog", "n") > 0 and table.count("xyzzy", "n") is None


def test_lexicons_of_table_and_reader_agree(wordnet, table):
    from_table, from_reader = WordNetLexicon(table=table), WordNetLexicon(wordnet)
    for tag in POS_TAGS:
        for name in sampled_names(table, tag)[::3]:
            lemma = name.replace("_", " ")
            assert from_table.best_pos(lemma) == from_reader.best_pos(lemma), lemma
            assert from_table.knows(lemma, tag) and from_reader.knows(lemma, tag), lemma
            for pos in (None, "NNS", "VBD", "JJR", "RB"):
                assert from_table.base_form(lemma + "s", pos) == from_reader.base_form(lemma + "s", pos), lemma
    assert from_table.best_pos("quick") == "adj" and from_table.base_form("Geese") == "goose"


def inflected_forms(table, tag):
    """Regular -s/-es/-ed/-ing/-er/-est forms of sampled names, and sampled irregular forms."""
    forms = []
    for name in sampled_names(table, tag)[::2]:
        stem = name[:-1] if name.endswith(("e", "y")) else name
        forms += [name, name + "s", name + "es", name + "ed", name + "d", stem + "ing", name + "er", name + "est",
                  stem + "ies", stem + "ied", stem + "ier", stem + "iest", name.replace("man", "men")]
    return forms + list(table.exceptions[tag])[::EVERY[tag] // 2 + 1]


def test_morphy_equals_nltks(wordnet, table):
    forms = sorted({form for tag in POS_TAGS for form in inflected_forms(table, tag)} | {"", "s", "Dogs"})
    assert len(forms) > 5_000
    found = 0
    for form in forms:
        for tag in (*POS_TAGS, "s", None):
            expected = wordnet.morphy(form, tag)
            assert table.morphy(form, tag) == expected, (form, tag)
            found += expected is not None
            if tag is not None:
                assert table.analyses(form, tag) == wordnet._morphy(form, tag), (form, tag)
    assert found > 5_000
    assert table.morphy("ran", "v") == "run" and table.morphy("geese", "n") == "goose"
    assert table.morphy("axes", "n") == "ax"  # the first of ax, axis (nltk's order)


def _imports_nltk(code: str) -> bool:
    """Whether running ``code`` in a fresh Python imports nltk."""
    code += "\nimport sys\nprint('nltk' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return result.stdout.strip() == "True"


def test_loading_the_table_does_not_import_nltk(table):
    assert not _imports_nltk("from amrgen.lexicon.wordnet_lexicon import WORDNET\n"
                             "assert WORDNET.best_pos('quick') == 'adj' and WORDNET.base_form('geese') == 'goose'")


def test_generator_loads_without_nltk(table, generator):
    assert not _imports_nltk("from amrgen.run.runners import generator\nfrom amrgen.run.spec import GeneratorFiles\n"
                             "generator(GeneratorFiles().resolve())")
