"""``amrgen info``: versions, and where WordNet, the spaCy pipeline and KenLM's tools were found."""

import argparse
import functools
import importlib.metadata
import platform
import re

from amrgen import __version__
from amrgen.errors import MissingResourceError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``amrgen info``."""
    parser = subparsers.add_parser(
        "info", help="show versions and where the external resources were found",
        description="Show the versions of amrgen and its dependencies, and where WordNet, spaCy's "
        "English pipeline and KenLM's tools were found. Exit status 1 if any is missing.",
    )
    parser.set_defaults(func=run)


def dependency_versions() -> list[str]:
    """``name version`` for each run-time dependency of amrgen, from the installed metadata."""
    versions = []
    for requirement in importlib.metadata.requires("amrgen") or []:
        if "extra ==" in requirement:
            continue
        name = re.match(r"[A-Za-z0-9._-]+", requirement).group()
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} (not installed)")
    return versions


def describe_wordnet() -> str:
    from amrgen.lexicon.wordnet import load_wordnet

    wordnet = load_wordnet()
    return f"{wordnet.get_version()} in {wordnet.root}"


def describe_english() -> str:
    from amrgen.prep.spacy_pipeline import load_english

    english = load_english()
    meta = english.meta
    return f"{meta['lang']}_{meta['name']} {meta['version']} in {english.path}"


def run(args: argparse.Namespace) -> int:
    """Print versions and resources; 1 if a resource is missing, else 0."""
    from amrgen.lm.kenlm_tools import TOOLS, find_tool

    print(f"amrgen {__version__} (Python {platform.python_version()})")
    print("dependencies: " + ", ".join(dependency_versions()))
    resources = [("WordNet", describe_wordnet), ("spaCy English pipeline", describe_english)]
    resources += [(f"KenLM {tool}", functools.partial(find_tool, tool)) for tool in TOOLS]
    missing = 0
    for label, describe in resources:
        try:
            print(f"{label}: {describe()}")
        except MissingResourceError as error:
            print(f"{label}: missing: {error}")
            missing += 1
    return 1 if missing else 0
