"""What a corpus run generates with, resolved once: :class:`RunSpec`.

The command line names a generator by files (:class:`GeneratorFiles`: a model
directory, a language model, hyperparameters, a postprocessing pipeline, a
corpus whose punctuation conventions to follow).  :meth:`RunSpec.resolve`
reads what is small once, in the process that starts the run: the
hyperparameters, the pipeline's steps (one clear error for an unknown step)
and the conventions learnt from the corpus's references.  The resolved spec
is plain frozen values that travel to worker processes and Dask workers as
they are, so that none of them reads or learns any of it again; each process
loads only what is large (the models and the language model) once
(:func:`generator`), keyed by their paths, and keeps it for later chunks and
runs.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path

from amrgen.collector import without_collection_pauses
from amrgen.decoding.generator import Generator, generator_hyperparameters
from amrgen.decoding.limits import Limits
from amrgen.decoding.models import Models
from amrgen.errors import AmrgenError
from amrgen.hyperparameters import Hyperparameters
from amrgen.lm.model import DEFAULT_LM, LanguageModel
from amrgen.postprocess.conventions import Conventions, corpus_conventions
from amrgen.postprocess.pipeline import Pipeline, resolve_pipeline


@dataclass(frozen=True)
class GeneratorFiles:
    """Where a generator comes from, as paths (None: the shipped default's): the
    arguments of :meth:`Generator.load`, and a corpus whose conventions it follows."""

    model_dir: str | None = None
    lm_path: str | None = None
    hyperparameters: str | None = None
    postprocess: str | None = None
    """The postprocessing pipeline: ``thesis``, ``full`` or a file (None: the hyperparameters')."""
    conventions: str | None = None
    """A corpus file whose references' punctuation conventions are followed (None: the model's)."""

    def resolve(self, limits: Limits | None = None) -> RunSpec:
        """The spec of a run with this generator (:meth:`RunSpec.resolve`)."""
        return RunSpec.resolve(self, limits)

    def named(self, path: str | Path) -> GeneratorFiles:
        """The generator ``path`` names, for one side of a comparison: a generator
        directory as shipped (``model/``, with the ``lm.binary`` and
        ``hyperparameters.json`` beside it where they are: ``resources/little-prince``),
        a model directory (with these files' LM, hyperparameters and postprocessing),
        or a hyperparameters file for this model; AmrgenError naming ``path`` for anything else."""
        resolved = Path(path).resolve()
        if (resolved / "model").is_dir():
            lm, hyper = resolved / "lm.binary", resolved / "hyperparameters.json"
            return replace(self, model_dir=str(resolved / "model"), lm_path=str(lm) if lm.is_file() else self.lm_path,
                           hyperparameters=str(hyper) if hyper.is_file() else self.hyperparameters)
        if resolved.is_dir():
            return replace(self, model_dir=str(resolved))
        if resolved.is_file():
            return replace(self, hyperparameters=str(resolved))
        raise AmrgenError(f"{path}: neither a model directory nor a hyperparameters file")


@dataclass(frozen=True)
class RunSpec:
    """Everything a corpus run generates with, as values: the generator's files,
    its hyperparameters, the postprocessing pipeline, the conventions (None: the
    model's) and the limits of each graph."""

    files: GeneratorFiles
    hyperparameters: Hyperparameters
    pipeline: Pipeline
    conventions: Conventions | None = field(default=None, compare=False)
    """Learnt from ``files.conventions``, which stands for them in comparisons."""
    limits: Limits | None = None

    @classmethod
    def resolve(cls, files: GeneratorFiles, limits: Limits | None = None) -> RunSpec:
        """The hyperparameters read, the pipeline's steps found and the conventions
        learnt, once; AmrgenError naming the file where one of them cannot be."""
        hyper, source = generator_hyperparameters(files.model_dir, files.hyperparameters)
        pipeline = resolve_pipeline(*((files.postprocess,) if files.postprocess is not None
                                      else (hyper.postprocess, source)))
        conventions = corpus_conventions(files.conventions) if files.conventions else None
        return cls(files, hyper, pipeline, conventions, limits)

    def with_hyperparameters(self, hyper: Hyperparameters) -> RunSpec:
        """The same run under other hyperparameters; the pipeline is theirs where no
        pipeline was named (resolved again only where it differs)."""
        pipeline = self.pipeline
        if self.files.postprocess is None and hyper.postprocess != self.hyperparameters.postprocess:
            pipeline = resolve_pipeline(hyper.postprocess, "hyperparameters: postprocess")
        return replace(self, hyperparameters=hyper, pipeline=pipeline)

    def with_pipeline(self, postprocess: str) -> RunSpec:
        """The same run with the pipeline ``postprocess`` (``thesis``, ``full`` or a file)."""
        return replace(self, files=replace(self.files, postprocess=postprocess),
                       pipeline=resolve_pipeline(postprocess))

    def with_conventions(self, corpus: str | Path | None) -> RunSpec:
        """The same run following the conventions of the references of ``corpus``
        (None: the model's)."""
        path = str(Path(corpus).resolve()) if corpus else None
        return replace(self, files=replace(self.files, conventions=path),
                       conventions=corpus_conventions(path) if path else None)


@functools.lru_cache(maxsize=2)
def _loaded(model_dir: str | None, lm_path: str | None) -> tuple[Models, LanguageModel]:
    """The models and the language model, loaded once per process, out of the cycle
    collector's sight (:func:`~amrgen.collector.without_collection_pauses`): they live as
    long as the process, and every full collection of a corpus run walked them again
    (0.84 of 20.5 s of CPU over LP test and 50 Bio dev graphs).  WordNet's table and
    lemminflect's are loaded too: they load at the first question, which would otherwise
    count as the first graph's time (and, in the application, freeze the window)."""
    from amrgen.decoding.generator import DEFAULT_MODEL
    from amrgen.lexicon.wordnet_cache import load_table
    from amrgen.realization.inflection import load_inflections

    with without_collection_pauses():
        loaded = Models.load(model_dir or DEFAULT_MODEL), LanguageModel.load(lm_path or DEFAULT_LM)
        load_table()
        load_inflections()
    return loaded


@functools.lru_cache(maxsize=4)
def generator(spec: RunSpec) -> Generator:
    """The generator of ``spec`` in this process: its models and LM loaded once
    (:func:`_loaded`), nothing of the spec resolved again."""
    models, lm = _loaded(spec.files.model_dir, spec.files.lm_path)
    with without_collection_pauses():
        return Generator(models, lm, spec.hyperparameters, postprocess=spec.pipeline, conventions=spec.conventions)


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
    of the collector's sight, as the models are; once per process and models."""
    if id(generator.models) not in _READY:
        from amrgen.realization.inflection import load_lemmas

        with without_collection_pauses():
            generator.models.compile_columns()
            load_lemmas()
        _READY.add(id(generator.models))
    return generator


_READY: set[int] = set()
"""The models made ready in this process (they live as long as it: :func:`_loaded`)."""
