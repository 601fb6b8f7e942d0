"""Same answers (issue 18): the shipped generator (model, LM, hyperparameters
of ``resources/default``) says exactly the sentences it said before on 30 Little
Prince dev graphs (``tests/fixtures/lp-dev-30.txt``, entries i·145//30 of the
dev section).  A speed-up of the search, the models or the postprocessing
must keep them; a change that alters the search on purpose regenerates the
fixture with ``amrgen generate -i tests/fixtures/lp-dev-30.txt -o
tests/fixtures/lp-dev-30.out`` and gives the dev BLEU before and after in
its commit."""

from pathlib import Path

from amrgen.evaluation.generation import generate_graph, read_items

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_the_shipped_generator_says_the_stored_sentences(generator):
    items = read_items(FIXTURES / "lp-dev-30.txt")
    expected = (FIXTURES / "lp-dev-30.out").read_text(encoding="utf-8").splitlines()
    assert len(items) == len(expected) == 30
    said = [generate_graph(generator, item).sentence for item in items]
    differing = [(i, s, e) for i, (s, e) in enumerate(zip(said, expected, strict=True)) if s != e]
    assert not differing, f"{len(differing)} of 30 sentences changed, first: {differing[0]}"
