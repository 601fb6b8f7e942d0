"""The generator: generate(G) of Algorithm 5 (thesis 4.2.2) with the graph
normalization of Chapter 5 before it and the postprocessing of 4.4 after.

    G ──normalize──▶ c_s(G) ──phase 1 (T_restr, greedy)──▶ c = (G', ε, ε, ρ)
      ──phase 2 (best(v) bottom-up, LM)──▶ b̂ ──generatePartial──▶ ĉ
      ──postprocess (a pipeline of named steps: articles, punctuation, duplicates, ...)──▶ w̃

Our addition to Algorithm 5, where the pipeline asks for it (its step
``rerank-said``, in ``full``, not in ``thesis``): every candidate of
best(root(G')), not only its argmax (up to :data:`MAX_VERTICES_ALL_SAID`
vertices), is replayed and postprocessed, and the one whose score plus
θ_LM · score_LM of its postprocessed sentence is highest is the output.  The
postprocessing adds words the search never saw (auxiliaries, commas, quotation
marks), so the language model judges the sentences that are actually said
(figures in docs/results.md).  :meth:`Generator.root_candidates` is the
search, :meth:`Generator.say` the postprocessing and this choice, so that
other pipelines can say the same candidates (benchmarks/postprocess_ablation.py).

A :class:`Generator` holds what generation needs, loaded once: the models
of a model directory, the language model, the hyperparameters and the
default realizations.  :meth:`Generator.generate` keeps every intermediate
result in a :class:`Generation`, for ``--trace`` and the application.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

from amrgen.amr import Amr
from amrgen.amr_vocabulary import NOTHING_WITHOUT_CHILDREN
from amrgen.decoding.beam import BestSequenceSearch, Hypothesis, Phase2Result, replay
from amrgen.decoding.limits import checkpoint
from amrgen.decoding.models import Models
from amrgen.decoding.partial import phase2_start
from amrgen.decoding.phase1 import Phase1Result, generate_greedy_restricted
from amrgen.decoding.probabilities import TransitionProbabilities
from amrgen.errors import AmrgenError
from amrgen.graph import Vertex
from amrgen.hyperparameters import Hyperparameters
from amrgen.lm.model import DEFAULT_LM, LanguageModel
from amrgen.ml.conventions import Conventions
from amrgen.ml.names import ModelName
from amrgen.paths import RESOURCES_DIR
from amrgen.postprocess.pipeline import Edit, Pipeline, resolve_pipeline
from amrgen.postprocess.step import Context
from amrgen.prep.normalize import normalize_amr, says_nothing
from amrgen.realization.defaults import DefaultRealizer
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, finalize, initial
from amrgen.transitions.constraints import Constraints
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Transition

DEFAULT_DIR = RESOURCES_DIR / "default"
DEFAULT_MODEL = DEFAULT_DIR / "model"
DEFAULT_HYPERPARAMETERS = DEFAULT_DIR / "hyperparameters.json"



MAX_VERTICES_ALL_SAID = 200
"""Up to this many vertices in G' (one graph of the Little Prince, Bio,
bamboo-silver, MASSIVE and QALD corpora has more: 278, in bio-extra's
training set), every candidate of
best(root(G')) is replayed and said; above it, only the best one that has a
yield: replaying and postprocessing cost more than linear time in the
graph's size each, and every replayed candidate keeps its configurations
(docs/deviations.md)."""


class GenerationError(AmrgenError):
    """A graph the generator could not turn into a sentence."""


@dataclass
class Generation:
    """Everything generate(G) computed for one graph."""

    graph: Amr
    phase1: Phase1Result
    phase2: Phase2Result
    winner: Hypothesis
    """The candidate of best(root(G')) that was said (see the module doc)."""
    final: Configuration
    """ĉ = generatePartial(c, b̂), before postprocessing."""
    phase2_steps: list[tuple[Configuration, Transition, float]] = field(default_factory=list)
    """The (c, t, p) generatePartial applied to reach ĉ, in order."""
    tokens: list[str] = field(default_factory=list)
    """w̃ after postprocessing, one token per entry."""
    said_lm: float = 0.0
    """θ_LM · score_LM(w̃), the language model's score of the postprocessed sentence."""

    @property
    def score(self) -> float:
        """What chose this candidate of best(root(G')): its score ŝ plus :attr:`said_lm`."""
        return self.winner.score + self.said_lm

    @property
    def steps(self) -> list[tuple[Configuration, Transition, float]]:
        """Every (c, t, P(t | c)) in the order generation applied them: phase 1
        from c_s(G), then phase 2 from (G', σ, ε, ρ), σ a bottom-up traversal of G'."""
        return [*self.phase1.steps, *self.phase2_steps]

    @property
    def sentence(self) -> str:
        return " ".join(self.tokens)


@dataclass
class Candidate:
    """A candidate of best(root(G')) replayed: ĉ = generatePartial(c, b) and its steps."""

    hypothesis: Hypothesis
    final: Configuration
    steps: list[tuple[Configuration, Transition, float]]


@dataclass
class RootCandidates:
    """What the search gave for one graph, before anything is said: the
    candidates of best(root(G')) whose ĉ has a yield, best score first."""

    graph: Amr
    phase1: Phase1Result
    phase2: Phase2Result
    candidates: list[Candidate]


PostprocessSpec = Pipeline | str | Sequence[str]
"""A pipeline, its name (``thesis``, ``full``), a file of step names, or the step names."""


class Memoised(NamedTuple):
    """How many answers each model's memo holds, and the questions the LM's memo holds."""

    models: tuple[int, ...]
    lm: frozenset


class Generator:
    """generate(G) with loaded models, language model and hyperparameters, and
    the postprocessing pipeline (``postprocess``; default: the hyperparameters') and
    the punctuation conventions it follows (``conventions``; default: the models')."""

    def __init__(self, models: Models, lm: LanguageModel, hyper: Hyperparameters | None = None,
                 realizer: DefaultRealizer | None = None, postprocess: PostprocessSpec | None = None,
                 conventions: Conventions | None = None) -> None:
        self.models = models
        self.lm = lm
        self.hyper = hyper or Hyperparameters()
        self._postprocess = postprocess
        self._conventions = conventions
        self.pipeline = _pipeline(postprocess if postprocess is not None else self.hyper.postprocess,
                                  "hyperparameters: postprocess")
        """The postprocessing pipeline :meth:`say` runs."""
        self.postprocess_context = Context(lm, self.denom_probabilities, hyper=self.hyper,
                                          conventions=models.conventions if conventions is None else conventions)
        """What the postprocessing steps may ask: LM, DENOM model, WordNet, hyperparameters."""
        self.realizer = realizer or DefaultRealizer(arrangements=models.entity_arrangements)
        resources = replace(models.resources, default_realizations=self.realizer.realization_words)
        self.system = TransitionSystem(Constraints(resources))
        self.probabilities = TransitionProbabilities(models, self.system, self.hyper, self.realizer.realizations)
        self.search = BestSequenceSearch(self.probabilities, lm, self.hyper, self.realizer.lexicon)

    @classmethod
    def load(cls, model_dir: str | Path | None = None, lm_path: str | Path | None = None,
             hyperparameters: str | Path | Hyperparameters | None = None,
             postprocess: PostprocessSpec | None = None, conventions: Conventions | None = None) -> Generator:
        """The generator of a model directory and LM (the shipped default where
        not given); hyperparameters from a file, the default model's tuned file,
        or the built-in defaults; the postprocessing pipeline ``postprocess``,
        else the hyperparameters'; the conventions ``conventions``, else the models'."""
        models = Models.load(model_dir or DEFAULT_MODEL)
        lm = LanguageModel.load(lm_path or DEFAULT_LM)
        if isinstance(hyperparameters, Hyperparameters):
            hyper = hyperparameters
        else:
            hyper, source = generator_hyperparameters(model_dir, hyperparameters)
            if postprocess is None:  # a wrong step name is reported with the file it is in
                resolve_pipeline(hyper.postprocess, source)
        return cls(models, lm, hyper, postprocess=postprocess, conventions=conventions)

    def with_hyperparameters(self, hyper: Hyperparameters) -> Generator:
        """The same models, LM, postprocessing and conventions under other hyperparameters."""
        return Generator(self.models, self.lm, hyper, self.realizer, self._postprocess, self._conventions)

    def with_postprocess(self, postprocess: PostprocessSpec) -> Generator:
        """The same models, LM and hyperparameters with another postprocessing
        pipeline (:func:`amrgen.postprocess.pipeline.named_pipelines` lists the named ones)."""
        return Generator(self.models, self.lm, self.hyper, self.realizer, postprocess, self._conventions)

    def with_conventions(self, conventions: Conventions) -> Generator:
        """The same models, LM, hyperparameters and postprocessing following another corpus's
        punctuation conventions (:func:`amrgen.ml.conventions.corpus_conventions`)."""
        return Generator(self.models, self.lm, self.hyper, self.realizer, self._postprocess, conventions)

    def memoised(self) -> Memoised:
        """What the models' and the language model's memos of answers hold now (for
        :meth:`forget_answers`)."""
        return Memoised(tuple(model.answers_kept for model in self.models.models.values()), self.lm.memoised())

    def forget_answers(self, since: Memoised | None = None) -> None:
        """The memos of answers as :meth:`memoised` found them (None: as loading left
        them, empty): a benchmark's run then does not find the answers of another run."""
        kept = since or Memoised((0,) * len(self.models.models), frozenset())
        for model, keep in zip(self.models.models.values(), kept.models, strict=True):
            model.forget_answers(keep)
        self.lm.forget_answers(kept.lm)

    def first_phase(self, amr: Amr) -> tuple[Amr, Phase1Result]:
        """The normalized graph and generateGreedy_restr on it (line 1 of
        Algorithm 5).  It does not depend on the hyperparameters, so tuning
        computes it once per graph.  A graph whose root is a concept of
        :data:`~amrgen.amr_vocabulary.NOTHING_WITHOUT_CHILDREN` without a child (once
        normalization removed such empty structures below it) raises
        :class:`GenerationError`: it would silently give an empty line or a lone "."."""
        graph = normalize_amr(amr)
        _check_something_to_say(graph)
        return graph, generate_greedy_restricted(initial(graph.graph), self.models, self.system)

    def continue_from(self, c: Configuration) -> tuple[list[tuple[Configuration, Transition, float]], Configuration]:
        """generate(G) from a configuration of phase 1 that it did not reach itself
        (after a transition a user chose instead of the model's): the (c, t, p)
        generateGreedy_restr applies from c on, and the configuration phase 2
        starts from, (G', σ, ε, ρ) with σ a bottom-up traversal of G'."""
        rest = generate_greedy_restricted(c, self.models, self.system)
        return rest.steps, phase2_start(rest.configuration)

    def generate(self, amr: Amr, first_phase: tuple[Amr, Phase1Result] | None = None) -> Generation:
        """Algorithm 5 and postprocessing on one AMR graph (``first_phase``: what
        :meth:`first_phase` gave for it, if known)."""
        return self.say(self.root_candidates(amr, first_phase, every=self.pipeline.reranks))

    def root_candidates(self, amr: Amr, first_phase: tuple[Amr, Phase1Result] | None = None,
                        every: bool = True) -> RootCandidates:
        """Phase 1 and phase 2 of Algorithm 5 on one AMR graph, and every
        candidate of best(root(G')) replayed (``every`` False: only the best
        that has a yield, all a pipeline without re-ranking says); none of it
        depends on the postprocessing pipeline."""
        graph, phase1 = first_phase or self.first_phase(amr)
        c = phase1.configuration
        undecided = [v for v in c.graph.vertices if not c.rho.defined(Key.DEL, v)]
        if undecided:
            raise GenerationError(f"phase 1 left {_names(undecided)} without Delete or Keep")
        phase2 = self.search.run(c)
        candidates = sorted(phase2.best.get(phase2.root) or [], key=lambda h: h.score, reverse=True)
        if not candidates:
            raise GenerationError("no candidate reached the root in phase 2")
        replayed = []
        wanted = len(candidates) if every and len(c.graph.vertices) <= MAX_VERTICES_ALL_SAID else 1
        shared: dict = {}  # the candidates agree on most vertices: their configurations there are made once
        for hypothesis in candidates:
            steps: list[tuple[Configuration, Transition, float]] = []
            final = replay(c, phase2, hypothesis, steps, shared)
            if finalize(final) is not None:
                replayed.append(Candidate(hypothesis, final, steps))
                if len(replayed) == wanted:
                    break
        if not replayed:
            raise GenerationError("the best transition function leaves c_f undefined")
        return RootCandidates(graph, phase1, phase2, replayed)

    def say(self, searched: RootCandidates, pipeline: Pipeline | None = None) -> Generation:
        """The candidate said, its ĉ postprocessed by ``pipeline`` (default:
        :attr:`pipeline`): the best of best(root(G')) (Algorithm 5), or, where the
        pipeline re-ranks (:data:`~amrgen.postprocess.pipeline.RERANK`), the one whose
        score plus θ_LM · score_LM of its postprocessed sentence is highest (the first of equals)."""
        pipeline = pipeline or self.pipeline
        best: Generation | None = None
        for candidate in searched.candidates if pipeline.reranks else searched.candidates[:1]:
            checkpoint()
            tokens = pipeline.run(candidate.final, self.postprocess_context)
            said_lm = self.hyper.theta_lm * self.search.score_lm(tuple(tokens), complete=True)
            generation = Generation(searched.graph, searched.phase1, searched.phase2, candidate.hypothesis,
                                    candidate.final, candidate.steps, tokens, said_lm)
            if best is None or generation.score > best.score:
                best = generation
        assert best is not None  # root_candidates keeps at least one
        return best

    def postprocessed(self, final: Configuration, pipeline: Pipeline | None = None) -> list[str]:
        """w̃: the tokens of a final configuration after postprocessing by
        ``pipeline`` (default: :attr:`pipeline`)."""
        return (pipeline or self.pipeline).run(final, self.postprocess_context)

    def postprocess_edits(self, final: Configuration, pipeline: Pipeline | None = None) -> list[Edit]:
        """What each step of ``pipeline`` (default: :attr:`pipeline`) changed in the sentence
        of ``final``, in order (``--trace``, the application's Realization dock)."""
        edits: list[Edit] = []
        (pipeline or self.pipeline).run(final, self.postprocess_context, edits)
        return edits

    def denom_probabilities(self, c: Configuration, v: Vertex) -> dict[str, float]:
        """P(DENOM = · | G, v) for the article revision of 4.4, given v's POS and number."""
        known = {Key.POS: c.rho.get(Key.POS, v, "NN"), Key.NUMBER: c.rho.get(Key.NUMBER, v, "singular")}
        context = self.models.context(c.with_(node_buffer=(v,), child_buffer=())).derive(annotation=known)
        return self.models.probabilities(ModelName.DENOM, context)


def generator_hyperparameters(model_dir: str | Path | None,
                              hyperparameters: str | Path | None) -> tuple[Hyperparameters, str]:
    """The hyperparameters :meth:`Generator.load` uses: those of the file ``hyperparameters``,
    else the shipped default's where the model is the default one, else the built-in values;
    and where their postprocessing pipeline is written (for an error naming the file)."""
    if hyperparameters is not None or model_dir is None and DEFAULT_HYPERPARAMETERS.exists():
        path = hyperparameters if hyperparameters is not None else DEFAULT_HYPERPARAMETERS
        return Hyperparameters.load(path), f"{path}: postprocess"
    return Hyperparameters(), "hyperparameters: postprocess"


def _pipeline(spec: PostprocessSpec, source: str) -> Pipeline:
    return spec if isinstance(spec, Pipeline) else resolve_pipeline(spec, source)


def _check_something_to_say(amr: Amr) -> None:
    if says_nothing(amr.graph, amr.constants, amr.root):
        concept = str(amr.graph.label(amr.root))
        raise GenerationError(f"{concept} {amr.root} has no {NOTHING_WITHOUT_CHILDREN[concept]}: nothing to say")


def _names(vertices: list[Vertex]) -> str:
    return ", ".join(map(str, vertices[:5])) + (" ..." if len(vertices) > 5 else "")
