"""A corpus run resolves its postprocessing pipeline and its conventions once
(:class:`amrgen.run.spec.RunSpec`), in the process that starts it; the resolved
spec travels to worker processes as values, and none of them resolves again."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import amrgen.decoding.generator as generator_module
import amrgen.ml.conventions as conventions_module
import amrgen.postprocess.pipeline as pipeline_module
import amrgen.run.spec as spec_module
from amrgen.cli import main
from amrgen.run import runners
from amrgen.io.penman_corpus import read_items
from amrgen.run.runners import Task, generate_chunk
from amrgen.run.spec import GeneratorFiles

CORPUS = ("# ::id a\n# ::snt The boy sleeps.\n(s / sleep-01 :ARG0 (b / boy))\n\n"
          "# ::id b\n# ::snt Does the girl sing?\n(s / sing-01 :ARG0 (g / girl) :mode interrogative)\n\n"
          "# ::id c\n# ::snt The rose.\n(r / rose)\n")


@pytest.fixture
def counted(monkeypatch) -> dict[str, int]:
    """How often a pipeline is resolved and conventions are learnt, wherever the code does it."""
    calls = {"pipeline": 0, "conventions": 0}

    def counting(name, function):
        def counted_call(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)
        return counted_call

    resolve = counting("pipeline", pipeline_module.resolve_pipeline)
    learn = counting("conventions", conventions_module.corpus_conventions)
    for module in (pipeline_module, generator_module, spec_module):
        monkeypatch.setattr(module, "resolve_pipeline", resolve)
    for module in (conventions_module, spec_module):
        monkeypatch.setattr(module, "corpus_conventions", learn)
    runners.generator.cache_clear()
    yield calls
    runners.generator.cache_clear()


def _corpus(tmp_path: Path) -> Path:
    path = tmp_path / "in.txt"
    path.write_text(CORPUS, encoding="utf-8")
    return path


@pytest.mark.parametrize("postprocess", [[], ["--postprocess", "thesis"]])
def test_generate_resolves_the_pipeline_and_the_conventions_once(counted, tmp_path, postprocess):
    corpus = _corpus(tmp_path)
    assert main(["generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt"), "--conventions", str(corpus),
                 *postprocess]) == 0
    assert counted == {"pipeline": 1, "conventions": 1}
    assert len((tmp_path / "out.txt").read_text(encoding="utf-8").splitlines()) == 3


def test_a_worker_generates_from_the_resolved_spec_without_resolving_anything(counted, tmp_path):
    corpus = _corpus(tmp_path)
    spec = GeneratorFiles(postprocess="thesis", conventions=str(corpus)).resolve()
    assert counted == {"pipeline": 1, "conventions": 1}
    travelled = pickle.loads(pickle.dumps(spec))  # as joblib and Dask send it
    assert travelled == spec and travelled.conventions == spec.conventions
    items = read_items(corpus)
    results = generate_chunk(Task(travelled), items, [None] * len(items))
    assert all(r.sentence for r in results)
    assert counted == {"pipeline": 1, "conventions": 1}


def test_other_hyperparameters_keep_the_resolved_pipeline(counted):
    spec = GeneratorFiles().resolve()
    assert counted["pipeline"] == 1
    other = spec.with_hyperparameters(spec.hyperparameters.greedy())
    assert other.pipeline is spec.pipeline and counted["pipeline"] == 1
    assert other.hyperparameters != spec.hyperparameters
