"""A stepping session over one bigraph: the controller the application's views
show.  Qt-free, so scripts and tests can drive it as the window does.

The session keeps every configuration it has reached, so stepping back is
exact and free, and stepping forward again after going back replays the same
transitions unless a different one is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.oracle.oracle import Oracle
from amrgen.prep.extended import ExtendedEntry
from amrgen.transitions.candidates import Proposals, applicable_transitions
from amrgen.transitions.configuration import Configuration, finalize, initial
from amrgen.transitions.annotations import Key
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Transition
from amrgen.io.transition_listing import format_transitions


class Mode(str, Enum):
    """Who picks the next transition: the oracle, or the user from the applicable ones."""

    ORACLE = "oracle"
    MANUAL = "manual"


@dataclass(frozen=True)
class Step:
    """A configuration reached, the transition that reached it (None for c_s)
    and the oracle's alignment at that point."""

    configuration: Configuration
    transition: Transition | None
    oracle_state: dict


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
        self.steps: list[Step] = [Step(initial(self.entry.amr.graph), None, self.oracle.state())]
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
    def alignment(self) -> dict[Vertex, frozenset[int]]:
        """A_G at the current configuration, as the oracle's update has carried it
        along (Merge moves σ1's words to its parent, gold insertions get a word)."""
        return self.steps[self.position].oracle_state

    def is_terminal(self) -> bool:
        return self.current.is_terminal()

    def output(self) -> str | None:
        """c_f of the current configuration, where defined."""
        return finalize(self.current)

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
        self.oracle.restore(self.steps[self.position].oracle_state)
        return self.oracle.gold(self.current)

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
        c = self.current
        self.oracle.restore(self.steps[self.position].oracle_state)
        gold = self.oracle.gold(c)
        t = transition if transition is not None else gold
        after = self.system.apply(t, c)
        self.oracle.update(c, t, after)
        del self.steps[self.position + 1:]
        self.steps.append(Step(after, t, self.oracle.state()))
        self.position += 1
        return t

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

    def listing(self) -> str:
        """The history as ``amrgen oracle --transitions`` prints it."""
        return format_transitions(self.entry.id, self.transitions, self.output() if self.is_terminal() else None)
