"""Generating a whole corpus: one sentence per graph, in corpus order (thesis
5.3, the main package's command line, and the experiments of Section 6).

:func:`generate_corpus` runs generate(G) (Algorithm 5 with normalization and
postprocessing, :class:`~amrgen.decoding.generator.Generator`) on every
entry of a corpus file.  Whatever goes wrong with one graph costs that graph
alone: a malformed entry, a graph that is not an AMR graph, a
:class:`~amrgen.decoding.generator.GenerationError` or any other exception
inside generation gives a :class:`GraphResult` with an empty sentence and a
one-line message naming the file, line and entry; the other graphs go on.

With ``workers`` > 1 the graphs are split into contiguous chunks that
joblib's worker processes generate; a worker process that dies is replaced
and the graphs it took with it are generated again (:func:`_parallel_chunks`).
A process loads the generator from
paths (:class:`GeneratorSpec`), once, and keeps it for its later chunks
(and later corpora: ``amrgen tune`` evaluates one assignment after another
in the same processes).  The results come back in corpus order, the same
as one worker's: generation does not depend on the process.  Given a Dask
cluster (:mod:`amrgen.evaluation.cluster`), the chunks go to its workers
instead, each of which loads the generator once in the same way.

``amrgen generate``, ``amrgen evaluate``, ``amrgen tune`` and
``benchmarks/generation.py`` all generate through this module.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import itertools
import math
import re
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm import tqdm

from amrgen.amr import Amr
from amrgen.collector import without_collection_pauses
from amrgen.decoding.generator import Generation, Generator
from amrgen.decoding.limits import (
    Limits,
    address_space_capped,
    bounded,
    limit_memory,
    memory_error,
    memory_limit,
)
from amrgen.decoding.phase1 import Phase1Result
from amrgen.decoding.segments import segments
from amrgen.errors import AmrgenError
from amrgen.evaluation.lengths import Scored, row
from amrgen.hyperparameters import Hyperparameters
from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import CorpusEntry, ReadError, read_items  # read_items: the commands import it from here
from amrgen.io.printable import escaped, printable
from amrgen.prep.tokenize import alternatives_of, reference_of

if TYPE_CHECKING:
    from amrgen.evaluation.cluster import Cluster

Item = CorpusEntry | ReadError
FirstPhase = tuple[Amr, Phase1Result]

#: Chunks per worker process: small enough that the workers finish at about the same time, few
#: enough that sending them costs nothing.
CHUNKS_PER_WORKER = 16


@dataclass(frozen=True)
class GeneratorSpec:
    """Where a generator comes from: the arguments of :meth:`Generator.load`
    (None: the shipped default), as paths, so that every process loads its own."""

    model_dir: str | None = None
    lm_path: str | None = None
    hyperparameters: str | None = None
    postprocess: str | None = None
    """The postprocessing pipeline: ``thesis``, ``full`` or a file (None: the hyperparameters')."""
    conventions: str | None = None
    """A corpus file whose references' punctuation conventions are followed (None: the model's)."""

    def load(self) -> Generator:
        """The generator, WordNet's table and lemminflect's loaded too: they load
        at the first question, which would otherwise count as the first graph's time
        (and, in the application, freeze the window)."""
        from amrgen.lexicon.wordnet_cache import load_table
        from amrgen.postprocess.conventions import corpus_conventions
        from amrgen.realization.inflection import load_inflections

        conventions = corpus_conventions(self.conventions) if self.conventions else None
        generator = Generator.load(self.model_dir, self.lm_path, self.hyperparameters, self.postprocess, conventions)
        load_table()
        load_inflections()
        return generator


@functools.lru_cache(maxsize=2)
def loaded(spec: GeneratorSpec) -> Generator:
    """The generator of ``spec``, loaded once per process, out of the cycle collector's
    sight (:func:`~amrgen.collector.without_collection_pauses`): the models, the LM and
    the tables live as long as the process, and every full collection of a corpus run
    walked them again (0.84 of 20.5 s of CPU over LP test and 50 Bio dev graphs)."""
    with without_collection_pauses():
        return spec.load()


READY_FROM = 20
"""Graphs from which a run loads what :func:`ready_for_corpus` loads before its first
graph: a shorter one may end before it asks for all of it (the 7 graphs of
``assets/sample.amr``: 1.6-1.9 s of wall time without, 2.3 s with)."""


def ready_for_corpus(generator: Generator) -> Generator:
    """``generator`` with what a run of many graphs would otherwise load inside its
    first graphs loaded now: every model's feature list compiled
    (:meth:`~amrgen.decoding.models.Models.compile_columns`, 0.3-0.6 s, else at each
    model's hundredth question, in whichever graph asks it) and lemminflect's lemma
    tables read (0.5 s, else at the first verb a postprocessing step looks up).  Out
    of the collector's sight, as the models are.  A run of fewer than
    :data:`READY_FROM` graphs does without."""
    from amrgen.realization.inflection import load_lemmas

    with without_collection_pauses():
        generator.models.compile_columns()
        load_lemmas()
    return generator


@functools.lru_cache(maxsize=2)
def _ready(spec: GeneratorSpec) -> Generator:
    return ready_for_corpus(loaded(spec))


@dataclass
class GraphResult:
    """What generating one entry of a corpus gave."""

    index: int
    """Position among the file's entries, malformed ones included."""
    entry_id: str
    place: str
    """``file:line`` where the entry starts."""
    sentence: str = ""
    """The generated sentence (lower-cased tokens joined by spaces); empty if it failed."""
    error: str | None = None
    seconds: float = 0.0
    """Time of generate(G) for this graph (first phase included unless it was given), model loaded."""
    trace: dict[str, Any] | None = None
    first_phase: FirstPhase | None = None
    """The normalized graph and phase 1's result, when asked to keep them (for reuse)."""

    @property
    def failed(self) -> bool:
        return self.error is not None

    @property
    def message(self) -> str:
        """The one-line message of a graph that could not be generated, control characters escaped."""
        return escaped(f"{self.place}: entry {self.entry_id}: {self.error}")


def reference_tokens(item: Item) -> list[str] | None:
    """The tokenized reference of an entry, as ``amrgen oracle --bleu`` scores
    against (``# ::tok``, else ``# ::snt`` tokenized); None if it has none."""
    if isinstance(item, ReadError):
        return None
    try:
        return reference_of(item.metadata).tokens
    except CorpusFormatError:
        return None


def alternative_tokens(item: Item) -> list[list[str]]:
    """The tokenized paraphrases of an entry's reference (``# ::alt-snts``), further
    references of BLEU; none for a malformed entry."""
    return [] if isinstance(item, ReadError) else alternatives_of(item.metadata)


def scored(results: Sequence[GraphResult], references: Sequence[list[str] | None],
           alternatives: Sequence[list[list[str]]] | None = None) -> list[Scored]:
    """The sentence, references and time of every graph that has a reference (a
    graph that could not be generated counts with the empty sentence);
    ``alternatives``: each graph's further references (:func:`alternative_tokens`)."""
    further = alternatives if alternatives is not None else [[] for _ in references]
    return [Scored(r.sentence, ref, r.seconds, alts)
            for r, ref, alts in zip(results, references, further, strict=True) if ref is not None]


def generation_bleu(results: Sequence[GraphResult], references: Sequence[list[str] | None],
                    alternatives: Sequence[list[list[str]]] | None = None) -> float:
    """Corpus BLEU over the graphs that have a reference (see :func:`scored`), as
    ``amrgen oracle --bleu``, against every reference a graph has."""
    return row("all", scored(results, references, alternatives)).bleu or 0.0


def generate_graph(generator: Generator, item: Item, trace: bool = False, first_phase: FirstPhase | None = None,
                   keep_first_phase: bool = False, limits: Limits | None = None) -> GraphResult:
    """generate(G) for one entry, every failure caught (see the module docstring);
    past a limit of ``limits`` (:func:`~amrgen.decoding.limits.bounded`, in any
    thread), or out of memory, it fails with a message naming the limit."""
    if isinstance(item, ReadError):
        return _failed(item, item.message, trace)
    result = GraphResult(item.index, item.id, f"{item.path}:{item.line}")
    generation: Generation | None = None
    pieces: list[Generation] = []
    said = ""
    started = time.perf_counter()
    try:
        with bounded(limits):
            amr = Amr.from_tree(item.tree)
            parts = [amr] if first_phase is not None else segments(amr)
            if len(parts) > 1:  # too large to generate whole: its segments one by one
                pieces = [generator.generate(part) for part in parts]
                said = " ".join(piece.sentence for piece in pieces)
            else:
                first_phase = first_phase or generator.first_phase(amr)
                generation = generator.generate(amr, first_phase)
                said = generation.sentence
    except AmrgenError as error:
        result.error = str(error)
    except MemoryError:
        result.error = memory_error(limits)
    except SystemError as error:  # under a cap, most likely an allocation a C extension did not report
        result.error = memory_error(limits) if address_space_capped() else _internal_error(error)
    except Exception as error:  # noqa: BLE001 - one graph's failure must not cost the others
        result.error = _internal_error(error)
    result.seconds = time.perf_counter() - started
    if result.error is None:
        result.sentence = printable(said)  # one line, nothing a terminal acts on
    if keep_first_phase:
        result.first_phase = first_phase
    if trace:
        result.trace = _trace(item.index, item.id, generator, first_phase, generation, result.error, pieces)
        result.trace["sentence"] = said if result.error is None else ""
    return result


def generate_corpus(spec: GeneratorSpec, items: Sequence[Item], *, workers: int = 1,
                    hyperparameters: Hyperparameters | None = None, trace: bool = False,
                    first_phases: Sequence[FirstPhase | None] | None = None, keep_first_phases: bool = False,
                    progress: bool = True, on_result: Callable[[GraphResult], None] | None = None,
                    cluster: Cluster | None = None, limits: Limits | None = None) -> list[GraphResult]:
    """Generate every item, in order (see the module docstring), on ``cluster``
    if one is given (``workers`` then plays no part).

    ``hyperparameters`` replace the spec's; ``first_phases`` (one per item,
    None where unknown) are reused instead of recomputed, and
    ``keep_first_phases`` returns them with the results.  ``on_result`` hears
    of each result in corpus order as it arrives; progress goes to stderr.
    ``limits`` bound each graph's time and memory (:mod:`amrgen.decoding.limits`),
    and the address space of each process that generates and is not a Dask
    worker's (a cap would stay on the worker for good; Dask's own per-worker
    memory limit applies there).
    """
    phases = list(first_phases) if first_phases is not None else [None] * len(items)
    if len(phases) != len(items):
        raise ValueError(f"{len(phases)} first phases for {len(items)} graphs")
    ready = len(items) >= READY_FROM
    options = (hyperparameters, trace, keep_first_phases, limits, True, ready)
    if cluster is not None:
        pairs = list(zip(items, phases))
        bounds = _chunks(len(items), cluster.workers * CHUNKS_PER_WORKER)
        lost = functools.partial(_lost, trace=trace)
        capped = contextlib.nullcontext()
        uncapped = (hyperparameters, trace, keep_first_phases, limits, False, ready)
        chunks = cluster.map_chunks(_generate_pairs, [pairs[a:b] for a, b in bounds], spec, *uncapped, lost=lost)
    elif workers <= 1 or len(items) <= 1:
        generator = _generator(spec, hyperparameters, ready)
        # for this run only: the caller's process goes on
        capped = memory_limit(limits.memory_mb if limits else None)
        chunks = ([generate_graph(generator, item, trace, phase, keep_first_phases, limits)]
                  for item, phase in zip(items, phases))
    else:
        capped = contextlib.nullcontext()  # each worker process caps itself
        chunks = _parallel_chunks(spec, items, phases, options, workers)
    results: list[GraphResult] = []
    with capped, tqdm(total=len(items), unit="graph", disable=not progress, leave=False) as bar:
        for chunk in chunks:
            for result in chunk:
                results.append(result)
                if on_result is not None:
                    on_result(result)
                bar.update()
    return results


def _parallel_chunks(spec: GeneratorSpec, items: Sequence[Item], phases: Sequence[FirstPhase | None],
                     options: tuple, workers: int) -> Iterator[list[GraphResult]]:
    """The results of contiguous chunks of ``items``, in order, from ``workers``
    processes.  A process that dies (killed for its memory, a crash in native
    code) takes the chunks in flight with it: the ones not returned yet are
    generated again in fresh processes, the first of them one graph at a time,
    and a graph whose process dies when it is generated alone fails alone."""
    # joblib takes 0.2 s to import: only where workers are asked for.
    from joblib import Parallel, delayed
    from joblib.externals.loky.process_executor import TerminatedWorkerError

    def run(bounds: Sequence[tuple[int, int]]) -> Iterator[list[GraphResult]]:
        return Parallel(n_jobs=workers, return_as="generator")(
            delayed(_generate_chunk)(spec, items[a:b], phases[a:b], *options) for a, b in bounds)

    pending = collections.deque(_chunks(len(items), workers * CHUNKS_PER_WORKER))
    while pending:
        try:
            for chunk in run(list(pending)):
                pending.popleft()
                yield chunk
        except TerminatedWorkerError:
            a, b = pending.popleft()
            if b - a > 1:
                pending.extendleft((i, i + 1) for i in reversed(range(a, b)))
                continue
            try:
                yield next(iter(run([(a, b)])))
            except TerminatedWorkerError as again:
                codes = re.search(r"exit codes of the workers are \{(.*?)\}", str(again))
                yield [_failed(items[a], "its worker process died" + (f" ({codes[1]})" if codes else ""),
                               options[1])]


def _internal_error(error: Exception) -> str:
    """The message of a failure that is not the input's: the exception and where it was raised."""
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"internal error {type(error).__name__}: {error} ({Path(frame.filename).name}:{frame.lineno})"


def _failed(item: Item, message: str, trace: bool) -> GraphResult:
    """The result of an item that failed outside generate(G)."""
    entry_id = item.entry_id if isinstance(item, ReadError) else item.id
    return GraphResult(item.index, entry_id, f"{item.path}:{item.line}", error=message,
                       trace=_trace(item.index, entry_id, error=message) if trace else None)


def _generate_chunk(spec: GeneratorSpec, items: Sequence[Item], phases: Sequence[FirstPhase | None],
                    hyperparameters: Hyperparameters | None, trace: bool, keep: bool,
                    limits: Limits | None, own_process: bool, ready: bool) -> list[GraphResult]:
    generator = _generator(spec, hyperparameters, ready)
    if own_process:  # a worker process of ours: capped once its generator is loaded
        limit_memory(limits.memory_mb if limits else None)
    return [generate_graph(generator, item, trace, phase, keep, limits) for item, phase in zip(items, phases)]


def _generate_pairs(pairs: Sequence[tuple[Item, FirstPhase | None]], spec: GeneratorSpec,
                    *options: Any) -> list[GraphResult]:
    """:func:`_generate_chunk` of (item, first phase) pairs, the unit a cluster splits a lost chunk into."""
    return _generate_chunk(spec, [item for item, _ in pairs], [phase for _, phase in pairs], *options)


def _lost(pair: tuple[Item, FirstPhase | None], reason: str, trace: bool) -> GraphResult:
    return _failed(pair[0], f"lost on the cluster: {reason}", trace)


def _generator(spec: GeneratorSpec, hyperparameters: Hyperparameters | None, ready: bool) -> Generator:
    """The generator of ``spec`` (made ready for a long run, once per process, where
    ``ready``: a worker process generates many chunks of it) with ``hyperparameters``."""
    generator = _ready(spec) if ready else loaded(spec)
    return generator if hyperparameters is None else generator.with_hyperparameters(hyperparameters)


def _chunks(count: int, pieces: int) -> list[tuple[int, int]]:
    """``count`` positions split into at most ``pieces`` contiguous, nearly equal ranges."""
    pieces = max(1, min(pieces, count))
    edges = [count * i // pieces for i in range(pieces + 1)]
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


TRACE_KEYS = ("index", "id", "sentence", "error", "phase1", "phase2", "score", "postprocess", "segments")
"""The keys of a ``--trace`` line (see :func:`_trace`)."""


def _trace(index: int, entry_id: str, generator: Generator | None = None, first_phase: FirstPhase | None = None,
           generation: Generation | None = None, error: str | None = None,
           pieces: Sequence[Generation] = ()) -> dict[str, Any]:
    """One ``--trace`` line: the entry, the sentence, phase 1's transitions
    (str(t) and P(t | c)), phase 2's chosen transitions b̂(v) per vertex in
    bottom-up order (Algorithm 5's traversal, a vertex Insert-Child added just
    before its parent), and the winner's score parts: θ_LM · score_LM, score_TS
    by class (Σ θ_C(t) · log p) and the total ŝ; θ_LM · score_LM of the
    postprocessed sentence and ŝ plus it, which chose the winner among best(root) where the pipeline
    re-ranks; and each postprocessing step that changed the sentence (step, before, after).  What was not reached is null;
    infinite numbers are written as strings ("-inf").

    A graph generated in segments (``pieces``) has no phase 1 or 2 of its own:
    ``segments`` lists each segment's sentence, phase1, phase2 and score, and
    ``score`` is their sum, part by part (null for a graph generated whole)."""
    line: dict[str, Any] = dict.fromkeys(TRACE_KEYS)
    line.update(index=index, id=entry_id, sentence=generation.sentence if generation else "", error=error)
    if first_phase is not None:
        line["phase1"] = _phase1(first_phase[1])
    if generation is not None and generator is not None:
        line["phase2"], line["score"] = _phase2(generation), _numbers(_score(generator, generation))
        line["postprocess"] = [vars(edit) for edit in generator.postprocess_edits(generation.final)]
    if pieces and generator is not None:
        scores = [_score(generator, piece) for piece in pieces]
        line["segments"] = [{"sentence": piece.sentence, "phase1": _phase1(piece.phase1), "phase2": _phase2(piece),
                             "score": _numbers(score)} for piece, score in zip(pieces, scores)]
        line["score"] = _numbers(_summed(scores))
    return line


def _phase1(phase1: Phase1Result) -> list[dict[str, Any]]:
    return [_step(t, p) for _, t, p in phase1.steps]


def _phase2(generation: Generation) -> list[dict[str, Any]]:
    b = generation.winner.function()
    return [{"vertex": str(v), "transitions": [_step(t, p) for t, p in b[v]]}
            for v in _bottom_up(generation) if v in b]


def _score(generator: Generator, generation: Generation) -> dict[str, Any]:
    winner = generation.winner
    return {"theta_lm_score_lm": winner.lm, "score_ts": winner.scores_by_class(generator.hyper),
            "score_ts_total": winner.ts, "total": winner.score,
            "theta_lm_score_lm_said": generation.said_lm, "said_total": generation.score}


def _summed(scores: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The score parts of several generations added up, score_TS class by class."""
    total: dict[str, Any] = {key: 0.0 for key in scores[0]}
    total["score_ts"] = {}
    for score in scores:
        for key, value in score.items():
            if key == "score_ts":
                for name, part in value.items():
                    total["score_ts"][name] = total["score_ts"].get(name, 0.0) + part
            else:
                total[key] += value
    return total


def _numbers(score: dict[str, Any]) -> dict[str, Any]:
    """A score for JSON: infinite numbers as strings."""
    return {key: {name: _number(s) for name, s in value.items()} if isinstance(value, dict) else _number(value)
            for key, value in score.items()}


def _bottom_up(generation: Generation) -> list:
    """Phase 2's traversal order, with the vertices Insert-Child added (not in
    it: they are processed inside their parent's getBest) before their parent."""
    traversed = set(generation.phase2.order)
    inserted: dict[Any, list] = {}
    stack = [generation.winner]
    while stack:
        hypothesis = stack.pop()
        for child in hypothesis.children:
            if child.vertex not in traversed:
                inserted.setdefault(hypothesis.vertex, []).append(child.vertex)
            stack.append(child)
    return [u for v in generation.phase2.order for u in (*inserted.get(v, ()), v)]


def _step(transition: Any, p: float) -> dict[str, Any]:
    return {"transition": str(transition), "p": _number(p)}


def _number(x: float) -> float | str:
    return x if math.isfinite(x) else str(x)
