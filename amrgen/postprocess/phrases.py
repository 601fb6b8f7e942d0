"""Our postprocessing additions that mend phrases (additions to thesis 4.4):
the case of pronouns.  Each is a step of the pipeline
(:mod:`amrgen.postprocess.pipeline`); BLEU figures are in docs/results.md."""

from __future__ import annotations

from amrgen.amr import concept_form
from amrgen.graph import Vertex
from amrgen.lexicon.words import PRONOUN_FORMS
from amrgen.postprocess.editing import edited_at_each, neighbours, realized
from amrgen.postprocess.step import Context
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration


def pronoun_cases(c: Configuration, context: Context) -> Configuration:
    """The case of a copied pronoun (a copy of i, he, ... made by
    Delete-Reentrance) that depends on a verb: none right after an
    infinitive's ``to`` (``i tried to i find out`` -> ``i tried to find out``;
    English leaves the subject of an infinitive unsaid), and the subject or
    object form, by the side of the verb it stands on, instead of the
    possessive (``a picture that my first draw`` -> ``that i first draw``).
    The default realizations offer a copy all forms of its pronoun (5.2), and
    the language model prefers "to my" and "to i" to a bare "to" before a verb."""

    def case(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        word, concept = c.rho.get(Key.REAL, v), concept_form(g.label(v))
        parents = g.parents(v)
        if not word or concept not in PRONOUN_FORMS or not c.rho.defined(Key.LINK, v) or len(parents) != 1 \
                or c.rho.get(Key.POS, parents[0]) != "VB":
            return c
        subject, owner, object_, _ = PRONOUN_FORMS[concept]
        before = g.order.precedes(v, parents[0])
        if before and neighbours(c, v)[0] == "to":
            return realized(c, [(v, "")])
        return realized(c, [(v, subject if before else object_)]) if word == owner else c

    return edited_at_each(c, case)
