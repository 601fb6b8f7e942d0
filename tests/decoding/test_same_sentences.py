"""Same answers (issue 18): a fixed generator (model, LM, hyperparameters of
``resources/little-prince``) says exactly the sentences it said before on 30
Little Prince dev graphs (``tests/fixtures/lp-dev-30.txt``, entries i·145//30
of the dev section).  A speed-up of the search, the models or the
postprocessing must keep them; a change that alters the search on purpose
regenerates the fixture with ``G=resources/little-prince; amrgen generate -i
tests/fixtures/lp-dev-30.txt -o tests/fixtures/lp-dev-30.out --model
$G/model --lm $G/lm.binary --hyperparameters $G/hyperparameters.json`` and
gives the dev BLEU before and after in its commit."""

from pathlib import Path

from amrgen.io.penman_corpus import read_items
from amrgen.run.graph import generate_graph

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_the_little_prince_generator_says_the_stored_sentences(little_prince_generator):
    items = read_items(FIXTURES / "lp-dev-30.txt")
    expected = (FIXTURES / "lp-dev-30.out").read_text(encoding="utf-8").splitlines()
    assert len(items) == len(expected) == 30
    said = [generate_graph(little_prince_generator, item).sentence for item in items]
    differing = [(i, s, e) for i, (s, e) in enumerate(zip(said, expected, strict=True)) if s != e]
    assert not differing, f"{len(differing)} of 30 sentences changed, first: {differing[0]}"


def test_answers_forgotten_since_a_point_are_asked_again_with_the_same_sentences(little_prince_generator):
    generator = little_prince_generator
    first, *others = read_items(FIXTURES / "lp-dev-30.txt")[:3]
    generator.forget_answers()
    assert sum(generator.memoised().models) == 0 and not generator.memoised().lm
    generate_graph(generator, first)
    mark = generator.memoised()
    said = [generate_graph(generator, item).sentence for item in others]
    assert sum(generator.memoised().models) > sum(mark.models)
    generator.forget_answers(since=mark)
    assert generator.memoised() == mark
    assert [generate_graph(generator, item).sentence for item in others] == said
