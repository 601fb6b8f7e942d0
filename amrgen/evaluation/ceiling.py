"""The oracle's BLEU on a corpus, the ceiling of everything trained on its
transitions (thesis 4.3.3; ``amrgen oracle --bleu``): the constrained
system's oracle runs on the prepared corpus, each realization scored against
the reference tokens."""

from __future__ import annotations

from pathlib import Path

from amrgen.evaluation.lengths import Scored
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.prep.pipeline import load_corpus


def oracle_scored(path: str | Path, approach: Approach = Approach.TEXT, encoding: str | None = None) -> list[Scored]:
    """The oracle's realization beside the reference of every graph that can be
    prepared (the empty sentence where the oracle does not finish), as
    ``amrgen oracle --bleu`` scores them."""
    entries = load_corpus(path, encoding).entries
    runs, _ = constrained_runs(entries, approach)
    return [Scored(run.output or "", entry.tokens) for entry, run in zip(entries, runs)]
