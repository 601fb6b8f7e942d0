"""Tests for amrgen.prep.tokenize: tokens, words w' and the token-to-word map (thesis 4.3.1)."""

import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import read_corpus
from amrgen.prep.tokenize import Reference, is_punctuation, reference_of, tokenize


@pytest.mark.parametrize(
    ("sentence", "tokens"),
    [
        ('"Hello, world!" he said...', ['"', "Hello", ",", "world", "!", '"', "he", "said", "..."]),
        ("The prince's sheep don't eat.", ["The", "prince", "'s", "sheep", "do", "n't", "eat", "."]),
        ("I can't go to the U.S. today.", ["I", "ca", "n't", "go", "to", "the", "U.S.", "today", "."]),
        ("(at 7 o'clock, on B-612?)", ["(", "at", "7", "o'clock", ",", "on", "B-612", "?", ")"]),
        ("It cost $7,500,000 -- or 3.5%!?", ["It", "cost", "$", "7,500,000", "--", "or", "3.5", "%", "!", "?"]),
        ("the baobabs' roots", ["the", "baobabs", "'", "roots"]),
    ],
)
def test_tokenize_splits_punctuation_and_clitics_off_words(sentence, tokens):
    assert tokenize(sentence) == tokens


def test_tokenize_keeps_tokenized_text():
    text = "On the fifth day -- again , as always , it was thanks to the sheep -- the prince 's life ."
    assert tokenize(text) == text.split()
    assert tokenize("he said : \" why n't you 've ... \"") == 'he said : " why n\'t you \'ve ... "'.split()


def test_punctuation_has_no_letter_or_digit():
    assert all(map(is_punctuation, [",", "--", "@-@", "...", '"', "?!"]))
    assert not any(map(is_punctuation, ["'s", "n't", "B-612", "7", "<i>"]))


def test_reference_words_and_token_map():
    reference = Reference.from_tokens(["Abruptly", ",", "he", "DEMANDED", ":", '"', "A", "sheep", "?"])
    assert reference.words == ["abruptly", "he", "demanded", "a", "sheep"]
    assert reference.token_to_word == [1, None, 2, 3, None, None, 4, 5, None]
    assert reference.word_to_token == [0, 2, 3, 6, 7]


def test_reference_prefers_tok_over_snt():
    assert reference_of({"tok": "Hello , world", "snt": "Bye."}).tokens == ["Hello", ",", "world"]
    assert reference_of({"snt": "Hello, world."}).tokens == ["Hello", ",", "world", "."]
    with pytest.raises(CorpusFormatError, match="no reference sentence"):
        reference_of({"id": "x"})


def test_little_prince_sentences_are_already_tokens(shared_dir):
    for part in ("training", "dev", "test"):
        corpus = read_corpus(shared_dir / "data/amr/little-prince-v1.6" / f"{part}.txt")
        for entry in corpus.entries:
            assert tokenize(entry.metadata["snt"]) == entry.metadata["snt"].split(), entry.id
