"""Generation, tuning's evaluations and any chunked work on a Dask cluster
(amrgen.run.cluster, ``--dask``): a local cluster of two worker
processes says what one process says, in input order; a graph that fails on
a worker, or whose worker dies, costs that graph alone; a cluster that
cannot be reached or that fails is one clear error."""

import os
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path

import cloudpickle  # Dask's dependency
import dask
import pytest

from amrgen.cli import main
from amrgen.decoding.generator import DEFAULT_HYPERPARAMETERS, DEFAULT_MODEL
from amrgen.decoding.limits import Limits
from amrgen.errors import AmrgenError
from amrgen.io.penman_corpus import read_items
from amrgen.run.cluster import connect
from amrgen.run.corpus import run_corpus
from amrgen.run.runners import OnCluster
from amrgen.run.spec import GeneratorFiles
from amrgen.hyperparameters import Hyperparameters

# This module's functions go to the workers by value: tests/ is no package they could import them from.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

LP_DEV_30 = Path(__file__).resolve().parents[1] / "fixtures" / "lp-dev-30.txt"
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from graph_sizes import ops

#: Malformed: the reader's error, reported by the worker as generation's would be.
BROKEN = "# ::id broken\n# ::snt This one is broken .\n(b / break-01 :ARG1 (t / this"
#: A graph generation refuses, on the worker ("and a has no conjunct").
NOTHING_TO_SAY = "# ::id empty\n(a / and)"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Five Little Prince dev graphs, a malformed entry and a graph generation refuses."""
    entries = LP_DEV_30.read_text(encoding="utf-8").strip().split("\n\n")[1:6]
    path = tmp_path_factory.mktemp("cluster") / "dev.txt"
    path.write_text("\n\n".join([entries[0], BROKEN, *entries[1:3], NOTHING_TO_SAY, *entries[3:]]) + "\n",
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of two processes that gives a task up after one worker death (Dask's default: 3)."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), connect("local", 2) as local:
        yield local


def test_generate_on_a_local_cluster_writes_what_one_process_writes(generator, corpus, tmp_path, capsys):
    runs = {}
    for name, options in (("one", []), ("dask", ["--dask", "local", "--workers", "2"])):
        output, trace = tmp_path / f"{name}.out", tmp_path / f"{name}.jsonl"
        assert main(["generate", "-i", str(corpus), "-o", str(output), "--trace", str(trace), *options]) == 1
        err = capsys.readouterr().err
        runs[name] = output.read_bytes(), trace.read_bytes(), [line for line in err.splitlines() if "amrgen:" in line]
    assert runs["dask"][:2] == runs["one"][:2]
    lines = runs["one"][0].decode().split("\n")
    assert len(lines) == 8 and [i for i, line in enumerate(lines) if not line] == [1, 4, 7]
    assert lines[0] == "chapter 1 ."
    one, dask_messages = runs["one"][2], runs["dask"][2]
    assert dask_messages[0] == "amrgen: loading the generator on the Dask cluster at local (2 workers) ..."
    assert dask_messages[1:] == one[1:]
    line = corpus.read_text(encoding="utf-8").splitlines().index
    assert f"{corpus}:{line('# ::id broken') + 1}: entry broken: unbalanced parenthesis" in one[1]
    assert f"{corpus}:{line('# ::id empty') + 1}: entry empty: and a has no conjunct: nothing to say" in one[2]
    assert one[3] == "amrgen: 2 of 7 graphs could not be generated"


def test_tuning_evaluates_on_the_cluster_as_in_one_process(generator, corpus, cluster):
    """An assignment and the first phases computed here reach the workers (as ``amrgen tune --dask`` sends them)."""
    items, spec = read_items(corpus), GeneratorFiles().resolve()
    hyper = replace(Hyperparameters.load(DEFAULT_HYPERPARAMETERS), theta_lm=20.0, n1=2)
    here = run_corpus(spec.with_hyperparameters(hyper), items, keep_first_phases=True, progress=False)
    there = run_corpus(spec.with_hyperparameters(hyper), items, OnCluster(cluster),
                       first_phases=[r.first_phase for r in here], progress=False)
    assert [(r.index, r.sentence, r.error) for r in there] == [(r.index, r.sentence, r.error) for r in here]
    shipped = LP_DEV_30.with_suffix(".out").read_text(encoding="utf-8").splitlines()[:5]
    assert [r.sentence for r in there if r.sentence] != shipped  # not the shipped assignment's sentences


def _squares_or_death(chunk: list, exponent: int) -> list:
    if "die" in chunk:
        os._exit(1)
    return [x ** exponent for x in chunk]


def test_a_chunk_whose_worker_dies_is_retried_element_by_element(cluster):
    chunks = [[1, 2], [3, "die", 4], [5]]
    results = list(cluster.map_chunks(_squares_or_death, chunks, 2, lost=lambda element, reason: (element, reason)))
    assert [len(chunk) for chunk in results] == [2, 3, 1]
    assert results[0] == [1, 4] and results[2] == [25]
    assert results[1][0] == 9 and results[1][2] == 16
    element, reason = results[1][1]
    assert element == "die" and reason.startswith("the Dask worker running it died, 1 time(s) (the last: tcp://")


class _AllLost:
    """A cluster whose workers all die: every element comes back through ``lost``."""

    workers = 2

    def map_chunks(self, function, chunks, *shared, lost):
        for chunk in chunks:
            yield [lost(element, "it died") for element in chunk]


def test_a_graph_lost_with_its_worker_gets_an_empty_line_and_a_message(corpus):
    items = read_items(corpus)
    results = run_corpus(GeneratorFiles().resolve(), items, OnCluster(_AllLost()), trace=True, progress=False)
    assert [r.index for r in results] == list(range(len(items)))
    assert all(r.sentence == "" and r.error == "lost on the cluster: it died" for r in results)
    assert results[1].message.startswith(f"{corpus}:") and results[1].entry_id == "broken"
    assert all(r.trace["error"] == r.error and r.trace["id"] == r.entry_id for r in results)


def _refuse(chunk: list) -> list:
    raise ValueError(f"no thanks: {chunk}")


def test_a_failure_of_the_cluster_itself_is_one_error(cluster):
    with pytest.raises(AmrgenError, match=r"^the Dask cluster at local failed: ValueError: no thanks: \[1\]$"):
        list(cluster.map_chunks(_refuse, [[1], [2]], lost=lambda element, reason: None))


def test_an_address_without_a_scheduler_is_one_clear_error(tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_text("(c / chapter :mod 1)\n")
    started = time.monotonic()
    code = main(["generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt"), "--dask", "tcp://127.0.0.1:9"])
    assert code == 2 and time.monotonic() - started < 15
    err = capsys.readouterr().err
    assert err.startswith("amrgen: error: --dask tcp://127.0.0.1:9: no Dask scheduler answers there (")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "out.txt").exists()


def test_joblib_runs_on_the_cluster_in_its_context(cluster):
    from joblib import Parallel, delayed

    with cluster.joblib():
        processes = set(Parallel(n_jobs=1)(delayed(os.getpid)() for _ in range(4)))
    assert os.getpid() not in processes and processes <= set(cluster.client.run(os.getpid).values())


@pytest.mark.slow
def test_train_on_a_local_cluster_writes_the_models_one_process_writes(shared_corpus, tmp_path):
    lp = shared_corpus("little-prince-training")
    train = tmp_path / "train.txt"
    train.write_text("\n\n".join(lp.read_text(encoding="utf-8").strip().split("\n\n")[1:7]) + "\n", encoding="utf-8")
    for name, options in (("one", ["--workers", "1"]), ("dask", ["--dask", "local", "--workers", "2"])):
        assert main(["train", str(train), "--dev", str(train), "-o", str(tmp_path / name), *options]) == 0
    files = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(tmp_path / "dask") for p in (tmp_path / "dask").rglob("*")
                                     if p.is_file())
    assert all((tmp_path / "one" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes() for f in files)


def test_tune_connects_to_the_cluster_dask_names(generator, corpus, tmp_path, capsys):
    output = tmp_path / "tuned.json"
    assert main(["tune", str(DEFAULT_MODEL), str(corpus), "-o", str(output), "--dask", "nowhere://x"]) == 2
    assert capsys.readouterr().err.startswith("amrgen: error: --dask nowhere://x: no Dask scheduler answers there")
    assert not output.exists()


def _address_cap() -> int:
    return resource.getrlimit(resource.RLIMIT_AS)[0]


def test_limits_hold_on_the_workers_and_leave_their_address_space_alone(cluster, tmp_path):
    """A Dask worker generates off its main thread: the limits are checked there all the same."""
    path = tmp_path / "wide.txt"
    # 3,000 :opN children take about 11 s of one idle core (1,000 took 4-5 s, within the
    # limit on a fast run); the first graph a worker generates also pays for what it loads
    # on first use, up to 2-3 s on a busy machine.
    path.write_text(f"# ::id good\n(b / boy)\n\n# ::id wide\n{ops(3000)}\n", encoding="utf-8")
    spec = GeneratorFiles().resolve(Limits(seconds=5.0, memory_mb=4096))
    results = run_corpus(spec, read_items(path), OnCluster(cluster), progress=False)
    assert results[0].sentence and not results[0].failed
    assert results[1].error == "over the time limit of 5 s" and results[1].seconds < 8
    assert set(cluster.client.run(_address_cap).values()) == {resource.RLIM_INFINITY}
