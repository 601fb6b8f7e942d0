"""Country, region and continent adjectives (thesis 5.2): amrgen.realization.countries."""

from amrgen.realization.countries import country_adjective


def test_the_shipped_list_knows_countries_regions_and_continents():
    assert country_adjective("France") == "french"
    assert country_adjective("united states") == "american"
    assert country_adjective("Europe") == "european"
    assert country_adjective("Paris") is None

