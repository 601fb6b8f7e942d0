"""Hyperparameter optimization (thesis 4.5): score_BLEU(Θ) is the dev BLEU of
generation under the assignment Θ; a random search samples ``samples``
assignments uniformly from r_1 × ... × r_n (:data:`RANGES`; an integer
parameter uniformly from the integers of its range), and the best assignment
found is then improved one parameter at a time: parameter i tries the s + 1
values min_i + j · (max_i - min_i) / s, 0 <= j <= s (integers rounded), the
others fixed, and keeps the best.  The starting assignment is scored first,
so the search never ends below it (and has a result however small the
budget).

The search is bounded in time: once the budget is spent no new evaluation
starts, and the best so far is the result.  Every evaluated assignment is
appended to a log (:class:`TuningLog`); a rerun with the same log scores
the assignments it lists from there instead of generating again, so an
interrupted search resumes where it stopped.

The first phase of generation does not depend on the hyperparameters
(:meth:`~amrgen.decoding.generator.Generator.first_phase`): :class:`DevBleu`
computes it once per graph and reuses it for every assignment.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from amrgen.errors import AmrgenError
from amrgen.evaluation.score import corpus_score, scored
from amrgen.hyperparameters import PIPELINE, RANGES, Hyperparameters
from amrgen.io.cache_file import parsed_json
from amrgen.run.corpus import run_corpus
from amrgen.run.graph import FirstPhase, Item

if TYPE_CHECKING:
    from amrgen.run.runners import Runner
    from amrgen.run.spec import RunSpec


def random_assignment(rng: random.Random, base: Hyperparameters) -> Hyperparameters:
    """A uniform sample of every parameter of :data:`RANGES` (the others as in ``base``)."""
    values = {name: rng.randint(int(r.low), int(r.high)) if r.integer else rng.uniform(r.low, r.high)
              for name, r in RANGES.items()}
    return replace(base, **values)


def grid(name: str, steps: int) -> list[float]:
    """V_i: the s + 1 values min_i + j · (max_i - min_i) / s, integers rounded (without repeats)."""
    r = RANGES[name]
    values = [r.low + j * (r.high - r.low) / steps for j in range(steps + 1)]
    return list(dict.fromkeys(round(v) if r.integer else v for v in values))


@dataclass(frozen=True)
class Evaluated:
    hyperparameters: Hyperparameters
    bleu: float
    stage: str
    """Where in the search: ``start``, ``random k/K`` or ``name = value``."""


def _key(hyper: Hyperparameters) -> tuple[Any, ...]:
    """The assignment as a key; 2 and 2.0 the same value, the pipeline as it is."""
    return tuple(value if f.name == PIPELINE else float(value)
                 for f in fields(hyper) for value in [getattr(hyper, f.name)])


class TuningLog:
    """The assignments evaluated so far, in a JSON-lines file: a first line
    ``{"settings": ...}`` (what the BLEU scores depend on: model, LM, dev
    corpus), then ``{"bleu", "stage", "seconds", "hyperparameters"}`` per
    assignment.  A log written for other settings is refused, not overwritten."""

    def __init__(self, path: str | Path, settings: dict[str, Any]) -> None:
        self.path = Path(path)
        self.settings = settings
        self.scores: dict[tuple[float, ...], float] = {}
        self.skipped: list[str] = []
        """Lines that could not be read (an interrupted write), one message each."""
        if self.path.exists():
            self._read()
        else:
            self._append({"settings": settings})

    def get(self, hyper: Hyperparameters) -> float | None:
        return self.scores.get(_key(hyper))

    def add(self, evaluated: Evaluated, seconds: float) -> None:
        self.scores[_key(evaluated.hyperparameters)] = evaluated.bleu
        self._append({"bleu": evaluated.bleu, "stage": evaluated.stage, "seconds": round(seconds, 1),
                      "hyperparameters": asdict(evaluated.hyperparameters)})

    def __len__(self) -> int:
        return len(self.scores)

    def _read(self) -> None:
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            header = parsed_json(lines[0])["settings"] if lines else None
        except (ValueError, KeyError, TypeError):
            header = None
        if header != self.settings:
            raise AmrgenError(f"{self.path}: a tuning log of other settings ({header}), not of {self.settings}; "
                              "move it away or write the hyperparameters elsewhere (-o)")
        for number, line in enumerate(lines[1:], start=2):
            try:
                record = parsed_json(line)
                hyper = Hyperparameters(**record["hyperparameters"])
                self.scores[_key(hyper)] = float(record["bleu"])
            except (ValueError, KeyError, TypeError) as error:
                self.skipped.append(f"{self.path}:{number}: not a complete log line, ignored ({error})")

    def _append(self, record: dict[str, Any]) -> None:
        with open(self.path, "a", encoding="utf-8") as stream:
            stream.write(json.dumps(record) + "\n")


@dataclass
class TuningResult:
    best: Evaluated
    evaluated: int
    """Assignments generated in this run (not those found in the log)."""
    finished: bool
    """False when the budget ran out first."""


class _BudgetSpent(Exception):
    pass


def tune(evaluate: Callable[[Hyperparameters], float], log: TuningLog, start: Hyperparameters, *,
         samples: int, steps: int, seed: int, budget: float | None = None, min_gain: float = 0.0,
         on_evaluated: Callable[[Evaluated, bool], None] = lambda evaluated, improved: None,
         clock: Callable[[], float] = time.monotonic) -> TuningResult:
    """The search of the module docstring.  ``evaluate`` gives score_BLEU(Θ);
    ``budget`` is in seconds (None: none); an assignment replaces the best only
    if it scores more than ``min_gain`` above it (0: any gain, as the thesis
    does; on 145 dev graphs, neighbouring assignments differ by up to 0.2-0.3
    BLEU by chance, and a search that follows such gains overfits the dev set);
    ``on_evaluated(e, improved)`` hears of every assignment scored, from the
    log or generated, in search order."""
    deadline = None if budget is None else clock() + budget
    best: Evaluated | None = None
    generated = 0

    def consider(hyper: Hyperparameters, stage: str) -> None:
        nonlocal best, generated
        bleu = log.get(hyper)
        if bleu is None:
            if best is not None and deadline is not None and clock() >= deadline:
                raise _BudgetSpent
            started = clock()
            bleu = evaluate(hyper)
            log.add(Evaluated(hyper, bleu, stage), clock() - started)
            generated += 1
        evaluated = Evaluated(hyper, bleu, stage)
        improved = best is None or bleu > best.bleu + min_gain
        if improved:
            best = evaluated
        on_evaluated(evaluated, improved)

    try:
        consider(start, "start")
        rng = random.Random(seed)
        for k in range(samples):
            consider(random_assignment(rng, start), f"random {k + 1}/{samples}")
        for name in RANGES:
            for value in grid(name, steps):
                consider(replace(best.hyperparameters, **{name: value}), f"{name} = {value:g}")
        finished = True
    except _BudgetSpent:
        finished = False
    return TuningResult(best, generated, finished)


class DevBleu:
    """score_BLEU(Θ) on one or several dev corpora: every graph generated under
    Θ by ``runner`` (a cluster's workers, or local processes, keep the generator
    loaded from one evaluation to the next), each within the spec's limits (one
    past them counts with the empty sentence), and scored as ``amrgen generate -b``
    scores (:func:`~amrgen.evaluation.score.corpus_score`: a graph's ``# ::alt-snts``
    are further references); with several corpora the mean of their corpus BLEUs,
    each corpus (domain) weighted equally whatever its size.  The first phase of
    each graph is computed by the first evaluation and reused by the others."""

    def __init__(self, spec: RunSpec, corpora: Sequence[Sequence[Item]], runner: Runner | None = None,
                 progress: bool = True) -> None:
        self.spec = spec
        self.runner = runner
        self.corpora = [list(items) for items in corpora]
        self.items = [item for items in self.corpora for item in items]
        self.progress = progress
        self.first_phases: list[FirstPhase | None] | None = None
        self.last: tuple[Hyperparameters, list[float]] | None = None
        """The assignment evaluated last and each corpus's BLEU under it."""
        for number, items in enumerate(self.corpora, start=1):
            if not scored([""] * len(items), items):
                raise AmrgenError(f"dev corpus {number} has no reference sentences (# ::snt or # ::tok) "
                                  "to score against")

    def __call__(self, hyper: Hyperparameters) -> float:
        results = run_corpus(self.spec.with_hyperparameters(hyper), self.items, self.runner,
                             first_phases=self.first_phases, keep_first_phases=self.first_phases is None,
                             progress=self.progress)
        if self.first_phases is None:
            self.first_phases = [r.first_phase for r in results]
        scores, start = [], 0
        for items in self.corpora:
            said = [r.sentence for r in results[start:start + len(items)]]
            scores.append(corpus_score(scored(said, items)).bleu or 0.0)
            start += len(items)
        self.last = hyper, scores
        return sum(scores) / len(scores)


def fingerprint(path: str | Path) -> str:
    """What identifies a file's content for the log: the SHA-256 of a small
    file (a corpus, a manifest), size and modification time of a large one."""
    path = Path(path)
    status = path.stat()
    if status.st_size > 50_000_000:
        return f"{status.st_size} bytes, modified {status.st_mtime_ns}"
    return hashlib.sha256(path.read_bytes()).hexdigest()
