"""Shared pytest fixtures: the shared corpora and the installed resources; Qt runs offscreen.

A resource fixture skips its test with the reason when the resource is missing, except under CI
(``CI`` set), where ``setup.sh`` has installed everything and a missing resource is a failure.
"""

import os
import stat

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


def _takes_a_new_file(directory: Path) -> bool:
    try:
        (directory / ".probe").touch()
    except OSError:
        return False
    (directory / ".probe").unlink()
    return True


@pytest.fixture
def unwritable_dir(tmp_path):
    """A directory in which no file can be made: mode 0555, and where that does not stop
    the user (root) immutable as well (``chattr +i``); skips the test where neither does."""
    import subprocess

    directory = tmp_path / "read-only"
    directory.mkdir()
    directory.chmod(0o555)
    immutable = False
    try:
        if _takes_a_new_file(directory):
            immutable = subprocess.run(["chattr", "+i", str(directory)], capture_output=True).returncode == 0
            if _takes_a_new_file(directory):
                pytest.skip("the user writes in a read-only directory and chattr +i is not available")
        yield directory
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(directory)], check=True)
        directory.chmod(0o755)


class SpecialOutputs(dict):
    """Name ↦ path of things that are not regular files (see :func:`special_outputs`)."""

    def kinds(self) -> dict:
        """What each path is, to tell that it was left alone: file type, device, a link's target."""
        return {name: (os.lstat(path).st_mode, os.lstat(path).st_rdev, os.readlink(path) if path.is_symlink() else None)
                for name, path in self.items()}


@pytest.fixture
def special_outputs(tmp_path) -> SpecialOutputs:
    """Paths that name something other than a regular file, built here (never the
    machine's own /dev): a FIFO, a symbolic link to a file, a directory and, where
    the user may make one, a character device like /dev/null (1, 3)."""
    target = tmp_path / "linked.txt"
    target.write_text("the file linked to\n")
    paths = SpecialOutputs(fifo=tmp_path / "pipe", link=tmp_path / "link", directory=tmp_path / "folder")
    os.mkfifo(paths["fifo"])
    paths["link"].symlink_to(target)
    paths["directory"].mkdir()
    try:
        os.mknod(tmp_path / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        paths["device"] = tmp_path / "null"
    except OSError:
        pass
    return paths
