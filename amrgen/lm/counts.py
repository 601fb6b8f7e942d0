"""The count-based maximum-likelihood n-gram estimate of thesis 2.6, for teaching.

    p(w_i | w_{i-n}, ..., w_{i-1}) = count_C((w_{i-n}, ..., w_i)) / count_C((w_{i-n}, ..., w_{i-1}))

where count_C(u) is the number of times u occurs as a contiguous substring of
the sentences of the corpus C.  The estimate has no smoothing, so an unseen
n-gram gets probability 0 (the problem the thesis names before turning to
Kneser-Ney smoothing); the generator itself uses KenLM
(:class:`amrgen.lm.model.LanguageModel`).  With the thesis's corpus
C = (the man sleeps, the man and the boy, a man), p(man | the) = 2/3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction


class CountNgrams:
    """count_C of every contiguous word sequence of a corpus, up to ``order`` words."""

    def __init__(self, corpus: Iterable[Sequence[str] | str], order: int = 3) -> None:
        if order < 1:
            raise ValueError(f"an n-gram order is at least 1, not {order}")
        self.order = order
        self.counts: Counter[tuple[str, ...]] = Counter()
        for sentence in corpus:
            words = sentence.split() if isinstance(sentence, str) else list(sentence)
            for n in range(1, order + 1):
                for i in range(len(words) - n + 1):
                    self.counts[tuple(words[i:i + n])] += 1

    def count(self, words: Sequence[str] | str) -> int:
        """count_C(words): how often ``words`` occurs in the corpus."""
        return self.counts[tuple(words.split() if isinstance(words, str) else words)]

    def probability(self, word: str, history: Sequence[str] | str) -> Fraction:
        """p(word | history) = count_C(history · word) / count_C(history), exactly;
        0 where the history never occurs (the estimate is undefined there)."""
        context = tuple(history.split() if isinstance(history, str) else history)
        if len(context) + 1 > self.order:
            raise ValueError(f"a history of {len(context)} words needs an order of at least "
                             f"{len(context) + 1}, not {self.order}")
        total = self.count(context) if context else sum(c for u, c in self.counts.items() if len(u) == 1)
        return Fraction(self.count((*context, word)), total) if total else Fraction(0)
