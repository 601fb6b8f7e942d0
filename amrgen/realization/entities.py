"""How named entities are arranged (thesis 5.2): the name alone, the concept
before it or the concept after it ("the earth", "asteroid 325", "the three
gorges project"), "with the preference seen in training".

:func:`learn_arrangements` counts, for every entity concept of a training
corpus, which arrangement its references show: the words of the name (as
:func:`amrgen.prep.normalize.entity_name` collapsed them) found in the
reference, and the concept's word (or its plural) right before or right
after them, or neither.  The most frequent arrangement is kept (ties and
concepts never seen: the name alone), as the reference implementation keeps
only its single best (§7.2).  ``amrgen train`` stores the result in the
model directory; :class:`amrgen.realization.DefaultRealizer` realizes the
concept of an entity whose arrangement is the name alone as ε, and the
concept of any other by its word, with the order models placing the name.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence

from amrgen.amr import concept_form
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.normalize import entity_name, normalize
from amrgen.prep.tokenize import is_punctuation, tokenize

NAME = "name"
CONCEPT_NAME = "concept name"
NAME_CONCEPT = "name concept"
ARRANGEMENTS = (NAME, CONCEPT_NAME, NAME_CONCEPT)


def arrangement_in(words: Sequence[str], concept: str, name: str) -> str | None:
    """The arrangement of the entity (``concept``, ``name``) in the lower-cased
    ``words``: None where the name's words are not among them."""
    name_words = [w for w in tokenize(name.lower()) if not is_punctuation(w)]
    n = len(name_words)
    concept_words = {concept, concept + "s"}
    for i in range(len(words) - n + 1):
        if list(words[i:i + n]) == name_words:
            if i > 0 and words[i - 1] in concept_words:
                return CONCEPT_NAME
            if i + n < len(words) and words[i + n] in concept_words:
                return NAME_CONCEPT
            return NAME
    return None


def learn_arrangements(entries: Iterable[ExtendedEntry]) -> dict[str, str]:
    """The arrangement each entity concept of ``entries`` shows most often."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for entry in entries:
        normalized = normalize(entry)
        graph = normalized.amr.graph
        for v in graph.vertices:
            name = entity_name(graph, v)
            if name is None:
                continue
            concept = concept_form(graph.label(v))
            found = arrangement_in(normalized.words, concept, name)
            if found is not None:
                counts[concept][found] += 1
    return {concept: max(ARRANGEMENTS, key=lambda a: (c[a], a == NAME)) for concept, c in sorted(counts.items())}


def shows_concept(arrangements: Mapping[str, str], concept: str) -> bool:
    """Whether an entity of ``concept`` is realized with its concept word."""
    return arrangements.get(concept, NAME) != NAME
