"""The adjectives of countries, world regions and continents (thesis 5.2).

"An exception to the above rules are countries, world regions and continents,
for which the default realizations are both the name and the corresponding
adjective" (France → French).  The pairs come from the list of adjectival and
demonymic forms of countries and nations the thesis cites, shipped as
``resources/lexicon/country-adjectives.tsv`` (:data:`amrgen.lexicon.words.COUNTRY_ADJECTIVES`).
"""

from __future__ import annotations

from amrgen.amr_vocabulary import PLACE_ENTITIES
from amrgen.lexicon.words import COUNTRY_ADJECTIVES

ENTITY_KINDS = PLACE_ENTITIES  # the name postprocessing asks for
"""The concepts of the named entities whose names also realize as their adjective."""


def country_adjective(name: str) -> str | None:
    """The adjective of a country, world region or continent (``France`` → ``french``), else None."""
    return COUNTRY_ADJECTIVES.get(name.lower())
