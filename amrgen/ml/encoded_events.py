"""Events encoded once as their 0/1 event-by-indicator matrix (thesis 2.7): a model's
training and dev events, scored by many models (the fits of the C grid, the thresholds
of compaction) without reading their strings again.  An event x is given by the set
of its active indicator features (:class:`~amrgen.ml.maxent.MaxentModel` scores it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import scipy.sparse as sp

Event = Sequence[str]
"""The active indicator features of one context x."""


@dataclass(frozen=True, eq=False)
class EncodedEvents:
    """Events as their 0/1 event-by-indicator matrix over ``vocabulary`` (indicators
    outside it dropped), made once (:meth:`~amrgen.ml.maxent.MaxentModel.encode`) to score many models:
    the fits of the C grid and the thresholds of compaction.  A model whose vocabulary
    is part of ``vocabulary`` (one compacted from it) reads its own columns of it."""

    matrix: sp.csr_matrix
    vocabulary: tuple[str, ...]
    complete: bool = False
    """Whether ``vocabulary`` holds every indicator active in the events (:class:`EventEncoder`
    makes them so), so that an indicator outside it is inactive in all of them."""

    def __len__(self) -> int:
        return self.matrix.shape[0]

    def rows(self, keep: np.ndarray) -> EncodedEvents:
        """The events where the boolean mask ``keep`` holds."""
        return EncodedEvents(self.matrix[keep], self.vocabulary, self.complete)

    def columns(self, vocabulary: Sequence[str]) -> sp.csr_matrix:
        """The matrix over ``vocabulary``, the matrix :meth:`~amrgen.ml.maxent.MaxentModel.encode` makes of
        the events for a model with that vocabulary: a subset of this one's, or any
        vocabulary where the events are :attr:`complete`."""
        if vocabulary is self.vocabulary or tuple(vocabulary) == self.vocabulary:
            return self.matrix
        import scipy.sparse as sp

        position = {feature: i for i, feature in enumerate(self.vocabulary)}
        if not self.complete:
            missing = next((feature for feature in vocabulary if feature not in position), None)
            if missing is not None:
                raise ValueError(f"events encoded without the indicator {missing!r} of this model")
        target = {feature: i for i, feature in enumerate(vocabulary)}
        new = np.fromiter((target.get(feature, -1) for feature in self.vocabulary), dtype=np.int64,
                          count=len(self.vocabulary))
        rows = np.repeat(np.arange(len(self), dtype=np.int64), np.diff(self.matrix.indptr))
        columns = new[self.matrix.indices]
        kept = columns >= 0
        matrix = sp.csr_matrix((np.ones(int(kept.sum())), (rows[kept], columns[kept])),
                               shape=(len(self), len(vocabulary)))
        matrix.sort_indices()  # the order encode gives, so sums of weights come out the same
        return matrix

    @staticmethod
    def stacked(*parts: EncodedEvents) -> EncodedEvents:
        """The events of the complete ``parts`` one after the other, over the union of
        their vocabularies (sorted, as :meth:`~amrgen.ml.maxent.MaxentModel.train` orders one)."""
        import scipy.sparse as sp

        vocabulary = tuple(sorted(set().union(*(part.vocabulary for part in parts))))
        matrix = sp.vstack([part.columns(vocabulary) for part in parts], format="csr")
        return EncodedEvents(matrix, vocabulary, complete=True)


class EventEncoder:
    """Events encoded as they come, each indicator string kept once: training
    events of a few thousand graphs as lists of strings took gigabytes
    (about a hundred strings per event, tens of thousands of events per model)."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}
        self._indices: list[int] = []
        self._indptr: list[int] = [0]

    def add(self, event: Event) -> None:
        """One more event, given by its active indicators."""
        index = self._index
        self._indices.extend({index.setdefault(feature, len(index)) for feature in event})
        self._indptr.append(len(self._indices))

    def __len__(self) -> int:
        return len(self._indptr) - 1

    def encoded(self) -> EncodedEvents:
        """The events so far over the sorted vocabulary of their indicators (complete)."""
        import scipy.sparse as sp

        vocabulary = tuple(sorted(self._index))
        rank = np.empty(len(vocabulary), dtype=np.int32)
        rank[[self._index[feature] for feature in vocabulary]] = np.arange(len(vocabulary), dtype=np.int32)
        indices = rank[np.asarray(self._indices, dtype=np.int64)] if self._indices else np.zeros(0, np.int32)
        matrix = sp.csr_matrix((np.ones(len(indices)), indices, np.asarray(self._indptr, dtype=np.int64)),
                               shape=(len(self), len(vocabulary)))
        matrix.sort_indices()
        return EncodedEvents(matrix, vocabulary, complete=True)


Events = Sequence[Event] | EncodedEvents
"""Events as feature strings or encoded once for scoring several models."""
