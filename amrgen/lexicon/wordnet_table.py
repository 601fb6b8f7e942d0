"""What amrgen asks WordNet, as a table answered without nltk.

Importing nltk and loading its WordNet reader takes over two seconds, most of a generator's start.
The lexicon (:class:`amrgen.lexicon.wordnet_lexicon.WordNetLexicon`) asks WordNet only three
things: the use count of a lemma with a POS, whether WordNet has it at all, and morphy's base form
of a word. :class:`WordNetTable` holds what answers them, for each POS ``n``, ``v``, ``a``
(adjectives with their satellites, as nltk's ``lemmas(name, "a")`` finds them) and ``r``: every
lemma name of WordNet's index with the highest ``Lemma.count()`` among its senses, and the
exception lists.

The table is built once from WordNet through nltk's reader (:func:`build_table`, the slow path)
and kept in the user's cache (:mod:`amrgen.lexicon.wordnet_cache`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

POS_TAGS = ("n", "v", "a", "r")
"""WordNet's POS tags, in nltk's POS_LIST order; ``s`` (satellite) is read as ``a``."""

MORPHOLOGICAL_SUBSTITUTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
          ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
"""nltk's ``WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS`` (WordNet's morphy rules), in its order."""


class WordNetTable:
    """Use counts of WordNet's lemmas and morphy, per POS tag (n, v, a, r).

    ``counts[tag]`` maps every lemma name of WordNet's index for the POS
    (lower case, words joined by ``_``) to the highest ``Lemma.count()`` of
    its senses (0 when none is counted); ``exceptions[tag]`` maps an
    irregular form to its base forms (WordNet's ``*.exc`` files).
    """

    __slots__ = ("counts", "exceptions")

    def __init__(self, counts: Mapping[str, Mapping[str, int]],
                 exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]) -> None:
        self.counts = counts
        self.exceptions = exceptions

    def count(self, name: str, tag: str) -> int | None:
        """The highest use count of the lemma ``name`` with the POS ``tag``,
        None when WordNet does not have it: ``max(l.count() for l in
        reader.lemmas(name, tag))`` in nltk, None where that list is empty."""
        return self.counts[_tag(tag)].get(name.lower())

    def knows(self, name: str, tag: str) -> bool:
        """Whether nltk's ``reader.lemmas(name, tag)`` is not empty."""
        return name.lower() in self.counts[_tag(tag)]

    # morphy is written out here, not taken from nltk, because importing nltk takes 2.3 s at start.
    # It mirrors nltk's WordNetCorpusReader.morphy and _morphy (nltk 3.9): the exception list if
    # it has the form (else the substitution rules, applied once), the form itself first, then
    # only what the lemma index has for the POS, each once; morphy answers the first of these.

    def analyses(self, form: str, tag: str) -> list[str]:
        """nltk's ``reader._morphy(form, tag)``: the base forms of ``form`` that WordNet has."""
        tag = _tag(tag)
        exceptions = self.exceptions[tag]
        if form in exceptions:
            forms = list(exceptions[form])
        else:
            forms = [form[:-len(old)] + new for old, new in MORPHOLOGICAL_SUBSTITUTIONS[tag] if form.endswith(old)]
        index = self.counts[tag]
        return [candidate for candidate in dict.fromkeys([form, *forms]) if candidate in index]

    def morphy(self, form: str, tag: str | None = None) -> str | None:
        """nltk's ``reader.morphy(form, tag)``: the first base form WordNet has
        (trying n, v, a, r in turn without a tag), None if there is none.
        The form is taken as it is (WordNet's index is in lower case)."""
        for pos in (tag,) if tag else POS_TAGS:
            analyses = self.analyses(form, pos)
            if analyses:
                return analyses[0]
        return None


def _tag(tag: str) -> str:
    return "a" if tag == "s" else tag


# -- building it from nltk's reader --------------------------------------------------


def build_table(reader: Any) -> WordNetTable:
    """The table of nltk's WordNet reader ``reader`` (a few seconds).

    The lemma names are those of the reader's index (``all_lemma_names``):
    the index lists, for each name, the synsets that have it, so these are
    the names ``reader.lemmas(name, tag)`` finds lemmas for. A lemma's count
    is the last field of its sense key's line in ``cntlist.rev``, 0 without
    one (``reader.lemma_count``). As a sense key starts with the lemma's name
    in lower case, ``%`` and its synset type (1 noun, 2 verb, 3 adjective,
    4 adverb, 5 satellite), only the names of the counted keys can have a
    count above 0: only their lemmas are asked of the reader, for their keys
    (asking every lemma would load every synset, a minute).
    """
    counts: dict[str, dict[str, int]] = {tag: dict.fromkeys(reader.all_lemma_names(tag), 0) for tag in POS_TAGS}
    key_counts: dict[str, int] = {}
    with reader.open("cntlist.rev") as stream:
        for line in stream:
            key = line.split(" ", 1)[0]
            if line.strip() and key not in key_counts:
                key_counts[key] = int(line.rsplit(" ", 1)[-1])
    type_tags = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
    counted = dict.fromkeys((name, type_tags[sense[:1]]) for name, _, sense in
                            (key.partition("%") for key in key_counts) if sense[:1] in type_tags)
    for name, tag in counted:
        if name in counts[tag]:
            lemmas = reader.lemmas(name, tag)
            counts[tag][name] = max((key_counts.get(lemma.key(), 0) for lemma in lemmas), default=0)
    exceptions = {
        tag: {form: tuple(bases) for form, bases in reader._exception_map[tag].items()}  # what morphy reads
        for tag in POS_TAGS
    }
    return WordNetTable(counts, exceptions)
