"""The text listing of a transition sequence that ``amrgen oracle --transitions``
prints and the application exports.

Per graph: a header ``# ::id ID``, one transition per line in its ``str()``
form (so each line starts with the class name as the thesis writes it), a
line ``# ::realization `` followed by c_f, and a blank line.  A run that
stopped early carries ``# ::error REASON`` instead of the realization.
"""

from __future__ import annotations

from collections.abc import Iterable

from amrgen.transitions.transitions import Transition


def format_transitions(entry_id: str, transitions: Iterable[Transition], realization: str | None,
                       error: str | None = None) -> str:
    lines = [f"# ::id {entry_id}", *(str(t) for t in transitions)]
    lines.append(f"# ::error {error}" if error else f"# ::realization {realization or ''}")
    return "\n".join(lines) + "\n\n"
