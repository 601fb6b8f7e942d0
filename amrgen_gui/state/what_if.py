"""What if the graph were different: the PENMAN editor's edit of an entry, the sentence
the model said before the edit and after it, the words that changed, and (when the user
keeps it) the entry's reference with the BLEU of both sentences against it."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from amrgen.evaluation.bleu import sentence_bleu
from amrgen.prep.extended import ExtendedEntry


@dataclass(frozen=True)
class Word:
    """A word of a sentence, and whether the edit changed it (added after, gone before)."""

    text: str
    changed: bool


def changed_words(before: str, after: str) -> tuple[list[Word], list[Word]]:
    """The words of ``before`` and ``after``, each marked when the other sentence lacks it
    there (a word-level diff: what was replaced, removed or added)."""
    old, new = before.split(), after.split()
    old_marks, new_marks = [True] * len(old), [True] * len(new)
    for block in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_matching_blocks():
        old_marks[block.a:block.a + block.size] = [False] * block.size
        new_marks[block.b:block.b + block.size] = [False] * block.size
    return [Word(w, m) for w, m in zip(old, old_marks)], [Word(w, m) for w, m in zip(new, new_marks)]


@dataclass
class WhatIf:
    """An edit of ``original`` (the entry open when Edit Open Entry was chosen)."""

    original: ExtendedEntry | None = None
    before: str | None = None
    """The sentence the model said for the original graph (None: not known, outside model mode)."""
    after: str | None = None
    """The sentence for the graph as edited (None: being generated, or the text does not read)."""
    keep_reference: bool = True

    def reference(self) -> str | None:
        """The original entry's reference sentence, when it has one and the user keeps it."""
        if self.original is None or not self.keep_reference or not self.original.has_reference:
            return None
        return " ".join(self.original.tokens or self.original.words)

    def scores(self) -> tuple[float | None, float | None]:
        """Sentence BLEU of the sentence before and after against the reference kept."""
        reference = self.reference()
        if reference is None:
            return None, None
        return tuple(sentence_bleu(s, reference) if s is not None else None for s in (self.before, self.after))
