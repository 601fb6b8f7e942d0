"""The commands of the ``amrgen`` command line, one module each (see :mod:`amrgen.cli`)."""
