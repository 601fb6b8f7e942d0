"""The adjectives of countries, world regions and continents (thesis 5.2).

"An exception to the above rules are countries, world regions and continents,
for which the default realizations are both the name and the corresponding
adjective" (France → French).  The pairs come from the list of adjectival and
demonymic forms of countries and nations the thesis cites, shipped as
``resources/lexicon/country-adjectives.tsv``: one lower-cased ``name<TAB>adjective``
a line, ``#`` starting a comment.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from amrgen.errors import MissingResourceError
from amrgen.paths import RESOURCES_DIR

COUNTRY_ADJECTIVES = RESOURCES_DIR / "lexicon" / "country-adjectives.tsv"

ENTITY_KINDS = frozenset({"country", "world-region", "continent"})
"""The concepts of the named entities whose names also realize as their adjective."""


def read_adjectives(path: Path) -> dict[str, str]:
    """The name → adjective pairs of a ``name<TAB>adjective`` file (later lines win)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise MissingResourceError(f"{path}: the list of country adjectives is missing") from None
    pairs = (line.split("\t") for line in lines if line.strip() and not line.startswith("#"))
    return {name.strip(): adjective.strip() for name, adjective in pairs}


@cache
def _adjectives() -> dict[str, str]:
    return read_adjectives(COUNTRY_ADJECTIVES)


def country_adjective(name: str) -> str | None:
    """The adjective of a country, world region or continent (``France`` → ``french``), else None."""
    return _adjectives().get(name.lower())
