"""The shipped default generator (model, LM, hyperparameters), loaded once."""

import pytest

from amrgen.errors import MissingResourceError


@pytest.fixture(scope="session")
def generator():
    from amrgen.decoding.generator import Generator

    try:
        return Generator.load()
    except MissingResourceError as error:
        import os

        if os.environ.get("CI"):
            pytest.fail(f"missing under CI: {error}")
        pytest.skip(str(error))
