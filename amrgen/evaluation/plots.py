"""The two plots of Figure fig:diagram2 (thesis Section 6) as PNG files:
BLEU by reference length (fig:amr-bleu) and mean time per graph by reference
length (fig:amr-time), one line per corpus or system."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from amrgen.evaluation.lengths import BUCKETS, Row

BLEU_PLOT = "bleu-by-length.png"
TIME_PLOT = "time-by-length.png"


def plot_by_length(series: dict[str, Sequence[Row]], directory: str | Path) -> list[Path]:
    """Write both plots into ``directory`` (created if needed) from the bucket
    rows of each series (:func:`amrgen.evaluation.lengths.by_length`); a
    series that was not timed has no line in the time plot.  Returns the files."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

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
        figure.tight_layout()
        path = directory / name
        figure.savefig(path, dpi=120)
        plt.close(figure)
        written.append(path)
    return written
