"""The five stages of processing a vertex (thesis 4.2.2, Figure fig:transition-sequences).

The transitions of T_AMR reach each vertex v in a fixed order: Merge, Swap
and Delete-Reentrance change v's relation to its predecessors and Delete or
Keep decide whether v is said (stage 1, T_restr); a kept v is realized
(stage 2) and may get inserted children (stage 3); every v then has its
children ordered (stage 4) and, last, insertions between v and each child
(stage 5).  :func:`stage` reads the stage of σ1 off a configuration: the
oracle, the decoders, the training events and the stepping engine all ask
it, so the ladder on DEL, REAL, INS-DONE and β is written here once.
"""

from __future__ import annotations

from enum import IntEnum

from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration


class Stage(IntEnum):
    """A stage of Figure fig:transition-sequences, numbered as there."""

    PREDECESSORS = 1
    """Merge, Swap, Delete-Reentrance, then Delete or Keep: T_restr."""
    REALIZE = 2
    """Realize, for a kept vertex."""
    INSERT_CHILD = 3
    """Insert-Child until No-Insertion."""
    REORDER = 4
    """Reorder, whether the vertex was deleted or kept."""
    INSERT_BETWEEN = 5
    """Insert-Between or No-Insertion for each child in β."""


def stage(c: Configuration) -> Stage | None:
    """The stage σ1 is in at c; None at a terminal configuration (σ = ε)."""
    if not c.node_buffer:
        return None
    if c.child_buffer:
        return Stage.INSERT_BETWEEN
    s1, rho = c.sigma1, c.rho
    if not rho.defined(Key.DEL, s1):
        return Stage.PREDECESSORS
    if rho.get(Key.DEL, s1) == 0:
        if not rho.defined(Key.REAL, s1):
            return Stage.REALIZE
        if not rho.defined(Key.INS_DONE, s1):
            return Stage.INSERT_CHILD
    return Stage.REORDER
