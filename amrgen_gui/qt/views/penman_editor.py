"""The PENMAN editor: one's own AMR, typed or pasted, and what the model makes of it.

The text holds one graph or several (a corpus: ``# ::id`` lines and graphs,
blank lines between).  Half a second after the typing stops
(:data:`DEBOUNCE_MS`), the text is read as a corpus
(:func:`amrgen.io.penman_corpus.read_corpus_text`): what is wrong is marked
at its line and column (a wavy underline, the message below the text), and
the graph the cursor is in, if it reads, is shown as an entry of its own
(:func:`amrgen.prep.pipeline.graph_only_entry`: for generation alone, the
reference of a graph one edits no longer fits it).  The window shows it as
it shows any entry, its session made in the background, so the graph, the
generated sentence and the derivation follow the text.

**Edit Open Entry** puts the graph of the entry shown into the editor, to
ask "what if": add ``:polarity -``, change a concept, and see what the model
does.  **Save as Corpus…** writes the text as a corpus file in one step
(:func:`amrgen.io.atomic.write_atomically`), once every graph in it reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from amrgen.errors import AmrgenError
from amrgen.io.atomic import write_atomically
from amrgen.io.penman_corpus import CorpusEntry, ReadError, read_corpus_text
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.pipeline import graph_only_entry
from amrgen.stepping.session import USER_ERRORS, Mode
from amrgen_gui.qt import theme
from amrgen_gui.qt.model import SessionModel
from amrgen_gui.qt.notices import tell
from amrgen_gui.qt.views.what_if import WhatIfPane
from amrgen_gui.state.what_if import WhatIf

DEBOUNCE_MS = 500
SOURCE = "editor"
"""How the editor's text is named in ids and messages."""
PLACEHOLDER = """# ::id my-graph
(w / want-01
   :ARG0 (b / boy)
   :ARG1 (g / go-02
            :ARG0 b))"""
_LINE = re.compile(r"\bline (\d+)")
_SYMBOL = re.compile(r"\b(?:variable|node) (\S+)")


@dataclass(frozen=True)
class Problem:
    """What is wrong with the text, and where (1-based line and column)."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


def locate(error: ReadError, lines: list[str]) -> Problem:
    """Where in the text ``error`` is: the line its message names (else the entry's
    first graph line), and there the variable or node it names (else the first
    character that is not a blank)."""
    named = _LINE.search(error.message)
    first_graph = next((n for n in range(error.line, len(lines) + 1) if lines[n - 1].lstrip().startswith("(")),
                       error.line)
    line = int(named.group(1)) if named else first_graph
    symbol = _SYMBOL.search(error.message)
    if symbol is not None and not named:
        found = _find_symbol(symbol.group(1), lines, first_graph)
        if found is not None:
            return Problem(*found, error.message)
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Problem(line, len(text) - len(text.lstrip()) + 1, error.message)


def _find_symbol(symbol: str, lines: list[str], start: int) -> tuple[int, int] | None:
    """The last place from line ``start`` on where ``symbol`` stands as a target or a
    node (an undefined variable is used after the nodes that are defined)."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(symbol)}(?![\w-])")
    found = None
    for number in range(start, len(lines) + 1):
        if number > start and not lines[number - 1].strip():
            break  # the entry's graph ends at a blank line
        for match in pattern.finditer(lines[number - 1]):
            found = (number, match.start() + 1)
    return found


class PenmanEditor(QWidget):
    """Type or paste AMR graphs in PENMAN; the one at the cursor is shown as it reads."""

    entryEdited = Signal(object)
    """The graph at the cursor read, as an :class:`ExtendedEntry` for generation alone."""

    def __init__(self, model: SessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.text = QPlainTextEdit()
        self.text.setFont(theme.mono_font())
        self.text.setPlaceholderText(PLACEHOLDER)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)  # a narrow dock shows every line
        self.status = QLabel(objectName="caption")
        self.status.setWordWrap(True)
        self.edit_button = QPushButton("Edit Open Entry")
        self.edit_button.setToolTip("Put the graph of the entry shown here, to change it and see what the model does")
        self.save_button = QPushButton("Save as Corpus…")
        self.save_button.setToolTip("Write these graphs as an AMR corpus file")
        buttons = QHBoxLayout()
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        self.what_if = WhatIf()
        self.comparison = WhatIfPane(self.what_if)
        splitter = QSplitter(Qt.Orientation.Vertical)  # the user sizes the text and the comparison
        splitter.addWidget(self.text)
        splitter.addWidget(self.comparison)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([1, 1])  # half each to start with
        layout.addLayout(buttons)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        self.problems: list[Problem] = []
        self.entries: list[CorpusEntry] = []
        self._shown: str | None = None
        """The PENMAN of the graph last shown (moving the cursor within it shows nothing new)."""
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self.read)
        self.text.textChanged.connect(self._timer.start)
        self.text.textChanged.connect(self._typed)
        self._emitted: ExtendedEntry | None = None
        """The graph last shown from the text (its session is the what-if's "after")."""
        model.loadingChanged.connect(self._settled)
        self.text.cursorPositionChanged.connect(self._timer.start)
        self.edit_button.clicked.connect(self.edit_open_entry)
        self.save_button.clicked.connect(self._ask_save)

    # -- reading ------------------------------------------------------------------------

    def read(self) -> None:
        """Read the text now: mark what is wrong, show the graph at the cursor if it reads."""
        self._timer.stop()
        text = self.text.toPlainText()
        lines = text.split("\n")
        read = read_corpus_text(text, SOURCE)
        self.problems = [locate(error, lines) for error in read.errors]
        self.entries = read.entries
        entry = self._at_cursor(read.entries, read.errors)
        extended = None
        if isinstance(entry, CorpusEntry):
            try:
                extended = graph_only_entry(entry)
            except USER_ERRORS as error:
                self.problems.append(Problem(entry.line, 1, str(error)))
        self._mark()
        if extended is not None and extended.amr.to_penman() != self._shown:
            self._shown = extended.amr.to_penman()
            self._emitted = extended
            self.entryEdited.emit(extended)

    def _typed(self) -> None:
        """A keystroke: the sentence after the edit is stale, and the graph still being
        generated for the text before it is dropped."""
        if self._emitted is not None and self.model.loading and self.model.entry is self._emitted:
            self.model.cancel_loading()
        if self.what_if.after is not None:
            self.what_if.after = None
            self.comparison.refresh()

    def _settled(self, loading: bool) -> None:
        """The edited graph's session is shown: in model mode, run it to the end, and say the
        sentence after the edit."""
        session = self.model.session
        if loading or session is None or self._emitted is None or self.model.entry is not self._emitted:
            return
        if self.model.mode is Mode.MODEL:
            if not session.is_terminal():
                self.model.run_to_end()
            self.what_if.after = session.sentence()
            self.comparison.refresh()

    def _at_cursor(self, entries: list[CorpusEntry], errors: list[ReadError]) -> CorpusEntry | ReadError | None:
        """The entry (or error) whose lines hold the cursor: the last to start at or above it."""
        line = self.text.textCursor().blockNumber() + 1
        items = sorted([*entries, *errors], key=lambda item: item.line)
        above = [item for item in items if item.line <= line]
        return above[-1] if above else (items[0] if items else None)

    def _mark(self) -> None:
        """Underline each problem from its column to the end of its line; say the first."""
        marks = []
        underline = QTextCharFormat()
        underline.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        underline.setUnderlineColor(QColor("#dc2626"))
        underline.setBackground(QColor("#fee2e2"))
        underline.setProperty(QTextFormat.Property.FullWidthSelection, False)
        document = self.text.document()
        for problem in self.problems:
            block = document.findBlockByNumber(problem.line - 1)
            if not block.isValid():
                continue
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.Right, n=min(problem.column - 1, block.length() - 1))
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            if not cursor.hasSelection():  # nothing after the column: mark the character before
                cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor)
            mark = QTextEdit.ExtraSelection()
            mark.cursor, mark.format = cursor, underline
            marks.append(mark)
        self.text.setExtraSelections(marks)
        if self.problems:
            more = f"  (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
            self.status.setText(f"⚠ {self.problems[0]}{more}")
            self.status.setStyleSheet("color: #b91c1c;")
        else:
            count = len(self.entries)
            self.status.setText(f"{count} graph{'s' * (count != 1)}, read; the one at the cursor is shown"
                                if count else "Type or paste an AMR graph in PENMAN notation")
            self.status.setStyleSheet("")

    # -- the open entry, saving --------------------------------------------------------------

    def edit_open_entry(self) -> None:
        """Replace the text with the graph of the entry shown (undoable), to ask "what if"."""
        entry: ExtendedEntry | None = self.model.entry
        if entry is None:
            return
        session = self.model.session
        said = session is not None and session.mode is Mode.MODEL and not self.model.loading
        self.what_if.original, self.what_if.after = entry, None
        self.what_if.before = session.generation.sentence if said else None
        self.comparison.refresh()
        cursor = self.text.textCursor()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(f"# ::id {entry.id}-edited\n{entry.amr.to_penman()}\n")
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.text.setTextCursor(cursor)
        self.text.setFocus(Qt.FocusReason.OtherFocusReason)

    def save(self, path: str) -> None:
        """Write the text as a corpus file (every graph must read); errors are shown."""
        self.read()
        if self.problems:
            tell(self, "Cannot save the graphs", f"{path} not written:\n{self.problems[0]}")
            return
        if not self.entries:
            tell(self, "Cannot save the graphs", f"{path} not written: there is no graph to save")
            return
        try:
            write_atomically(path, self.text.toPlainText().rstrip("\n") + "\n")
        except (OSError, AmrgenError) as error:
            tell(self, "Cannot save the graphs", f"{path}:\n{error}")
            return
        self.status.setText(f"Saved {len(self.entries)} graph{'s' * (len(self.entries) != 1)} to {path}")

    def _ask_save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save Graphs as Corpus", "my-graphs.txt",
                                              "AMR corpora (*.txt *.amr *.penman);;All files (*)")
        if path:
            self.save(path)
