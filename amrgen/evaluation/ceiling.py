"""The oracle's BLEU on a corpus, the ceiling of everything trained on its
transitions (thesis 4.3.3; ``amrgen oracle --bleu``): the constrained
system's oracle runs on the prepared corpus, each realization scored against
the reference tokens; and entry by entry, worst first, the words each
realization loses and why (``amrgen oracle --losses``, the application's
Oracle > Run over Corpus)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from amrgen.errors import AmrgenError
from amrgen.evaluation.bleu import sentence_bleu
from amrgen.evaluation.lengths import Scored
from amrgen.oracle.annotations import Approach
from amrgen.oracle.losses import Cause, Loss, oracle_losses
from amrgen.oracle.resources import constrained_runs, formal_resources
from amrgen.oracle.training_data import training_data
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.normalize import normalize
from amrgen.prep.pipeline import load_corpus
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.system import TransitionSystem


def oracle_scored(path: str | Path, approach: Approach = Approach.TEXT, encoding: str | None = None) -> list[Scored]:
    """The oracle's realization beside the reference of every graph that can be
    prepared (the empty sentence where the oracle does not finish), as
    ``amrgen oracle --bleu`` scores them."""
    entries = load_corpus(path, encoding).entries
    runs, _ = constrained_runs(entries, approach)
    return [Scored(run.output or "", entry.tokens) for entry, run in zip(entries, runs)]


@dataclass(frozen=True)
class EntryLosses:
    """One entry's oracle output against its reference, with the words it loses
    (:func:`amrgen.oracle.losses.oracle_losses`)."""

    index: int
    """The entry's position in the corpus."""
    id: str
    bleu: float
    """Sentence BLEU of the oracle's c_f against the reference tokens."""
    output: str
    """c_f ("" where the oracle did not finish)."""
    words: list[str]
    """The reference w' the losses are positions of."""
    losses: list[Loss]

    @property
    def lacking(self) -> list[Loss]:
        return [loss for loss in self.losses if loss.missing]


def corpus_losses(entries: Sequence[ExtendedEntry], approach: Approach = Approach.TEXT,
                  system: TransitionSystem | None = None,
                  report: Callable[[int, int], None] | None = None,
                  deliver: Callable[[EntryLosses], None] | None = None) -> list[EntryLosses]:
    """Every entry with a reference, the oracle's losses on it, worst BLEU first (ties in corpus order).

    Without ``system``, as ``amrgen oracle`` runs: the constrained system learnt from the corpus, on
    normalized graphs. With one, that system on the entries as they are, as the application's
    oracle mode steps them (so a loss's step is a step of its session). ``report(done, total)``
    follows the entries and ``deliver`` is given each entry's row as it is done; an entry the
    oracle cannot run on is left out."""
    numbered = [(index, e) for index, e in enumerate(entries) if e.has_reference]
    if system is None:
        numbered = [(index, normalize(e)) for index, e in numbered]
        system = TransitionSystem(Constraints(formal_resources((e.bigraph() for _, e in numbered), approach)))
    table = []
    for done, (index, entry) in enumerate(numbered):
        if report is not None:
            report(done, len(numbered))
        row = entry_losses(index, entry, approach, system)
        if row is not None:
            table.append(row)
            if deliver is not None:
                deliver(row)
    if report is not None:
        report(len(numbered), len(numbered))
    return sorted(table, key=lambda row: (row.bleu, row.index))


def entry_losses(index: int, entry: ExtendedEntry, approach: Approach, system: TransitionSystem) -> EntryLosses | None:
    """The oracle's run on one entry (the ``index``-th of its corpus) in ``system`` and what it
    loses; None where the oracle cannot run on it."""
    try:
        b = entry.bigraph()
        run = training_data(b, approach, system)
        losses = oracle_losses(b, run, approach, system)
    except (AmrgenError, ValueError, KeyError, IndexError):
        return None
    output = run.output or ""
    return EntryLosses(index, entry.id, sentence_bleu(output, " ".join(entry.tokens or entry.words)),
                       output, list(entry.words), losses)


def cause_counts(table: Sequence[EntryLosses]) -> dict[Cause, tuple[int, int]]:
    """Per cause, how many words it makes lacking and misplaced over the table, in :class:`Cause`'s order."""
    lacking = Counter(loss.cause for row in table for loss in row.losses if loss.missing)
    misplaced = Counter(loss.cause for row in table for loss in row.losses if not loss.missing)
    return {cause: (lacking[cause], misplaced[cause]) for cause in Cause if lacking[cause] or misplaced[cause]}
