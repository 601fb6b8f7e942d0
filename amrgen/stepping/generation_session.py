"""Model mode: stepping through what the trained generator does with a graph.

The generator works on the normalized graph G' (:func:`amrgen.prep.normalize.normalize`:
names collapsed, deverbalized, no wiki), so the session does too: its entry
is the normalized one, whose alignment the oracle follows to mark the gold
transition.

At each configuration the session offers all(c), the transitions the
models consider with P(t | c) (:func:`amrgen.decoding.greedy.ranked_transitions`),
and one of them is *the model's choice*: what generate(G) actually chose
for this graph (:attr:`Generation.steps`: phase 1 from c_s(G'), then phase 2
from (G', σ bottom-up, ε, ρ) as generatePartial replays the winner b̂).
Picking another transition overrides the model; from then on its choice
is the most probable transition of all(c), except that phase 1 goes on as
generateGreedy_restr does (Delete and Keep pop σ1, and phase 2 starts from
(G', σ bottom-up, ε, ρ) once σ is empty: :meth:`Generator.continue_from`).

A graph that ``amrgen generate`` cuts into segments (more than 200 vertices, or a
node of more than 32 children: :func:`amrgen.decoding.segments.too_large_to_generate_whole`)
is refused at once with :class:`GraphTooLargeError`: stepping generates the graph whole
and keeps every configuration, which for a 1,023-vertex tree took minutes and gigabytes;
the command line and the application's corpus generation say it in segments.

What the model goes on to do from a configuration is a :class:`Plan`: the
(c, t, p) it applies and the configuration after the last.  Each step of
the history remembers the plan it is on and where, so that going back and
stepping again follows the model's choice from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from amrgen.decoding.beam import Hypothesis
from amrgen.decoding.generator import Generation
from amrgen.decoding.segments import too_large_to_generate_whole
from amrgen.errors import AmrgenError
from amrgen.graph import Vertex
from amrgen.oracle.annotations import Approach
from amrgen.prep.extended import ExtendedEntry
from amrgen.postprocess.pipeline import Edit
from amrgen.prep.normalize import normalize
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen.stepping.search_record import Dropped, RecordingSearch, winner_path
from amrgen.stepping.session import USER_ERRORS, Mode, Session, Step
from amrgen.transitions.configuration import Configuration, initial
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import Transition

Decision = tuple[Configuration, Transition, float]
"""(c, t, P(t | c)) as the generator records its steps."""


@dataclass(frozen=True)
class Plan:
    """The model's steps from some configuration on, and the configuration after the last."""

    decisions: tuple[Decision, ...]
    end: Configuration

    def configuration(self, index: int) -> Configuration:
        """The configuration before decision ``index`` (the end after the last)."""
        return self.decisions[index][0] if index < len(self.decisions) else self.end


@dataclass(frozen=True)
class ModelStep(Step):
    """A step of a generator's session: where on which plan its configuration is
    (no plan: past every plan, the most probable transition is the choice)."""

    plan: Plan | None = None
    index: int = 0
    ranked: list = field(default_factory=list, compare=False)
    """all(c) with P(t | c) once asked (see :meth:`GenerationSession.ranked`)."""


def phase(c: Configuration) -> int:
    """1 while σ1 waits for a transition of T_restr (stage 1), 2 after (0 at a
    terminal configuration)."""
    if c.is_terminal():
        return 0
    return 1 if stage(c) is Stage.PREDECESSORS else 2


class GraphTooLargeError(AmrgenError):
    """A graph too large to step through generate(G) (see the module doc)."""


class GenerationSession(Session):
    """Step through generate(G) for one entry, or away from it."""

    def __init__(self, entry: ExtendedEntry, generator: LoadedGenerator, approach: Approach = Approach.TEXT) -> None:
        problem = too_large_to_generate_whole(entry.amr)
        if problem is not None:
            raise GraphTooLargeError(
                f"too large to step through ({problem}): stepping generates a graph whole "
                "and keeps every configuration; amrgen generate and Generate Corpus say it in segments")
        self.generator = generator
        self.generation: Generation = generator.generate(entry.amr)
        normalized = normalize(entry)
        if normalized.amr.graph != self.generation.graph.graph:
            raise ValueError(f"entry {entry.id}: its normalized graph is not the one the generator used")
        super().__init__(normalized, generator.system, approach, Mode.MODEL)

    def reset(self) -> None:
        super().reset()
        g = self.generation
        plan = Plan(tuple(g.steps), g.final)
        self.steps = [ModelStep(initial(g.graph.graph), None, self.oracle.start, plan=plan)]
        self.position = 0

    # -- what the model says ---------------------------------------------------------

    def ranked(self) -> list[tuple[Transition, float]]:
        """all(c) at the current configuration with P(t | c), most probable first,
        and the model's choice among them even where all(c) scores it otherwise."""
        step = self.steps[self.position]
        if not step.ranked and not self.is_terminal():
            ranked = self.generator.ranked(step.configuration)
            planned = self._planned(step)
            if planned is not None and all(t != planned[0] for t, _ in ranked):
                ranked = sorted([*ranked, planned], key=lambda pair: -pair[1])
            step.ranked.extend(ranked)
        return list(step.ranked)

    def choice(self) -> tuple[Transition, float] | None:
        """The model's next transition with its probability (None at a terminal configuration)."""
        planned = self._planned(self.steps[self.position])
        if planned is not None:
            return planned
        ranked = self.ranked()
        return ranked[0] if ranked else None

    def phase(self) -> int:
        """The phase of generation the current configuration is in (see :func:`phase`)."""
        return phase(self.current)

    def on_generation_path(self) -> bool:
        """Whether every transition so far is the one generate(G) chose."""
        return self.steps[self.position].plan is self.steps[0].plan

    def applicable(self) -> list[Transition]:
        return [t for t, _ in self.ranked()]

    def gold(self) -> Transition | None:
        """gold_B(c) where the oracle can tell (the generator may lead where it cannot)."""
        try:
            return super().gold()
        except USER_ERRORS:
            return None

    def sentence(self) -> str | None:
        """w̃ at a terminal configuration: c_f postprocessed (articles, punctuation, duplicates)."""
        if not self.is_terminal() or self.output() is None:
            return None
        if self.on_generation_path():
            return self.generation.sentence
        return " ".join(self.generator.postprocessed(self.current))

    def postprocess_edits(self) -> list[Edit]:
        """What each postprocessing step changed to make :meth:`sentence` of c_f, in order
        (step, sentence before, after); none before a terminal configuration."""
        if not self.is_terminal() or self.output() is None:
            return []
        return self.generator.postprocess_edits(self.current)

    @staticmethod
    def _planned(step: ModelStep) -> tuple[Transition, float] | None:
        if step.plan is None or step.index >= len(step.plan.decisions):
            return None
        _, t, p = step.plan.decisions[step.index]
        return t, p

    # -- moving ------------------------------------------------------------------------

    def _next_step(self, transition: Transition | None) -> ModelStep:
        step: ModelStep = self.steps[self.position]
        c = step.configuration
        choice = self.choice()
        if choice is None:
            raise ValueError(f"no transition applies at σ1 = {c.sigma1}")
        t, p = choice if transition is None or transition == choice[0] else (transition, self._probability(transition))
        if (t, p) == self._planned(step):
            plan, index = step.plan, step.index + 1
        elif phase(c) == 1:
            rest, start = self.generator.continue_from(self.system.apply(t, c))
            plan, index = Plan(tuple(rest), start), 0
        else:
            plan, index = Plan((), self.system.apply(t, c)), 0
        after = plan.configuration(index)
        try:
            state = self.oracle.update(step.oracle_state, c, t, after)
        except USER_ERRORS:
            state = step.oracle_state  # the generator may lead where the oracle cannot follow
        return ModelStep(after, t, state, p, plan=plan, index=index)

    def follow_generation(self, position: int) -> None:
        """Go to the configuration after ``position`` transitions of generate(G): the
        history is replayed while it is generate(G)'s, and from the first override
        on it is replaced by the model's own choices."""
        if not 0 <= position <= len(self.generation.steps):
            raise IndexError(f"no step {position}: generate(G) applied {len(self.generation.steps)} transitions")
        self.jump(0)
        while self.position < position:
            replay = self.position + 1 < len(self.steps) and self.steps[self.position + 1].plan is self.steps[0].plan
            self.step(None if replay else self.choice()[0])

    def _probability(self, t: Transition) -> float | None:
        """P(t | c) as all(c) has it; None for a transition outside all(c) (the gold one, say)."""
        return dict(self.ranked()).get(t)

    def expected(self) -> list[Configuration]:
        """generate(G)'s configurations, then the history."""
        g = self.generation
        return [c for c, _, _ in g.steps] + [g.final] + [step.configuration for step in self.steps]

    # -- phase 2 ---------------------------------------------------------------------------

    @cached_property
    def search_record(self) -> RecordingSearch:
        """Phase 2 run again on the same configuration, noting every pruning (for
        the candidates it dropped and where, :meth:`RecordingSearch.dropped`)."""
        g = self.generator.generator
        search = RecordingSearch(g.probabilities, g.lm, g.hyper)
        self.generator.run_search(search, self.generation.phase1.configuration)
        return search

    @cached_property
    def winner_path(self) -> dict[Vertex, Hypothesis]:
        """Each vertex's candidate on the path to the winner b̂ (:func:`winner_path`)."""
        return winner_path(self.generation.winner)

    def best(self, v: Vertex) -> tuple[list[Hypothesis], list[Dropped]]:
        """best(v) as generate(G) found it, best first, and the candidates of v
        that the search dropped on the way (:meth:`RecordingSearch.dropped`)."""
        return self.generation.phase2.best.get(v, []), self.search_record.dropped(v)
