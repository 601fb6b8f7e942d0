"""BLEU and time by reference length (thesis Section 6): Figure fig:diagram2
scores the graphs whose reference has l_ref tokens in [0, 10], (10, 20],
(20, 30], (30, 40] and (40, ∞) separately, and Table tab:comparison also
gives the BLEU over the graphs whose reference has at most l_max = 30.

Lengths count the tokens of the tokenized reference, punctuation included
(what BLEU is computed against, :func:`amrgen.prep.tokenize.reference_of`);
the paraphrases of ``# ::alt-snts`` are further references of BLEU, but the
length of a graph is its first reference's.
A bucket's time is the mean time of generate(G) per graph in it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from amrgen.evaluation.bleu import corpus_bleu

L_MAX = 30
"""l_max of Table tab:comparison."""


@dataclass(frozen=True)
class Bucket:
    label: str
    low: int
    high: int | None
    """Inclusive; None: no upper bound."""

    def holds(self, length: int) -> bool:
        return self.low <= length and (self.high is None or length <= self.high)


BUCKETS = (Bucket("<=10", 0, 10), Bucket("11-20", 11, 20), Bucket("21-30", 21, 30), Bucket("31-40", 31, 40),
           Bucket(">40", 41, None))
"""The intervals of Figure fig:diagram2."""


@dataclass(frozen=True)
class Scored:
    """One graph's output beside its reference."""

    hypothesis: str
    reference: Sequence[str]
    """The reference tokens."""
    seconds: float | None = None
    alternatives: Sequence[Sequence[str]] = ()
    """The tokens of further references (``# ::alt-snts``)."""

    @property
    def references(self) -> list[str]:
        """Every reference, tokens joined by spaces, the first one first."""
        return [" ".join(tokens) for tokens in (self.reference, *self.alternatives)]


@dataclass(frozen=True)
class Row:
    """BLEU (None without graphs) and mean seconds per graph (None if not timed) of some graphs."""

    label: str
    graphs: int
    bleu: float | None
    seconds: float | None


def row(label: str, scored: Sequence[Scored]) -> Row:
    """The row of these graphs."""
    if not scored:
        return Row(label, 0, None, None)
    bleu = corpus_bleu([s.hypothesis for s in scored], [s.references for s in scored])
    return Row(label, len(scored), bleu, mean_seconds(scored))


def mean_seconds(scored: Sequence[Scored]) -> float | None:
    """The mean time of generate(G) over these graphs; None if some was not timed or there are none."""
    times = [s.seconds for s in scored]
    return None if None in times or not times else sum(times) / len(times)


def by_length(scored: Sequence[Scored]) -> list[Row]:
    """One row per bucket of :data:`BUCKETS`."""
    return [row(b.label, [s for s in scored if b.holds(len(s.reference))]) for b in BUCKETS]


def summary(scored: Sequence[Scored], l_max: int = L_MAX) -> list[Row]:
    """All graphs, the buckets, and the graphs with at most l_max reference tokens."""
    return [row("all", scored), *by_length(scored),
            row(f"<={l_max}", [s for s in scored if len(s.reference) <= l_max])]


def format_table(columns: dict[str, Sequence[Row]]) -> str:
    """The rows of one or more systems side by side: the graphs of the first,
    then per system its BLEU, its s/graph if it was timed, and its own graphs
    where they differ from the first's (the oracle may leave some out)."""
    first = next(iter(columns.values()))
    parts = []  # (header, cell of row i) per column
    for name, rows in columns.items():
        suffix = f" {name}" if len(columns) > 1 else ""
        if any(r.graphs != b.graphs for r, b in zip(rows, first)):
            parts.append(("graphs" + suffix, [str(r.graphs) for r in rows]))
        parts.append(("BLEU" + suffix, [format_value(r.bleu, ".2f") for r in rows]))
        if any(r.seconds is not None for r in rows):
            parts.append(("s/graph" + suffix, [format_value(r.seconds, ".3f") for r in rows]))
    widths = [max(8, len(header) + 2) for header, _ in parts]
    lines = [f"{'length':8}{'graphs':>8}" + "".join(f"{h:>{w}}" for (h, _), w in zip(parts, widths))]
    for i, base in enumerate(first):
        lines.append(f"{base.label:8}{base.graphs:>8}" + "".join(f"{cells[i]:>{w}}" for (_, cells), w in zip(parts, widths)))
    return "\n".join(lines)


def to_csv(columns: dict[str, Sequence[Row]]) -> str:
    """The rows as CSV: length, then graphs, bleu and seconds per system (empty when undefined)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = ("graphs", "bleu", "seconds")
    writer.writerow(["length"] + [f"{key}_{name}" if len(columns) > 1 else key for name in columns for key in keys])
    for i, base in enumerate(next(iter(columns.values()))):
        values = [v for rows in columns.values() for v in (rows[i].graphs, rows[i].bleu, rows[i].seconds)]
        writer.writerow([base.label] + ["" if v is None else f"{v:.6g}" for v in values])
    return out.getvalue()


def format_value(value: float | None, spec: str) -> str:
    """A table cell: the value in the format ``spec``, ``-`` for None."""
    return "-" if value is None else format(value, spec)
