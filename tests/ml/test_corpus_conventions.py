"""Conventions learnt by corpus: p(corpus | G) and each graph following the conventions of
the corpora it is most like (a model trained on several corpora, as the shipped default is)."""

import json

import pytest

from amrgen.amr import Amr
from amrgen.decoding.models import Models
from amrgen.ml.conventions import (
    CORPORA,
    CORPUS_MODEL,
    PARENTHESIZED,
    PUNCTUATED,
    QUOTED_SPEECH,
    Conventions,
    corpus_conventions,
)
from amrgen.ml.corpora import CorpusModel, graph_concepts
from amrgen.paths import RESOURCES_DIR
from amrgen.postprocess.pipeline import resolve_pipeline
from amrgen.postprocess.step import Context
from tests.postprocess.helpers import BigramLM, final, uniform_denom


def question(concept: str) -> str:
    return f"(l / live-01 :ARG0 (y / you) :location (a / amr-unknown) :mod (c / {concept}))"


# A book that ends every sentence in a mark; a corpus of voice-assistant questions and
# statements that never does, and outnumbers it (each convention's share is its own).
BOOK = "".join(f'# ::snt " Where do you live , {concept} ? "\n{question(concept)}\n\n'
               for concept in ("prince", "fox", "rose", "king")) + \
    "".join("# ::snt Then the prince slept .\n(s / sleep-01 :ARG0 (p / prince) :time (t / then))\n\n" for _ in range(3))
QUESTIONS = "".join(f"# ::snt Where does {name} live\n"
                    f'(l / live-01 :ARG0 (p / person :name (n / name :op1 "{name}")) :location (a / amr-unknown))\n\n'
                    for name in ("Obama", "Merkel", "Putin", "Macron", "Trudeau")) + \
    "".join("# ::snt Thus the country grew\n(g / grow-01 :ARG1 (c / country) :mod (t / thus))\n\n"
            "# ::snt Then the country grew\n(g / grow-01 :ARG1 (c / country) :time (t / then))\n\n"
            for _ in range(3))


def graph(text: str):
    return Amr.from_penman(text).graph


@pytest.fixture
def two_corpora(tmp_path):
    book, questions = tmp_path / "book.txt", tmp_path / "questions.txt"
    book.write_text(BOOK, encoding="utf-8")
    questions.write_text(QUESTIONS, encoding="utf-8")
    return corpus_conventions(book, questions), str(book), str(questions)


def test_each_corpus_keeps_its_own_counts_and_the_pooled_ones_stay(two_corpora):
    conventions, book, questions = two_corpora
    assert conventions.counts[PUNCTUATED] == (7, 18)  # pooled: not followed
    assert conventions.corpora[book].counts[PUNCTUATED] == (7, 7)
    assert conventions.corpora[questions].counts[PUNCTUATED] == (0, 11)
    assert set(conventions.corpus_model.corpora) == {book, questions}


def test_a_graph_follows_the_conventions_of_the_corpus_it_is_like(two_corpora):
    conventions, book, questions = two_corpora
    of_book = graph(question("prince"))
    of_questions = graph('(l / live-01 :ARG0 (p / person :name (n / name :op1 "Obama")) :location (a / amr-unknown))')
    assert conventions.corpus_model.probabilities(of_book)[book] > 0.5
    assert conventions.corpus_model.probabilities(of_questions)[questions] > 0.5
    assert conventions.for_graph(of_book).follows(PUNCTUATED)
    assert not conventions.for_graph(of_questions).follows(PUNCTUATED)


def test_the_share_of_a_graph_weighs_each_corpus_by_its_probability():
    model = CorpusModel.train([(graph("(a / apple)"), "one"), (graph("(b / banana)"), "two")])
    conventions = Conventions({PUNCTUATED: (5, 10)}, {"one": Conventions({PUNCTUATED: (10, 10)}),
                                                      "two": Conventions({PUNCTUATED: (0, 0)})}, model)
    for text in ("(a / apple)", "(b / banana)", "(c / cherry)"):
        g = graph(text)
        share, cases = conventions.for_graph(g).counts[PUNCTUATED]
        # "two" never had the occasion: it counts as not following
        assert (share, cases) == (pytest.approx(model.probabilities(g)["one"]), 1.0)
    assert conventions.for_graph(graph("(a / apple)")).follows(PUNCTUATED)
    assert not conventions.for_graph(graph("(b / banana)")).follows(PUNCTUATED)


def test_one_corpus_learns_no_model_and_its_conventions_are_every_graphs(tmp_path):
    (tmp_path / "book.txt").write_text(BOOK, encoding="utf-8")
    conventions = corpus_conventions(tmp_path / "book.txt")
    assert conventions.corpus_model is None and conventions.corpora == {}
    assert conventions.for_graph(graph(question("fox"))) is conventions
    assert CorpusModel.train([(graph("(a / apple)"), "one")]) is None


def test_the_corpus_model_reads_the_concepts_and_not_what_a_transition_inserted():
    labels = {"s": "see-01", "h": "he", "c": "cat"}
    c = final(labels, [("s", "ARG0", "h"), ("s", "ARG1", "c")], ["h", "s", "c"])
    assert graph_concepts(c.graph) == ["cat", "he", "see-01"]
    from amrgen.transitions.transitions import InsertChild

    inserted = InsertChild("the", "left").apply(c.with_(node_buffer=("c",)))
    assert len(inserted.graph.vertices) == 4 and graph_concepts(inserted.graph) == ["cat", "he", "see-01"]


def test_a_pipeline_follows_the_conventions_of_the_graphs_corpora(two_corpora):
    conventions, _, _ = two_corpora
    context = Context(BigramLM({}), uniform_denom, conventions=conventions)
    labels = {"l": "live-01", "y": "you", "a": "amr-unknown", "c": "prince"}
    edges = [("l", "ARG0", "y"), ("l", "location", "a"), ("l", "mod", "c")]
    c = final(labels, edges, ["a", "l", "y", "c"], real={"a": "where", "l": "live"})
    assert resolve_pipeline("full").run(c, context)[-1] == "?"
    pooled = Context(BigramLM({}), uniform_denom, conventions=Conventions(conventions.counts))
    assert "?" not in resolve_pipeline("full").run(c, pooled)


def test_conventions_by_corpus_round_trip_and_errors_name_the_field(two_corpora):
    conventions, book, _ = two_corpora
    data = json.loads(json.dumps(conventions.to_json()))
    again = Conventions.from_json(data)
    assert again.counts == conventions.counts and again.corpora == conventions.corpora
    g = graph(question("rose"))
    assert again.corpus_model.probabilities(g) == pytest.approx(conventions.corpus_model.probabilities(g), abs=1e-4)
    with pytest.raises(ValueError, match="come together"):
        Conventions.from_json({k: v for k, v in data.items() if k != CORPUS_MODEL})
    with pytest.raises(ValueError, match=f"{book}.*'punctuated'"):
        Conventions.from_json({**data, CORPORA: {**data[CORPORA], book: {PUNCTUATED: [5, 4]}}})
    with pytest.raises(ValueError, match="'corpus model'.*weights"):
        Conventions.from_json({**data, CORPUS_MODEL: {**data[CORPUS_MODEL], "weights": [[1.0]]}})
    with pytest.raises(TypeError, match="'corpus model'.*'concepts'"):
        Conventions.from_json({**data, CORPUS_MODEL: {**data[CORPUS_MODEL], "concepts": "cat"}})
    with pytest.raises(ValueError, match="not those of"):
        Conventions.from_json({**data, CORPORA: {book: data[CORPORA][book]}})


def test_the_shipped_default_weighs_the_conventions_of_its_five_training_corpora():
    conventions = Models.load(RESOURCES_DIR / "default" / "model").conventions
    assert len(conventions.corpora) == 5 and conventions.corpus_model is not None
    # the counts of its retired conventions (quoted questions, exclaimed, commas after openings) left unread
    assert set(conventions.counts) == {PUNCTUATED, QUOTED_SPEECH, PARENTHESIZED}
    assert all(set(corpus.counts) == set(conventions.counts) for corpus in conventions.corpora.values())
    book = graph('(s / see-01 :ARG0 (i / i) :ARG1 (s2 / sheep) :location (p / planet) :mod (l / little))')
    factoid = graph('(h / have-degree-91 :ARG1 (c / city :name (n / name :op1 "Bonn")) :ARG2 (l / large))')
    assert max(conventions.corpus_model.probabilities(book), key=conventions.corpus_model.probabilities(book).get) \
        .endswith("little-prince-v1.6/training.txt")
    assert "little-prince" not in max(conventions.corpus_model.probabilities(factoid),
                                      key=conventions.corpus_model.probabilities(factoid).get)
