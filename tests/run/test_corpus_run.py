"""A run of more than one graph loads before its first graph what it would
otherwise load inside its first graphs (issue 18: the models' feature lists
compiled, lemminflect's lemma tables read); a one-graph run does without."""

from amrgen.decoding import models as models_module
from amrgen.decoding.generator import Generator
from amrgen.io.penman_corpus import read_items
from amrgen.run import corpus, runners
from amrgen.run.corpus import run_corpus
from amrgen.run.graph import generate_graph
from amrgen.run.runners import ready_for_corpus
from amrgen.run.spec import GeneratorFiles

CORPUS = "# ::id boy\n(b / boy)\n\n# ::id girl\n(g / girl)\n"


def test_a_long_run_is_made_ready_before_its_first_graph_and_a_short_one_is_not(tmp_path, monkeypatch):
    path = tmp_path / "in.txt"
    path.write_text(CORPUS, encoding="utf-8")
    events = []
    compile_columns, generate = models_module.Models.compile_columns, runners.generate_graph
    monkeypatch.setattr(models_module.Models, "compile_columns", lambda m: events.append("ready") or compile_columns(m))
    monkeypatch.setattr(runners, "generate_graph", lambda g, item, *a: events.append(item.id) or generate(g, item, *a))
    monkeypatch.setattr(runners, "_READY", set())
    items, run = read_items(path), GeneratorFiles().resolve()
    monkeypatch.setattr(corpus, "READY_FROM", 2)
    results = run_corpus(run, items, progress=False)
    assert events == ["ready", "boy", "girl"] and all(r.sentence for r in results)
    events.clear()
    run_corpus(run, items, progress=False)
    assert events == ["boy", "girl"]  # ready once per process
    monkeypatch.setattr(corpus, "READY_FROM", 3)
    events.clear()
    run_corpus(run, items, progress=False)
    assert events == ["boy", "girl"]


def test_a_generator_ready_for_a_corpus_compiles_no_feature_list_while_generating(tmp_path, monkeypatch):
    path = tmp_path / "in.txt"
    path.write_text(CORPUS, encoding="utf-8")
    monkeypatch.setattr(models_module, "COMPILED_AT", 0)  # else compiled at each model's first question
    compiled = []
    columns = models_module.FeatureColumns
    monkeypatch.setattr(models_module, "FeatureColumns", lambda *args: compiled.append(args) or columns(*args))
    fresh, ready = Generator.load(), Generator.load()
    ready_for_corpus(ready)
    made_ready = len(compiled)
    assert made_ready == len(ready.models.models)
    assert all(generate_graph(ready, item).sentence for item in read_items(path))
    assert len(compiled) == made_ready
    assert all(generate_graph(fresh, item).sentence for item in read_items(path))
    assert len(compiled) > made_ready  # the fresh one compiles while it generates
