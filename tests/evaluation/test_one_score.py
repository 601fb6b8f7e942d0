"""One corpus score (issue 32): ``amrgen generate -b``, ``evaluate``, ``compare``,
``tune`` and the application score the same output the same way, against every
reference a corpus has, on a corpus with paraphrases (the held-out part of the AMR
guidelines examples, whose entries have ``# ::alt-snts``)."""

from __future__ import annotations

import re

import pytest

from amrgen.corpus_registry import corpus
from amrgen.evaluation.bleu import corpus_bleu
from amrgen.evaluation.corpus_rows import corpus_row
from amrgen.evaluation.lengths import row
from amrgen.evaluation.pairwise import corpus_scores, pairs_of
from amrgen.evaluation.score import alternative_tokens, corpus_score, reference_tokens, scored
from amrgen.io.penman_corpus import read_items
from amrgen.paths import RESOURCES_DIR
from amrgen.run.graph import GraphResult


@pytest.fixture(scope="module")
def guidelines_dev(tmp_path_factory):
    guidelines = corpus("guidelines")
    if not guidelines.present():
        pytest.skip(guidelines.missing())
    _, held = guidelines.held_out_parts(tmp_path_factory.mktemp("guidelines"))
    return held


def _said(items) -> list[str]:
    """Made-up output: an entry's first paraphrase where it has one (it scores better
    against all references than against the first alone), else its reference halved."""
    said = []
    for item in items:
        alternatives, reference = alternative_tokens(item), reference_tokens(item) or []
        said.append(" ".join(alternatives[0] if alternatives else reference[: len(reference) // 2 + 1]).lower())
    return said


def _results(items, said) -> list[GraphResult]:
    return [GraphResult(item.index, getattr(item, "id", "?"), "here", sentence=s) for item, s in zip(items, said)]


def test_every_way_of_scoring_a_corpus_gives_the_same_bleu_with_the_paraphrases(guidelines_dev, monkeypatch):
    from amrgen.run import tuning
    from amrgen.run.spec import GeneratorFiles
    from amrgen_gui.state.corpus_generation import _generated
    from amrgen_gui.state.corpus_generation import corpus_score as application_score

    items = read_items(guidelines_dev)
    assert sum(bool(alternative_tokens(item)) for item in items) >= 10  # a corpus with paraphrases
    said = _said(items)
    graphs = scored(said, items)
    score = corpus_score(graphs)
    first_only = corpus_bleu([g.hypothesis for g in graphs], [" ".join(g.reference) for g in graphs])
    assert score.bleu > first_only + 5  # the paraphrases counted

    assert corpus_row(str(guidelines_dev), graphs).bleu == score.bleu  # generate -b, evaluate over corpora
    assert row("all", graphs).bleu == score.bleu  # evaluate on one corpus
    assert corpus_scores(pairs_of(items, said, said)) == (score.bleu, score.bleu)  # compare
    results = _results(items, said)
    assert application_score([_generated(r, item) for r, item in zip(results, items)]) == score.bleu
    monkeypatch.setattr(tuning, "run_corpus", lambda spec, items, runner=None, **options: results)
    dev = tuning.DevBleu(GeneratorFiles().resolve(), [items], progress=False)
    assert dev(dev.spec.hyperparameters) == score.bleu  # tune


@pytest.mark.slow
def test_generate_evaluate_and_compare_print_the_same_bleu(guidelines_dev, tmp_path, capsys):
    from amrgen.cli import main

    main(["generate", "-i", str(guidelines_dev), "-o", str(tmp_path / "out.txt"), "-b"])
    generated = re.search(r"^BLEU: ([\d.]+)", capsys.readouterr().out, re.MULTILINE)[1]
    main(["evaluate", "-i", str(guidelines_dev)])
    evaluated = re.search(r"^BLEU: ([\d.]+)", capsys.readouterr().out, re.MULTILINE)[1]
    shipped = str(RESOURCES_DIR / "default")
    main(["compare", shipped, shipped, "-i", str(guidelines_dev)])
    compared = re.findall(r"corpus BLEU ([\d.]+)", capsys.readouterr().out)
    assert generated == evaluated == compared[0] == compared[1]
