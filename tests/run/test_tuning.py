"""The hyperparameter search of thesis 4.5 (amrgen.run.tuning) with a made-up score."""

import json
import random
from dataclasses import replace

import pytest

from amrgen.errors import AmrgenError
from amrgen.run.tuning import TuningLog, grid, random_assignment, tune
from amrgen.hyperparameters import RANGES, Hyperparameters

SETTINGS = {"model": "m", "dev": "d"}


def score(hyper: Hyperparameters) -> float:
    """Highest at theta_lm = 60 and n1 = 8, the ends of their ranges."""
    return hyper.theta_lm + 10 * hyper.n1


class Counting:
    def __init__(self):
        self.calls = []

    def __call__(self, hyper):
        self.calls.append(hyper)
        return score(hyper)


def test_grid_has_s_plus_one_values_from_min_to_max_integers_rounded():
    assert grid("theta_lm", 5) == [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
    assert grid("n_pos", 2) == [1, 2, 4]  # 1, 2.5 (rounded to even), 4
    assert grid("n_number", 4) == [1, 2]  # repeats dropped


def test_random_assignments_lie_in_the_ranges_and_keep_the_rest():
    base = replace(Hyperparameters(), r4=123.0)
    for seed in range(20):
        sample = random_assignment(random.Random(seed), base)
        assert sample.r4 == 123.0
        for name, r in RANGES.items():
            value = getattr(sample, name)
            assert r.low <= value <= r.high
            assert isinstance(value, int) == r.integer


def test_the_search_finds_the_best_values_one_parameter_at_a_time(tmp_path):
    evaluate = Counting()
    log = TuningLog(tmp_path / "h.json.log", SETTINGS)
    improvements = []
    result = tune(evaluate, log, Hyperparameters(), samples=3, steps=7, seed=1,
                  on_evaluated=lambda e, improved: improved and improvements.append(e.bleu))
    assert result.finished
    assert (result.best.hyperparameters.theta_lm, result.best.hyperparameters.n1) == (60.0, 8)
    assert result.best.bleu == 60.0 + 80
    assert improvements == sorted(improvements) and improvements[-1] == result.best.bleu
    assert evaluate.calls[0] == Hyperparameters()  # the start first
    keys = {json.dumps(h.__dict__, sort_keys=True) for h in evaluate.calls}
    assert len(keys) == len(evaluate.calls) == result.evaluated  # nothing scored twice


def test_gains_within_the_margin_leave_the_best_as_it_is(tmp_path):
    def evaluate(hyper):  # theta_lm adds a little, n1 a lot
        return 0.01 * hyper.theta_lm + hyper.n1

    start = replace(Hyperparameters(), theta_lm=10.0, n1=1)
    log = TuningLog(tmp_path / "h.json.log", SETTINGS)
    result = tune(evaluate, log, start, samples=0, steps=5, seed=1, min_gain=0.6)
    assert (result.best.hyperparameters.theta_lm, result.best.hyperparameters.n1) == (10.0, 8)
    follows_any_gain = tune(evaluate, TuningLog(tmp_path / "g.json.log", SETTINGS), start, samples=0, steps=5,
                            seed=1)
    assert (follows_any_gain.best.hyperparameters.theta_lm, follows_any_gain.best.hyperparameters.n1) == (60.0, 8)


def test_a_rerun_resumes_from_the_log_without_scoring_again(tmp_path):
    path = tmp_path / "h.json.log"
    first = Counting()
    times = iter(range(0, 1000, 10))  # each evaluation takes 10 "seconds"
    stopped = tune(first, TuningLog(path, SETTINGS), Hyperparameters(), samples=3, steps=7, seed=1,
                   budget=45, clock=lambda: next(times))
    assert not stopped.finished and stopped.evaluated == len(first.calls) < 10
    second = Counting()
    log = TuningLog(path, SETTINGS)
    assert len(log) == len(first.calls)
    done = tune(second, log, Hyperparameters(), samples=3, steps=7, seed=1)
    assert done.finished and second.calls and all(h not in first.calls for h in second.calls)
    assert done.best.bleu == 140.0


def test_a_log_of_other_settings_is_refused_and_a_torn_line_skipped(tmp_path):
    path = tmp_path / "h.json.log"
    tune(Counting(), TuningLog(path, SETTINGS), Hyperparameters(), samples=1, steps=1, seed=1, budget=0)
    with pytest.raises(AmrgenError, match="tuning log of other settings"):
        TuningLog(path, {"model": "other", "dev": "d"})
    with open(path, "a") as stream:
        stream.write('{"bleu": 3.0, "hyperpa')
    log = TuningLog(path, SETTINGS)
    assert len(log) == 1 and log.get(Hyperparameters()) == score(Hyperparameters())
    assert len(log.skipped) == 1 and f"{path}:3: not a complete log line" in log.skipped[0]


def test_a_log_line_nested_too_deep_is_skipped_and_a_deep_header_refused(tmp_path):
    """Issue 34, point 5: JSON nested 100,000 deep is damage like any other, not a RecursionError."""
    path = tmp_path / "h.json.log"
    tune(Counting(), TuningLog(path, SETTINGS), Hyperparameters(), samples=1, steps=1, seed=1, budget=0)
    deep = "[" * 100_000 + "]" * 100_000
    with open(path, "a") as stream:
        stream.write(deep + "\n")
    log = TuningLog(path, SETTINGS)
    assert len(log) == 1 and len(log.skipped) == 1 and f"{path}:3: not a complete log line" in log.skipped[0]
    path.write_text(deep + "\n")
    with pytest.raises(AmrgenError, match="tuning log of other settings"):
        TuningLog(path, SETTINGS)
