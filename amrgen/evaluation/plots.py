"""The two plots of Figure fig:diagram2 (thesis Section 6) as PNG files:
BLEU by reference length (fig:amr-bleu) and mean time per graph by reference
length (fig:amr-time), one line per corpus or system; and the table of several
corpora (:mod:`amrgen.evaluation.corpus_rows`) as bars, BLEU and chrF++ per corpus."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from amrgen.evaluation.corpus_rows import CorpusRow
from amrgen.evaluation.lengths import BUCKETS, Row

BLEU_PLOT = "bleu-by-length.png"
TIME_PLOT = "time-by-length.png"
CORPORA_PLOT = "corpora.png"


def plot_by_length(series: dict[str, Sequence[Row]], directory: str | Path) -> list[Path]:
    """Write both plots into ``directory`` (created if needed) from the bucket
    rows of each series (:func:`amrgen.evaluation.lengths.by_length`); a
    series that was not timed has no line in the time plot.  Returns the files."""
    plt = _pyplot()
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, value, label in ((BLEU_PLOT, "bleu", "BLEU"), (TIME_PLOT, "seconds", "t in s")):
        figure, axes = plt.subplots(figsize=(6.4, 3.6))
        for system, rows in series.items():
            points = [(i, getattr(r, value)) for i, r in enumerate(rows, start=1) if getattr(r, value) is not None]
            if points:
                axes.plot(*zip(*points), marker="o", label=system)
        axes.set_xticks(range(1, len(BUCKETS) + 1), [b.label for b in BUCKETS])
        axes.set_xlim(0.6, len(BUCKETS) + 0.4)
        axes.set_xlabel("Reference realization length $l_{ref}$ (tokens)")
        axes.set_ylabel(label)
        if axes.lines:
            axes.legend(frameon=False)
        written.append(_save(plt, figure, directory / name))
    return written


def plot_corpora(rows: Sequence[CorpusRow], directory: str | Path) -> Path:
    """Write BLEU and chrF++ of each corpus as grouped bars into ``directory``
    (created if needed); a corpus without a value has no bar.  Returns the file."""
    plt = _pyplot()
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    figure, axes = plt.subplots(figsize=(max(6.4, 1.4 * len(rows) + 2), 3.6))
    for offset, (value, label) in ((-0.2, ("bleu", "BLEU")), (0.2, ("chrf", "chrF++"))):
        bars = [(i + offset, getattr(r, value)) for i, r in enumerate(rows) if getattr(r, value) is not None]
        if bars:
            axes.bar(*zip(*bars), width=0.4, label=label)
    axes.set_xticks(range(len(rows)), [Path(r.corpus).parent.name + "/" + Path(r.corpus).name for r in rows],
                    rotation=15, ha="right")
    axes.set_ylabel("score")
    if axes.patches:
        axes.legend(frameon=False)
    return _save(plt, figure, directory / CORPORA_PLOT)


def _pyplot():
    """matplotlib's pyplot drawing to files (imported only when a plot is asked for)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(plt, figure, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path
