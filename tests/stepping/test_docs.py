"""The examples of docs/stepping.md run as written, the first with the output it shows."""

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "stepping.md"


def examples() -> list[tuple[str, str | None]]:
    """Each ```python block of the page with the ```text block that follows it, if
    one does before the next example (None otherwise)."""
    blocks = re.findall(r"^```(\w+)\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.S | re.M)
    return [(code, blocks[i + 1][1] if i + 1 < len(blocks) and blocks[i + 1][0] == "text" else None)
            for i, (language, code) in enumerate(blocks) if language == "python"]


def run(code: str, monkeypatch) -> str:
    """What ``code`` prints, run from the checkout's root as the page says."""
    monkeypatch.chdir(ROOT)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), {})  # noqa: S102 (the page's own example)
    return printed.getvalue()


def test_the_oracle_example_prints_what_the_page_shows(monkeypatch):
    code, shown = examples()[0]
    assert "Session(entry)" in code and shown is not None
    assert run(code, monkeypatch) == shown


def test_the_generator_example_runs(monkeypatch, default_generator):
    code, shown = examples()[1]
    assert "GenerationSession" in code and shown is None
    *ranked, sentences, best = run(code, monkeypatch).splitlines()
    probabilities = [float(line.split()[0]) for line in ranked]
    assert len(ranked) >= 2 and probabilities == sorted(probabilities, reverse=True)
    assert " | " in sentences
    assert best.split()[1] == "kept;" and any(reason in best for reason in ("merged", "pruned", "disagrees"))


def test_the_readme_shows_the_oracle_example_as_the_page_runs_it():
    code, _ = examples()[0]
    assert f"```python\n{code}```" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_divergence_example_prints_what_the_page_shows(monkeypatch, default_generator):
    code, shown = examples()[2]
    assert "compare_with_oracle" in code and shown is not None
    assert run(code, monkeypatch) == shown
