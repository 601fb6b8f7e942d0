"""The word lists (amrgen.lexicon.words): read from resources/lexicon, one name a meaning."""

import re
import subprocess
import sys

import pytest

from amrgen.errors import MissingResourceError
from amrgen.lexicon import words
from amrgen.lexicon.words import LEXICON_DIR, read_rows


def test_reading_skips_comments_and_blank_lines_keeps_empty_fields_and_names_a_missing_file(tmp_path):
    path = tmp_path / "adjectives.tsv"
    path.write_text("# name\tadjective\nchina\tchinese\n\n\tly\ntajikistan\ttajik\n")
    assert read_rows(path) == [("china", "chinese"), ("", "ly"), ("tajikistan", "tajik")]
    with pytest.raises(MissingResourceError, match="missing.tsv"):
        read_rows(tmp_path / "missing.tsv")


def _loaded_files() -> set[str]:
    source = (LEXICON_DIR.parents[1] / "amrgen" / "lexicon" / "words.py").read_text()
    return {f"{name}.{'txt' if kind in ('_set', '_entries') else 'tsv'}"
            for kind, name in re.findall(r"(_set|_entries|_table|_pairs|_numbers|_word_sets)\(\"([^\"]+)\"\)", source)}


def test_every_list_file_is_loaded_and_says_what_it_is():
    files = {path.name for path in LEXICON_DIR.iterdir()}
    assert files == _loaded_files()
    for name in files:
        lines = (LEXICON_DIR / name).read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# ") and any("Source" in line or "from the" in line
                                                 for line in lines if line.startswith("#")), name


def test_no_list_repeats_an_entry_and_rows_have_their_columns():
    for path in LEXICON_DIR.iterdir():
        rows = read_rows(path)
        keys = [row[0] for row in rows]
        assert len(keys) == len(set(keys)), path.name
        assert len({len(row) for row in rows}) == 1, path.name
        assert all(field or column == 0 for row in rows for column, field in enumerate(row)), path.name


def test_the_lists_say_what_the_thesis_and_the_code_rely_on():
    assert words.BE_FORMS == {"be", "am", "is", "are", "was", "were", "being", "been"}  # ⟨be⟩ of 4.3.2
    assert words.COPULAS == ("is", "are", "was", "were", "be")  # the order Insert-Between is tried in
    assert words.MONTHS[0] == "january" and words.MONTHS[11] == "december"
    assert words.CARDINAL_NUMBERS["forty"] == 40 and words.QUANTITY_WORDS["half"] == 0.5
    assert words.ORDINAL_NUMBERS["last"] == -1 and words.ORDINAL_NUMBERS["tenth"] == 10
    assert {"where", "as if", "of"} <= words.W_LEFT and words.W_RIGHT == {"'s"}
    assert words.INSERTION_LABELS["as if"] == {"conj-as-if"}
    assert words.ADVERB_SUFFIXES[-1] == ("", "ly")
    assert words.DEGREE_WORDS == {"more": False, "most": True}
    assert words.CONCEPT_WORDS["-"] is words.NEGATION_WORDS and "can" in words.CONCEPT_WORDS["possible"]
    assert words.SPEECH_VERBS < words.REPORTING_VERBS
    assert words.ARTICLES | words.POSSESSIVES <= words.DETERMINERS
    # the three kinds of auxiliaries
    assert words.AUXILIARY_LEMMAS == {"be", "have", "do"}
    assert "will" in words.CHILD_AUXILIARIES and "can" not in words.CHILD_AUXILIARIES
    assert {"can", "to", "is"} <= words.NEGATION_CARRIERS
    assert words.AUXILIARY_LEMMA_OF["was"] == "be" and words.AUXILIARY_LEMMA_OF["done"] == "do"


def test_one_w_left_for_the_aligner_the_oracle_and_the_constraints():
    from amrgen.oracle import oracle
    from amrgen.prep.align import fusion
    from amrgen.transitions.constraints import ConstraintResources

    assert ConstraintResources().insert_left is words.W_LEFT
    assert oracle.INSERT_BETWEEN_WORDS is words.W_LEFT
    assert fusion.W_LEFT is words.W_LEFT


@pytest.mark.parametrize("script, word_list, listed, unlisted", [
    ("count_infinitive_verbs.py", "infinitive-verbs.tsv",
     lambda: {("want", "ARG0"), ("promise", "ARG0"), ("ask", "ARG2"), ("tell", "ARG2")} <= words.INFINITIVE_VERBS,
     lambda: {("show", "ARG0"), ("tell", "ARG0"), ("let", "ARG2"), ("inform", "ARG2")} & words.INFINITIVE_VERBS),
    ("count_mass_nouns.py", "mass-nouns.tsv",
     lambda: {"information", "advice", "evidence"} <= words.MASS_NOUNS,
     lambda: {"game", "breed", "boy", "president"} & words.MASS_NOUNS),
])
def test_a_counted_word_list_is_what_its_script_writes(shared_corpus, tmp_path, script, word_list, listed, unlisted):
    shared_corpus("lm-text")
    written = tmp_path / word_list
    path = LEXICON_DIR.parents[1] / "scripts" / script
    subprocess.run([sys.executable, str(path), "-o", str(written)], check=True, capture_output=True)
    assert written.read_text(encoding="utf-8") == (LEXICON_DIR / word_list).read_text(encoding="utf-8")
    assert listed()
    assert not unlisted()
