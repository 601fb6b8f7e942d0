"""Tests for amrgen.prep.tokenize: tokens, words w' and the token-to-word map (thesis 4.3.1)."""

import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import read_corpus
from amrgen.prep.tokenize import Reference, alternatives_of, is_punctuation, reference_of, strip_markup, tokenize


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


def test_little_prince_sentences_are_already_tokens(shared_corpus):
    for part in ("training", "dev", "test"):
        corpus = read_corpus(shared_corpus(f"little-prince-{part}"))
        for entry in corpus.entries:
            assert tokenize(entry.metadata["snt"]) == entry.metadata["snt"].split(), entry.id


@pytest.mark.parametrize(
    ("marked", "plain"),
    [
        ("mutation in <i>KRAS </i>and <i>BRAF</i>.", "mutation in KRAS and BRAF."),
        ('apoptosis [<xref ref-type="bibr" rid="B14">14</xref>-<xref ref-type="bibr" rid="B16">16</xref>].',
         "apoptosis [14-16]."),
        ('alleles (Figure <xref ref-type="fig" rid="F1">1</xref>A)', "alleles (Figure 1A)"),
        ("B-Raf<sup>V600E</sup> and 37 <sc>RKO</sc> cells in G<sub>1</sub>", "B-Raf V600E and 37 RKO cells in G1"),
        ("a <sup>3</sup>H label", "a 3H label"),
        ('see <ce:cross-ref refid="bib5">5</ce:cross-ref><br/>', "see 5"),
        ("x < 5 > 3 and a<b", "x < 5 > 3 and a<b"),
    ],
)
def test_strip_markup_keeps_the_text_between_tags(marked, plain):
    assert strip_markup(marked) == plain


def test_references_from_snt_have_no_markup_and_tok_is_taken_as_it_is():
    snt = 'It was <i>BRAF</i><sup>V600E </sup>[<xref ref-type="bibr" rid="B1">1</xref>].'
    assert reference_of({"snt": snt}).tokens == ["It", "was", "BRAF", "V600E", "[", "1", "]", "."]
    assert reference_of({"snt": snt}).words == ["it", "was", "braf", "v600e", "1"]
    assert reference_of({"tok": "a <i> b", "snt": snt}).tokens == ["a", "<i>", "b"]


def test_alternatives_are_the_paraphrases_tokenized():
    metadata = {"snt": "The girl made adjustments to the machine.",
                "alt-snts": "The girl adjusted the machine. ||| The machine was adjusted by the <i>girl</i>. |||  "}
    assert alternatives_of(metadata) == [["The", "girl", "adjusted", "the", "machine", "."],
                                         ["The", "machine", "was", "adjusted", "by", "the", "girl", "."]]
    assert alternatives_of({"snt": "Hello."}) == []


def test_raw_questions_and_unpunctuated_commands_tokenize_as_written():
    assert reference_of({"snt": "Who developed Skype?"}).tokens == ["Who", "developed", "Skype", "?"]
    assert reference_of({"snt": "In which U.S. state is Area 51 located?"}).tokens == [
        "In", "which", "U.S.", "state", "is", "Area", "51", "located", "?"]
    assert reference_of({"snt": "what's the weather like in new york"}).tokens == [
        "what", "'s", "the", "weather", "like", "in", "new", "york"]


def test_bio_references_keep_no_tag(shared_corpus):
    corpus = read_corpus(shared_corpus("bio-dev"))
    marked = [entry for entry in corpus.entries if "<" in entry.metadata["snt"]]
    assert len(marked) > 50
    for entry in marked:
        assert not any(token.startswith("<") and len(token) > 1 for token in reference_of(entry.metadata).tokens)
