"""Our postprocessing additions that mend questions (additions to thesis 4.4):
question words first and do-support (which also serves a negated verb).
Each is a step of the pipeline (:mod:`amrgen.postprocess.pipeline`); BLEU
figures are in docs/results.md."""

from __future__ import annotations

from itertools import pairwise

from amrgen.amr import asks, concept_form, has_mode
from amrgen.amr_vocabulary import MULTI_SENTENCE
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.words import (
    AUXILIARY_LEMMA_OF,
    NEGATION_CARRIERS,
    PREPOSITIONS,
    QUESTION_WORDS,
    QUESTION_WORDS_BY_ROLE,
    SPEECH_VERBS,
)
from amrgen.order import Order
from amrgen.postprocess.clauses import third_singular
from amrgen.postprocess.editing import (
    UNKNOWN,
    add_mark,
    edited_at_each,
    neighbours,
    opening_subject,
    placed,
    realized,
)
from amrgen.postprocess.step import Context
from amrgen.realization.inflection import supporting_do
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, InsertedVertex, finalize

ADVERBIAL_QUESTION_WORDS = frozenset(QUESTION_WORDS_BY_ROLE.values())
"""Question words that take no preposition when fronted (``to where`` -> ``where``)."""


def question_words_first(c: Configuration, context: Context) -> Configuration:
    """The question word before its question (``you want to take your sheep to
    where ?`` -> ``where you want to take your sheep ?``): an amr-unknown
    realized as a question word becomes the first child of its question's head
    (:func:`_question_head`), leaving behind a preposition that Insert-Between
    put before where, why, how or when; :func:`do_support` then adds the do
    (``where do you want ...``).  A question word that determines a noun (the
    amr-unknown its :mod) takes its phrase along, preposition and all
    (:func:`_determined_phrase`: ``the nile starts in which countries ?`` ->
    ``in which countries the nile starts ?``, then ``... does the nile
    start``).  Nothing changes where the word opens the question already (after a
    preposition too: ``in which was elvis born``), or where moving it would leave the
    yield undefined."""
    for u in [x for x in c.graph.vertices if c.graph.label(x) == UNKNOWN]:
        g, word = c.graph, c.rho.get(Key.REAL, u)
        head = _question_head(c, u)
        if not word or word.split()[0] not in QUESTION_WORDS or head is None or len(g.in_edges(u)) != 1 \
                or _opens(g.yield_(c.rho[Key.REAL], head), word.split()[0]):
            continue
        (parent, label, _), = g.in_edges(u)
        rho, moved = c.rho, g.copy()
        front = _determined_phrase(g, head, u)
        if front is None:
            front = u
            if isinstance(parent, InsertedVertex) and g.children(parent) == [u] and word in ADVERBIAL_QUESTION_WORDS:
                rho = rho.updated([(Key.REAL, parent, "")])
            moved.remove_edge(parent, label, u)
            moved.add_edge(head, label, u)
        families = [[v, *(x for x in moved.children(v) if x != front)] for v in moved.vertices]
        if not all(g.order.is_total_on(family) for family in families):
            continue
        moved.order = Order(pair for family in families for pair in pairwise(
            [*([front] if family[0] == head else []), *g.order.sequence(family)]))
        candidate = c.with_(graph=moved, rho=rho)
        if finalize(candidate) is not None:
            c = candidate
    return c


def _opens(words: list[str], question_word: str) -> bool:
    """Whether ``question_word`` opens the question ``words``, alone or after a preposition
    (``in which year was elvis born``)."""
    return question_word in words[:1] or words[:1] and words[0] in PREPOSITIONS and question_word in words[1:2]


def _determined_phrase(g: Graph, head: Vertex, u: Vertex) -> Vertex | None:
    """The child of ``head`` whose phrase the question word u determines (``which
    countries``, ``in which countries``): u is the :mod of a noun that is a child of
    ``head``, or the only child of a word Insert-Between put below ``head`` (a
    preposition); None where u is not such a determiner."""
    (noun, label, _), = g.in_edges(u)
    if label != "mod" or noun == head or len(g.in_edges(noun)) != 1:
        return None
    (above, _, _), = g.in_edges(noun)
    if above == head:
        return noun
    if isinstance(above, InsertedVertex) and g.children(above) == [noun] and g.parents(above) == [head]:
        return above
    return None


def _question_head(c: Configuration, u: Vertex) -> Vertex | None:
    """The verb that heads the question amr-unknown u asks: the highest verb
    (ρ̂(POS) = VB) above u below any speech verb or multi-sentence root (the
    question of ``he asked : " where do you live ? "`` is headed by live)."""
    g, heads, v = c.graph, [], u
    while g.parents(v) and str(g.label(g.parents(v)[0])) not in SPEECH_VERBS | {MULTI_SENTENCE}:
        v = g.parents(v)[0]
        if c.rho.get(Key.POS, v) == "VB":
            heads.append(v)
    return heads[-1] if heads else None


def do_support(c: Configuration, context: Context) -> Configuration:
    """English do-support, for a verb with no auxiliary of its own: a form of do
    before the ``not`` right before a negated verb (``i not knew`` -> ``i did
    not know``, ``not draw`` -> ``do not draw``), and before the subject of a
    question (a ``:mode interrogative`` verb, or the head of a wh-question,
    whose subject opens its clause: ``he collects butterflies ?`` -> ``does he
    collect butterflies ?``, ``where he weighs ?`` -> ``where does he weigh
    ?``).  do takes the verb's tense and person, and the verb becomes its base
    form; a present do agrees with the subject that opens the clause (``he not
    take`` -> ``he does not take``: the realization may choose the base form).
    A ``not`` right after its verb goes before it first
    (:func:`_negation_first`: ``i know not`` -> ``i do not know``).  The
    thesis's transitions can insert do only where Insert-Child predicts it."""

    def supported(c: Configuration, v: Vertex) -> Configuration:
        verb = c.rho.get(Key.REAL, v)
        if not verb or c.rho.get(Key.POS, v) != "VB" or _has_auxiliary(c, v):
            return c
        c = _negation_first(c, v)
        g = c.graph
        negation = _negation(c, v)
        anchor = negation or _question_subject(c, v)
        forms = None if anchor is None else supporting_do(verb)
        if forms is None:
            return c
        do, base = forms
        subject = anchor if anchor != negation else opening_subject(c, v)
        if do != "did" and subject is not None:  # present do agrees with the subject
            do = "does" if third_singular(c, subject) else "do"
        c = add_mark(c, v, do, after=[u for u in g.children(v) if g.order.precedes(u, anchor)], before=[anchor])
        return realized(c, [(v, base)])

    return edited_at_each(c, supported)


def _polarity_not(c: Configuration, v: Vertex) -> Vertex | None:
    """v's :polarity child realized as ``not``."""
    return next((u for _, label, u in c.graph.out_edges(v)
                 if label == "polarity" and c.rho.get(Key.REAL, u) == "not"), None)


def _negation_first(c: Configuration, v: Vertex) -> Configuration:
    """c with v's ``not`` right before v where it comes right after it (``i want
    not to go`` -> ``i not want to go``, for do-support to make ``i do not want``)."""
    g = c.graph
    negation = _polarity_not(c, v)
    if negation is None or not g.order.precedes(v, negation) or neighbours(c, v)[1] != "not":
        return c
    return c.with_(graph=placed(g, v, negation, before=v))


def _negation(c: Configuration, v: Vertex) -> Vertex | None:
    """v's :polarity child realized as ``not`` right before v's word, after no auxiliary."""
    negation = _polarity_not(c, v)
    if negation is None:
        return None
    before, after = neighbours(c, negation)
    return negation if before not in NEGATION_CARRIERS and after == c.rho.get(Key.REAL, v).split()[0] else None


def _has_auxiliary(c: Configuration, v: Vertex) -> bool:
    """Whether v's realization begins with an auxiliary, a modal or to (``was
    born``, ``can go``), not counting have, do or be said for a frame of their
    own (have-03 said ``has``: ``does google have employees``)."""
    first = c.rho.get(Key.REAL, v).split()[0]
    return first in NEGATION_CARRIERS and AUXILIARY_LEMMA_OF.get(first) != concept_form(c.graph.label(v))


def _question_subject(c: Configuration, v: Vertex) -> Vertex | None:
    """The subject of a question's verb v (``:mode interrogative``, or the head of
    an amr-unknown's question) when it comes first of v's realized family
    (:func:`opening_subject`), after no auxiliary, and asks nothing itself, nor
    through any word of its phrase: the question word of a subject opens the
    question without do (``which organizations were founded in 1930 ?``, not
    ``did which organizations were found``); None where an auxiliary comes right
    before v (it is v's own: ``was ... located``; phase 2 puts a passive question's
    be before the subject)."""
    g = c.graph
    asked = any(g.label(u) == UNKNOWN and _question_head(c, u) == v for u in g.successors(v))
    if not (has_mode(g, v, "interrogative") or asked) \
            or neighbours(c, v)[0] in NEGATION_CARRIERS:
        return None
    subject = opening_subject(c, v, said_below=True)
    if subject is None or isinstance(subject, InsertedVertex) or g.label(subject) == UNKNOWN or asks(g, subject):
        return None
    return subject if neighbours(c, subject)[0] not in NEGATION_CARRIERS else None
