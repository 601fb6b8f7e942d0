"""Per-graph limits (issue 19 point 2): --max-seconds and --max-memory cost
the graph past them alone, with one message naming file, line, entry and
limit, in any thread; a worker process that dies is replaced and the run goes on."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from amrgen.cli import main
from amrgen.decoding.limits import (
    MEMORY_LOOK_SECONDS,
    LimitExceeded,
    Limits,
    bounded,
    checkpoint,
)
from amrgen.io.penman_corpus import read_items
from amrgen.run import runners
from amrgen.run.corpus import run_corpus
from amrgen.run.graph import GraphResult, generate_graph
from amrgen.run.runners import LocalProcesses
from amrgen.run.spec import GeneratorFiles

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from graph_sizes import binary_tree, ops

OVER_A_SECOND = ops(600)
"""A graph the shipped generator takes 2.5-3.5 s for on this machine's kind (warm or not):
over a limit of 1 s however the search's speed moves."""

GOOD = "# ::id good-1\n(s / see-01 :ARG0 (b / boy) :ARG1 (r / rose))\n\n" \
       "# ::id good-2\n(l / love-01 :ARG0 (g / girl) :ARG1 (f / fox))\n"


def _corpus(tmp_path: Path, middle: str) -> Path:
    first, second = GOOD.strip().split("\n\n")
    path = tmp_path / "in.txt"
    path.write_text(f"{first}\n\n# ::id big\n{middle}\n\n{second}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("seconds, memory", [(0.0, None), (-1.0, None), (float("nan"), None), (None, 0)])
def test_limits_refuse_what_cannot_bound(seconds, memory):
    with pytest.raises(ValueError):
        Limits(seconds, memory)


def test_a_budget_is_spent_at_the_next_check_point_and_only_in_its_thread():
    seen = []
    with bounded(Limits(seconds=0.2)):
        started = time.perf_counter()
        checkpoint()  # in time
        other = threading.Thread(target=lambda: seen.append(_spend(checkpoint)))
        time.sleep(0.3)
        other.start()
        other.join()
        with pytest.raises(LimitExceeded, match="over the time limit of 0.2 s"):
            checkpoint()
    assert time.perf_counter() - started < 2
    assert seen == [None]  # another thread has no budget of this one's
    checkpoint()  # after the block, nothing is left to spend


def test_budgets_nest_and_the_outer_one_is_back_after_the_inner():
    with bounded(Limits(seconds=0.1)):
        with bounded(None):
            time.sleep(0.2)
            checkpoint()
        with pytest.raises(LimitExceeded):
            checkpoint()


def test_memory_grown_past_the_limit_is_found_at_a_check_point():
    with bounded(Limits(memory_mb=20)):
        checkpoint()
        held = bytearray(60 * 1024 * 1024)  # touched: resident
        held[::4096] = b"x" * len(held[::4096])
        time.sleep(MEMORY_LOOK_SECONDS)
        with pytest.raises(LimitExceeded, match="over the memory limit of 20 MB"):
            checkpoint()
    del held


def _spend(check) -> str | None:
    try:
        check()
    except LimitExceeded as error:
        return str(error)
    return None


def test_a_graph_over_its_time_costs_only_itself(generator, tmp_path):
    good, big, good2 = read_items(_corpus(tmp_path, OVER_A_SECOND))
    alone = [generate_graph(generator, item).sentence for item in (good, good2)]
    limits = Limits(seconds=1.0)
    results = [generate_graph(generator, item, limits=limits) for item in (good, big, good2)]
    assert [r.sentence for r in (results[0], results[2])] == alone and all(alone)
    assert results[1].sentence == "" and results[1].error == "over the time limit of 1 s"
    assert results[1].message.endswith(":4: entry big: over the time limit of 1 s")
    assert results[1].seconds < 3


def test_a_limit_holds_in_a_worker_thread(generator, tmp_path):
    """The application generates in worker threads, where no timer signal reaches."""
    good, big, _ = read_items(_corpus(tmp_path, OVER_A_SECOND))
    results = []
    worker = threading.Thread(target=lambda: results.extend(generate_graph(generator, item, limits=Limits(seconds=1.0))
                                                            for item in (big, good)))
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive()
    assert results[0].error == "over the time limit of 1 s" and results[0].seconds < 3
    assert results[1].sentence and not results[1].failed


def test_generate_reports_the_graph_over_its_memory_and_goes_on(generator, tmp_path):
    """--max-memory in the process that generates (one worker, a process of its
    own: the cap stays with the process): the wide graph needs hundreds of
    megabytes (a binary tree of 200 vertices, generated whole), the good ones a few."""
    corpus, output = _corpus(tmp_path, binary_tree(200)), tmp_path / "out.txt"
    done = subprocess.run([sys.executable, "-m", "amrgen", "generate", "-i", str(corpus), "-o", str(output),
                           "--max-memory", "150", "--max-seconds", "0"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300,
                          check=False)
    lines = output.read_text(encoding="utf-8").split("\n")
    assert done.returncode == 1 and len(lines) == 4 and lines[0] and lines[1] == "" and lines[2]
    messages = [line.split("\r")[-1] for line in done.stderr.splitlines() if "could not generate" in line]
    assert messages == [f"amrgen: could not generate {corpus}:4: entry big: over the memory limit of 150 MB"]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "x"])
def test_limits_on_the_command_line_are_checked(value, tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["generate", "-i", str(tmp_path / "in.txt"), "-o", str(tmp_path / "out.txt"), "--max-seconds", value])
    assert stopped.value.code == 2
    assert "--max-seconds" in capsys.readouterr().err


def test_a_dead_worker_is_replaced_and_only_its_killer_fails(tmp_path, monkeypatch):
    entries = [f"# ::id e{i}\n(b{i} / boy)" for i in range(12)]
    entries[5] = "# ::id killer\n(k / boy)"
    path = tmp_path / "in.txt"
    path.write_text("\n\n".join(entries) + "\n", encoding="utf-8")
    items = read_items(path)

    def dying_chunk(task, chunk, phases):
        """Kills its process on the entry ``killer``; answers the others without
        loading a generator.  Local to the test: joblib sends it to the workers by value."""
        if any(getattr(item, "id", None) == "killer" for item in chunk):
            os._exit(3)
        return [GraphResult(item.index, item.id, f"{item.path}:{item.line}", sentence=f"said {item.id}")
                for item in chunk]

    monkeypatch.setattr(runners, "generate_chunk", dying_chunk)
    results = run_corpus(GeneratorFiles().resolve(), items, LocalProcesses(2), progress=False)
    assert [r.index for r in results] == list(range(12))
    assert [r.failed for r in results] == [i == 5 for i in range(12)]
    assert results[5].error.startswith("its worker process died")
    assert [r.sentence for r in results if not r.failed] == [f"said e{i}" for i in range(12) if i != 5]


def test_a_memory_limit_around_a_run_gives_the_process_its_own_back():
    import resource

    from amrgen.decoding.limits import limit_memory, memory_limit

    before = resource.getrlimit(resource.RLIMIT_AS)
    with memory_limit():
        limit_memory(4096)
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        assert soft != before[0] and soft != resource.RLIM_INFINITY
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def test_the_memory_cap_bounds_each_graph_from_its_own_start_not_the_run():
    """Issue 34 point 4: graphs that each keep 60 MB stay within a limit of 100 MB per
    graph however many came before (the cap once moved from the loaded size failed the
    second); one graph that asks for 200 MB at once is refused."""
    import resource

    from amrgen.decoding.limits import limit_memory, memory_limit

    kept = []
    with memory_limit():
        for _ in range(4):  # what each graph leaves behind (the memos of a run grow so)
            limit_memory(100)
            kept.append(bytearray(60 * 1024 * 1024))
        limit_memory(100)
        with pytest.raises(MemoryError):
            bytearray(200 * 1024 * 1024)
    assert resource.getrlimit(resource.RLIMIT_AS)[0] == resource.RLIM_INFINITY or kept


def test_a_run_caps_every_graph_from_its_start(tmp_path, monkeypatch):
    """The runners cap the address space as each graph begins (not once for the run)."""
    import amrgen.run.graph as graph_module

    caps = []
    monkeypatch.setattr(graph_module, "limit_memory", caps.append)
    items = read_items(_corpus(tmp_path, "(g / girl)"))
    run_corpus(GeneratorFiles().resolve(Limits(memory_mb=300)), items, progress=False)
    assert caps == [300] * len(items)


def test_evaluate_reports_the_graph_over_its_time_and_scores_the_others(tmp_path, capsys):
    corpus = tmp_path / "in.txt"
    corpus.write_text("# ::id good-1\n# ::snt The boy sees the rose.\n(s / see-01 :ARG0 (b / boy) :ARG1 (r / rose))\n\n"
                      f"# ::id big\n# ::snt Many things.\n{OVER_A_SECOND}\n", encoding="utf-8")
    code = main(["evaluate", "-i", str(corpus), "--max-seconds", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert f"could not generate {corpus}:5: entry big: over the time limit of 1 s" in err


def test_tune_generates_within_the_limits_it_is_given(tmp_path, monkeypatch, capsys):
    from amrgen.run import tuning

    seen = []

    def generate(spec, items, runner=None, **options):
        seen.append(spec.limits)
        return [GraphResult(item.index, item.id, "here", sentence="the boy") for item in items]

    monkeypatch.setattr(tuning, "run_corpus", generate)
    dev = tmp_path / "dev.txt"
    dev.write_text("# ::id d1\n# ::snt The boy.\n(b / boy)\n", encoding="utf-8")
    code = main(["tune", str(ROOT / "resources/default/model"), str(dev), "--samples", "0", "--steps", "1",
                 "--budget", "0.001", "--max-seconds", "5", "--max-memory", "0", "-o", str(tmp_path / "h.json")])
    assert code == 0 and seen and set(seen) == {Limits(5.0, None)}
