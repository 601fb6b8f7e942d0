"""Shared pytest fixtures: the shared corpora and the installed resources; Qt runs offscreen.

A resource fixture skips its test with the reason when the resource is missing, except under CI
(``CI`` set), where ``setup.sh`` has installed everything and a missing resource is a failure.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from amrgen.errors import MissingResourceError  # noqa: E402

from amrgen.corpus_registry import corpus, shared_dir as shared_location  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def prepared_cache(tmp_path_factory) -> Path:
    """A folder of this test run's own for prepared corpora (:mod:`amrgen.prep.cache`),
    so that no test reads or fills the user's cache."""
    from amrgen.prep.cache import ENV_VAR

    folder = tmp_path_factory.mktemp("prepared-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_VAR, str(folder))
        yield folder


@pytest.fixture
def shared_dir() -> Path:
    """The read-only ``../shared`` directory; skips the test in one line when it is absent."""
    if not shared_location().is_dir():
        _missing(f"../shared missing: no {shared_location()}")
    return shared_location()


@pytest.fixture
def shared_corpus():
    """``shared_corpus(name)``: the file of a corpus of ``resources/corpora.json``
    (:mod:`amrgen.corpus_registry`); skips the test with one line naming the corpus
    where it is missing."""

    def located(name: str) -> Path:
        found = corpus(name)
        if not found.present():
            _missing(found.missing())
        return found.location

    return located


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"missing under CI: {reason}")
    pytest.skip(reason)


def _require(load):
    try:
        return load()
    except MissingResourceError as error:
        _missing(str(error))


@pytest.fixture(scope="session")
def wordnet():
    """nltk's WordNet 3.0 reader (:func:`amrgen.lexicon.wordnet.load_wordnet`)."""
    from amrgen.lexicon.wordnet import load_wordnet

    return _require(load_wordnet)


@pytest.fixture(scope="session")
def english():
    """spaCy's English pipeline (:func:`amrgen.prep.spacy_pipeline.load_english`)."""
    from amrgen.prep.spacy_pipeline import load_english

    return _require(load_english)


@pytest.fixture(scope="session")
def kenlm_tools():
    """Paths of KenLM's ``lmplz`` and ``build_binary``, as a dict by name."""
    from amrgen.lm.kenlm_tools import TOOLS, find_tool

    return _require(lambda: {name: find_tool(name) for name in TOOLS})


@pytest.fixture(scope="session")
def generator():
    """The shipped default generator (``resources/default``: model, LM, hyperparameters)."""
    from amrgen.decoding.generator import Generator

    return _require(Generator.load)


@pytest.fixture(scope="session")
def little_prince_generator():
    """The generator of ``resources/little-prince`` (the thesis's setting: trained on Little
    Prince training alone), for tests whose expectations were read off that model."""
    from amrgen.decoding.generator import Generator
    from amrgen.paths import RESOURCES_DIR

    directory = RESOURCES_DIR / "little-prince"
    return _require(lambda: Generator.load(directory / "model", directory / "lm.binary",
                                           directory / "hyperparameters.json"))


@pytest.fixture(scope="session")
def default_generator():
    """The shipped default generator as a stepping session asks it
    (:class:`amrgen.stepping.loaded_generator.LoadedGenerator`), loaded once."""
    from amrgen.stepping.loaded_generator import LoadedGenerator

    return _require(LoadedGenerator.load)


@pytest.fixture
def observed_search():
    """The class of a phase-2 search (Algorithm 3) that notes every pruning its
    observation hook is told of, as (v, stage, candidates, kept), in ``prunings``."""
    from amrgen.decoding.beam import BestSequenceSearch

    class ObservedSearch(BestSequenceSearch):
        def __init__(self, *args) -> None:
            super().__init__(*args)
            self.prunings: list[tuple] = []

        def pruned(self, v, stage, candidates, kept) -> None:
            self.prunings.append((v, stage, list(candidates), list(kept)))

    return ObservedSearch


@pytest.fixture
def hyperparameters_without_lm(tmp_path) -> Path:
    """The shipped hyperparameters with θ_LM = 0: the shipped model saying other sentences."""
    import json

    from amrgen.decoding.generator import DEFAULT_HYPERPARAMETERS

    hyper = json.loads(DEFAULT_HYPERPARAMETERS.read_text(encoding="utf-8"))
    hyper["theta_lm"] = 0.0
    path = tmp_path / "no-lm.json"
    path.write_text(json.dumps(hyper), encoding="utf-8")
    return path


@pytest.fixture
def divergence_by_hand():
    """``divergence_by_hand(entry, generator)``: (position, model's transition, gold_B(c)) at the
    first step of generate(G) whose transition is not the oracle's, found by stepping the model's
    session and asking the oracle at each configuration (what :mod:`amrgen.stepping.divergence` computes)."""
    from amrgen.stepping.generation_session import GenerationSession

    def by_hand(entry, generator) -> tuple:
        session = GenerationSession(entry, generator)
        while not session.is_terminal():
            model, _ = session.choice()
            if session.gold() != model:
                return session.position, model, session.gold()
            session.step()
        pytest.fail(f"{entry.id}: the model never leaves the oracle's path")

    return by_hand
