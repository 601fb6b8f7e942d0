"""Where the checkout's own folders are: amrgen is installed editable, so they sit beside the package."""

import os
from pathlib import Path

#: The project's root: the folder that holds the ``amrgen`` package.
PROJECT_ROOT = Path(__file__).resolve().parent.parent
#: Data the engine ships (word lists, models, language models).
RESOURCES_DIR = PROJECT_ROOT / "resources"
#: Programs that ``setup.sh`` builds (KenLM's ``lmplz`` and ``build_binary``).
BIN_DIR = PROJECT_ROOT / "bin"


def cache_dir() -> Path:
    """amrgen's folder in the user's cache: ``$XDG_CACHE_HOME/amrgen`` (default ``~/.cache/amrgen``)."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "amrgen"
