"""Two generators on the open corpus, side by side: each entry's sentence by A
and by B with the sentence BLEU of each, listed by B's minus A's (B's worst
losses first; the table sorts by any column), the corpus BLEU of each at the
top (:mod:`amrgen.evaluation.pairwise`).

A and B are each the loaded generator, a model directory or a
hyperparameters file for the loaded generator's model, as ``amrgen compare``
takes them (:meth:`~amrgen.run.spec.GeneratorFiles.named`).  Loading
them and generating the corpus twice runs in the background with a progress
bar and a Cancel button (:class:`CorpusRunView`); double-clicking an entry
opens its derivation with the loaded generator.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from amrgen.evaluation.pairwise import corpus_scores
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen_gui.qt import theme
from amrgen_gui.qt.views.corpus_run import Cell, CorpusRunView
from amrgen_gui.qt.views.differences import DifferenceDelegate, row_others
from amrgen_gui.state.corpus_generation import ComparedSentences, compare_corpus_file

COLUMNS = ("B − A", "A", "B", "id", "A says", "B says", "reference")
SENTENCE_COLUMNS = (4, 5)
UNSCORED = float("inf")
"""The sort key of an entry without a reference: after every difference."""


def side(loaded: LoadedGenerator, path: str | None) -> LoadedGenerator:
    """The generator one side names (None: the loaded one), loaded here unless it is the loaded one."""
    spec = loaded.spec.named(path) if path else loaded.spec
    if spec == loaded.spec:
        return loaded
    generator = LoadedGenerator.load(spec.model_dir, spec.lm_path, spec.hyperparameters)
    return generator.with_postprocess(spec.postprocess) if spec.postprocess else generator


def describe(path: str | None, loaded: LoadedGenerator) -> str:
    return Path(path).name if path else f"the loaded generator ({loaded.describe()})"


class GeneratorComparisonView(CorpusRunView):
    """The open corpus by two generators, by the difference in sentence BLEU."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(COLUMNS, "Model > Compare Two Generators… (Ctrl+Shift+G) generates the open corpus "
                                  "with two models or hyperparameter files.",
                         stretch=(4, 5, 6), widths={0: 60, 1: 48, 2: 48, 3: 110}, parent=parent)
        self.names = ("A", "B")
        marked = DifferenceDelegate(row_others(SENTENCE_COLUMNS), self.table)  # where A and B say it otherwise
        for column in SENTENCE_COLUMNS:
            self.table.setItemDelegateForColumn(column, marked)

    @property
    def compared(self) -> list[ComparedSentences]:
        """The entries done so far, in corpus order."""
        return self.results

    def compare(self, path: str | Path, loaded: LoadedGenerator, a: str | None, b: str | None) -> None:
        """Generate every entry of ``path`` with A and with B in the background (any run before is
        cancelled); ``a`` and ``b`` name a model directory or a hyperparameters file (None: ``loaded``)."""
        self.names = (describe(a, loaded), describe(b, loaded))
        self.run(lambda report, deliver: compare_corpus_file(path, lambda: (side(loaded, a), side(loaded, b)),
                                                             report, deliver),
                 f"Comparing on {Path(path).name}: A = {self.names[0]}, B = {self.names[1]}…", str(path))

    def cells(self, compared: ComparedSentences) -> tuple[str, str, list[Cell]]:
        p = compared.pair
        difference, (bleu_a, bleu_b) = p.difference, p.bleu
        colour = None if not difference else theme.REALIZED if difference > 0 else theme.CHOICE.line
        said = [(g.sentence or f"(not generated: {g.error})", theme.MUTED if g.error else None)
                for g in (compared.a, compared.b)]
        return p.entry_id, compared.a.place, [
            ("—" if difference is None else f"{difference:+.1f}", UNSCORED if difference is None else difference,
             colour),
            *((("—", -1.0, None) if bleu is None else (f"{bleu:.1f}", bleu, None)) for bleu in (bleu_a, bleu_b)),
            (p.entry_id, p.entry_id, None),
            *((text, text, muted) for text, muted in said),
            (p.reference or "", p.reference or "", None)]

    def summarize(self, note: str = "") -> None:
        done = [c.pair for c in self.compared]
        scores = corpus_scores(done) if done else None
        heads = [f"{label} = {name}" + (f": corpus BLEU {scores[i]:.2f}" if scores else "")
                 for i, (label, name) in enumerate(zip("AB", self.names))]
        better = sum((p.difference or 0) > 0 for p in done), sum((p.difference or 0) < 0 for p in done)
        self.summary.setText("   ·   ".join(heads) + f"\nover {len(done)} entries: B better on {better[0]}, "
                             f"worse on {better[1]}" + (f" · {note}" if note else ""))

    def rows(self) -> list[tuple[str, ...]]:
        """(B − A, A, B, id) as the table shows them, top to bottom."""
        return self.shown(4)
