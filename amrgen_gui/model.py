"""The Qt face of a :class:`~amrgen.stepping.session.Session`: the one object every view
reads from and listens to.

Views never touch a configuration: they read ``model.session`` when told to
and ask the model to move (:meth:`SessionModel.step`, :meth:`back`, ...).
The model also carries what the pointer is over, so that hovering a vertex
in one view highlights its words in another, and a configuration to show
instead of the current one for a while (:meth:`SessionModel.show_preview`:
a candidate of phase 2).

In model mode the session is a
:class:`~amrgen.stepping.generation_session.GenerationSession` of the loaded
generator (:meth:`SessionModel.set_generator`); without one there is none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal

from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import USER_ERRORS, Mode, Session
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Transition


class SessionModel(QObject):
    """Owns the session of the entry shown and the options it runs with."""

    sessionReset = Signal()
    """A new session: another entry, mode, approach or system (views rebuild)."""
    changed = Signal()
    """The configuration shown changed: a step, back, a jump or a reset."""
    hovered = Signal()
    """The pointer moved onto or off a vertex or a word (see :attr:`hover_vertices`)."""
    failed = Signal(str)
    """Something the user asked for could not be done; the message is one line."""
    previewed = Signal()
    """A configuration is shown instead of the current one, or no longer (see :attr:`preview`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.entry: ExtendedEntry | None = None
        self.mode = Mode.ORACLE
        self.approach = Approach.TEXT
        self.system = TransitionSystem()
        self.generator: LoadedGenerator | None = None
        self.hover_vertices: frozenset[Vertex] = frozenset()
        self.hover_words: frozenset[int] = frozenset()
        self.preview: Configuration | None = None
        self.preview_caption = ""

    # -- what runs ----------------------------------------------------------------

    def set_entry(self, entry: ExtendedEntry | None) -> None:
        """Show ``entry`` from c_s (None shows nothing)."""
        self.entry = entry
        self._restart()

    def set_mode(self, mode: Mode) -> None:
        """Oracle or manual keep the history, only the choosing changes; model mode
        (or leaving it) starts the entry's session over, on the generator's graph."""
        restart = (mode is Mode.MODEL) != (self.mode is Mode.MODEL)
        self.mode = mode
        if restart:
            self._restart()
            return
        if self.session is not None:
            self.session.mode = mode
        self.changed.emit()

    def set_generator(self, generator: LoadedGenerator) -> None:
        """Use this generator in model mode (from c_s, when in model mode now)."""
        self.generator = generator
        if self.mode is Mode.MODEL:
            self._restart()

    def configure(self, approach: Approach, system: TransitionSystem) -> None:
        """Run the oracle with ``approach`` in ``system`` (formal, or constrained as in
        Section 5.1), from c_s."""
        self.approach, self.system = approach, system
        self._restart()

    def _restart(self) -> None:
        self.session = None
        self.hover_vertices, self.hover_words = frozenset(), frozenset()
        self.clear_preview()
        if self.entry is not None:
            try:
                self.session = self._new_session(self.entry)
            except USER_ERRORS as error:
                doing = "generated" if self.mode is Mode.MODEL else "stepped"
                self.failed.emit(f"entry {self.entry.id} cannot be {doing}: {error}")
        self.sessionReset.emit()
        self.changed.emit()

    def _new_session(self, entry: ExtendedEntry) -> Session | None:
        if self.mode is not Mode.MODEL:
            return Session(entry, self.system, self.approach, self.mode)
        if self.generator is None:
            self.failed.emit("Model mode: no generator is loaded yet (Model > Open Model Directory…)")
            return None
        # Imported here: the decoder takes seconds to import, and the window opens without it.
        from amrgen.stepping.generation_session import GenerationSession

        return GenerationSession(entry, self.generator, self.approach)

    # -- moving ---------------------------------------------------------------------

    def step(self, transition: Transition | None = None) -> None:
        """Apply ``transition``, or the next one (replayed or the oracle's)."""
        self._move(lambda s: s.step(transition))

    def back(self, count: int = 1) -> None:
        self._move(lambda s: s.back(count))

    def jump(self, position: int) -> None:
        self._move(lambda s: s.jump(position))

    def to_start(self) -> None:
        """Back to c_s, keeping the history to step through again."""
        self.jump(0)

    def run_to_end(self) -> None:
        self._move(lambda s: s.run_to_end())

    def reset(self) -> None:
        """Back to c_s, forgetting the history."""
        self._move(lambda s: s.reset())

    def _move(self, action: Callable[[Session], object]) -> None:
        if self.session is None:
            return
        self.clear_preview()
        try:
            action(self.session)
        except USER_ERRORS as error:
            self.failed.emit(f"{self.session.entry.id}: {error}")
        self.changed.emit()

    # -- showing another configuration ------------------------------------------------

    def show_preview(self, c: Configuration, caption: str) -> None:
        """Show c (described by ``caption``) instead of the current configuration
        until the session moves or :meth:`clear_preview`."""
        self.preview, self.preview_caption = c, caption
        self.previewed.emit()

    def clear_preview(self) -> None:
        if self.preview is not None:
            self.preview, self.preview_caption = None, ""
            self.previewed.emit()

    # -- pointing -------------------------------------------------------------------

    def point_at_vertices(self, vertices: Iterable[Vertex]) -> None:
        """The pointer is over these vertices: highlight them and their words."""
        vertices = frozenset(vertices)
        alignment = self.session.alignment if self.session else {}
        self._point(vertices, frozenset(i for v in vertices for i in alignment.get(v, ())))

    def point_at_words(self, positions: Iterable[int]) -> None:
        """The pointer is over these words (1-based): highlight them and their vertices."""
        positions = frozenset(positions)
        alignment = self.session.alignment if self.session else {}
        self._point(frozenset(v for v, js in alignment.items() if js & positions), positions)

    def _point(self, vertices: frozenset[Vertex], words: frozenset[int]) -> None:
        if (vertices, words) != (self.hover_vertices, self.hover_words):
            self.hover_vertices, self.hover_words = vertices, words
            self.hovered.emit()
