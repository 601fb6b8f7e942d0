"""Tests for amrgen.prep.parser: projecting parses onto w', sidecar files, the spaCy annotator."""

import pytest

from amrgen.io import CorpusFormatError
from amrgen.io.dependencies import DependencyParse
from amrgen.prep.parser import SpacyAnnotator, project_to_words, read_dependencies
from amrgen.prep.tokenize import Reference


def test_projection_drops_punctuation_and_reattaches_its_dependents():
    # "Yes , said he ." with the comma heading "Yes" (a parser's odd choice).
    reference = Reference.from_tokens(["Yes", ",", "said", "he", "."])
    parse = DependencyParse(
        tokens=reference.tokens,
        heads=[2, 3, 0, 3, 3],
        labels=["intj", "punct", "root", "nsubj", "punct"],
        pos=["UH", ",", "VBD", "PRP", "."],
        lemmas=["yes", ",", "say", "he", "."],
    )
    words = project_to_words(parse, reference)
    assert words.tokens == ["yes", "said", "he"]
    assert words.heads == [2, 0, 2]
    assert words.labels == ["intj", "root", "nsubj"]
    assert words.pos == ["UH", "VBD", "PRP"]
    assert words.lemmas == ["yes", "say", "he"]
    assert words.tree_problem() is None


def test_projection_keeps_one_root_when_the_root_was_punctuation():
    reference = Reference.from_tokens(["Sheep", "--", "flowers"])
    parse = DependencyParse(reference.tokens, [2, 0, 2], ["dep", "root", "dep"])
    words = project_to_words(parse, reference)
    assert (words.heads, words.labels) == ([0, 1], ["root", "dep"])
    assert words.pos is None and words.lemmas is None
    assert words.tree_problem() is None


def test_projection_joins_several_roots():
    reference = Reference.from_tokens(["Run", ".", "Hide", "."])
    parse = DependencyParse(reference.tokens, [0, 1, 0, 3], ["root", "punct", "root", "punct"])
    words = project_to_words(parse, reference)
    assert (words.heads, words.labels) == ([0, 1], ["root", "dep"])


def test_read_dependencies_tells_conllu_from_stanford(tmp_path):
    conllu = tmp_path / "parses.conllu"
    conllu.write_text(
        "# sent_id = 1\n1\tHe\the\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n2\tslept\tsleep\tVERB\tVBD\t_\t0\troot\t_\t_\n\n"
    )
    stanford = tmp_path / "parses.dep"
    stanford.write_text("nsubj(slept-2, He-1)\nroot(ROOT-0, slept-2)\n\n")
    for path in (conllu, stanford):
        (parse,) = read_dependencies(path)
        assert (parse.tokens, parse.heads, parse.labels) == (["He", "slept"], [2, 0], ["nsubj", "root"])
    assert read_dependencies(conllu)[0].pos == ["PRP", "VBD"]
    empty = tmp_path / "empty.conllu"
    empty.write_text("# nothing\n\n")
    with pytest.raises(CorpusFormatError, match="no dependency parses"):
        read_dependencies(empty)


def test_spacy_annotator_keeps_the_given_tokens(english):
    sentences = [
        ["I", "ca", "n't", "see", "the", "sheep", "--", "draw", "me", "one", "!"],
        ["The", "little", "prince", "laughed", "."],
        ["grown-ups", "never", "understand", "anything", "by", "themselves", "."],
    ]
    parses = list(SpacyAnnotator(english, batch_size=2).annotate(sentences))
    assert [parse.tokens for parse in parses] == sentences
    for parse in parses:
        assert parse.tree_problem() is None  # one root although the first sentence is two
        assert all(label == label.lower() for label in parse.labels)
        assert all(lemma == lemma.lower() for lemma in parse.lemmas)
    little_prince = parses[1]
    assert little_prince.pos == ["DT", "JJ", "NN", "VBD", "."]
    assert little_prince.lemmas[3] == "laugh"
    assert little_prince.heads[2] == 4 and little_prince.labels[2] == "nsubj"


def test_a_100000_word_sentence_is_marked_one_sentence_in_linear_time():
    """Issue 34, point 8: the sentence boundaries are set in bulk (token by token, each setting
    cost time linear in the sentence: a 100,000-word reference took minutes before parsing)."""
    import time

    import spacy

    blank = spacy.blank("en")
    given = []

    class Recording:
        vocab = blank.vocab
        pipe_names: list[str] = []

        def pipe(self, docs, **options):
            for doc in docs:
                given.append([token.is_sent_start for token in doc])
                yield doc

    words = ["the", "fox", "sleeps", "and"] * 25_000
    started = time.perf_counter()
    (parse,) = SpacyAnnotator(Recording()).annotate([words])
    assert time.perf_counter() - started < 10  # about 0.1 s; token by token, minutes
    assert parse.tokens == words and given == [[True] + [False] * (len(words) - 1)]
    assert [list(SpacyAnnotator(Recording()).annotate([[]]))[0].tokens] == [[]]
