"""Loading a model directory for decoding (amrgen.decoding.models)."""

import json
import shutil

from amrgen.decoding.generator import DEFAULT_MODEL
from amrgen.decoding.models import ENTITY_ARRANGEMENTS, Models
from amrgen.realization.entities import NAME


def test_the_shipped_model_has_its_entity_arrangements():
    assert Models.load(DEFAULT_MODEL).entity_arrangements["planet"] == NAME


def test_a_model_directory_from_before_the_entity_arrangements_still_loads(tmp_path):
    """A directory written before ``amrgen train`` stored the arrangements: every
    entity is arranged as its name alone, nothing else changes."""
    old = tmp_path / "model"
    shutil.copytree(DEFAULT_MODEL, old)
    manifest = json.loads((old / "manifest.json").read_text())
    del manifest["files"][ENTITY_ARRANGEMENTS]
    (old / "manifest.json").write_text(json.dumps(manifest))
    (old / ENTITY_ARRANGEMENTS).unlink()
    models = Models.load(old)
    assert models.entity_arrangements == {}
    assert models.resources.merge_table == Models.load(DEFAULT_MODEL).resources.merge_table
