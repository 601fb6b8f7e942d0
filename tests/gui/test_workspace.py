"""The application's state apart from drawing (Qt-free): the open corpus, the
constrained systems learnt from it, the generator asked for."""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from amrgen.decoding.limits import DEFAULT_LIMITS, Limits
from amrgen.oracle import Approach, training_data
from amrgen.oracle.resources import learn_resources
from amrgen.prep.prepared_format import read_prepared
from amrgen_gui.state.paths import SAMPLE
from amrgen_gui.state.workspace import Change, Corpus, Workspace, open_corpus


def test_the_constrained_system_is_learnt_once_per_corpus_and_approach():
    workspace, seen = Workspace(), []
    workspace.observe(seen.append)
    assert workspace.system(Approach.TEXT, constrained=True).is_formal  # no corpus to learn from
    progress = []
    corpus = open_corpus(SAMPLE, lambda done, total: progress.append((done, total)))
    workspace.set_corpus(corpus)
    assert seen == [Change.CORPUS] and corpus.index("developer") == 0 and corpus.index("nothing") is None
    assert workspace.system(Approach.TEXT, constrained=False).is_formal
    assert workspace.system(Approach.TEXT, constrained=True) is None  # to be learnt first
    progress.clear()
    learnt_from, system = workspace.learn_constrained(Approach.TEXT, lambda done, total: progress.append(done))
    assert learnt_from is corpus and progress == list(range(len(corpus.entries) + 1))
    entries = read_prepared(SAMPLE).entries
    assert system.constraints.resources == learn_resources(training_data(e.bigraph()) for e in entries)
    assert workspace.learnt(corpus, Approach.TEXT, system)
    assert workspace.system(Approach.TEXT, constrained=True) is system
    assert workspace.system(Approach.DEPENDENCY, constrained=True) is None
    workspace.set_corpus(Corpus(corpus.path, corpus.entries[:1]))  # another corpus: learnt again, from it
    assert workspace.system(Approach.TEXT, constrained=True) is None
    assert not workspace.learnt(corpus, Approach.TEXT, system)  # learnt from the corpus before: dropped


def test_a_generator_asked_for_before_another_is_stale():
    workspace, seen = Workspace(), []
    workspace.observe(seen.append)
    first, second = ("model-a", None, None), (None, "lm.binary", None)
    workspace.ask_generator(first)
    workspace.ask_generator(second)
    assert workspace.is_stale(first) and not workspace.is_stale(second)
    assert not workspace.set_generator(first, object()) and workspace.generator is None and seen == []
    loaded = SimpleNamespace()  # a stand-in for a LoadedGenerator
    assert workspace.set_generator(second, loaded) and workspace.generator is loaded
    assert seen == [Change.GENERATOR] and loaded.limits == workspace.limits == DEFAULT_LIMITS
    workspace.set_limits(Limits(seconds=5.0))
    assert loaded.limits == Limits(seconds=5.0)  # the generator loaded follows


def test_the_application_state_and_the_stepping_engine_import_no_qt():
    """Every module of amrgen_gui.state, imported, loads no Qt (nor the window's part)."""
    code = ("import importlib, pkgutil, sys, amrgen_gui.state, amrgen.stepping.generation_session\n"
            "for m in pkgutil.iter_modules(amrgen_gui.state.__path__): importlib.import_module(f'amrgen_gui.state.{m.name}')\n"
            "print(len([m for m in sys.modules if m.startswith('amrgen_gui.state.')]),"
            " sorted(m for m in sys.modules if m.startswith(('PySide6', 'amrgen_gui.qt'))))")
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(root)}, cwd=root)
    count, qt = result.stdout.split(" ", 1)
    assert int(count) >= 7 and qt.strip() == "[]"


def test_a_graph_nested_too_deep_costs_its_entry_alone_and_the_deepest_read_one_is_learnt_from(english, tmp_path):
    from amrgen.io.penman_corpus import MAX_NESTING

    def chain(depth: int) -> str:
        return "".join(f"(v{i} / go-02 :ARG1 " for i in range(depth - 1)) + "(b / boy)" + ")" * (depth - 1)

    path = tmp_path / "deep.txt"
    path.write_text(f"# ::id too-deep\n# ::snt The boy goes.\n{chain(800)}\n\n"
                    f"# ::id deepest\n# ::snt {'go ' * MAX_NESTING}boy\n{chain(MAX_NESTING)}\n\n"
                    "# ::id girl\n# ::snt The girl sleeps.\n(s / sleep-01 :ARG0 (g / girl))\n", encoding="utf-8")
    corpus = open_corpus(path, lambda done, total: None)
    assert [e.id for e in corpus.entries] == ["deepest", "girl"]
    assert [str(e) for e in corpus.errors] == [
        f"{path}:1: entry too-deep: nodes nested more than {MAX_NESTING} levels deep (line 3); such a graph is not read"]
    workspace = Workspace()
    workspace.set_corpus(corpus)
    _, system = workspace.learn_constrained(Approach.TEXT, lambda done, total: None)
    assert workspace.learnt(corpus, Approach.TEXT, system)
    assert training_data(corpus.entries[0].bigraph()).terminated
