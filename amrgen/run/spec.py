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
(:func:`amrgen.run.runners.generator`), keyed by their paths, and keeps it for
later chunks and runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from amrgen.decoding.generator import generator_hyperparameters
from amrgen.decoding.limits import Limits
from amrgen.errors import AmrgenError
from amrgen.hyperparameters import Hyperparameters
from amrgen.ml.conventions import Conventions, corpus_conventions
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
