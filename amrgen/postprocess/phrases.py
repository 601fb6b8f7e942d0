"""Our postprocessing additions that mend phrases (additions to thesis 4.4):
negation, adverbs, times, plurals, degrees, idioms, the place of modifiers and
the case of pronouns.  Each is a step of the pipeline
(:mod:`amrgen.postprocess.pipeline`); BLEU figures are in docs/results.md."""

from __future__ import annotations

import re
from collections.abc import Iterable

from amrgen.amr import concept_form
from amrgen.graph import Vertex
from amrgen.lexicon.words import (
    ARTICLES,
    BECAUSE_WORDS,
    DEGREE_WORDS,
    NEGATIVE_WORDS,
    POSSESSIVES,
    PRONOUN_FORMS,
)
from amrgen.postprocess.editing import (
    Fix,
    add_mark,
    below_between_word,
    edited_at_each,
    is_between_word,
    neighbours,
    placed,
    realized,
    realized_anew,
)
from amrgen.postprocess.step import Context
from amrgen.realization.countries import ENTITY_KINDS, country_adjective
from amrgen.realization.inflection import (
    adverb,
    inflect,
    is_plural_noun,
    synthetic_degree,
)
from amrgen.realization.numbers import DATE_ENTITY, is_number
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration

CAUSE = "cause-01"
POSSIBLE = "possible-01"
PERCENTAGE = "percentage-entity"
ARG_LABEL = re.compile(r"ARG\d")


def single_negation(c: Configuration, context: Context) -> Configuration:
    """No ``not`` for a :polarity - whose vertex already has a child realized as a
    negative word: AMR writes "never" as :polarity - beside :time ever, which
    the realize model learnt to say "never" (``i not never learned`` -> ``i
    never learned``); where that child was realized "ever", it says "never"
    instead of the ``not`` (``he not ever explained`` -> ``he never
    explained``).  A :polarity said ``no`` right before its verb says ``not``
    (``you no tie him`` -> ``you not tie him``, which :func:`do_support` makes
    ``you do not tie him``)."""
    return realized_anew(c, _single_negation_fixes)


def _single_negation_fixes(c: Configuration, v: Vertex) -> list[Fix]:
    children, fixes = c.graph.out_edges(v), []
    if c.rho.get(Key.POS, v) == "VB":
        fixes.extend((u, "not") for _, label, u in children
                     if label == "polarity" and c.rho.get(Key.REAL, u) == "no" and neighbours(c, v)[0] == "no")
    negations = [u for _, label, u in children if label == "polarity" and c.rho.get(Key.REAL, u) == "not"]
    ever = [u for _, _, u in children if c.rho.get(Key.REAL, u) == "ever"]
    if negations and ever:
        fixes.append((ever[0], "never"))
    if ever or any(c.rho.get(Key.REAL, u) in NEGATIVE_WORDS for _, _, u in children):
        fixes.extend((u, "") for u in negations)
    return fixes


def manner_adverbs(c: Configuration, context: Context) -> Configuration:
    """The adverb for an adjective that says how a verb's action is done (a
    :manner child of a verb realized as an adjective: ``i answered modest`` ->
    ``i answered modestly``), where WordNet knows the adverb.  The default
    realizations offer both forms, and the language model often takes the
    adjective."""
    lexicon = context.lexicon

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        if c.rho.get(Key.POS, v) != "VB":
            return
        for _, label, u in c.graph.out_edges(v):
            word = c.rho.get(Key.REAL, u)
            if label == "manner" and c.rho.get(Key.POS, u) == "JJ" and word and lexicon.knows(word, "a"):
                form = adverb(lexicon, word)
                if form is not None and not lexicon.knows(word, "r"):
                    yield u, form

    return realized_anew(c, fixes_at)


def time_phrases(c: Configuration, context: Context) -> Configuration:
    """``in`` before a date entity of a year alone or a time of day alone that
    is the :time of its parent (``saw the 1909`` -> ``saw in 1909``, ``lost the
    night`` -> ``lost in the night``), a year without an article; a date entity
    below an Insert-Between word has no :time edge and stays as it is."""

    def time_phrase(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        parts = g.out_edges(v)
        if str(g.label(v)) != DATE_ENTITY or [label for _, label, _ in parts] not in (["year"], ["dayperiod"]) \
                or [label for _, label, _ in g.in_edges(v)] != ["time"]:
            return c
        (_, role, part), = parts
        if role == "year":
            c = realized(c, [(w, "") for w in g.children(part) if c.rho.get(Key.REAL, w) in ARTICLES])
        return add_mark(c, v, "in", before=[v, *g.children(v)])

    return edited_at_each(c, time_phrase)


def counted_plurals(c: Configuration, context: Context) -> Configuration:
    """The plural for a noun counted by a number above one (``forty - four sunset``
    -> ``forty - four sunsets``): the number model decides without the :quant."""

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        g, word = c.graph, c.rho.get(Key.REAL, v)
        if c.rho.get(Key.POS, v) != "NN" or not word:
            return
        counts = [str(g.label(u)) for _, label, u in g.out_edges(v) if label == "quant" and is_number(str(g.label(u)))]
        # is_plural_noun last: its first question reads lemminflect's lemma table (0.3 s)
        if counts and float(counts[0]) > 1 and not is_plural_noun(word):
            yield v, inflect(word, "NNS")[0]

    return realized_anew(c, fixes_at)


DEMONSTRATIVES = {"this": ("this", "these"), "these": ("this", "these"), "that": ("that", "those"),
                  "those": ("that", "those")}
"""A demonstrative's (singular, plural) forms."""


def demonstratives(c: Configuration, context: Context) -> Configuration:
    """A demonstrative before its noun agrees with it in number (``this
    results`` -> ``these results``): a :mod child said as this/these/that/those,
    ordered before its parent noun (ρ̂(POS) = NN), takes the plural form where
    the noun is plural (by ρ̂(NUMBER) or by its word: ``counted-plurals`` may
    have made it so), the singular where it is not.  Realize chooses the
    demonstrative's form without seeing the noun's number."""

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        g, word = c.graph, c.rho.get(Key.REAL, v)
        if c.rho.get(Key.POS, v) != "NN" or not word:
            return
        for _, label, u in g.out_edges(v):
            forms = DEMONSTRATIVES.get(c.rho.get(Key.REAL, u))
            if label == "mod" and forms and g.order.precedes(u, v):
                plural = c.rho.get(Key.NUMBER, v) == "plural" or is_plural_noun(word)
                if forms[plural] != c.rho.get(Key.REAL, u):
                    yield u, forms[plural]

    return realized_anew(c, fixes_at)


def consequences(c: Configuration, context: Context) -> Configuration:
    """``so`` for a cause-01 said as ``because`` that has no cause to give (no
    realized :ARG0): ``because the good seed ...`` -> ``so the good seed ...``."""

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        g = c.graph
        if str(g.label(v)) == CAUSE and c.rho.get(Key.REAL, v) in BECAUSE_WORDS \
                and not any(label == "ARG0" and g.yield_(c.rho[Key.REAL], u) for _, label, u in g.out_edges(v)):
            yield v, "so"

    return realized_anew(c, fixes_at)


def synthetic_degrees(c: Configuration, context: Context) -> Configuration:
    """The inflected comparative and superlative for the adjectives and adverbs
    English inflects (:func:`~amrgen.realization.inflection.synthetic_degree`):
    a :degree more or most right before its parent's word is merged into it
    (``most good`` -> ``best``, ``more big`` -> ``bigger``); AMR writes the
    degree as a concept of its own (``(g / good :degree (m / most))``), which
    the transitions realize as a word of its own.  A comparative's
    :compared-to that Insert-Between gave another word gets ``than`` (``bigger
    of a house`` -> ``bigger than a house``), and the noun a superlative
    modifies takes ``the`` for a/an (``a best portrait`` -> ``the best
    portrait``)."""
    lexicon = context.lexicon

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        g, word = c.graph, c.rho.get(Key.REAL, v)
        if c.rho.get(Key.POS, v) != "JJ" or not word:
            return
        for _, label, u in g.out_edges(v):
            degree = c.rho.get(Key.REAL, u)
            if label != "degree" or degree not in DEGREE_WORDS or neighbours(c, v)[0] != degree:
                continue
            form = synthetic_degree(lexicon, word, DEGREE_WORDS[degree])
            if form is not None:
                yield from [(v, form), (u, "")]
                yield from [(w, "than") for _, role, w in g.out_edges(v)
                            if role == "compared-to" and is_between_word(g, w) and degree == "more"]
                yield from [(w, "the") for noun in g.parents(v) for w in g.children(noun)
                            if DEGREE_WORDS[degree] and c.rho.get(Key.REAL, w) in ("a", "an")]

    return realized_anew(c, fixes_at)


def as_possible(c: Configuration, context: Context) -> Configuration:
    """``as X as possible`` for the AMR idiom of a :degree most with a
    :compared-to possible-01 (``(s / soon :degree (m / most) :compared-to (p /
    possible-01))``), which the transitions say as ``most soon can``: most
    becomes ``as``, possible-01 ``as possible`` right after X (``most soon can``
    -> ``as soon as possible``)."""

    def idiom(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        edges = g.out_edges(v)
        most = next((u for _, label, u in edges if label == "degree" and c.rho.get(Key.REAL, u) == "most"), None)
        possible = next((u for _, label, u in edges if label == "compared-to" and str(g.label(u)) == POSSIBLE
                         and not any(c.rho.get(Key.REAL, w) for w in g.successors(u))), None)
        if most is None or possible is None or not c.rho.get(Key.REAL, v):
            return c
        return realized(c.with_(graph=placed(g, v, possible, after=v)), [(most, "as"), (possible, "as possible")])

    return edited_at_each(c, idiom)


def ago(c: Configuration, context: Context) -> Configuration:
    """``six years ago`` for AMR's ``(b / before :op1 (n / now) :quant (t /
    temporal-quantity ...))``, which the transitions say as ``now six years
    before``: now is left unsaid, before says ``ago`` after the quantity (``now
    six years before`` -> ``six years ago``)."""

    def said_ago(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        if str(g.label(v)) != "before":
            return c
        now = next((u for _, label, u in g.out_edges(v) if label == "op1" and str(g.label(u)) == "now"), None)
        quantity = next((u for _, label, u in g.out_edges(v) if label == "quant"), None)
        if now is None or quantity is None:
            return c
        last = g.order.sequence(g.children(v))[-1]
        return realized(c.with_(graph=placed(g, v, v, after=last)), [(now, ""), (v, "ago")])

    return edited_at_each(c, said_ago)


def percentages(c: Configuration, context: Context) -> Configuration:
    """``70 %`` for AMR's ``(p / percentage-entity :value 70)``, which the models
    say as the number alone (the references' ``%`` is aligned to no concept, so
    the realize model learns ε for the entity): an entity said as nothing is said
    as ``%`` right after its value (``by up to 70`` -> ``by up to 70 %``)."""

    def said_percent(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        if str(g.label(v)) != PERCENTAGE or c.rho.get(Key.REAL, v):
            return c
        value = next((u for _, label, u in g.out_edges(v) if label == "value" and c.rho.get(Key.REAL, u)), None)
        if value is None:
            return c
        return realized(c.with_(graph=placed(g, v, v, after=value)), [(v, "%")])

    return edited_at_each(c, said_percent)


def modifiers_first(c: Configuration, context: Context) -> Configuration:
    """Two modifiers that the transitions put after their noun go before it:
    a :poss pronoun realized as its possessive form, first of the noun's phrase
    and without the noun's article (``the drawing number one of my`` -> ``my
    drawing number one``), and a country, region or continent said as its
    adjective, right before the noun and without an article of its own (``his
    costume to the turkish`` -> ``his turkish costume``); either without the
    word Insert-Between put above it."""

    def modifier_first(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        for _, label, u in g.out_edges(v):
            modifier = below_between_word(g, u)
            possessive = label == "poss" and c.rho.get(Key.REAL, modifier) in POSSESSIVES
            adjective = c.rho.get(Key.POS, v) == "NN" and _said_as_adjective(c, modifier)
            if not (possessive or adjective) or not g.order.precedes(v, u):
                continue
            heads = [v] if possessive else [modifier]
            heads += [w for head in heads for _, role, w in g.out_edges(head) if role == "name"]
            articles = [w for head in heads for w in g.children(head) if c.rho.get(Key.REAL, w) in ARTICLES]
            g = placed(g, v, u) if possessive else placed(g, v, u, before=v)
            fixes = [(w, "") for w in articles] + ([(u, "")] if u != modifier else [])
            return realized(c.with_(graph=g), fixes)
        return c

    return edited_at_each(c, modifier_first)


def _said_as_adjective(c: Configuration, v: Vertex) -> bool:
    """Whether v is a country, region or continent realized by its adjective."""
    g = c.graph
    names = [u for _, role, u in g.out_edges(v) if role == "name"] if str(g.label(v)) in ENTITY_KINDS else []
    return any(country_adjective(concept_form(g.label(n))) == c.rho.get(Key.REAL, n) for n in names)


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
        subject, owner, object_ = PRONOUN_FORMS[concept]
        before = g.order.precedes(v, parents[0])
        if before and neighbours(c, v)[0] == "to":
            return realized(c, [(v, "")])
        return realized(c, [(v, subject if before else object_)]) if word == owner else c

    return edited_at_each(c, case)


def argument_cases(c: Configuration, context: Context) -> Configuration:
    """The object form for a pronoun argument (:ARG0-:ARG4) after its verb
    realized in the subject form (``if i forget he`` -> ``if i forget him``),
    and the subject form for one before it in the object form (``me never
    made`` -> ``i never made``)."""

    def fixes_at(c: Configuration, v: Vertex) -> Iterable[Fix]:
        if c.rho.get(Key.POS, v) != "VB":
            return
        for _, label, u in c.graph.out_edges(v):
            forms = PRONOUN_FORMS.get(concept_form(c.graph.label(u)))
            word = c.rho.get(Key.REAL, u)
            if forms is None or not ARG_LABEL.fullmatch(label) or word not in (forms[0], forms[2]):
                continue
            form = forms[0] if c.graph.order.precedes(u, v) else forms[2]
            if form != word:
                yield u, form

    return realized_anew(c, fixes_at)
