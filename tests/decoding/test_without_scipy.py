"""Generation does without scipy: importing it costs the application's start about 0.3 s,
and only training and evaluation need it (amrgen.ml.maxent imports it where they do)."""

import os
import subprocess
import sys

import pytest

MISSING = 3
"""The exit status of the child when the default generator's resources are missing."""

CHILD = f"""
import sys

from amrgen.errors import MissingResourceError

stages = []
import amrgen.decoding.generator
from amrgen.amr import Amr
stages.append(("import amrgen.decoding.generator", "scipy" in sys.modules))
try:
    generator = amrgen.decoding.generator.Generator.load()
except MissingResourceError as error:
    print(error)
    sys.exit({MISSING})
stages.append(("Generator.load()", "scipy" in sys.modules))
tokens = generator.generate(Amr.from_penman("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))")).tokens
assert tokens, "no sentence generated"
stages.append(("generate", "scipy" in sys.modules))
print(*(stage for stage, imported in stages if imported), sep="\\n")
"""


def test_loading_and_generating_do_not_import_scipy():
    """In a fresh interpreter: import the generator, load the default one, generate a graph."""
    result = subprocess.run([sys.executable, "-c", CHILD], check=False, capture_output=True, text=True, timeout=600)
    if result.returncode == MISSING:
        message = result.stdout.strip()
        if os.environ.get("CI"):
            pytest.fail(f"missing under CI: {message}")
        pytest.skip(message)
    assert result.returncode == 0, result.stderr
    imported_after = result.stdout.strip().splitlines()
    assert not imported_after, f"scipy is in sys.modules after {', '.join(imported_after)}"
