"""The pronoun concepts of AMR and their forms (thesis 5.2).

"We check whether l_σ1 is a pronoun and if so, we provide both the
corresponding personal pronoun and possessive pronoun forms as default
realizations."  The personal forms are the subject and the object form (he,
him); where a pronoun has one form for two cases (you, it; she/her), it is
listed once (:data:`amrgen.lexicon.words.PRONOUN_FORMS`).
"""

from __future__ import annotations

from amrgen.lexicon.words import PRONOUN_FORMS


def is_pronoun(concept: str) -> bool:
    return concept in PRONOUN_FORMS


def pronoun_forms(concept: str, possessive: bool = False, reflexive: bool = False) -> tuple[str, ...]:
    """The distinct forms of a pronoun concept, subject form first; only the
    possessive form when ``possessive`` (the pronoun fills a ``:poss`` role), only
    the reflexive form when ``reflexive`` (ours: the pronoun is an argument of the
    verb whose argument it refers to, "i brought myself down", not "i brought me down")."""
    subject, owner, object_, self_ = PRONOUN_FORMS[concept]
    if reflexive:
        return (self_,)
    return (owner,) if possessive else tuple(dict.fromkeys((subject, owner, object_)))
