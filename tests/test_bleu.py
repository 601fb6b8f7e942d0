"""BLEU as Section 6 computes it."""

import pytest

from amrgen.evaluation.bleu import corpus_bleu, corpus_chrf, sentence_bleu


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


def _bleu_by_hand(hypotheses, reference_sets):
    """Papineni et al.'s corpus BLEU: n-gram counts clipped by their most in any one
    reference, brevity penalty against the reference closest in length (the shorter on a tie)."""
    import math
    from collections import Counter

    matches, totals, length, closest = [0] * 4, [0] * 4, 0, 0
    for hypothesis, references in zip(hypotheses, reference_sets):
        words = hypothesis.lower().split()
        refs = [r.lower().split() for r in references]
        length += len(words)
        closest += min((abs(len(r) - len(words)), len(r)) for r in refs)[1]
        for n in range(1, 5):
            grams = Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))
            most = Counter()
            for r in refs:
                most |= Counter(tuple(r[i:i + n]) for i in range(len(r) - n + 1))
            matches[n - 1] += sum(min(count, most[gram]) for gram, count in grams.items())
            totals[n - 1] += max(0, len(words) - n + 1)
    precision = sum(math.log(m / t) for m, t in zip(matches, totals)) / 4
    penalty = min(0.0, 1 - closest / length)
    return 100 * math.exp(precision + penalty)


HYPOTHESES = ["the machine was adjusted by the girl .", "the boy must not go now .", "his own boat is red ."]
FIRST = ["the girl made adjustments to the machine .", "the boy must not go .", "his boat is red ."]
FURTHER = [["the girl adjusted the machine .", "the machine was adjusted by the girl ."], [], ["his own boat"]]


def test_several_references_as_counted_by_hand():
    references = [[first, *more] for first, more in zip(FIRST, FURTHER)]
    several = corpus_bleu(HYPOTHESES, references)
    assert several == pytest.approx(_bleu_by_hand(HYPOTHESES, references))
    single = corpus_bleu(HYPOTHESES, FIRST)
    assert single == pytest.approx(_bleu_by_hand(HYPOTHESES, [[first] for first in FIRST]))
    assert several > single + 10
    # a string and a one-element list are the same reference
    assert corpus_bleu(HYPOTHESES, [[first] for first in FIRST]) == single


def test_chrf_plus_plus_takes_the_best_reference_and_ignores_case():
    assert corpus_chrf(["The Machine was adjusted by the girl ."], [FURTHER[0]]) == pytest.approx(100)
    single = corpus_chrf(["the machine was adjusted by the girl ."], [FURTHER[0][0]])
    assert 0 < single < 100
    assert corpus_chrf([], []) == 0.0
    with pytest.raises(ValueError):
        corpus_chrf(["a"], [[]])
