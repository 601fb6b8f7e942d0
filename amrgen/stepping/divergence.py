"""Oracle and model on one graph: where the trained generator leaves the
oracle's path, the question an oracle or model debugger asks first.

The oracle (thesis 4.3.3, Algorithm 6) is a function of a configuration and
the alignment it carries along (:meth:`Oracle.gold`, :meth:`Oracle.update`),
so gold_B(c) is defined at the configurations the model reaches, not only at
those of the oracle's own run.  generate(G) applies its transitions in
another order than the oracle's run (phase 1's T_restr for every vertex
first, then phase 2 bottom-up: thesis 4.2.2), so the two derivations are not
compared index by index: each step (c, t, P(t | c)) of generate(G) is set
beside gold_B(c), with P(gold_B(c) | c) under the model, and the first step
where t is not gold_B(c) is where the model leaves the oracle's path.  Its
counterpart in the oracle's own run (:attr:`Comparison.oracle_run`) is the
step where σ1 is the same vertex in the same stage (Figure
fig:transition-sequences).

Both runs are on what model mode steps: the normalized graph G' and the
generator's transition system (:class:`GenerationSession`); the oracle needs
the entry's alignment, so an entry without a reference cannot be compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from amrgen.errors import AmrgenError
from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.stepping.generation_session import GenerationSession
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.session import USER_ERRORS, Session
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import Transition


@dataclass(frozen=True)
class ComparedStep:
    """One step of generate(G) beside what the oracle does at its configuration."""

    position: int
    """How many transitions of generate(G) come before this one (the session's position at c)."""
    configuration: Configuration
    model: Transition
    model_probability: float
    """P(t | c) of the model's transition, as generation recorded it."""
    oracle: Transition | None
    """gold_B(c); None where the oracle cannot tell (see :attr:`oracle_error`)."""
    oracle_probability: float | None
    """P(gold_B(c) | c) under the model; None when the model does not consider it (outside all(c))."""
    oracle_error: str | None = None

    @property
    def agrees(self) -> bool:
        return self.model == self.oracle

    @property
    def stage(self) -> Stage | None:
        return stage(self.configuration)


@dataclass(frozen=True)
class Comparison:
    """generate(G) step by step beside the oracle, and the oracle's own run, on one graph."""

    entry_id: str
    steps: tuple[ComparedStep, ...]
    model_sentence: str
    """w̃, generate(G)'s postprocessed sentence."""
    oracle_run: tuple[Transition, ...]
    """The transitions of the oracle's own run from c_s(G') (as ``amrgen oracle --transitions`` lists them)."""
    oracle_configurations: tuple[Configuration, ...]
    """The configuration before each transition of :attr:`oracle_run`."""
    oracle_output: str | None
    """c_f of the oracle's run (None where it did not reach one)."""
    reference: str

    @property
    def divergence(self) -> ComparedStep | None:
        """The first step where the model's transition is not the oracle's (None: it never leaves)."""
        return next((s for s in self.steps if not s.agrees), None)

    @property
    def disagreements(self) -> int:
        return sum(not s.agrees for s in self.steps)

    def oracle_counterpart(self, step: ComparedStep) -> int | None:
        """The index in :attr:`oracle_run` of the oracle's transition for the same σ1 in the same stage."""
        c = step.configuration
        return next((i for i, o in enumerate(self.oracle_configurations)
                     if o.sigma1 == c.sigma1 and stage(o) is step.stage), None)


def compare_with_oracle(entry: ExtendedEntry, generator: LoadedGenerator,
                        approach: Approach = Approach.TEXT) -> Comparison:
    """generate(G) of ``entry`` beside the oracle (see the module docstring); raises
    AmrgenError for an entry without a reference, which the oracle cannot follow."""
    if not entry.has_reference:
        raise AmrgenError(f"entry {entry.id} has no reference sentence: the oracle has no path to compare with")
    session = GenerationSession(entry, generator, approach)
    steps = []
    for position, (c, t, p) in enumerate(session.generation.steps):
        if position:
            session.step()  # the model's choice: generate(G)'s next step
        steps.append(_compared(session, position, c, t, p))
    oracle = Session(session.entry, session.system, approach)
    try:
        oracle.run_to_end()
    except USER_ERRORS:
        pass  # the run up to where the oracle stopped is still worth showing
    return Comparison(entry.id, tuple(steps), session.generation.sentence, tuple(oracle.transitions),
                      tuple(s.configuration for s in oracle.steps[:-1]), oracle.output(),
                      " ".join(entry.tokens))


def _compared(session: GenerationSession, position: int, c: Configuration, t: Transition,
              p: float) -> ComparedStep:
    """Step ``position`` of generate(G) beside gold_B(c); the session is at c."""
    state = session.steps[position].oracle_state
    try:
        gold = session.oracle.gold(state, c)
    except USER_ERRORS as error:
        return ComparedStep(position, c, t, p, None, None, str(error) or type(error).__name__)
    gold_p = p if gold == t else dict(session.ranked()).get(gold)
    return ComparedStep(position, c, t, p, gold, gold_p)
