"""The corpora the application opens, and what it learns from them.

Any AMR corpus opens: a prepared one (:mod:`amrgen.prep.prepared_format`) is
read as it is, any other is prepared first (tagged, parsed and aligned,
:func:`amrgen.prep.pipeline.load_corpus`).  Both run in a worker thread
(:class:`amrgen_gui.tasks.Task`); malformed entries come back as errors
naming file, line and entry while the others open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from amrgen.io.penman_corpus import ReadError
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import learn_resources
from amrgen.oracle.training_data import training_data
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.pipeline import load_corpus
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.system import TransitionSystem
from amrgen_gui.session import USER_ERRORS
from amrgen_gui.tasks import Report
from amrgen_gui.theme import ASSETS

SAMPLE = ASSETS / "sample.amr"
"""The bundled sample: the thesis's running example and a few Little Prince graphs, prepared."""


@dataclass
class Corpus:
    """An opened corpus: its entries and the ones that could not be read."""

    path: Path
    entries: list[ExtendedEntry] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)


def open_corpus(path: str | Path, report: Report) -> Corpus:
    """Read (or prepare) the corpus at ``path``; preparation reports its progress
    (tagging, then aligning) and stops when the user cancels."""
    report(0, 0)
    prepared = load_corpus(path, progress=False, report=report)
    report(1, 1)
    return Corpus(Path(path), prepared.entries, prepared.errors)


def learn_constrained_system(entries: list[ExtendedEntry], approach: Approach, report: Report) -> TransitionSystem:
    """The constrained system of Section 5.1 with resources (L_M, empirical POS
    tags) learnt from formal oracle runs over ``entries``; entries the oracle
    cannot run on are left out."""
    runs = []
    for done, entry in enumerate(entries):
        report(done, len(entries))
        try:
            runs.append(training_data(entry.bigraph(), approach))
        except USER_ERRORS:
            continue
    report(len(entries), len(entries))
    return TransitionSystem(Constraints(learn_resources(runs)))
