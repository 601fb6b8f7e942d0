"""The corpora opened last, newest first (the bundled sample is not remembered);
:class:`amrgen_gui.qt.recent.RecentFiles` keeps them in the settings and lists them
in File > Open Recent."""

from __future__ import annotations

from pathlib import Path

from amrgen_gui.state.paths import SAMPLE

MAX_RECENT = 8


def as_list(value: object) -> list[str]:
    """The recent files as a settings store gives them back (one string, a list, or nothing)."""
    return [value] if isinstance(value, str) else list(value or [])


def remembered(files: list[str], path: Path) -> list[str]:
    """``files`` with ``path`` opened: first, once, at most :data:`MAX_RECENT` in all."""
    if path == SAMPLE:
        return files
    return ([str(path)] + [p for p in files if p != str(path)])[:MAX_RECENT]
