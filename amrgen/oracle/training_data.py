"""The training data algorithm (Algorithm 4 of thesis 4.3.3): run the oracle
from c_s(G) to a terminal configuration, collecting (c, t*) pairs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from amrgen.bigraph import Bigraph
from amrgen.oracle.annotations import Approach
from amrgen.oracle.oracle import Oracle
from amrgen.transitions.configuration import Configuration, finalize, initial
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import NotApplicableError, Transition


@dataclass
class OracleRun:
    """trainingData(B): the pairs (c, t*) in the order they were produced.

    ``final`` is the last configuration reached; ``error`` says why the run
    stopped before a terminal configuration (None when it terminated).
    """

    pairs: list[tuple[Configuration, Transition]] = field(default_factory=list)
    final: Configuration | None = None
    error: str | None = None

    @property
    def transitions(self) -> list[Transition]:
        return [t for _, t in self.pairs]

    @property
    def terminated(self) -> bool:
        return self.error is None

    @property
    def output(self) -> str | None:
        """c_f of the final configuration (None when undefined)."""
        return finalize(self.final) if self.final is not None and self.terminated else None


FirstStage = Callable[[Configuration, TransitionSystem], Transition | None]
"""A replacement of gold_B(c) for T_restr (second training iteration, 4.3.3): the
transition to apply at c, or None where the oracle decides."""


def training_data(b: Bigraph, approach: Approach = Approach.TEXT, system: TransitionSystem | None = None,
                  max_steps_per_vertex: int = 60, first_stage: FirstStage | None = None) -> OracleRun:
    """Algorithm 4 on bigraph B, in the formal system unless ``system`` says otherwise.

    With ``first_stage``, line 3's t* ← gold_B(c) becomes ``first_stage(c, system)``
    wherever that gives a transition (the thesis's second iteration replaces gold
    transitions of T_restr by a model's); update(B, c, t) is defined for any t, so
    the oracle goes on giving gold transitions for the graph those choices made.

    The formal oracle can in principle swap a pair back and forth; a run that
    takes more than ``max_steps_per_vertex`` steps per vertex is stopped and
    reported instead of looping.
    """
    system = system or TransitionSystem()
    oracle = Oracle(b, approach, system)
    state = oracle.start
    run = OracleRun()
    c = initial(b.amr)
    limit = max_steps_per_vertex * max(len(b.amr), 1)
    while not c.is_terminal():
        if len(run.pairs) >= limit:
            run.error = f"no terminal configuration after {limit} transitions"
            break
        t = first_stage(c, system) if first_stage is not None else None
        gold = oracle.decide(state, c) if t is None else None
        t = gold.transition if gold is not None else t
        try:
            after = system.apply(t, c)
        except NotApplicableError as error:
            run.error = f"transition {t} cannot be applied at σ1 = {c.sigma1}: {error}"
            break
        run.pairs.append((c, t))
        state = oracle.update(state, c, t, after, gold)
        c = after
    run.final = c
    return run
