"""Model > the punctuation the loaded generator follows: that of the model's
training references, or that of another corpus's references, as ``amrgen
generate --conventions CORPUS`` follows it (a final mark, quoted dialogue and
speech, ``!`` for :mode expressive; MASSIVE's questions have none at all).
The actions are enabled with a generator only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QWidget

from amrgen.errors import AmrgenError
from amrgen_gui.qt.notices import tell
from amrgen_gui.state.workspace import Workspace


class ConventionsChoice:
    """Switches the workspace's generator to the punctuation of a corpus chosen in a file dialog."""

    def __init__(self, parent: QWidget, workspace: Workspace) -> None:
        self.parent, self.workspace = parent, workspace
        self.corpus_action = QAction("&Punctuation of a Corpus…", parent)
        self.corpus_action.setToolTip("Follow the punctuation of another corpus's references "
                                      "(its training part, say): amrgen generate --conventions")
        self.corpus_action.triggered.connect(self.choose)
        self.model_action = QAction("Punctuation of the Model's &Training Corpus", parent)
        self.model_action.triggered.connect(lambda: self._use(None))
        self.actions = [self.corpus_action, self.model_action]

    def choose(self) -> None:
        """Ask for a corpus file and follow the punctuation of its references."""
        corpus, _ = QFileDialog.getOpenFileName(self.parent, "Open Corpus Whose Punctuation to Follow",
                                                str(Path.home()), "AMR corpora (*.txt *.amr);;All files (*)")
        if corpus:
            self._use(corpus)

    def _use(self, corpus: str | None) -> None:
        loaded = self.workspace.generator  # never None: the actions are enabled with a generator
        try:
            self.workspace.set_generator(self.workspace.generator_paths, loaded.with_conventions(corpus))
        except AmrgenError as error:
            tell(self.parent, "Cannot follow this corpus's punctuation", str(error))

    def update(self) -> None:
        """Enable the actions with a generator; going back to the model's punctuation only where it follows another."""
        loaded = self.workspace.generator
        self.corpus_action.setEnabled(loaded is not None)
        self.model_action.setEnabled(loaded is not None and loaded.spec.conventions is not None)
