"""What amrgen asks WordNet (thesis 4.3.3 WordNetPos and RealizationLemma, 5.2 default
realizations): the most likely POS of a lemma, whether WordNet has a lemma with a POS, and the
base form of a word.
"""

from __future__ import annotations

from typing import Any

from amrgen.lexicon.wordnet_cache import load_table

_WORDNET_POS = (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r"))
_PENN_TO_WORDNET = {"VB": "v", "NN": "n", "JJ": "a", "RB": "r"}


class WordNetLexicon:
    """What the features ask WordNet: the most likely POS of a lemma
    (WordNetPos), whether WordNet has a lemma with a POS, and base forms of
    words (RealizationLemma).

    The answers come from :func:`amrgen.lexicon.wordnet_cache.load_table`, loaded on
    the first question, without nltk; or from nltk's WordNet reader
    ``reader`` if one is given (the table gives the same answers). Answers
    are cached.
    """

    def __init__(self, reader: Any = None, *, table: Any = None) -> None:
        self._source = _ReaderAnswers(reader) if reader is not None else table
        self._best_pos: dict[str, str | None] = {}
        self._base_form: dict[tuple[str, str | None], str] = {}
        self._known: dict[tuple[str, str], bool] = {}

    @property
    def source(self) -> Any:
        """What answers: a :class:`~amrgen.lexicon.wordnet_table.WordNetTable` (or the reader's answers)."""
        if self._source is None:
            self._source = load_table()
        return self._source

    def best_pos(self, lemma: str) -> str | None:
        """The WordNet POS (noun, verb, adj, adv) under which the lemma's
        senses reach the highest use count; ties go to that order; None when
        WordNet does not know the lemma (reference implementation §6.3)."""
        if lemma not in self._best_pos:
            counts = {}
            for name in _wordnet_names(lemma):
                for pos, tag in _WORDNET_POS:
                    count = self.source.count(name, tag)
                    if count is not None and pos not in counts:
                        counts[pos] = count
            self._best_pos[lemma] = max(counts, key=counts.__getitem__) if counts else None
        return self._best_pos[lemma]

    def knows(self, lemma: str, tag: str) -> bool:
        """Whether WordNet has the lemma (exactly, spaces or hyphens read as
        underscores) with the WordNet POS ``tag`` (n, v, a, r)."""
        key = (lemma, tag)
        if key not in self._known:
            self._known[key] = any(self.source.knows(name, tag) for name in _wordnet_names(lemma))
        return self._known[key]

    def base_form(self, word: str, pos: str | None = None) -> str:
        """The word's base form by WordNet's morphology, trying the WordNet POS
        of the Penn tag ``pos`` first, then verb, noun, adjective, adverb; the
        word itself when none applies."""
        key = (word, pos)
        if key not in self._base_form:
            first = _PENN_TO_WORDNET.get((pos or "")[:2])
            tags = dict.fromkeys([first, "v", "n", "a", "r"] if first else ["v", "n", "a", "r"])
            forms = (self.source.morphy(word.lower(), tag) for tag in tags)
            self._base_form[key] = next((form for form in forms if form), word.lower())
        return self._base_form[key]


class _ReaderAnswers:
    """The questions of :class:`~amrgen.lexicon.wordnet_table.WordNetTable`, answered by nltk's WordNet reader."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def count(self, name: str, tag: str) -> int | None:
        lemmas = self.reader.lemmas(name, tag)
        return max(lemma.count() for lemma in lemmas) if lemmas else None

    def knows(self, name: str, tag: str) -> bool:
        return bool(self.reader.lemmas(name, tag))

    def morphy(self, form: str, tag: str) -> str | None:
        return self.reader.morphy(form, tag)


def _wordnet_names(lemma: str) -> list[str]:
    """How WordNet may spell a lemma: spaces as underscores, and hyphens too."""
    name = lemma.replace(" ", "_")
    return list(dict.fromkeys((name, name.replace("-", "_"))))


WORDNET = WordNetLexicon()
"""The lexicon the features and default realizations use by default (loads the WordNet table on first use)."""
