"""Control: the subject of an infinitive that an argument of the verb above it gives ("she
promised to come", "asked the student to study", "used mass spectrometry to measure"), what
phase 2's agreement (:mod:`amrgen.decoding.agreement`) leaves unsaid before a *to*."""

from __future__ import annotations

from amrgen.amr import concept_form
from amrgen.graph import Vertex
from amrgen.lexicon.words import INFINITIVE_VERBS
from amrgen.realization.clauses import subject_of
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration

_PURPOSE = "purpose"
"""The role of a clause said as a to-infinitive where its subject is a copy ("we used mass
spectrometry to measure the effect", "enough water to drink")."""
_CLAUSE_ARGUMENTS = frozenset({"ARG1", "ARG2"})
"""The roles of a clause that a verb taking a to-infinitive controls ("dare to disobey")."""


def controlled_subject(c: Configuration, v: Vertex) -> Vertex | None:
    """v's subject where it is controlled: v is the :purpose of p and its subject a copy, or v is
    the ARG1 or ARG2 of p, its subject a copy (the re-entrance Delete-Reentrance made) of p's
    ARG0 or ARG2 (or of what that copies), and p's verb takes a to-infinitive whose subject that argument is
    (:data:`~amrgen.lexicon.words.INFINITIVE_VERBS`: "promised to come", "asked the student
    to study"; but "cells show resistance", "she said that she would come", "i hear the
    little fellow greet it"); else None."""
    g = c.graph
    subject = subject_of(g, v)
    original = None if subject is None else c.rho.get(Key.LINK, subject)
    if original is None:
        return None
    for p, role, _ in g.in_edges(v):
        if role == _PURPOSE:
            return subject
        if role in _CLAUSE_ARGUMENTS and any(c.rho.get(Key.LINK, u, u) == original
                                             and (concept_form(g.label(p)), label) in INFINITIVE_VERBS
                                             for _, label, u in g.out_edges(p)):
            return subject
    return None


def object_controller(c: Configuration, v: Vertex) -> Vertex | None:
    """v's ARG2 where it controls the subject of v's ARG1 (:func:`controlled_subject`); else None."""
    roles = {label: u for _, label, u in c.graph.out_edges(v)}
    clause, controller = roles.get("ARG1"), roles.get("ARG2")
    if clause is None or controller is None:
        return None
    subject = controlled_subject(c, clause)
    return controller if subject is not None and c.rho.get(Key.LINK, subject) == c.rho.get(
        Key.LINK, controller, controller) else None
