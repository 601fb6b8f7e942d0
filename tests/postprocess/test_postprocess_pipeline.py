"""The declared postprocessing pipeline: named pipelines, files of step names,
the thesis's steps as Section 4.4 defines them, and the hyperparameters that
carry the pipeline (amrgen.postprocess.pipeline, amrgen.postprocess.thesis)."""

import json
from itertools import pairwise

import pytest

from amrgen.amr import Amr
from amrgen.errors import AmrgenError
from amrgen.hyperparameters import Hyperparameters
from amrgen.ml.conventions import PUNCTUATED, Conventions
from amrgen.paths import RESOURCES_DIR
from amrgen.postprocess.pipeline import (
    BY_NAME,
    PIPELINES,
    RERANK,
    STEPS,
    named_pipelines,
    resolve_pipeline,
)
from amrgen.postprocess.step import ADDITION, REFINEMENT, THESIS, Context
from amrgen.postprocess.thesis import punctuate, revise_articles
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import PLACEHOLDER, InsertedVertex, finalize
from postprocess.helpers import CONTEXT, BigramLM, final, uniform_denom


def test_every_named_pipeline_resolves_to_its_steps_in_order():
    assert set(named_pipelines()) == {"thesis", "full"}
    for name, steps in named_pipelines().items():
        pipeline = resolve_pipeline(name)
        assert pipeline.name == name and pipeline.step_names == steps
    assert PIPELINES["thesis"] == ("articles", "punctuation", "duplicates")
    assert all(BY_NAME[name].section == THESIS for name in PIPELINES["thesis"])
    # full runs every step but the two thesis steps it refines, the words steps last
    full = resolve_pipeline("full")
    assert set(full.step_names) <= set(BY_NAME) - {"articles", "punctuation"}
    places = [step.on for step in full.steps]
    assert places == sorted(places, key=["configuration", "words", "candidates"].index)
    assert {step.section for step in STEPS} == {THESIS, ADDITION, REFINEMENT}
    assert all(step.summary for step in STEPS)


@pytest.mark.parametrize("generator", ["default", "little-prince"])
def test_the_shipped_hyperparameters_name_the_full_pipeline(generator):
    shipped = json.loads((RESOURCES_DIR / generator / "hyperparameters.json").read_text())
    assert shipped["postprocess"] == "full"
    hyper = Hyperparameters.load(RESOURCES_DIR / generator / "hyperparameters.json")
    assert resolve_pipeline(hyper.postprocess).step_names == PIPELINES["full"]


def test_an_older_hyperparameter_file_without_a_pipeline_loads_with_full(tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"theta_lm": 30.0, "n1": 5}))
    hyper = Hyperparameters.load(old)
    assert hyper.postprocess == "full" and hyper.hyphen_margin == 1.0 and hyper.article_lm_weight == 0.6
    listed = tmp_path / "listed.json"
    listed.write_text(json.dumps({"postprocess": ["articles", "duplicates"], "fronted_clause_min_words": 4}))
    hyper = Hyperparameters.load(listed)
    assert hyper.postprocess == ("articles", "duplicates") and hyper.fronted_clause_min_words == 4
    assert Hyperparameters.load(_saved(tmp_path, hyper)) == hyper
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"postprocess": 3}))
    with pytest.raises(AmrgenError, match="wrong.json: postprocess must be a pipeline name"):
        Hyperparameters.load(wrong)


def _saved(tmp_path, hyper):
    path = tmp_path / "saved.json"
    hyper.save(path)
    return path


def test_a_file_lists_steps_with_comments_and_blank_lines(tmp_path):
    path = tmp_path / "ablation.txt"
    path.write_text("# full without the commas\n\n" + "\n".join(
        f"{name}  # {BY_NAME[name].section}" for name in PIPELINES["full"] if name != "coordination-commas") + "\n")
    pipeline = resolve_pipeline(str(path))
    assert pipeline.name == str(path)
    assert pipeline.step_names == tuple(name for name in PIPELINES["full"] if name != "coordination-commas")


def test_an_unknown_step_is_one_error_naming_the_file_and_line(tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("articles\n# comment\npunctuaton\n")
    with pytest.raises(AmrgenError) as error:
        resolve_pipeline(str(path))
    assert str(error.value).startswith(f"{path}:3: unknown postprocessing step 'punctuaton' (known: ")
    with pytest.raises(AmrgenError, match="settings.json: postprocess: step 2: unknown postprocessing step 'x'"):
        resolve_pipeline(["articles", "x"], source="settings.json: postprocess")
    with pytest.raises(AmrgenError, match="neither a named postprocessing pipeline"):
        resolve_pipeline(str(tmp_path / "missing.txt"))


def test_a_configuration_step_cannot_follow_a_words_step(tmp_path):
    path = tmp_path / "late.txt"
    path.write_text("duplicates\npunctuation\n")
    with pytest.raises(AmrgenError, match=r"late.txt:2: punctuation edits the configuration, so it cannot follow"):
        resolve_pipeline(str(path))


def _and_sentence():
    """he stood up and he left: (a / and :op1 (s / stand-up-07 :ARG0 h) :op2 (l / leave-11 :ARG0 h2))."""
    labels = {"a": "and", "s": "stand-up-07", "h": "he", "l": "leave-11", "h2": "he"}
    edges = [("a", "op1", "s"), ("a", "op2", "l"), ("s", "ARG0", "h"), ("l", "ARG0", "h2")]
    return final(labels, edges, ["h", "s", "a", "h2", "l"], pos={"s": "VB", "l": "VB"},
                 real={"s": "stood up", "l": "left"})


def test_leaving_a_step_out_of_a_file_changes_the_sentence_where_it_applies(tmp_path):
    path = tmp_path / "no-commas.txt"
    path.write_text("\n".join(name for name in PIPELINES["full"] if name != "coordination-commas") + "\n")
    assert resolve_pipeline("full").run(_and_sentence(), CONTEXT) == "he stood up , and he left .".split()
    assert resolve_pipeline(str(path)).run(_and_sentence(), CONTEXT) == "he stood up and he left .".split()


# -- the thesis's steps, exactly -------------------------------------------------------


def test_thesis_punctuation_gives_a_full_stop_only_from_five_vertices():
    four = final({"s": "see-01", "h": "he", "c": "cat", "b": "big"},
                 [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", "mod", "b")], ["h", "s", "b", "c"],
                 real={"s": "saw"})
    assert finalize(punctuate(four, CONTEXT)) == "he saw big cat"
    assert resolve_pipeline("thesis").run(four, Context(BigramLM({}), uniform_denom)) == "he saw big cat".split()
    five = final({"s": "see-01", "h": "he", "c": "cat", "b": "big", "v": "very"},
                 [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", "mod", "b"), ("b", "degree", "v")],
                 ["h", "s", "v", "b", "c"], real={"s": "saw"})
    assert finalize(punctuate(five, CONTEXT)) == "he saw very big cat ."
    # ours ends every sentence
    assert resolve_pipeline("full").run(four, CONTEXT)[-1] == "."


def test_thesis_question_mark_only_for_an_interrogative_or_unknown_child():
    """φ_v(?) looks at the children of v: an amr-unknown deeper down makes no question."""
    labels = {"s": "say-01", "h": "he", "d": "do-02", "y": "you", "a": "amr-unknown"}
    edges = [("s", "ARG0", "h"), ("s", "ARG1", "d"), ("d", "ARG0", "y"), ("d", "ARG1", "a")]
    deep = final(labels, edges, ["h", "s", "a", "d", "y"], real={"s": "said", "d": "do", "a": "what"})
    assert finalize(punctuate(deep, CONTEXT)) == "he said what do you ."
    assert resolve_pipeline(["punctuation-refined"]).run(deep, CONTEXT)[-1] == "?"  # ours looks below
    child = final({"w": "want-01", "y": "you", "a": "amr-unknown"}, [("w", "ARG0", "y"), ("w", "ARG1", "a")],
                  ["a", "y", "w"], real={"w": "want", "a": "what"})
    assert finalize(punctuate(child, CONTEXT)) == "what you want ?"
    expressive = final({"g": "go-02", "y": "you", "m": "expressive", "q": "quick", "v": "very"},
                       [("g", "ARG0", "y"), ("g", "mode", "m"), ("g", "manner", "q"), ("q", "degree", "v")],
                       ["y", "g", "v", "q", "m"], real={"g": "go", "m": ""})
    assert finalize(punctuate(expressive, CONTEXT)) == "you go very quick ."  # '!' is ours


def test_thesis_articles_are_removed_and_decided_again_among_a_an_the_and_none():
    """Section 4.4: every article child of a noun goes, and the best of no
    article, a, an and the (a/an both scored) comes back as its leftmost child."""
    the = InsertedVertex(1)
    c = final({"e": "eat-01", "h": "he", "a": "apple", the: "the"},
              [("e", "ARG0", "h"), ("e", "ARG1", "a"), ("a", PLACEHOLDER, the)], ["h", "e", the, "a"],
              pos={"a": "NN"}, real={"e": "ate"}, inserted=1)
    prefers_an = BigramLM({("ate", "an"): -0.1, ("an", "apple"): -0.1})
    revised = revise_articles(c, Context(prefers_an, uniform_denom))
    assert finalize(revised) == "he ate an apple" and revised.rho[Key.DENOM]["a"] == "a"
    prefers_none = BigramLM({("ate", "apple"): -0.1, ("apple", "</s>"): -0.1})
    assert finalize(revise_articles(c, Context(prefers_none, uniform_denom))) == "he ate apple"


def test_the_generator_says_its_root_candidates_with_any_pipeline(generator):
    """Generator.root_candidates searches once; Generator.say postprocesses and
    re-ranks with the generator's pipeline or another, as generate would."""
    assert generator.pipeline.step_names == PIPELINES["full"]
    thesis = generator.with_postprocess("thesis")
    assert thesis.pipeline.name == "thesis" and thesis.models is generator.models
    amr = Amr.from_penman("(c / chapter :mod 1)")
    searched = generator.root_candidates(amr)
    assert generator.say(searched).sentence == generator.generate(amr).sentence == "chapter 1 ."
    assert generator.say(searched, thesis.pipeline).sentence == thesis.generate(amr).sentence == "chapter 1"


# -- the thesis profile, re-ranking and what each step changed ---------------------------


def test_the_thesis_pipeline_is_never_gated_by_the_learnt_conventions():
    """Section 4.4's punctuation runs whatever the training corpora write; our
    punctuation steps follow them (a corpus without sentence marks, MASSIVE's)."""
    unpunctuated = Context(BigramLM({}), uniform_denom, conventions=Conventions({PUNCTUATED: (0, 100)}))
    five = final({"s": "see-01", "h": "he", "c": "cat", "b": "big", "v": "very"},
                 [("s", "ARG0", "h"), ("s", "ARG1", "c"), ("c", "mod", "b"), ("b", "degree", "v")],
                 ["h", "s", "v", "b", "c"], real={"s": "saw"})
    assert resolve_pipeline("thesis").run(five, unpunctuated)[-1] == "."
    assert resolve_pipeline("full").run(five, unpunctuated)[-1] != "."
    assert all(not BY_NAME[name].writes for name in PIPELINES["thesis"])


def test_only_a_pipeline_with_the_rerank_step_re_ranks_the_root_candidates(tmp_path):
    assert resolve_pipeline("full").reranks and not resolve_pipeline("thesis").reranks
    path = tmp_path / "thesis-reranked.txt"
    path.write_text("articles\npunctuation\nduplicates\n" + RERANK + "\n")
    assert resolve_pipeline(str(path)).reranks


def test_the_thesis_pipeline_says_the_argmax_of_best_root(generator):
    """Algorithm 5, line 6: the best candidate of best(root(G')) is said, whatever
    the language model thinks of the others' postprocessed sentences."""
    thesis = generator.with_postprocess("thesis")
    amr = Amr.from_penman("(s / see-01 :ARG0 (b / boy) :ARG1 (g / girl) :time (y / yesterday))")
    searched = thesis.root_candidates(amr)
    assert len(searched.candidates) > 1
    said = thesis.say(searched)
    assert said.winner is searched.candidates[0].hypothesis
    assert said.tokens == thesis.postprocessed(searched.candidates[0].final)


def test_each_step_that_changed_the_sentence_is_recorded_with_before_and_after():
    edits = []
    words = resolve_pipeline("full").run(_and_sentence(), CONTEXT, edits)
    assert [edit.step for edit in edits] == ["coordination-commas", "punctuation-refined"] or \
        [edit.step for edit in edits] == ["punctuation-refined", "coordination-commas"]
    assert edits[0].before == "he stood up and he left"
    assert edits[-1].after == " ".join(words) == "he stood up , and he left ."
    assert all(edit.before != edit.after for edit in edits)
    for earlier, later in pairwise(edits):
        assert earlier.after == later.before
