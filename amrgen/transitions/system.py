"""S_AMR = (C_AMR, T_AMR, C_t, c_s, c_f) as one object, formal or constrained."""

from __future__ import annotations

from collections.abc import Iterable

from amrgen.graph import Graph
from amrgen.transitions.configuration import Configuration, finalize, initial
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.transitions import NotApplicableError, Transition


class TransitionSystem:
    """The transition system of Section 4.2, optionally with the constraints of 5.1.

    ``TransitionSystem()`` is the formal system; ``TransitionSystem(Constraints(...))``
    the constrained one.
    """

    def __init__(self, constraints: Constraints | None = None) -> None:
        self.constraints = constraints

    @property
    def is_formal(self) -> bool:
        return self.constraints is None

    def applicable(self, t: Transition, c: Configuration) -> bool:
        """c ∈ dom(t), and the constraints (if any) allow t."""
        return t.applicable(c) and (self.constraints is None or self.constraints.allows(c, t))

    def apply(self, t: Transition, c: Configuration) -> Configuration:
        if not self.applicable(t, c):
            kind = "applicable" if self.constraints is None or not t.applicable(c) else "allowed by the constraints"
            raise NotApplicableError(f"{t} is not {kind} at σ1 = {c.sigma1}")
        return t.apply(c)

    def run(self, c: Configuration, transitions: Iterable[Transition]) -> list[Configuration]:
        """The configurations c, t1(c), t2(t1(c)), ... of a partial transition sequence."""
        configurations = [c]
        for t in transitions:
            configurations.append(self.apply(t, configurations[-1]))
        return configurations

    @staticmethod
    def initial(graph: Graph) -> Configuration:
        """c_s(G)."""
        return initial(graph)

    @staticmethod
    def finalize(c: Configuration) -> str | None:
        """c_f(c), None where undefined."""
        return finalize(c)
