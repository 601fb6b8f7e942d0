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

A new session (another entry, mode, approach, system or generator) is made
in a worker thread, never on the GUI thread: generating a 148-vertex graph
takes seconds, and so does laying it out.  The views name what they will
need first in :attr:`SessionModel.warmups` (all(c) at c_s, the graph's
layout, phase 2's table), which the worker computes into their caches after
making the session.  Until the new session is ready the old one stays
shown and does not move (:attr:`SessionModel.loading`); asking for another
one meanwhile supersedes it, and :meth:`SessionModel.cancel_loading` drops
it: its result is thrown away when it comes (the work stops at the next
warm-up; generating a graph is one call of the engine, which runs out).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer, Signal

from amrgen.collector import without_collection_pauses
from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import USER_ERRORS, Mode, Session
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Transition
from amrgen_gui.qt.tasks import Report, Task


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
    loadingChanged = Signal(bool)
    """A new session started being made in the background (True), or that ended:
    it is shown, failed, or was cancelled or superseded (False)."""

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
        self.warmups: list[Callable[[Session], object]] = []
        """What the views compute for a new session before it is shown, in the worker
        thread (each fills a cache of its own; the result is not kept here)."""
        self._job: Task | None = None
        self._retired: list[Task] = []
        """Jobs cancelled or superseded, deleted once their thread has ended."""

    # -- what runs ----------------------------------------------------------------

    def set_entry(self, entry: ExtendedEntry | None) -> None:
        """Show ``entry`` from c_s (None shows nothing)."""
        self.entry = entry
        self._restart()

    def set_mode(self, mode: Mode) -> None:
        """Oracle or manual keep the history, only the choosing changes; model mode
        (or leaving it) starts the entry's session over, on the generator's graph
        (and so does oracle mode for an entry it refuses, or whose session was refused)."""
        restart = ((mode is Mode.MODEL) != (self.mode is Mode.MODEL)
                   or (self.session is None and self.entry is not None and not self.loading)
                   or (mode is Mode.ORACLE and self.entry is not None and not self.entry.has_reference))
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

    @property
    def loading(self) -> bool:
        """Whether a new session is being made (the one shown is the one before)."""
        return self._job is not None

    def when_settled(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once no session is being made: now, or when the one being
        made is shown (or fails, or is cancelled)."""
        if not self.loading:
            callback()
            return

        def settled(loading: bool) -> None:
            if not loading and not self.loading:
                self.loadingChanged.disconnect(settled)
                callback()

        self.loadingChanged.connect(settled)

    def cancel_loading(self) -> None:
        """Drop the session being made, and the one shown before (another entry's,
        or in other options): nothing is shown until :meth:`reset` makes it again."""
        if self._job is not None:
            self._retire()
            self.failed.emit(f"Stopped: entry {self.entry.id} is not shown (Ctrl+R makes it again)")
            self._show(None)
            self.loadingChanged.emit(False)

    def _retire(self) -> None:
        """Cancel the job (if any) and forget it; delete the retired jobs that have ended."""
        if self._job is not None:
            self._job.cancel()
            self._retired.append(self._job)
            self._job = None
        for job in [job for job in self._retired if not job.thread.is_alive()]:
            self._retired.remove(job)
            job.deleteLater()

    def _restart(self) -> None:
        """Make the session of :attr:`entry` with the options chosen, in the background."""
        was_loading = self.loading
        self._retire()
        self.clear_preview()
        entry = self.entry
        refusal = self._refusal(entry) if entry is not None else None
        if entry is None or refusal is not None:
            if refusal is not None:
                self.failed.emit(refusal)
            self._show(None)
            if was_loading:
                self.loadingChanged.emit(False)
            return
        make = self._maker(entry)
        job = Task(lambda report: self._make(make, report), self)
        job.succeeded.connect(lambda session: self._made(job, session))
        job.failed.connect(lambda message: self._made(job, None, message))
        self._job = job
        job.start()
        self.loadingChanged.emit(True)

    def _refusal(self, entry: ExtendedEntry) -> str | None:
        """Why ``entry`` cannot be shown in the mode chosen (None: it can)."""
        if self.mode is Mode.MODEL and self.generator is None:
            return "Model mode: no generator is loaded yet (Model > Open Model Directory…)"
        if self.mode is Mode.ORACLE and not entry.has_reference:
            return (f"Oracle mode: entry {entry.id} has no reference sentence for the oracle to follow; "
                    "model mode (Ctrl+M) generates from it, manual mode (Ctrl+2) steps it by hand")
        return None

    def _maker(self, entry: ExtendedEntry) -> Callable[[], Session]:
        """How to make the session of ``entry`` with the options as they are now."""
        if self.mode is not Mode.MODEL:
            system, approach, mode = self.system, self.approach, self.mode
            return lambda: Session(entry, system, approach, mode)
        generator, approach = self.generator, self.approach
        # Imported here: the decoder takes seconds to import, and the window opens without it.
        from amrgen.stepping.generation_session import GenerationSession

        return lambda: GenerationSession(entry, generator, approach)

    def _make(self, make: Callable[[], Session], report: Report) -> Session:
        """In the worker: the session, and the views' caches warmed for it;
        ``report`` raises once the job is cancelled, between warm-ups."""
        with without_collection_pauses():
            session = make()
            for warm in list(self.warmups):
                report(0, 0)
                with contextlib.suppress(*USER_ERRORS):  # the view meets it again, and says so
                    warm(session)
        return session

    def _made(self, job: Task, session: Session | None, message: str = "") -> None:
        """On the GUI thread: show what ``job`` made, unless it was superseded.  The
        views rebuild for the new session (``sessionReset``) in this turn of the event
        loop and show its configuration (``changed``) in the next, so that neither
        holds the loop long; the job counts as loading until then, so nothing moves
        a half-shown session."""
        if job is not self._job:
            return
        if session is None:
            self._job = None
            job.deleteLater()
            doing = "generated" if self.mode is Mode.MODEL else "stepped"
            self.failed.emit(f"entry {self.entry.id} cannot be {doing}: {message}")
            self._show(None)
            self.loadingChanged.emit(False)
            return
        if self.mode is not Mode.MODEL:
            session.mode = self.mode  # oracle or manual may have been chosen meanwhile
        self._show(session, changed=False)
        QTimer.singleShot(0, lambda: self._shown(job))

    def _shown(self, job: Task) -> None:
        """The second half of :meth:`_made`, unless another session was asked for meanwhile."""
        if job is not self._job:
            return
        self._job = None
        job.deleteLater()
        self.changed.emit()
        self.loadingChanged.emit(False)

    def _show(self, session: Session | None, changed: bool = True) -> None:
        self.session = session
        self.hover_vertices, self.hover_words = frozenset(), frozenset()
        self.clear_preview()
        self.sessionReset.emit()
        if changed:
            self.changed.emit()

    # -- moving ---------------------------------------------------------------------

    def step(self, transition: Transition | None = None) -> None:
        """Apply ``transition``, or the next one (replayed or the oracle's)."""
        self._move(lambda s: s.step(transition))

    def back(self, count: int = 1) -> None:
        self._move(lambda s: s.back(count))

    def jump(self, position: int) -> None:
        self._move(lambda s: s.jump(position))

    def follow_generation(self, position: int) -> None:
        """In model mode, go to the configuration after ``position`` transitions of generate(G)
        (:meth:`GenerationSession.follow_generation`)."""
        if self.mode is Mode.MODEL:
            self._move(lambda s: s.follow_generation(position))

    def to_start(self) -> None:
        """Back to c_s, keeping the history to step through again."""
        self.jump(0)

    def run_to_end(self) -> None:
        self._move(lambda s: s.run_to_end())

    def reset(self) -> None:
        """Back to c_s, forgetting the history; with no session (its making was
        cancelled, or failed), make it again."""
        if self.session is None and self.entry is not None and not self.loading:
            self._restart()
            return
        self._move(lambda s: s.reset())

    def _move(self, action: Callable[[Session], object]) -> None:
        if self.session is None or self.loading:  # the session shown is on its way out
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
