"""Where the application's files are: assets/ beside the package (fonts, icons, the sample)."""

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"

SAMPLE = ASSETS / "sample.amr"
"""The bundled sample: the thesis's running example and a few Little Prince graphs, prepared."""
