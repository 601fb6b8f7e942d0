"""Country, region and continent adjectives (thesis 5.2): amrgen.realization.countries."""

import pytest

from amrgen.errors import MissingResourceError
from amrgen.realization.countries import country_adjective, read_adjectives


def test_the_shipped_list_knows_countries_regions_and_continents():
    assert country_adjective("France") == "french"
    assert country_adjective("united states") == "american"
    assert country_adjective("Europe") == "european"
    assert country_adjective("Paris") is None


def test_reading_skips_comments_and_names_a_missing_file(tmp_path):
    path = tmp_path / "adjectives.tsv"
    path.write_text("# name\tadjective\nchina\tchinese\n\ntajikistan\ttajikistani\ntajikistan\ttajik\n")
    assert read_adjectives(path) == {"china": "chinese", "tajikistan": "tajik"}
    with pytest.raises(MissingResourceError, match="missing.tsv"):
        read_adjectives(tmp_path / "missing.tsv")
