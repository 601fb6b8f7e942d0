"""Where the checkout's own folders are: amrgen is installed editable, so they sit beside the package."""

import os
from collections.abc import Sequence
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


def shipped_or_shared(paths: Sequence[Path], what: str) -> Path:
    """The first of ``paths`` (the project's resources, then ``../shared``) that is a file; a
    MissingResourceError naming ``what`` and every folder looked in where none is."""
    for path in paths:
        if path.is_file():
            return path
    from amrgen.errors import MissingResourceError

    raise MissingResourceError(f"{what} is in none of {', '.join(str(p.parent) for p in paths)}")
