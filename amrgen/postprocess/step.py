"""The one shape of a postprocessing step (thesis 4.4 and our additions).

A :class:`Step` has a name (what a pipeline file lists), the section of the
thesis it implements (``4.4``) or ``addition``, and a function of the
configuration (or, for the steps after c_f, of the words) and a
:class:`Context`: what generation loaded that a step may ask (the language
model, the DENOM model, the WordNet lexicon, the hyperparameters, the
punctuation conventions of the training corpus).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from amrgen.graph import Vertex
from amrgen.hyperparameters import Hyperparameters
from amrgen.lexicon.wordnet_lexicon import WORDNET, WordNetLexicon
from amrgen.ml.conventions import Conventions
from amrgen.transitions.configuration import Configuration

THESIS = "4.4"
ADDITION = "addition"
REFINEMENT = "4.4, refined (addition)"


class SentenceLanguageModel(Protocol):
    """What a step asks a language model (:class:`amrgen.lm.model.LanguageModel`)."""

    def log10_probability(self, words: Sequence[str], bos: bool = True, eos: bool = True) -> float: ...


DenomModel = Callable[[Configuration, Vertex], Mapping[str, float]]
"""denom(c, v): P(DENOM = the / a / – | G, v), the distribution of the DENOM model."""


@dataclass(frozen=True)
class Context:
    """What the steps of a pipeline may ask besides the configuration."""

    lm: SentenceLanguageModel
    denom: DenomModel
    lexicon: WordNetLexicon = WORDNET
    hyper: Hyperparameters = field(default_factory=Hyperparameters)
    conventions: Conventions = field(default_factory=Conventions)
    """The training corpus's punctuation conventions: a step that writes one it does not follow is skipped."""


ConfigurationEdit = Callable[[Configuration, Context], Configuration]
WordsEdit = Callable[[list[str], Context], list[str]]


@dataclass(frozen=True)
class Step:
    """One named postprocessing step, declared in one place (:data:`~amrgen.postprocess.pipeline.STEPS`).

    ``on`` says what it edits: the final configuration ĉ, or the words
    w̃ = c_f(ĉ) (duplicates, hyphens), which exist only once every
    configuration step has run; a step on ``candidates`` edits nothing but
    chooses which candidate of best(root(G')) is said (``apply`` is None).
    ``writes`` names the punctuation conventions of the training corpora the
    step writes (:mod:`~amrgen.ml.conventions`): it runs only for a
    graph whose corpora follow them.  Section 4.4's own steps write none, so
    the thesis's pipeline is never gated.  ``parameters`` names the
    hyperparameters the step reads (:class:`~amrgen.hyperparameters.Hyperparameters`)."""

    name: str
    section: str
    apply: ConfigurationEdit | WordsEdit | None
    on: Literal["configuration", "words", "candidates"] = "configuration"
    writes: tuple[str, ...] = ()
    parameters: tuple[str, ...] = ()
    about: str = ""
    """What the step does, for a step without ``apply`` (else its docstring says it)."""

    @property
    def summary(self) -> str:
        """The first sentence of the step's docstring."""
        doc = " ".join((self.about or self.apply.__doc__ or "").split())
        return re.split(r"(?<=[\w)`'])\.\s+(?=[A-Z])", doc)[0].rstrip(".") + "." if doc else ""
