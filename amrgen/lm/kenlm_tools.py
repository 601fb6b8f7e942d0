"""KenLM's command-line tools ``lmplz`` (estimate an ARPA n-gram model) and ``build_binary``.

The ``kenlm`` wheel only queries models; ``setup.sh`` builds these two tools into the project's
``bin/``. They are looked for in ``$AMRGEN_KENLM_BIN``, then ``bin/``, then ``PATH``.
"""

import os
import shutil
from pathlib import Path

from amrgen.errors import MissingResourceError
from amrgen.paths import BIN_DIR

TOOLS = ("lmplz", "build_binary")
ENV_VAR = "AMRGEN_KENLM_BIN"


def find_tool(name: str) -> Path:
    """The path of the KenLM tool ``name`` (one of :data:`TOOLS`)."""
    if name not in TOOLS:
        raise ValueError(f"not a KenLM tool: {name!r} (expected one of {', '.join(TOOLS)})")
    dirs = [os.environ[ENV_VAR]] if os.environ.get(ENV_VAR) else []
    dirs.append(str(BIN_DIR))
    found = shutil.which(name, path=os.pathsep.join(dirs)) or shutil.which(name)
    if found is None:
        raise MissingResourceError(
            f"KenLM's {name} not found (looked in {', '.join(dirs)} and PATH): "
            "run ./setup.sh to build it into bin/"
        )
    return Path(found)
