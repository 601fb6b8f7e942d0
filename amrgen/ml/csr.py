"""Sparse weights as the arrays of the CSR format, without scipy: a model's ``coef``
as it is loaded (:class:`CsrWeights`), and index arithmetic on those arrays without a
Python loop: the positions of some rows' entries (prediction from sparse weights,
feature selection, the pairs of :mod:`amrgen.ml.seen_pairs`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import scipy.sparse as sp


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """start, start + 1, ..., start + length - 1 for each (start, length), one after
    another: the positions of some rows' entries in a CSR matrix, without a loop."""
    ends = np.cumsum(lengths)
    return np.arange(ends[-1] if len(ends) else 0) + np.repeat(starts - ends + lengths, lengths)


@dataclass(frozen=True, eq=False)
class CsrWeights:
    """A sparse ``coef`` as the arrays of the CSR format, without scipy: row i's
    weights are ``data[indptr[i]:indptr[i + 1]]``, in the columns (labels)
    ``indices[indptr[i]:indptr[i + 1]]``. :mod:`amrgen.ml.store` loads models so."""

    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray
    shape: tuple[int, int]

    @classmethod
    def of(cls, matrix: Any) -> CsrWeights:
        """The float64 CSR arrays of a scipy sparse matrix (summing duplicate entries of COO and the like)."""
        import scipy.sparse as sp

        csr = sp.csr_array(matrix, dtype=np.float64)
        return cls(csr.data, csr.indices, csr.indptr, csr.shape)

    def checked(self) -> CsrWeights:
        """These weights as float64, checked as scipy's ``check_format(full_check=True)``
        checks a CSR matrix (with its messages); entries past ``indptr[-1]`` are dropped."""
        rows, columns = (int(n) for n in self.shape)
        data, indices, indptr = (np.asarray(a) for a in (self.data, self.indices, self.indptr))
        if data.ndim != 1 or indices.ndim != 1 or indptr.ndim != 1:
            raise ValueError("data, indices, and indptr should be 1-D")
        if indices.dtype.kind not in "iu" or indptr.dtype.kind not in "iu" or data.dtype.kind not in "biuf":
            raise ValueError("indices and indptr must hold integers, data real numbers")
        if len(indptr) != rows + 1:
            raise ValueError(f"index pointer size {len(indptr)} should be {rows + 1}")
        if indptr[0] != 0:
            raise ValueError("index pointer should start with 0")
        if len(indices) != len(data):
            raise ValueError("indices and data should have the same size")
        size = int(indptr[-1])
        if size > len(indices):
            raise ValueError("Last value of index pointer should be less than the size of index and data arrays")
        data, indices = data[:size], indices[:size]
        if size > 0:
            if indices.max() >= columns:
                raise ValueError(f"indices must be < {columns}")
            if indices.min() < 0:
                raise ValueError("indices must be >= 0")
            if np.diff(indptr).min() < 0:
                raise ValueError("indptr must be a non-decreasing sequence")
        return CsrWeights(data.astype(np.float64), indices.astype(np.intp), indptr.astype(np.intp), (rows, columns))

    def toarray(self) -> np.ndarray:
        """The dense matrix, entries added into zeros in order as scipy's ``toarray`` does."""
        dense = np.zeros(self.shape)
        rows = np.repeat(np.arange(self.shape[0]), np.diff(self.indptr))
        np.add.at(dense, (rows, self.indices), self.data)
        return dense

    def to_scipy(self) -> sp.csr_array:
        """The scipy CSR matrix (imports scipy)."""
        import scipy.sparse as sp

        return sp.csr_array((self.data, self.indices, self.indptr), shape=self.shape)
