"""The tables of README.md and docs/results.md are the figures the benchmarks wrote
under benchmarks/results/, made by benchmarks/tables.py: none is typed by hand."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import tables  # noqa: E402


@pytest.mark.parametrize("document", tables.DOCUMENTS, ids=lambda path: path.name)
def test_every_table_of_a_document_is_made_from_its_figures(document):
    text = document.read_text(encoding="utf-8")
    blocks = tables.BLOCK.findall(text)
    assert blocks, f"{document.name} has no generated table"
    assert tables.rendered(text) == text, f"run python benchmarks/tables.py: {document.name} is out of date"


def test_a_table_follows_its_figures(tmp_path, monkeypatch):
    (tmp_path / "domains.csv").write_text("generator,dev set,bleu,chrf\ng,LP dev,23.4567,54.0\n", encoding="utf-8")
    monkeypatch.setattr(tables, "RESULTS", tmp_path)
    made = tables.rendered("x\n<!-- table: domains -->\nold\n<!-- end table -->\n")
    assert made == "x\n<!-- table: domains -->\n| generator | LP dev |\n|---|---|\n| `g` | 23.46 / 54.00 |\n" \
                   "<!-- end table -->\n"


def test_the_docs_stay_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) < 200
    assert len((ROOT / "docs" / "results.md").read_text(encoding="utf-8").splitlines()) < 300
