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
from amrgen.prep.tokenize import is_punctuation


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
    punctuated: bool = False
    """Whether B keeps the reference's punctuation (learnt punctuation, :func:`punctuated`;
    ``amrgen train --learnt-punctuation``); otherwise w' has none, as 4.3.1 says."""

    @property
    def has_reference(self) -> bool:
        """Whether the entry has a reference sentence (one's own AMR, read with
        ``graph_only``, may not: it is for generation alone)."""
        return bool(self.words)

    def bigraph(self) -> Bigraph:
        """B = (G, D, w^POS, A_G, A_D), over the punctuated words (:func:`punctuated`) if
        :attr:`punctuated`."""
        words, pos, lemmas, heads, labels, position = punctuated(self) if self.punctuated else unpunctuated(self)
        return Bigraph(
            amr=self.amr.graph,
            dependencies=dependency_tree(words, heads, labels),
            words=words,
            amr_alignment={(v, position[j]) for v, js in self.alignment.items() for j in js},
            dependency_alignment={(i, i) for i in range(1, len(words) + 1)},
            pos=pos,
            lemmas=lemmas,
        )


PUNCTUATION_RELATION = "punct"


def unpunctuated(entry: ExtendedEntry) -> tuple[list[str], list[str], list[str], list[int], list[str], dict[int, int]]:
    """What :func:`punctuated` gives, for w' as it is (4.3.1: no punctuation)."""
    return (list(entry.words), list(entry.pos), list(entry.lemmas), list(entry.heads), list(entry.labels),
            {i: i for i in range(1, len(entry.words) + 1)})


def punctuated(entry: ExtendedEntry) -> tuple[list[str], list[str], list[str], list[int], list[str], dict[int, int]]:
    """The words of B with the reference's punctuation put back (our extension, the one
    the thesis's conclusion proposes: punctuation "integrated into the actual
    transition system"): w' keeps each punctuation token where the reference has it,
    so that the oracle explains it by Insert-Child and Insert-Between like any other
    unaligned word.  Returns the words, POS tags, lemmas, dependency heads and
    relations over them, and the map from a position of w' to its position here.
    A punctuation token is its own tag and lemma and depends on the word before it
    (the first word where none precedes), as parsers attach it.  An entry without
    tokens, or whose tokens do not give its words, keeps w' as it is."""
    words = [token.lower() for token in entry.tokens]
    kept = [i for i, token in enumerate(entry.tokens, start=1) if not is_punctuation(token)]
    if [words[at - 1] for at in kept] != list(entry.words) or len(kept) == len(words) or not kept:
        return unpunctuated(entry)
    position = dict(zip(range(1, len(kept) + 1), kept))
    pos, lemmas, heads, labels = list(words), list(words), [0] * len(words), [PUNCTUATION_RELATION] * len(words)
    for i, at in position.items():
        words[at - 1] = entry.words[i - 1]
        pos[at - 1], lemmas[at - 1], labels[at - 1] = entry.pos[i - 1], entry.lemmas[i - 1], entry.labels[i - 1]
        heads[at - 1] = position[entry.heads[i - 1]] if entry.heads[i - 1] else 0
    previous, said = kept[0], set(kept)
    for at in range(1, len(words) + 1):
        if at in said:
            previous = at
        else:
            heads[at - 1] = previous
    return words, pos, lemmas, heads, labels, position
