"""BLEU as Section 6 computes it."""

import pytest

from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu


def test_identical_corpus_scores_100_case_insensitively():
    assert corpus_bleu(["The developer wants to sleep ."], ["the developer wants to sleep ."]) == pytest.approx(100)


def test_tokenized_text_is_not_retokenized():
    # With sacrebleu's own tokenizer "sleep." would match "sleep ."; with tokenize='none' it must not.
    assert corpus_bleu(["the developer wants to sleep."], ["the developer wants to sleep ."]) < 100


def test_partial_match_and_lengths():
    score = corpus_bleu(["the boy wants to sleep now"], ["the developer wants to sleep"])
    assert 0 < score < 100
    with pytest.raises(ValueError):
        corpus_bleu(["a"], [])
    assert corpus_bleu([], []) == 0.0
    assert sentence_bleu("the cat sat", "the cat sat") == pytest.approx(100)
