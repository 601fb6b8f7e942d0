"""Index arithmetic on the arrays of CSR matrices, without a Python loop: the
positions of some rows' entries (prediction from sparse weights, feature
selection, the pairs of :mod:`amrgen.ml.seen_pairs`)."""

from __future__ import annotations

import numpy as np


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """start, start + 1, ..., start + length - 1 for each (start, length), one after
    another: the positions of some rows' entries in a CSR matrix, without a loop."""
    ends = np.cumsum(lengths)
    return np.arange(ends[-1] if len(ends) else 0) + np.repeat(starts - ends + lengths, lengths)
