"""Default realizations of AMR concepts (thesis 5.2): :class:`DefaultRealizer`."""

from amrgen.realization.defaults import DefaultRealizer

__all__ = ["DefaultRealizer"]
