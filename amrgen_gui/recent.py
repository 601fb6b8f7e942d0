"""File > Open Recent: the corpora opened last, newest first, kept in QSettings
(the bundled sample is not remembered)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from amrgen_gui.paths import SAMPLE

MAX_RECENT = 8


class RecentFiles:
    """The recent corpora in ``settings`` and the menu that opens them with ``open``."""

    def __init__(self, settings: QSettings, menu: QMenu, open: Callable[[str], None]) -> None:
        self.settings, self.menu, self.open = settings, menu, open
        self.rebuild()

    def files(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [value] if isinstance(value, str) else list(value or [])

    def remember(self, path: Path) -> None:
        if path == SAMPLE:
            return
        recent = [str(path)] + [p for p in self.files() if p != str(path)]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.rebuild()

    def rebuild(self) -> None:
        self.menu.clear()
        for path in self.files():
            self.menu.addAction(Path(path).name, lambda path=path: self.open(path)).setToolTip(path)
        self.menu.setEnabled(bool(self.files()))
