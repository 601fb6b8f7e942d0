"""Choosing the two generators to compare on the open corpus: for A and for B,
the loaded generator (left empty), a model directory or a hyperparameters file
(:meth:`~amrgen.run.spec.GeneratorFiles.named` says what each means)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

HYPERPARAMETERS_FILTER = "Hyperparameters (*.json);;All files (*)"


class GeneratorPairDialog(QDialog):
    """Two lines, A and B, each a path or empty (the loaded generator)."""

    def __init__(self, loaded: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare Two Generators")
        note = QLabel(f"Each side: a model directory (amrgen train), a hyperparameters file (amrgen tune) for the "
                      f"loaded model, or empty for the loaded generator: {loaded}.")
        note.setWordWrap(True)
        self.paths = (QLineEdit(), QLineEdit())
        form = QFormLayout(self)
        form.addRow(note)
        for label, line in zip("AB", self.paths):
            line.setPlaceholderText("the loaded generator")
            line.setMinimumWidth(420)
            form.addRow(f"Generator {label}", self._row(line))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _row(self, line: QLineEdit) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(line, 1)
        for text, ask in (("Model Directory…", self._directory), ("Hyperparameters…", self._file)):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, ask=ask: ask(line))
            layout.addWidget(button)
        return row

    def _directory(self, line: QLineEdit) -> None:
        path = QFileDialog.getExistingDirectory(self, "Model Directory", line.text() or str(Path.home()))
        if path:
            line.setText(path)

    def _file(self, line: QLineEdit) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Hyperparameters", line.text() or str(Path.home()),
                                              HYPERPARAMETERS_FILTER)
        if path:
            line.setText(path)

    def chosen(self) -> tuple[str | None, str | None]:
        """A's and B's path (None: the loaded generator)."""
        return tuple(line.text().strip() or None for line in self.paths)
