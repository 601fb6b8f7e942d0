"""Gold syntactic annotations (thesis 4.3.2): simplify, left_S, bestPrefix and
the gold value α_v(k) of every key k ∈ K_syn."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from enum import Enum

from amrgen.bigraph import Bigraph
from amrgen.graph import Vertex
from amrgen.lexicon.words import BE_FORMS, HAVE_FORMS
from amrgen.transitions.annotations import NONE, SyntacticAnnotation



class Approach(str, Enum):
    """The two ways the thesis derives some gold values: from the text alone,
    or with the dependency tree D."""

    TEXT = "text"
    DEPENDENCY = "dependency"


def simplify(p: str) -> str:
    """simplify(p): NN for nouns, VB for finite verbs, JJ for adjectives and adverbs."""
    if p in {"NN", "NNS", "NNP", "NNPS", "FW"}:
        return "NN"
    if p in {"VB", "VBD", "VBP", "VBZ"}:
        return "VB"
    if p in {"JJ", "JJR", "JJS", "RB", "RBR", "RBS", "WRB"}:
        return "JJ"
    return p


def left(words: list[str], pos: list[str], s: Collection[str], i: int) -> bool:
    """left^B_S(i): w_{i-1} ∈ S, or w_{i-2} ∈ S with an adjective or adverb between (1-based i)."""
    if i >= 2 and words[i - 2] in s:
        return True
    return i >= 3 and words[i - 3] in s and simplify(pos[i - 2]) == "JJ"


def best_prefix(label: str, words: list[str], positions: Iterable[int]) -> int:
    """bestPrefix_B(v, S): the position in S whose word shares the longest prefix
    with L(v); the lowest such position on ties."""

    def common(word: str) -> int:
        n = 0
        for a, b in zip(word.lower(), label.lower()):
            if a != b:
                break
            n += 1
        return n

    return min(sorted(positions), key=lambda i: -common(words[i - 1]))


def gold_annotation(b: Bigraph, v: Vertex, approach: Approach = Approach.TEXT) -> SyntacticAnnotation | None:
    """α_v, the gold syntactic annotation of v; None when A_G(v) = ∅."""
    aligned = b.aligned(1, v)
    if not aligned:
        return None
    words, pos = b.words, b.pos
    i = best_prefix(str(b.amr.label(v)), words, aligned)
    p = pos[i - 1]
    simple = simplify(p)

    if p in {"VBN", "VBG"} and left(words, pos, BE_FORMS | HAVE_FORMS, i):
        part_of_speech = "VB"
    else:
        part_of_speech = simple

    number = "singular" if p in {"NN", "NNP", "FW"} else "plural" if p in {"NNS", "NNPS"} else NONE

    if simple == "VB":
        voice = "active"
    elif p == "VBN" and left(words, pos, BE_FORMS, i):
        voice = "passive"
    else:
        voice = NONE

    if p in {"VBP", "VBZ"}:
        tense = "present"
    elif p == "VBD":
        tense = "past"
    elif p == "VB" and left(words, pos, {"will"}, i):
        tense = "future"
    else:
        tense = NONE

    if approach is Approach.TEXT:
        denom = (
            "the" if simple == "NN" and left(words, pos, {"the"}, i)
            else "a" if simple == "NN" and left(words, pos, {"a", "an"}, i)
            else NONE
        )
    else:
        d = b.dependencies
        # A_D is the identity: word i is vertex i of D.
        articles = {str(d.label(c)).lower() for c in d.children(i)}
        denom = "the" if "the" in articles else "a" if articles & {"a", "an"} else NONE

    return SyntacticAnnotation(pos=part_of_speech, denom=denom, tense=tense, number=number, voice=voice)
