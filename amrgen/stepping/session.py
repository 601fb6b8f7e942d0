"""A stepping session over one bigraph: step S_AMR (thesis 4.2) from c_s(G)
with the oracle's transitions (4.3.3) or one's own, and go back.  What the
application shows, a script gets here too (docs/stepping.md).

The session keeps every configuration it has reached, with the oracle's
state there (:class:`~amrgen.oracle.oracle.OracleState`), so stepping back
is exact and free, and stepping forward again after going back replays the
same transitions unless a different one is chosen.  The oracle chooses
here; in model mode the trained generator does
(:class:`~amrgen.stepping.generation_session.GenerationSession`, a subclass).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from amrgen.errors import AmrgenError
from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.oracle.oracle import Oracle, OracleState
from amrgen.prep.extended import ExtendedEntry
from amrgen.transitions.annotations import Key
from amrgen.transitions.candidates import Proposals, applicable_transitions
from amrgen.transitions.configuration import Configuration, finalize, initial
from amrgen.transitions.listing import format_transitions
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import NotApplicableError, Transition

USER_ERRORS = (AmrgenError, NotApplicableError, ValueError, KeyError, IndexError)
"""What a bad entry or a transition the user chose can raise; shown, never fatal."""


class Mode(str, Enum):
    """Who picks the next transition: the oracle, the user from the applicable
    ones, or the trained generator (:class:`~amrgen.stepping.generation_session.GenerationSession`)."""

    ORACLE = "oracle"
    MANUAL = "manual"
    MODEL = "model"


@dataclass(frozen=True)
class Step:
    """A configuration reached, the transition that reached it (None for c_s),
    the oracle's state at that point (B's alignment) and, where a model chose
    or scored the transition, P(t | c)."""

    configuration: Configuration
    transition: Transition | None
    oracle_state: OracleState
    probability: float | None = None


class Session:
    """Step S_AMR (formal or constrained) over one prepared corpus entry."""

    def __init__(self, entry: ExtendedEntry, system: TransitionSystem | None = None,
                 approach: Approach = Approach.TEXT, mode: Mode = Mode.ORACLE,
                 proposals: Proposals | None = None, max_steps: int = 10_000) -> None:
        self.entry = entry
        self.system = system or TransitionSystem()
        self.approach = approach
        self.mode = mode
        self.proposals = proposals or Proposals()
        self.max_steps = max_steps
        self.reset()

    # -- state -------------------------------------------------------------------

    def reset(self) -> None:
        """Back to c_s(G), forgetting every step."""
        self.oracle = Oracle(self.entry.bigraph(), self.approach, self.system)
        self.steps: list[Step] = [Step(initial(self.entry.amr.graph), None, self.oracle.start)]
        self.position = 0

    @property
    def current(self) -> Configuration:
        return self.steps[self.position].configuration

    @property
    def transitions(self) -> list[Transition]:
        """The transitions applied to reach the current configuration."""
        return [s.transition for s in self.steps[1:self.position + 1]]

    @property
    def last_transition(self) -> Transition | None:
        return self.steps[self.position].transition

    @property
    def previous(self) -> Configuration | None:
        """The configuration before the last transition."""
        return self.steps[self.position - 1].configuration if self.position else None

    @property
    def alignment(self) -> Mapping[Vertex, frozenset[int]]:
        """A_G at the current configuration, as the oracle's update has carried it
        along (Merge moves σ1's words to its parent, gold insertions get a word)."""
        return self.steps[self.position].oracle_state.alignment

    def is_terminal(self) -> bool:
        return self.current.is_terminal()

    def output(self) -> str | None:
        """c_f of the current configuration, where defined."""
        return finalize(self.current)

    def sentence(self) -> str | None:
        """The sentence this run gives at a terminal configuration: c_f (a
        generator's session postprocesses it)."""
        return self.output()

    def partial_yield(self) -> str:
        """yield^par_ρ(REAL)(G) of the current configuration."""
        c = self.current
        return " ".join(c.graph.partial_yield(c.rho[Key.REAL]))

    # -- choosing ------------------------------------------------------------------

    @property
    def has_alignment(self) -> bool:
        return bool(self.entry.alignment)

    def gold(self) -> Transition | None:
        """gold_B(c) for the current configuration (None when terminal)."""
        if self.is_terminal():
            return None
        return self.oracle.gold(self.steps[self.position].oracle_state, self.current)

    def applicable(self) -> list[Transition]:
        """The applicable transitions among the proposals, the gold one first when known."""
        if self.is_terminal():
            return []
        options = applicable_transitions(self.system, self.current, self.proposals)
        gold = self.gold() if self.has_alignment else None
        if gold is not None and self.system.applicable(gold, self.current):
            options = [gold, *(t for t in options if t != gold)]
        return options

    # -- moving ----------------------------------------------------------------------

    def step(self, transition: Transition | None = None) -> Transition | None:
        """Apply ``transition``, or the next one (replayed or the oracle's) when None.

        Returns the transition applied, None at a terminal configuration.
        """
        if self.is_terminal():
            return None
        if transition is None and self.position + 1 < len(self.steps):
            self.position += 1
            return self.steps[self.position].transition
        step = self._next_step(transition)
        del self.steps[self.position + 1:]
        self.steps.append(step)
        self.position += 1
        return step.transition

    def _next_step(self, transition: Transition | None) -> Step:
        """The step that applies ``transition`` (the oracle's when None) to the current configuration."""
        c, state = self.current, self.steps[self.position].oracle_state
        gold = self.oracle.decide(state, c) if transition is None else None
        t = transition if gold is None else gold.transition
        after = self.system.apply(t, c)
        return Step(after, t, self.oracle.update(state, c, t, after, gold))

    def back(self, count: int = 1) -> None:
        self.position = max(0, self.position - count)

    def jump(self, position: int) -> None:
        """Go to the configuration after ``position`` transitions of the history."""
        if not 0 <= position < len(self.steps):
            raise IndexError(f"no step {position}: the history has {len(self.steps) - 1} transitions")
        self.position = position

    def run_to_end(self) -> int:
        """Step until a terminal configuration; returns how many transitions were applied."""
        count = 0
        while not self.is_terminal() and count < self.max_steps:
            self.step()
            count += 1
        return count

    def expected(self) -> list[Configuration]:
        """The configurations a view of this session expects to show: the
        oracle's run from c_s (which a manual session may leave), then the history."""
        preview = Session(self.entry, self.system, self.approach)
        try:
            preview.run_to_end()
        except USER_ERRORS:
            pass  # the history alone; stepping will report the error
        return [step.configuration for step in preview.steps] + [step.configuration for step in self.steps]

    def describe(self) -> str:
        """Where the session is, in one line: the entry, the step (of how many are
        known), σ1 or that c is terminal, and the last transition."""
        known, last = len(self.steps) - 1, self.last_transition
        return (f"{self.entry.id}  ·  step {self.position}" + (f" of {known}" if known > self.position else "")
                + ("  ·  terminal" if self.is_terminal() else f"  ·  σ1 = {self.current.sigma1}")
                + (f"  ·  last: {last}" if last else ""))

    def listing(self) -> str:
        """The history as ``amrgen oracle --transitions`` prints it."""
        return format_transitions(self.entry.id, self.transitions, self.output() if self.is_terminal() else None)
