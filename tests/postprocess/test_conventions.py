"""The punctuation conventions learnt from training references, and the steps they switch off."""

import pytest

from amrgen.decoding.models import Models
from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.postprocess.conventions import (
    EXCLAIMED,
    OPENINGS,
    PARENTHESIZED,
    PUNCTUATED,
    QUOTED_QUESTIONS,
    QUOTED_SPEECH,
    Conventions,
    corpus_conventions,
    learn_conventions,
)
from amrgen.postprocess.pipeline import resolve_pipeline
from amrgen.postprocess.punctuation import opening_commas, parenthesized_references
from amrgen.postprocess.step import Context
from amrgen.paths import RESOURCES_DIR
from amrgen.prep.pipeline import load_corpus
from tests.postprocess.helpers import BigramLM, final, uniform_denom

CORPUS = """
# ::snt " Where do you live ? "
(l / live-01 :ARG0 (y / you) :location (a / amr-unknown))

# ::snt Who developed Skype?
(d / develop-02 :ARG0 (a / amr-unknown) :ARG1 (p / product :name (n / name :op1 "Skype")))

# ::snt Which rivers flow through Bonn?
(f / flow-01 :ARG1 (r / river :mod (a / amr-unknown)) :path (c / city :name (n / name :op1 "Bonn")))

# ::snt how beautiful it is !
(b / beautiful-02 :ARG1 (i / it) :degree (s / so) :mode expressive)

# ::snt he said : " draw me a sheep . "
(s / say-01 :ARG0 (h / he) :ARG1 (d / draw-01 :mode imperative :ARG0 (y / you) :ARG1 (s2 / sheep) :beneficiary (i / i)))

# ::snt the girl sings
(s / sing-01 :ARG0 (g / girl))
"""


def test_learnt_counts_follow_the_references(tmp_path):
    (tmp_path / "corpus.txt").write_text(CORPUS)
    conventions = learn_conventions((e.amr.graph, e.tokens) for e in load_corpus(tmp_path / "corpus.txt").entries)
    assert conventions.counts == {PUNCTUATED: (5, 6), QUOTED_QUESTIONS: (1, 3), EXCLAIMED: (1, 1),
                                  QUOTED_SPEECH: (1, 1), PARENTHESIZED: (0, 0)}
    assert corpus_conventions(tmp_path / "corpus.txt") == conventions  # read as BLEU's references, not prepared
    assert conventions.follows(PUNCTUATED) and conventions.follows(EXCLAIMED)
    assert not conventions.follows(QUOTED_QUESTIONS)  # 1 of 3 questions quoted
    assert not conventions.allows("quote-dialogue") and conventions.allows("quote-speech")


def test_a_convention_never_counted_is_followed_and_one_never_seen_is_not():
    assert Conventions().allows("quote-dialogue")  # a model directory of before
    assert not Conventions({EXCLAIMED: (0, 0)}).follows(EXCLAIMED)
    unpunctuated = Conventions({PUNCTUATED: (20, 1183)})
    assert not unpunctuated.allows("punctuation-refined") and not unpunctuated.allows("quote-speech")
    assert unpunctuated.allows("articles-refined")  # no convention of punctuation
    assert Conventions.from_json(unpunctuated.to_json()) == unpunctuated


def test_a_pipeline_skips_the_steps_whose_convention_the_corpus_does_not_follow():
    labels = {"s": "see-01", "h": "he", "c": "cat", "b": "big", "v": "very"}
    edges = [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", "mod", "b"), ("b", "degree", "v")]
    five = final(labels, edges, ["h", "s", "v", "b", "c"], real={"s": "saw"})
    punctuated = Context(BigramLM({}), uniform_denom)
    unpunctuated = Context(BigramLM({}), uniform_denom, conventions=Conventions({PUNCTUATED: (1, 10)}))
    assert resolve_pipeline("full").run(five, punctuated)[-1] == "."
    assert resolve_pipeline("full").run(five, unpunctuated) == "he saw very big cat".split()


def test_a_model_directory_without_conventions_follows_every_one():
    assert Models.load(RESOURCES_DIR / "little-prince" / "model").conventions == Conventions()  # trained before them


def test_conventions_of_a_corpus_file_leave_out_what_has_no_reference(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS + "\n(n / no-reference)\n\n# ::snt broken .\n(b / break-01 :ARG1\n", encoding="utf-8")
    assert corpus_conventions(corpus).counts[PUNCTUATED] == (5, 6)
    with pytest.raises(MissingResourceError, match="no-such.txt: no such corpus file"):
        corpus_conventions(tmp_path / "no-such.txt")
    corpus.write_text("(n / no-reference)\n", encoding="utf-8")
    with pytest.raises(AmrgenError, match="no entry has a reference sentence"):
        corpus_conventions(corpus)


OPENING_CORPUS = "".join(f"# ::snt {sentence}\n(s / sleep-01 :ARG0 (h / he))\n\n" for sentence in [
    "However , he slept .", "However , he slept .", "However , he slept .", "However he slept .",
    "In contrast , he slept .", "In contrast , he slept .",
    '" Oh , he slept . "', '" Oh , he slept . "', '" Oh , he slept . "',
    "Then , he slept .", "Then , he slept .", "Then , he slept .", "Then he slept .", "Then he slept .",
    "Then he slept .", "Then he slept .",
])


def test_openings_are_kept_that_the_references_follow_with_a_comma_often_enough(tmp_path):
    (tmp_path / "corpus.txt").write_text(OPENING_CORPUS)
    conventions = corpus_conventions(tmp_path / "corpus.txt")
    # in contrast: twice only; then: 3 of 7; oh: after the quotation mark
    assert conventions.openings == {"however": (3, 4), "oh": (3, 3)}
    assert Conventions.from_json(conventions.to_json()) == conventions
    with pytest.raises(ValueError, match="'however'"):
        Conventions.from_json({OPENINGS: {"however": [5, 4]}})
    with pytest.raises(TypeError, match="commas after openings"):
        Conventions.from_json({OPENINGS: ["however"]})


def test_a_comma_follows_the_longest_opening_the_references_follow_with_one():
    context = Context(BigramLM({}), uniform_denom,
                      conventions=Conventions(openings={"in": (3, 3), "in contrast": (5, 5), "oh": (3, 3)}))
    assert opening_commas("in contrast the cells died .".split(), context) == "in contrast , the cells died .".split()
    assert opening_commas('" oh i see . "'.split(), context) == '" oh , i see . "'.split()
    assert opening_commas("in contrast , the cells died .".split(), context) == "in contrast , the cells died .".split()
    assert opening_commas("oh !".split(), context) == "oh !".split()  # no word after it
    assert opening_commas("inside the box".split(), context) == "inside the box".split()


def test_an_unpunctuated_corpus_writes_no_comma_after_an_opening():
    labels = {"s": "sleep-01", "h": "he", "i": "indeed"}
    c = final(labels, [("s", "ARG0", "h"), ("s", "mod", "i")], ["i", "h", "s"], real={"s": "slept"})
    openings = {"indeed": (11, 11)}
    punctuated = Context(BigramLM({}), uniform_denom, conventions=Conventions({PUNCTUATED: (9, 10)}, openings))
    unpunctuated = Context(BigramLM({}), uniform_denom, conventions=Conventions({PUNCTUATED: (1, 10)}, openings))
    assert resolve_pipeline("full").run(c, punctuated) == "indeed , he slept .".split()
    assert resolve_pipeline("full").run(c, unpunctuated) == "indeed he slept".split()


REFERENCES = """
# ::snt All cells expressed BRAF (Figure 1C).
(e / express-03 :ARG0 (c / cell :mod (a / all)) :ARG2 (p / protein :name (n / name :op1 "BRAF"))
   :ARG1-of (d / describe-01 :ARG0 (f / figure :mod "1C")))

# ::snt This was shown before [17].
(s / show-01 :ARG1 (t / this) :time (b / before) :ARG1-of (d / describe-01 :ARG0 (p / publication)))

# ::snt Figure 2 describes the cells.
(d / describe-01 :ARG0 (f / figure :mod 2) :ARG1 (c / cell))

# ::snt The cells grew as described.
(g / grow-01 :ARG1 (c / cell) :ARG1-of (d / describe-01))
"""


def test_the_references_of_graphs_that_refer_to_a_figure_or_a_publication_are_counted(tmp_path):
    (tmp_path / "corpus.txt").write_text(REFERENCES)
    # the third describes with no :ARG1-of: no reference; the fourth writes no bracket
    assert corpus_conventions(tmp_path / "corpus.txt").counts[PARENTHESIZED] == (2, 3)


def test_a_reference_to_a_figure_is_put_in_parentheses():
    labels = {"e": "express-03", "c": "cell", "d": "describe-01", "f": "figure", "m": "1c"}
    edges = [("e", "ARG0", "c"), ("e", "ARG1-of", "d"), ("d", "ARG0", "f"), ("f", "mod", "m")]
    c = final(labels, edges, ["c", "e", "d", "f", "m"], real={"e": "expressed", "d": "", "c": "cells"})
    context = Context(BigramLM({}), uniform_denom)
    assert resolve_pipeline("full").run(c, context) == "cells expressed ( figure 1c ) .".split()
    unsaid = final(labels, edges, ["c", "e", "d", "f", "m"], real={"e": "expressed", "d": "", "f": "", "m": ""})
    assert parenthesized_references(unsaid, context) is unsaid  # said as nothing: no empty brackets
    never = Context(BigramLM({}), uniform_denom, conventions=Conventions({PARENTHESIZED: (0, 0)}))
    assert resolve_pipeline("full").run(c, never) == "cells expressed figure 1c .".split()
