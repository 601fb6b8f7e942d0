"""amrgen: transition-based generation from Abstract Meaning Representation (Schick 2017)."""

__version__ = "0.1.0"
