"""The punctuation conventions learnt from training references, and the steps they switch off."""

import pytest

from amrgen.decoding.models import Models
from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.ml.conventions import (
    PARENTHESIZED,
    PUNCTUATED,
    QUOTED_SPEECH,
    Conventions,
    corpus_conventions,
    learn_conventions,
)
from amrgen.postprocess.pipeline import BY_NAME, resolve_pipeline
from amrgen.postprocess.punctuation import parenthesized_references
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
    assert conventions.counts == {PUNCTUATED: (5, 6), QUOTED_SPEECH: (1, 1), PARENTHESIZED: (0, 0)}
    assert corpus_conventions(tmp_path / "corpus.txt") == conventions  # read as BLEU's references, not prepared
    assert conventions.follows(PUNCTUATED) and conventions.allows(BY_NAME["quote-speech"].writes)
    assert not conventions.follows(PARENTHESIZED)  # never had the occasion


def test_a_convention_never_counted_is_followed_and_one_never_seen_is_not():
    assert Conventions().allows(BY_NAME["quote-speech"].writes)  # a model directory of before
    assert not Conventions({QUOTED_SPEECH: (0, 0)}).follows(QUOTED_SPEECH)
    unpunctuated = Conventions({PUNCTUATED: (20, 1183)})
    assert not unpunctuated.allows(BY_NAME["punctuation-refined"].writes) and not unpunctuated.allows(BY_NAME["quote-speech"].writes)
    assert unpunctuated.allows(BY_NAME["articles-refined"].writes)  # no convention of punctuation
    assert Conventions.from_json(unpunctuated.to_json()) == unpunctuated


def test_the_keys_of_retired_conventions_are_ignored_when_read():
    """The shipped model directories still hold the counts of conventions no step writes any longer."""
    data = {PUNCTUATED: [5, 6], "exclaimed": [1, 1], "quoted questions": [1, 3],
            "commas after openings": {"however": [3, 4]}}
    assert Conventions.from_json(data) == Conventions({PUNCTUATED: (5, 6)})
    with pytest.raises(ValueError, match="'punctuated'"):
        Conventions.from_json({**data, PUNCTUATED: [7, 6]})


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
