"""The tables of README.md and docs/results.md, made from the figures the benchmarks
wrote under benchmarks/results/ (never typed by hand).

Usage: python benchmarks/tables.py [--check]

Every results file carries when and on what commit it was measured
(``benchmarks/stamp.py``); each table says so under it.  Each table stands in a
document between ``<!-- table: NAME -->`` and
``<!-- end table -->``; this script writes it there anew from its CSV file
(:data:`TABLES`).  ``--check`` writes nothing and exits 1 where a document's
table differs from its figures (``tests/test_results_tables.py`` runs it).
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "results.md"]
BLOCK = re.compile(r"(<!-- table: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- end table -->)", re.DOTALL)


def _rows(name: str) -> list[dict[str, str]]:
    with (RESULTS / f"{name}.csv").open(encoding="utf-8") as rows:
        return list(csv.DictReader(rows))


def _ordered(values) -> list[str]:
    return list(dict.fromkeys(values))


def _when(rows: list[dict[str, str]]) -> str:
    """When and at what commit the figures were measured (their stamp), as a line under the table."""
    if not rows or "measured" not in rows[0]:
        return ""
    stamps = _ordered(f"{row['measured']} at {row['commit']}" for row in rows)
    return f"\nMeasured {', '.join(stamps)}.\n"


def generators(name: str) -> str:
    """BLEU / chrF++ of each generator on each dev set, as benchmarks/domains.py writes them."""
    rows = _rows(name)
    sets = _ordered(row["dev set"] for row in rows)
    cells = {(row["generator"], row["dev set"]): f"{float(row['bleu']):.2f} / {float(row['chrf']):.2f}"
             for row in rows if row["bleu"]}
    lines = ["| generator | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for generator in _ordered(row["generator"] for row in rows):
        lines.append(f"| `{generator}` | " + " | ".join(cells.get((generator, s), "-") for s in sets) + " |")
    return "\n".join(lines) + "\n" + _when(rows)


def postprocess_ablation() -> str:
    """BLEU per dev set of each pipeline of the ablation, and its difference to ``full``
    (benchmarks/postprocess_ablation.py)."""
    rows = _rows("postprocess-ablation")
    sets = _ordered(row["dev set"] for row in rows)
    bleu = {(row["pipeline"], row["dev set"]): float(row["bleu"]) for row in rows}
    lines = ["| pipeline | " + " | ".join(sets) + " |", "|---|" + "---:|" * len(sets)]
    for pipeline in _ordered(row["pipeline"] for row in rows):
        cells = []
        for s in sets:
            value, difference = bleu[pipeline, s], bleu[pipeline, s] - bleu["full", s]
            cells.append(f"{value:.2f}" if pipeline == "full" else f"{value:.2f} ({round(difference, 2) + 0.0:+.2f})")
        lines.append(f"| {pipeline} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n" + _when(rows)


def linguist_30() -> str:
    """How many of the 30 outputs of tests/fixtures/linguist-30.amr were judged
    grammatical and faithful, by generator version (benchmarks/results/linguist-30.csv)."""
    rows = _rows("linguist-30")
    versions = [key.removesuffix(" ok") for key in rows[0] if key.endswith(" ok")]
    lines = ["| id | reference | " + " | ".join(versions) + " |", "|---|---|" + "---|" * len(versions)]
    for row in rows:
        said = (f"{row[v]} {'✓' if row[f'{v} ok'] == 'yes' else '✗'}" for v in versions)
        lines.append(f"| {row['id']} | {row['reference']} | " + " | ".join(said) + " |")
    totals = (f"{sum(row[f'{v} ok'] == 'yes' for row in rows)} of {len(rows)}" for v in versions)
    lines.append("| **grammatical and faithful** | | " + " | ".join(totals) + " |")
    return "\n".join(lines) + "\n"


TABLES: dict[str, Callable[[], str]] = {
    "domains": lambda: generators("domains"),
    "experiments": lambda: generators("experiments"),
    "postprocess-ablation": postprocess_ablation,
    "linguist-30": linguist_30,
}


def rendered(text: str) -> str:
    """``text`` with every table block made anew from its figures."""
    return BLOCK.sub(lambda m: m.group(1) + TABLES[m.group("name")]() + m.group(4), text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 where a table is out of date")
    args = parser.parse_args()
    stale = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        new = rendered(text)
        if new != text:
            stale.append(document)
            if not args.check:
                document.write_text(new, encoding="utf-8")
    for document in stale:
        print(f"{document.relative_to(ROOT)}: {'out of date' if args.check else 'tables written'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
