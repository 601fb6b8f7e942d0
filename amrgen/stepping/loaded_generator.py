"""The generator a stepping session in model mode asks
(:class:`~amrgen.stepping.generation_session.GenerationSession`).

:meth:`LoadedGenerator.load` loads a model directory, a language model and
the hyperparameters (the shipped default where not given) the way ``amrgen
generate`` does (:class:`amrgen.run.spec.GeneratorFiles` resolved,
WordNet included); the application does it in a worker thread, since
importing and loading take seconds.

The application asks the generator questions from the GUI thread (a graph's
generation, all(c) at a configuration) while the corpus generation asks it
from a worker thread; the generator's caches (the language model's, the
features') are not made for threads, so every call here takes one lock.
A question from the GUI waits for at most one graph of the corpus.

Generating a graph (:meth:`LoadedGenerator.generate`, :meth:`~LoadedGenerator.generate_item`,
:meth:`~LoadedGenerator.run_search`) keeps within :attr:`LoadedGenerator.limits`
in whichever thread asks (:func:`amrgen.decoding.limits.bounded`): a graph past
them raises :class:`~amrgen.decoding.limits.LimitExceeded`, or fails alone in a
corpus, with the message ``amrgen generate`` gives.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING


if TYPE_CHECKING:  # the decoder is imported when a generator loads, not when the application starts
    from amrgen.amr import Amr
    from amrgen.decoding.beam import BestSequenceSearch
    from amrgen.decoding.generator import Generation, Generator
    from amrgen.decoding.limits import Limits
    from amrgen.postprocess.pipeline import Edit
    from amrgen.run.graph import FirstPhase, GraphResult, Item
    from amrgen.run.runners import Task
    from amrgen.run.spec import GeneratorFiles
    from amrgen.transitions.configuration import Configuration
    from amrgen.transitions.system import TransitionSystem
    from amrgen.transitions.transitions import Transition

CACHED_GENERATIONS = 16
"""Generations kept, so that going back to an entry does not generate it again."""

_LOCKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_LOCKS_LOCK = threading.Lock()
_LOADING = threading.Lock()
"""One load at a time: asked twice for the same files, the second waits and gets the first's generator."""


def _lock_of(generator: Generator) -> threading.RLock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(generator, threading.RLock())


class LoadedGenerator:
    """A :class:`~amrgen.decoding.generator.Generator` with where it came from and how long it took to load."""

    def __init__(self, spec: GeneratorFiles, generator: Generator, seconds: float,
                 lock: threading.RLock | None = None, limits: Limits | None = None) -> None:
        self.spec = spec
        self.generator = generator
        self.seconds = seconds
        self.lock = lock or _lock_of(generator)
        self.limits = limits
        """What one graph may take (None: no limit); may be changed at any time, the
        graph being generated keeps the limits it started with."""
        self._generations: OrderedDict[str, Generation] = OrderedDict()

    @classmethod
    def load(cls, model_dir: str | Path | None = None, lm_path: str | Path | None = None,
             hyperparameters: str | Path | None = None) -> LoadedGenerator:
        """Load as :meth:`Generator.load` does (None: the shipped default), ready for many
        graphs (:func:`~amrgen.run.runners.ready_for_corpus`: the models' feature
        lists compiled, lemminflect's lemma tables read);
        raises MissingResourceError or ModelError, naming the file, when one is missing or unreadable."""
        started = time.perf_counter()
        from amrgen.run.runners import generator, ready_for_corpus
        from amrgen.run.spec import GeneratorFiles

        files = GeneratorFiles(*(str(Path(p).resolve()) if p else None for p in (model_dir, lm_path, hyperparameters)))
        with _LOADING:
            loaded = ready_for_corpus(generator(files.resolve()))
        return cls(files, loaded, time.perf_counter() - started)

    def with_postprocess(self, postprocess: str) -> LoadedGenerator:
        """The same models, LM and hyperparameters with another postprocessing
        pipeline: ``thesis``, ``full`` or a file of step names (AmrgenError, naming
        the file and line, for an unknown step).  It shares this one's lock: the
        two share the language model and its cache."""
        with self.lock:
            generator = self.generator.with_postprocess(postprocess)
        return self._sharing(generator, replace(self.spec, postprocess=postprocess))

    def with_conventions(self, corpus: str | Path | None) -> LoadedGenerator:
        """The same generator following the punctuation conventions of the references of
        the AMR corpus file ``corpus`` (None: those of the model's training corpus), as
        ``amrgen generate --conventions`` does; AmrgenError naming the file where it has
        no reference.  It shares this one's lock."""
        from amrgen.ml.conventions import corpus_conventions

        conventions = corpus_conventions(corpus) if corpus else self.generator.models.conventions
        with self.lock:
            generator = self.generator.with_conventions(conventions)
        return self._sharing(generator, replace(self.spec, conventions=str(Path(corpus).resolve()) if corpus else None))

    def _sharing(self, generator: Generator, spec: GeneratorFiles) -> LoadedGenerator:
        """``generator`` of ``spec``, made from this one: its load time, lock and limits."""
        return LoadedGenerator(spec, generator, self.seconds, self.lock, self.limits)

    def describe(self) -> str:
        """Which model, LM, hyperparameters and postprocessing, in a few words."""
        from amrgen.decoding.generator import DEFAULT_DIR
        from amrgen.lm.model import DEFAULT_LM

        spec = self.spec
        if spec.model_dir is spec.lm_path is spec.hyperparameters is None:
            parts = [f"the shipped default ({DEFAULT_DIR.parent.name}/{DEFAULT_DIR.name})"]
        else:
            parts = [f"model {Path(spec.model_dir).name}/" if spec.model_dir else "the default model",
                     f"LM {Path(spec.lm_path or DEFAULT_LM).name}"]
            if spec.hyperparameters:
                parts.append(f"hyperparameters {Path(spec.hyperparameters).name}")
        if spec.postprocess:
            parts.append(f"postprocessing {Path(spec.postprocess).name}")
        if spec.conventions:
            parts.append(f"punctuation of {Path(spec.conventions).name}")
        return ", ".join(parts)

    def warning(self) -> str | None:
        """What to say with the generator, if anything: its language model has no
        checksum file (:func:`amrgen.lm.model.unchecked_note`)."""
        from amrgen.lm.model import DEFAULT_LM, unchecked_note

        return unchecked_note(self.spec.lm_path or DEFAULT_LM)

    @property
    def system(self) -> TransitionSystem:
        return self.generator.system

    # -- questions, one at a time ---------------------------------------------------

    def generate(self, amr: Amr) -> Generation:
        """generate(G) within :attr:`limits`, remembered for the last few graphs."""
        from amrgen.decoding.limits import bounded

        key = amr.to_penman()
        with self.lock:
            generation = self._generations.get(key)
            if generation is None:
                with bounded(self.limits):
                    generation = self._generations[key] = self.generator.generate(amr)
                if len(self._generations) > CACHED_GENERATIONS:
                    self._generations.popitem(last=False)
            self._generations.move_to_end(key)
            return generation

    def ranked(self, c: Configuration) -> list[tuple[Transition, float]]:
        """all(c) with P(t | c), most probable first (:func:`amrgen.decoding.greedy.ranked_transitions`)."""
        from amrgen.decoding.greedy import ranked_transitions

        with self.lock:
            return ranked_transitions(self.generator, c)

    def continue_from(self, c: Configuration) -> tuple[list[tuple[Configuration, Transition, float]], Configuration]:
        """The rest of phase 1 from c and where phase 2 starts (:meth:`Generator.continue_from`)."""
        with self.lock:
            return self.generator.continue_from(c)

    def postprocessed(self, c: Configuration) -> list[str]:
        """The tokens of a terminal configuration after the generator's postprocessing pipeline (thesis 4.4)."""
        with self.lock:
            return self.generator.postprocessed(c)

    def postprocess_edits(self, c: Configuration) -> list[Edit]:
        """What each postprocessing step changed in the sentence of a terminal configuration."""
        with self.lock:
            return self.generator.postprocess_edits(c)

    def run_search(self, search: BestSequenceSearch, c: Configuration):
        """``search.run(c)``: phase 2 by another search over this generator's models and LM, within :attr:`limits`."""
        from amrgen.decoding.limits import bounded

        with self.lock, bounded(self.limits):
            return search.run(c)

    def generate_item(self, item: Item) -> GraphResult:
        """One entry of a corpus file as ``amrgen generate`` generates it, within
        :attr:`limits`, every failure caught."""
        from amrgen.run.graph import generate_graph

        with self.lock:
            return generate_graph(self.generator, item, limits=self.limits)

    def generate_items(self, items: Sequence[Item], on_result: Callable[[GraphResult], None]) -> list[GraphResult]:
        """Entries of a corpus file generated one by one in this thread, as ``amrgen
        generate`` generates them (:func:`~amrgen.run.corpus.run_corpus` with this
        generator as its runner), each within :attr:`limits` and the lock;
        ``on_result`` hears of each as it is done (and stops the run by raising)."""
        from amrgen.run.corpus import run_corpus

        return run_corpus(None, items, _ThisGenerator(self), progress=False, on_result=on_result)


class _ThisGenerator:
    """A runner of :mod:`amrgen.run.runners` that generates with a loaded generator, in
    the thread that asks, one graph at a time under its lock, the process uncapped
    (the application's window would fail with the graph)."""

    def __init__(self, loaded: LoadedGenerator) -> None:
        self.loaded = loaded

    def describe(self) -> str:
        return ""

    def chunks(self, task: Task, items: Sequence[Item],
               phases: Sequence[FirstPhase | None]) -> Iterator[list[GraphResult]]:
        from amrgen.run.graph import generate_graph

        for item, phase in zip(items, phases, strict=True):
            with self.loaded.lock:
                result = generate_graph(self.loaded.generator, item, task.trace, phase, task.keep_first_phases,
                                        self.loaded.limits)
            yield [result]
