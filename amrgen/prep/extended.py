"""Elements of the extended corpus C_ext (thesis 4.3.1).

An :class:`ExtendedEntry` is B = (G, D, w^POS, A_G, A_D) together with where
it came from: the AMR graph as read, the prepared words w' (lower-cased,
punctuation removed) with POS tags, lemmas and a dependency tree over them,
and the alignment A_G between graph vertices and word positions.  Word
positions are 1-based, as in the thesis; A_D is the identity (word i is
vertex i of D).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from amrgen.amr import Amr
from amrgen.bigraph import Bigraph, dependency_tree
from amrgen.graph import Vertex


@dataclass
class ExtendedEntry:
    """One prepared corpus element."""

    id: str
    amr: Amr
    words: list[str]
    """w' = w1 ... wm: the reference, tokenized, lower-cased, punctuation removed."""
    pos: list[str]
    """Penn Treebank tags p1 ... pm of the words."""
    lemmas: list[str]
    heads: list[int]
    """Dependency heads over the words: 1-based, 0 for the root."""
    labels: list[str]
    """Dependency relations over the words."""
    alignment: dict[Vertex, frozenset[int]]
    """A_G: vertex ↦ the 1-based positions of the words it is aligned to."""
    tokens: list[str] = field(default_factory=list)
    """The tokenized reference with punctuation and original case (for BLEU)."""
    metadata: dict[str, str] = field(default_factory=dict)

    @property
    def has_reference(self) -> bool:
        """Whether the entry has a reference sentence (one's own AMR, read with
        ``graph_only``, may not: it is for generation alone)."""
        return bool(self.words)

    def bigraph(self) -> Bigraph:
        """B = (G, D, w^POS, A_G, A_D)."""
        d = dependency_tree(self.words, self.heads, self.labels)
        return Bigraph(
            amr=self.amr.graph,
            dependencies=d,
            words=list(self.words),
            amr_alignment={(v, j) for v, js in self.alignment.items() for j in js},
            dependency_alignment={(i, i) for i in range(1, len(self.words) + 1)},
            pos=list(self.pos),
            lemmas=list(self.lemmas),
        )
