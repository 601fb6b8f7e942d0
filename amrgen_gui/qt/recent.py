"""File > Open Recent: the corpora opened last (:mod:`amrgen_gui.state.recent`), kept in QSettings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from amrgen_gui.state.recent import as_list, remembered


class RecentFiles:
    """The recent corpora in ``settings`` and the menu that opens them with ``open``."""

    def __init__(self, settings: QSettings, menu: QMenu, open: Callable[[str], None]) -> None:
        self.settings, self.menu, self.open = settings, menu, open
        self.rebuild()

    def files(self) -> list[str]:
        return as_list(self.settings.value("recent", []))

    def remember(self, path: Path) -> None:
        self.settings.setValue("recent", remembered(self.files(), path))
        self.rebuild()

    def rebuild(self) -> None:
        self.menu.clear()
        for path in self.files():
            self.menu.addAction(Path(path).name, lambda path=path: self.open(path)).setToolTip(path)
        self.menu.setEnabled(bool(self.files()))
