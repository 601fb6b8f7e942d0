"""What the application has open, apart from what it draws: the corpus, the
constrained systems learnt from it, and the generator asked for.

Plain Python (no Qt): the window asks it, runs its long work (opening a
corpus, learning a constrained system, loading a generator) in a worker
thread (:class:`amrgen_gui.qt.tasks.Task`), hands the result back and redraws
when it says something changed (:meth:`Workspace.observe`).

Any AMR corpus opens: a prepared one (:mod:`amrgen.prep.prepared_format`) is
read as it is, any other is prepared first (tagged, parsed and aligned,
:func:`amrgen.prep.pipeline.load_corpus`); malformed entries come back as
errors naming file, line and entry while the others open.  An entry without
a reference sentence (one's own AMR) opens for generation alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from amrgen.bigraph import Bigraph
from amrgen.decoding.limits import DEFAULT_LIMITS, Limits
from amrgen.io.penman_corpus import ReadError, check_graphs
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import formal_resources
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.pipeline import load_corpus
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import USER_ERRORS
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.system import TransitionSystem

GeneratorPaths = tuple[str | None, str | None, str | None]
"""Model directory, LM and hyperparameters of a generator (None: the shipped default's)."""


@dataclass
class Corpus:
    """An opened corpus: its entries and the ones that could not be read."""

    path: Path
    entries: list[ExtendedEntry] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)

    def index(self, entry_id: str) -> int | None:
        """The place of the entry with this id among those open (None: not open)."""
        return next((i for i, e in enumerate(self.entries) if e.id == entry_id), None)


def open_corpus(path: str | Path, report: Callable[[int, int], None]) -> Corpus:
    """Read (or prepare) the corpus at ``path``; preparation reports its progress
    (one count over tagging and aligning) with ``report(done, total)``, which raises to stop it.
    A file without any graph raises :class:`~amrgen.io.CorpusFormatError`
    instead of opening as no entries."""
    report(0, 0)
    prepared = load_corpus(path, progress=False, report=report, graph_only=True)
    check_graphs(path, [*prepared.entries, *prepared.errors])
    report(1, 1)
    return Corpus(Path(path), prepared.entries, prepared.errors)


class Change(Enum):
    """What changed in the workspace."""

    CORPUS = "corpus"
    GENERATOR = "generator"


class Workspace:
    """The open corpus, its constrained systems and the generator, for one window."""

    def __init__(self) -> None:
        self.corpus: Corpus | None = None
        self.constrained: dict[Approach, TransitionSystem] = {}
        """Constrained systems learnt from the open corpus, per oracle approach."""
        self.generator: LoadedGenerator | None = None
        self.generator_paths: GeneratorPaths = (None, None, None)
        """The generator loaded or loading."""
        self.limits: Limits = DEFAULT_LIMITS
        """What one graph the generator generates may take (:meth:`set_limits`)."""
        self._observers: list[Callable[[Change], None]] = []

    def observe(self, observer: Callable[[Change], None]) -> None:
        """Call ``observer`` with what changed, after each change."""
        self._observers.append(observer)

    def _changed(self, change: Change) -> None:
        for observer in self._observers:
            observer(change)

    # -- the corpus ------------------------------------------------------------------

    def set_corpus(self, corpus: Corpus) -> None:
        """``corpus`` is open now; what was learnt from the one before is forgotten."""
        self.corpus, self.constrained = corpus, {}
        self._changed(Change.CORPUS)

    # -- transition systems ------------------------------------------------------------

    def system(self, approach: Approach, constrained: bool) -> TransitionSystem | None:
        """The formal system (also when no corpus is open to learn from), or the
        constrained one of Section 5.1 learnt from the open corpus: None when it
        is still to be learnt (:meth:`learn_constrained`)."""
        if not constrained or self.corpus is None:
            return TransitionSystem()
        return self.constrained.get(approach)

    def learn_constrained(self, approach: Approach,
                          report: Callable[[int, int], None]) -> tuple[Corpus, TransitionSystem]:
        """The constrained system with resources (L_M, empirical POS tags) learnt
        from formal oracle runs over the open corpus, and that corpus (for
        :meth:`learnt`); entries the oracle cannot run on are left out.  Thread-safe:
        it only reads."""
        corpus = self.corpus
        resources = formal_resources(_bigraphs(corpus.entries, report), approach, USER_ERRORS)
        return corpus, TransitionSystem(Constraints(resources))

    def learnt(self, corpus: Corpus, approach: Approach, system: TransitionSystem) -> bool:
        """Keep a system :meth:`learn_constrained` gave, unless another corpus was
        opened meanwhile; whether it was kept."""
        if corpus is not self.corpus:
            return False
        self.constrained[approach] = system
        return True

    # -- the generator --------------------------------------------------------------------

    def ask_generator(self, paths: GeneratorPaths) -> None:
        """A generator of these files is loading; one asked for before is stale now."""
        self.generator_paths = paths

    def is_stale(self, paths: GeneratorPaths) -> bool:
        """Whether another generator was asked for since the one of ``paths``."""
        return paths != self.generator_paths

    def set_generator(self, paths: GeneratorPaths, generator: LoadedGenerator) -> bool:
        """The generator of ``paths`` has loaded: keep it unless stale; whether it was kept."""
        if self.is_stale(paths):
            return False
        generator.limits = self.limits
        self.generator = generator
        self._changed(Change.GENERATOR)
        return True

    def set_limits(self, limits: Limits) -> None:
        """Generate each graph within ``limits`` from now on (a graph being generated
        keeps the limits it started with)."""
        self.limits = limits
        if self.generator is not None:
            self.generator.limits = limits


def _bigraphs(entries: list[ExtendedEntry], report: Callable[[int, int], None]) -> Iterator[Bigraph]:
    """The bigraphs of the entries, reporting progress; an entry without one is left out."""
    for done, entry in enumerate(entries):
        report(done, len(entries))
        try:
            yield entry.bigraph()
        except USER_ERRORS:
            continue
    report(len(entries), len(entries))
