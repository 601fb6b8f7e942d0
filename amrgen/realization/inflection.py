"""Word forms for the default realizations (thesis 5.2), with lemminflect in
place of SimpleNLG and WordNet to check that a lemma or derived adverb exists.

"We query WordNet to find out whether a word with lemma l_σ1 and POS tag
α(POS) exists [...].  Otherwise, we use SimpleNLG to turn l_σ1 into the
required word form according to α."  The form is chosen by a Penn Treebank
tag: NNS for a plural noun, VBD for the past tense, VBZ/VBP for the present
(third person singular or not), VBN for the passive voice, VB otherwise.
A lemma of several words (``look up``) is inflected on its head: the first
word of a verb, the last word of a noun.
"""

from __future__ import annotations

import functools
import importlib.abc
import re
import sys

from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.words import ADVERB_SUFFIXES, IRREGULAR_ADVERBS, IRREGULAR_DEGREES, PRONOUN_COPULAS, SUPPORTING_DO
from amrgen.transitions.annotations import NONE, SyntacticAnnotation

WORDNET_TAGS: dict[str, tuple[str, ...]] = {
    "NN": ("n",),
    "VB": ("v",),
    "VBG": ("v",),
    "VBN": ("v",),
    "JJ": ("a", "r"),
}
"""The WordNet POS that a lemma needs for each α(POS) to have default forms
(JJ covers adjectives and adverbs, see simplify in 4.3.2).  VBG and VBN are the
participles that simplify leaves as they are."""

AUXILIARY_TAGS = ("VB", "VBZ", "VBP", "VBD", "VBN")
"""The forms of an inserted be, have or do when α says nothing of the tense."""


def knows(lexicon: WordNetLexicon, lemma: str, pos: str) -> bool:
    """Whether WordNet has the lemma with a WordNet POS of α(POS) = ``pos``."""
    return any(lexicon.knows(lemma, tag) for tag in WORDNET_TAGS.get(pos, ()))


def inflect(lemma: str, tag: str, every: bool = False) -> tuple[str, ...]:
    """The form of the lemma for the Penn tag (all of them if ``every``: was and were)."""
    words = lemma.split()
    head = len(words) - 1 if tag.startswith("NN") else 0
    forms = _lemminflect().getInflection(words[head], tag) or (words[head],)
    return tuple(" ".join([*words[:head], form, *words[head + 1:]]) for form in forms[:None if every else 1])


def noun_tag(number: str) -> str:
    return "NNS" if number == "plural" else "NN"


def verb_tags(alpha: SyntacticAnnotation, third_person: bool | None) -> tuple[str, ...]:
    """The Penn tags of the verb forms α asks for; both present forms when
    ``third_person`` (of a singular subject) is unknown."""
    if alpha.pos in ("VBG", "VBN"):
        return (alpha.pos,)
    if alpha.voice == "passive":
        return ("VBN",)
    if alpha.tense == "past":
        return ("VBD",)
    if alpha.tense == "present":
        return {True: ("VBZ",), False: ("VBP",), None: ("VBZ", "VBP")}[third_person]
    return ("VB",)


def auxiliary_forms(lemma: str, alpha: SyntacticAnnotation, third_person: bool | None) -> tuple[str, ...]:
    """The forms of an inserted auxiliary (be, have, do) that α allows: those
    of its tense, or every finite form, the base form and the participle when
    α has no tense (``be`` → be, is, am, are, was, were, been)."""
    tags = AUXILIARY_TAGS if alpha.tense == NONE else verb_tags(alpha, third_person)
    inflections = _lemminflect().getAllInflections(lemma)
    return tuple(dict.fromkeys(form for tag in tags for form in inflections.get(tag, (lemma,))))


def supporting_do(verb: str) -> tuple[str, str] | None:
    """(do, base form) for a finite or base verb form, its head first
    (``knew`` → (did, know), ``looks up`` → (does, look up)); None for a
    participle, a word lemminflect does not know as a verb, or no word at all."""
    if not verb.split():
        return None
    head, *rest = verb.split()
    lemmas = _lemminflect().getLemma(head, upos="VERB")
    if not lemmas:
        return None
    base = lemmas[0]
    inflections = {**_lemminflect().getAllInflections(base), "VB": (base,)}
    tag = next((tag for tag in SUPPORTING_DO if head in inflections.get(tag, ())), None)
    return None if tag is None else (SUPPORTING_DO[tag], " ".join([base, *rest]))


def synthetic_degree(lexicon: WordNetLexicon, word: str, superlative: bool) -> str | None:
    """The comparative (superlative) of an adjective or adverb that English
    inflects rather than writing more (most) before it: the irregular ones
    (``good`` → ``better``, ``best``), words of one syllable (``big`` →
    ``bigger``) and of two ending in -y (``early`` → ``earliest``, but an -ly
    adverb only where WordNet knows it as an adjective too); None for the others
    (``beautiful``, ``quickly``).  The syllables are counted by hand
    (groups of vowels, a final silent e not counted): lemminflect inflects
    every adjective regularly (``beautifuler``), and it writes ``freeer`` and
    ``trueer``, which are mended here too."""
    if word in IRREGULAR_DEGREES:
        return IRREGULAR_DEGREES[word][superlative]
    if not word.isalpha() or word.endswith("ly") and not lexicon.knows(word, "a"):
        return None
    syllables = len(re.findall(r"[aeiouy]+", word)) - (word.endswith("e") and not word.endswith(("le", "ee", "ye")))
    if syllables > 1 and not (syllables == 2 and word.endswith("y")):
        return None
    form = _lemminflect().getInflection(word, "JJS" if superlative else "JJR")[0]
    return word + form[len(word) + 1:] if word.endswith("e") and form.startswith(word + "e") else form


def is_plural_noun(word: str) -> bool:
    """Whether a noun (its last word) is a plural form (``grown ups``, ``children``); not for no word."""
    if not word.split():
        return False
    head = word.split()[-1]
    return head not in (_lemminflect().getLemma(head, upos="NOUN") or (head,))


def is_base_form(verb: str, lemma: str | None = None) -> bool:
    """Whether a verb (its head: the first word) is in its base form, or not known as a verb;
    not where it is another form of ``lemma``, the verb it says (``bound`` of bind-01, which
    lemminflect also knows as a base form)."""
    head = verb.split()[0]
    if lemma is not None and head != lemma and any(
            head in forms for forms in _lemminflect().getAllInflections(lemma, upos="VERB").values()):
        return False
    lemmas = _lemminflect().getLemma(head, upos="VERB")
    return not lemmas or head in lemmas


def is_past_form(verb: str) -> bool:
    """Whether a verb (its head: the first word) is the past form of a lemma (``ate``, ``read``)."""
    head = verb.split()[0]
    return any(head in inflect(lemma, "VBD", every=True) for lemma in _lemminflect().getLemma(head, upos="VERB"))


def adverb(lexicon: WordNetLexicon, adjective: str) -> str | None:
    """The adverb derived from an adjective (``quick`` → ``quickly``, ``good`` →
    ``well``) if WordNet knows it as an adverb, else None."""
    candidates = [IRREGULAR_ADVERBS[adjective]] if adjective in IRREGULAR_ADVERBS else [
        adjective[:len(adjective) - len(old)] + new for old, new in ADVERB_SUFFIXES if adjective.endswith(old)
    ]
    return next((word for word in candidates if word != adjective and lexicon.knows(word, "r")), None)


@functools.cache
def _lemminflect():
    """lemminflect, imported and its tables read on first use (about 0.6 s).
    A generator that is loaded to be timed or to be ready calls
    :func:`load_inflections` first.

    Importing lemminflect imports spaCy, if it can, only to register
    lemminflect's spaCy extension, which amrgen does not use; that import is
    0.7 s of the 2 s a one-graph ``amrgen generate`` may take (issue 18), so
    lemminflect is imported with spaCy hidden, unless spaCy is imported
    already (then it registers its extension as before)."""
    if "spacy" in sys.modules:
        import lemminflect
    else:
        sys.meta_path.insert(0, _HIDE_SPACY)
        try:
            import lemminflect
        finally:
            sys.meta_path.remove(_HIDE_SPACY)
    lemminflect.getInflection("be", "VBD")  # reads the inflection tables now
    return lemminflect


class _HiddenModule(importlib.abc.MetaPathFinder):
    """An import finder under which a package cannot be imported, as if it were not installed."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname == self.name or fullname.startswith(self.name + "."):
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)


_HIDE_SPACY = _HiddenModule("spacy")


def load_inflections() -> None:
    """Import lemminflect and read its tables now rather than at the first word form."""
    _lemminflect()


def load_lemmas() -> None:
    """Read lemminflect's lemma tables now rather than at the first lemma asked for."""
    _lemminflect().getLemma("was", upos="VERB")


def be_forms(word: str | None, pos: str, number: str, label: str) -> tuple[str, str]:
    """The (present, past) forms of be that agree with a subject realized as ``word``
    with POS ``pos`` and number ``number`` (its concept ``label``): a pronoun's own (i:
    am, was), are/were for a plural noun or an ``and`` of subjects, else is/was."""
    plural = number == "plural" or label == "and" or pos == "NN" and bool(word) and is_plural_noun(word)
    return PRONOUN_COPULAS.get(word or "", ("are", "were") if plural else ("is", "was"))
