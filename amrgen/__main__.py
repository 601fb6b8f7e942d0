"""``python -m amrgen``: the same as the ``amrgen`` command."""

import sys

from amrgen.cli import main

sys.exit(main())
