"""Section 4.4's duplicates asked in the search: phase 2 keeps a candidate that says
one word twice in a row (where a child's words meet their neighbours) only if every
candidate does, so it says another candidate instead of one with a word dropped
afterwards ("i i have not", "look that that is")."""

import pytest

from amrgen.amr import Amr

WITHOUT_DUPLICATES = ["articles", "punctuation"]
"""Section 4.4 without its duplicates step: what the search says is what is read."""


@pytest.mark.parametrize("graph, doubled", [
    ("(h / have-03 :ARG0 (i / i) :ARG1 (o / or :op1 (m / mechanic) :op2 (p / passenger))"
     " :accompanier i :polarity -)", "i i"),
    ("(l / look-01 :mode imperative :ARG0 (y / you)"
     " :ARG1 (s2 / small :polarity - :degree (s3 / so) :domain (t2 / that)))", "that that"),
])
def test_the_search_says_no_word_twice_in_a_row(generator, graph, doubled):
    sentence = generator.with_postprocess(WITHOUT_DUPLICATES).generate(Amr.from_penman(graph)).sentence
    words = sentence.split()
    assert doubled not in sentence and all(a != b for a, b in zip(words, words[1:])), sentence



def test_the_candidates_that_repeat_a_word_are_reported_and_listed(generator, observed_search):
    """The hook is told of the candidates dropped for a word twice in a row (RepeatStage), and
    the recording search lists them with that reason (the phase-2 inspector's rows)."""
    from amrgen.decoding.beam import RepeatStage
    from amrgen.stepping.search_record import Pruning

    graph = Amr.from_penman("(h / have-03 :ARG0 (i / i) :ARG1 (o / or :op1 (m / mechanic) :op2 (p / passenger))"
                            " :accompanier i :polarity -)")
    _, phase1 = generator.first_phase(graph)
    search = observed_search(generator.probabilities, generator.lm, generator.hyper)
    search.run(phase1.configuration)
    repeats = [(stage, candidates, kept) for _, stage, candidates, kept in search.prunings
               if isinstance(stage, RepeatStage)]
    assert repeats
    for stage, candidates, kept in repeats:
        dropped = Pruning(stage, tuple(candidates), tuple(kept)).dropped()
        assert dropped and all(d.repeating and not d.disagreeing and d.merged_into is None for d in dropped)
        assert all(any(a == b for a, b in zip(d.hypothesis.words, d.hypothesis.words[1:])) for d in dropped)
        assert dropped[0].reason == f"dropped at child {stage.i} of {stage.n}: a word twice in a row"
