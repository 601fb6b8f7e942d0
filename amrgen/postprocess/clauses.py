"""Our postprocessing additions that mend clauses (additions to thesis 4.4):
the subject of a modal, the agreement and the finite form of verbs, the copula
of adjectival predicates (questions and do-support:
:mod:`amrgen.postprocess.questions`; the copula of a question that no verb says is
phase 2's, :func:`~amrgen.realization.clauses.nominal_question`).
Each is a step of the pipeline (:mod:`amrgen.postprocess.pipeline`); BLEU
figures are in docs/results.md."""

from __future__ import annotations

from amrgen.amr import asks, concept_form, has_mode, is_sentence_root, sentence_roots
from amrgen.amr_vocabulary import MODAL_CLAUSES
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.words import (
    BE,
    COORDINATION_CONCEPTS,
    NEGATION_CARRIERS,
    POSSESSIVES,
    RAISING_MODALS,
)
from amrgen.postprocess.editing import (
    add_mark,
    edited_at_each,
    moved_before,
    neighbours,
    opening_subject,
    placed,
    realized,
    realized_anew,
    words_before,
)
from amrgen.postprocess.step import Context, SentenceLanguageModel
from amrgen.realization.clauses import PREDICATE_SUBJECTS, heads_clause, modal_below, time_tenses
from amrgen.realization.inflection import adverb, be_forms, inflect, supporting_do
from amrgen.transitions.annotations import NONE, Key
from amrgen.transitions.configuration import (
    Configuration,
    InsertedVertex,
    below_between_word,
    finalize,
    is_between_word,
)

LOCATED = "be-located-at-91"
RESEMBLE = "resemble-01"
MODIFIER_ROLES = frozenset({"polarity", "degree", "mod"})
"""The roles of what may stand between an adjectival predicate and its subject (not very, at all)."""

# -- modals ----------------------------------------------------------------------


def modal_subjects(c: Configuration, context: Context) -> Configuration:
    """The subject of a modal's clause before the modal (``can i distinguish
    china`` -> ``i can distinguish china``): possible-01 and obligate-01 head
    their clause in AMR (``(p / possible-01 :ARG1 (d / distinguish-01 :ARG0
    i))``), so the transitions put their word before the whole clause.  Where
    the clause's verb (:ARG1; :ARG2 of obligate-01) follows the modal and its
    subject (ARG0, else ARG1; a named entity said by its name below it) opens it,
    the subject becomes the modal's child, right before it; where the transitions
    put the modal after its clause
    (``the boy not go must``), it goes before the clause, after the subject
    that opens it (``the boy must not go``).  Questions (``:mode
    interrogative``, or ``amr-unknown`` below) keep the modal first."""

    def subject_first(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        if c.rho.get(Key.REAL, v) not in RAISING_MODALS or has_mode(g, v, "interrogative") or asks(g, v):
            return c
        clause = next((u for _, label, u in g.out_edges(v) if label in MODAL_CLAUSES), None)
        if clause is None or c.rho.get(Key.POS, clause) != "VB" or has_mode(g, clause, "interrogative"):
            return c
        subject = opening_subject(c, clause, said_below=True)
        if g.order.precedes(clause, v):  # the modal said after its clause: ``the boy not go must``
            g = g if subject is None else moved_before(g, subject, clause, v)
            return c.with_(graph=placed(g, v, clause, after=v))
        if subject is None or g.order.precedes(v, subject):
            return c
        return c.with_(graph=moved_before(g, subject, clause, v))

    return edited_at_each(c, subject_first)


def bare_infinitives(c: Configuration, context: Context) -> Configuration:
    """The base form for a verb right after a modal or after the modal's
    ``not`` (``this sheep must has`` -> ``this sheep must have``, ``can not
    came`` -> ``can not come``): the tense model decides a verb's form without
    knowing that a modal concept above it makes it an infinitive."""

    def fixes_at(c: Configuration, v: Vertex) -> list[tuple[Vertex, str]]:
        if c.rho.get(Key.POS, v) != "VB" or not c.rho.get(Key.REAL, v):
            return []
        before = words_before(c, v)
        if before[-1:] == ["not"]:
            before = before[:-1]
        if not before or before[-1] not in RAISING_MODALS:
            return []  # most verbs: no need to ask lemminflect for their forms
        forms = supporting_do(c.rho.get(Key.REAL, v))
        return [(v, forms[1])] if forms is not None else []

    return realized_anew(c, fixes_at)


# -- the copula -------------------------------------------------------------------


def predicative_copula(c: Configuration, context: Context) -> Configuration:
    """be between the subject and an adjective that heads a clause (``i not
    sure`` -> ``i am not sure``): for every adjective realization (ρ̂(POS) = JJ,
    an adjective in WordNet) of a clause head (:func:`_clause_heads`), whose
    ARG1 (else ARG0, :domain; not through a word Insert-Between put there)
    comes before it with nothing between but modifiers (:polarity, :degree,
    :mod) of at most the hyperparameter ``copula_modifier_max_words`` words;
    am/are/is by the subject, present or past as the language model prefers
    for the sentence.  In a question (``:mode interrogative``) the copula comes
    before the subject (``were you so sad``).

    A subject that the transitions put after the adjective, with nothing but
    such modifiers between, moves to the front of the adjective's phrase first
    (``glad that i`` -> ``i am glad``), without the word Insert-Between put
    before it unless it is a verb's ``to`` (``sad to forget friends`` -> ``to
    forget friends is sad``); an adjective realized as its adverb (``that
    truly``) takes the adjective form of its concept (``that is true``).
    resemble-01 said as ``like`` and be-located-at-91 take the copula as well,
    and so does the clause a verb of saying or thinking reports (``he thought
    that i was like him``, ``you think you are home``); a plural noun subject
    takes are/were.  AMR has no copula for adjectival predicates (``(g /
    glad-02 :ARG0 (i / i))``), and models that learn inserted words only
    through Insert-Child never insert it."""
    lm, longest = context.lm, context.hyper.copula_modifier_max_words
    for v in _clause_heads(c.graph):
        adjective = _predicate_word(c, v, context.lexicon)
        if adjective is None or any(isinstance(u, InsertedVertex) and str(c.graph.label(u)) == BE
                                    for u in c.graph.children(v)):  # phase 2 said its copula
            continue
        subject = next((u for role in PREDICATE_SUBJECTS for _, label, u in c.graph.out_edges(v)
                        if label == role and c.graph.yield_(c.rho[Key.REAL], u)), None)
        if subject is None:
            continue
        moved = _after_subject(c, v, subject) if not adjective else c
        if moved is None or not _only_modifiers_between(moved, v, subject, longest):
            continue
        c = moved
        if c.graph.order.precedes(v, subject):
            c = _subject_first(c, v, subject)
        elif is_between_word(c.graph, subject):
            continue
        g = c.graph
        c = realized(c, [(v, adjective)])
        opening = [u for u in g.children(v) if g.order.precedes(u, subject)]
        question = has_mode(g, v, "interrogative") or any(is_sentence_root(g, p) and asks(g, p) for p in g.parents(v))
        after = opening if question else [*opening, subject]  # "were you so sad", "why is the sky blue"
        before = [v, *(u for u in g.children(v) if u not in after)]
        c = _with_copula(c, v, below_between_word(g, subject), after, before, lm)
    return c


def _with_copula(c: Configuration, v: Vertex, subject: Vertex, after: list[Vertex], before: list[Vertex],
                 lm: SentenceLanguageModel) -> Configuration:
    """c with a copula in v's family, after ``after`` and before ``before``: the
    form of be that agrees with ``subject`` (am/are/is), in the tense a :time of v
    said as an adverb of past or present time fixes (``was not in the drawer
    yesterday``; :data:`~amrgen.lexicon.words.TIME_TENSES`), else present or past as
    the language model ``lm`` prefers for the sentence."""
    forms = _be_forms(c, subject)
    if len(fixed := time_tenses(c, v)) == 1:
        forms = (forms[0] if fixed == {"present"} else forms[1],)
    options = [add_mark(c, v, form, after=after, before=before) for form in forms]
    return max(options, key=lambda option: lm.log10_probability(finalize(option).split()))


def finite_verbs(c: Configuration, context: Context) -> Configuration:
    """A verb said after its subject in a present or base form takes the finite
    form of its clause: for a verb (ρ̂(POS) = VB) in the active voice whose
    subject opens its family (:func:`opening_subject`; not a possessive: ``my
    great many encounter`` says a noun phrase), with no auxiliary, modal,
    ``to`` or ``not`` right before it nor a modal Swap put below it, and which is
    neither a command nor a question,

    - with ρ̂(TENSE) = present: the present form that agrees with the subject
      (``he benefit`` -> ``he benefits``, ``cells induces`` -> ``cells
      induce``): phase 2 offers both present forms where it does not know the
      subject's person, and the language model sees the subject's last word only;
    - without a tense (ρ̂(TENSE) = --, so Realize chose the base form), at a
      clause head (:func:`_clause_heads`): that present form or the past form,
      as the language model prefers for the sentence (``the boy win the race``
      -> ``the boy won the race``).  The tense model leaves a head without a
      tense where its training saw infinitives of the same frame."""
    lm, heads = context.lm, set(_clause_heads(c.graph))

    def finite(c: Configuration, v: Vertex) -> Configuration:
        g, word, tense = c.graph, c.rho.get(Key.REAL, v), c.rho.get(Key.TENSE, v, NONE)
        if (c.rho.get(Key.POS, v) != "VB" or c.rho.get(Key.VOICE, v) == "passive" or modal_below(g, v) is not None
                or not (tense == "present" or tense == NONE and v in heads)
                or has_mode(g, v, "imperative") or has_mode(g, v, "interrogative") or asks(g, v)):
            return c
        subject, before = opening_subject(c, v, said_below=True), neighbours(c, v)[0]
        if (subject is None or c.rho.get(Key.REAL, subject) in POSSESSIVES
                or before in NEGATION_CARRIERS or before == "not"):
            return c
        forms = supporting_do(word)  # last: lemminflect's questions
        if forms is None or forms[0] == "did" or tense == NONE and forms != ("do", word):
            return c
        present = inflect(forms[1], "VBZ" if third_singular(c, subject) else "VBP")[0]
        if tense == "present":
            return realized(c, [(v, present)] if present != word else [])
        options = [realized(c, [(v, form)]) for form in (present, inflect(forms[1], "VBD")[0])]
        return max(options, key=lambda option: lm.log10_probability(finalize(option).split()))

    return edited_at_each(c, finite)


def third_singular(c: Configuration, subject: Vertex) -> bool:
    """Whether ``subject`` takes the third person singular (is, does, -s)."""
    return _be_forms(c, subject)[0] == "is"


def _be_forms(c: Configuration, subject: Vertex) -> tuple[str, str]:
    """The (present, past) forms of be that agree with ``subject`` as ĉ realizes it."""
    return be_forms(c.rho.get(Key.REAL, subject), c.rho.get(Key.POS, subject, NONE), c.rho.get(Key.NUMBER, subject, NONE),
                    str(c.graph.label(subject)))


def _clause_heads(g: Graph) -> list[Vertex]:
    """The sentence roots and the children of those that a conjunction or contrast heads,
    questions too, and every other vertex that heads a finite clause
    (:func:`~amrgen.realization.clauses.heads_clause`: the ARG1 of a verb of saying or
    thinking, a :time, ...), below the word Insert-Between put before it (``he thought
    that i like him``)."""
    heads = []
    for root in sentence_roots(g):
        heads.append(root)
        if str(g.label(root)) in COORDINATION_CONCEPTS:
            heads.extend(g.children(root))
    heads.extend(below_between_word(g, v) for v in g.vertices if heads_clause(g, v))
    return list(dict.fromkeys(heads))


def _predicate_word(c: Configuration, v: Vertex, lexicon: WordNetLexicon) -> str | None:
    """What v says as a predicate after a copula: its word if ρ̂(POS)(v) = JJ
    and WordNet knows it as an adjective, the adjective of its concept if v is
    realized as that adjective's adverb (true-01 as ``truly``), ``like`` where v
    is realized so (resemble-01: ``they are like that``), nothing for
    be-located-at-91 (``you are home``); None where v is no such predicate."""
    word = c.rho.get(Key.REAL, v)
    if str(c.graph.label(v)) == LOCATED:
        return ""
    if word == "like" and str(c.graph.label(v)) == RESEMBLE:
        return word
    if c.rho.get(Key.POS, v) != "JJ" or not word:
        return None
    if lexicon.knows(word, "a"):
        return word
    stem = concept_form(c.graph.label(v))
    return stem if adverb(lexicon, stem) == word else None


def _after_subject(c: Configuration, v: Vertex, subject: Vertex) -> Configuration | None:
    """c with v (a predicate that says nothing) right after its subject, where
    the subject opens v's phrase; else None."""
    g = c.graph
    family = [u for u in g.order.sequence([v, *g.children(v)]) if u != v]
    if any(g.yield_(c.rho[Key.REAL], u) for u in family[:family.index(subject)]):
        return None
    return c.with_(graph=placed(g, v, v, after=subject))


def _only_modifiers_between(c: Configuration, v: Vertex, subject: Vertex, longest: int) -> bool:
    """Whether only modifiers (:data:`MODIFIER_ROLES`) of at most ``longest``
    words stand between the predicate v and its subject in v's phrase."""
    g = c.graph
    first, last = (subject, v) if g.order.precedes(subject, v) else (v, subject)
    return all(label in MODIFIER_ROLES and len(g.yield_(c.rho[Key.REAL], u)) <= longest
               for _, label, u in g.out_edges(v) if g.order.precedes(first, u) and g.order.precedes(u, last))


def _subject_first(c: Configuration, v: Vertex, subject: Vertex) -> Configuration:
    """c with the subject first in v's phrase, the word Insert-Between put
    before it dropped unless it is the ``to`` of a verb."""
    g = placed(c.graph, v, subject)
    if is_between_word(g, subject) and not (
            c.rho.get(Key.REAL, subject) == "to" and any(c.rho.get(Key.POS, u) == "VB" for u in g.children(subject))):
        return realized(c.with_(graph=g), [(subject, "")])
    return c.with_(graph=g)
