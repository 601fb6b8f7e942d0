"""Shared pytest fixtures."""

from pathlib import Path

import pytest

SHARED_DIR = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture
def shared_dir() -> Path:
    """The read-only ``../shared`` directory with the corpora; skips the test when it is absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(f"corpora not available: {SHARED_DIR} does not exist")
    return SHARED_DIR
