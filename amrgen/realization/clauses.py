"""Which vertices head a clause whose verb is finite, their subjects, the tense their time
adverbs fix, and which take do-support or a copula: what phase 2 (:mod:`amrgen.decoding.agreement`,
:mod:`amrgen.decoding.offers`, :mod:`amrgen.decoding.probabilities`), the default realization of
a copy that is such a clause's subject (:mod:`amrgen.realization.defaults`) and the clause steps
of postprocessing (:mod:`amrgen.postprocess.clauses`) ask."""

from __future__ import annotations

from amrgen.amr import asks, concept_form, has_mode, inverse, is_sentence_root
from amrgen.amr_vocabulary import (
    EVER,
    MODAL_CONCEPTS,
    MULTI_SENTENCE,
    NEGATIVE,
    POLARITY,
    SUBJECT_ROLES,
    UNKNOWN,
)
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.lexicon.words import (
    AUXILIARY_LEMMA_OF,
    BE_TENSES,
    COORDINATION_CONCEPTS,
    NEGATION_CARRIERS,
    REPORTING_VERBS,
    SPEECH_VERBS,
    TIME_TENSES,
)
from amrgen.realization.inflection import is_base_form
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, below_between_word
from amrgen.transitions.constraints import is_propbank_frameset

FINITE = frozenset({"present", "past"})
"""The tenses of a finite verb."""
DOMAIN = "domain"
PREDICATE_SUBJECTS = ("ARG1", "ARG0", DOMAIN)
"""The roles of a predicate's subject, in the order they are looked for."""
_REPORTED_BY = REPORTING_VERBS - SPEECH_VERBS | {"say-01"}
CAUSE = "cause-01"
_CAUSE_CLAUSES = frozenset({"ARG0", "ARG1"})
"""The cause (*because* ...) and the effect (*so* ...) of a cause-01."""
_ADVERBIAL_CLAUSES = frozenset({"condition", "concession", "time"})
"""The roles whose verb heads a clause of its own (*if* ..., *although* ..., *when* ...)."""


def subject_of(g: Graph, v: Vertex) -> Vertex | None:
    """v's subject: its ARG0, else its ARG1 (:data:`~amrgen.amr_vocabulary.SUBJECT_ROLES`)."""
    roles = {label: u for _, label, u in g.out_edges(v)}
    return next((roles[role] for role in SUBJECT_ROLES if role in roles), None)


def heads_clause(g: Graph, v: Vertex) -> bool | None:
    """Whether v heads a clause whose verb is finite (a sentence root, a conjunct of one, an
    argument of a root cause-01: "so then i drew", "because i was tired"; the cause of any
    cause-01 whose subject is no event: "cries because it is tired", but "because of rain", "not
    able to understand it"; a
    :condition, :concession or :time: "when i met them"; or the ARG1 of a verb of saying or
    thinking); None where v is a command or asks a question, whose verb's form agreement
    leaves alone."""
    if has_mode(g, v, "imperative") or has_mode(g, v, "interrogative") or asks(g, v):
        return None
    return is_sentence_root(g, v) or any(
        is_sentence_root(g, p) and (str(g.label(p)) in COORDINATION_CONCEPTS
                                    or str(g.label(p)) == CAUSE and label in _CAUSE_CLAUSES)
        or str(g.label(p)) == CAUSE and label == "ARG0" and says_a_subject(g, v)
        or label == "ARG1" and str(g.label(p)) in REPORTING_VERBS or label in _ADVERBIAL_CLAUSES
        for p, label, _ in g.in_edges(v))


def says_a_subject(g: Graph, v: Vertex) -> bool:
    """Whether v has a subject that is no event (frame), said before it as a clause's subject is."""
    u = subject_of(g, v)
    return u is not None and not is_propbank_frameset(str(g.label(below_between_word(g, u))))


def time_tenses(c: Configuration, v: Vertex) -> set[str]:
    """The tenses (past, present) that v's :time children, as ρ realizes them, fix: *yesterday*
    the past, *now* the present (:data:`~amrgen.lexicon.words.TIME_TENSES`)."""
    return {TIME_TENSES.get(c.rho.get(Key.REAL, u)) for _, label, u in c.graph.out_edges(v)
            if label == "time"} & {"past", "present"}


def clause_subject(g: Graph, v: Vertex, passive: bool = False) -> Vertex | None:
    """The subject of v's clause: :func:`subject_of` v, a ``passive`` verb's ARG1."""
    return next((u for _, label, u in g.out_edges(v) if label == "ARG1"), None) if passive else subject_of(g, v)


def question_subject(g: Graph, v: Vertex, passive: bool = False) -> Vertex | None:
    """The subject of the question v heads (:func:`clause_subject`), before which do-support puts
    *do*, or a passive's *be* (``:mode interrogative``, or a sentence's verb with an amr-unknown
    below it, but a verb of speech, whose quote asks: "where does he live", "does he collect
    butterflies", "when was he born"), where the subject asks nothing ("who saw you"); else None."""
    subject = clause_subject(g, v, passive)
    if subject is not None and str(g.label(subject)) != UNKNOWN and not asks(g, subject) and (
            has_mode(g, v, "interrogative") or asks(g, v) and str(g.label(v)) not in SPEECH_VERBS and all(
                str(g.label(p)) in SPEECH_VERBS | {MULTI_SENTENCE} for p in g.parents(v))):
        return subject
    return None


def asking_child(g: Graph, v: Vertex) -> Vertex | None:
    """The child of v that asks, which v's question says first: an amr-unknown, or a phrase
    around one that is no clause ("which city", "in which countries")."""
    return next((u for u in g.children(v) if str(g.label(u)) == UNKNOWN
                 or asks(g, u) and not is_propbank_frameset(str(g.label(u)))), None)


def fronted_child(g: Graph, v: Vertex, passive: bool = False) -> Vertex | None:
    """The child that asks (:func:`asking_child`) of a question v heads whose subject asks
    nothing (:func:`question_subject`), which the question says first, before its *do* or *be*
    and its subject ("in which city was he born"); None where v heads no such question."""
    return asking_child(g, v) if question_subject(g, v, passive) is not None else None


def supporting_do_before(g: Graph, v: Vertex) -> Vertex | None:
    """The child of v right before which do-support puts *do*: the subject of a question v heads
    (:func:`question_subject`), else v's :polarity - (but beside a :time ever, said *never*: "he
    does not run"); None where v takes none (what :func:`takes_supporting_do` asks of its
    realization)."""
    subject = question_subject(g, v)
    if subject is not None:
        return subject
    negation = next((u for _, label, u in g.out_edges(v) if label == "polarity" and str(g.label(u)) == NEGATIVE),
                    None)
    return None if any(str(g.label(u)) == EVER for u in g.children(v)) else negation


def takes_supporting_do(c: Configuration, v: Vertex) -> bool:
    """Whether v takes do-support (:func:`supporting_do_before`) as ρ realizes it: an active verb
    in its base form with no auxiliary (but have, do or be as a frame's own word: "does google
    have employees"), finite (by its tense, or heading a clause), a command or a question: English
    says its tense and person on a form of *do* ("i did not know", "do not draw"; not "i knew
    not", "he not runs")."""
    g = c.graph
    word = c.rho.get(Key.REAL, v)
    if c.rho.get(Key.POS, v) != "VB" or not word or c.rho.get(Key.VOICE, v) == "passive":
        return False
    head = word.split()[0]
    if modal_below(g, v) is not None:  # "he can not swim"
        return False
    asked = question_subject(g, v) is not None
    return ((asked or supporting_do_before(g, v) is not None) and is_base_form(head)
            and (head not in NEGATION_CARRIERS or AUXILIARY_LEMMA_OF.get(head) == concept_form(g.label(v)))
            and (asked or c.rho.get(Key.TENSE, v) in FINITE or has_mode(g, v, "imperative") or heads_clause(g, v)))


def raising_modal(g: Graph, clause: Vertex) -> Vertex | None:
    """The modal concept above ``clause`` that phase 1 puts below it (Swap), where the clause is
    an event in the modal's clause role and the modal has no child but it and a :polarity, and
    neither asks a question: "(p / possible-01 :ARG1 (s / swim-01 :ARG0 (m / man)))" says "the man
    can swim", the modal between the clause's subject and its verb, as English says it."""
    if len(g.in_edges(clause)) != 1 or not is_propbank_frameset(str(g.label(clause))):
        return None
    (modal, role, _), = g.in_edges(clause)
    if MODAL_CONCEPTS.get(str(g.label(modal))) != role or any(
            label not in (role, POLARITY) for _, label, _ in g.out_edges(modal)) or any(
            has_mode(g, u, "interrogative") or asks(g, u) for u in (modal, clause)):
        return None
    return modal


def modal_above(g: Graph, v: Vertex) -> Vertex | None:
    """v's parent that is a modal concept with v as its clause, not swapped below it ("(p /
    possible-01 :ARG1 (b / bind-01 ...))" where phase 1 kept p above b)."""
    return next((parent for parent, role, _ in g.in_edges(v) if MODAL_CONCEPTS.get(str(g.label(parent))) == role),
                None)


def modal_below(g: Graph, v: Vertex) -> Vertex | None:
    """v's child that is a modal concept Swap put below v (:func:`raising_modal`)."""
    return next((u for _, label, u in g.out_edges(v)
                 if (role := MODAL_CONCEPTS.get(str(g.label(u)))) is not None and label == inverse(role)), None)


def predicate_subject(g: Graph, v: Vertex) -> Vertex | None:
    """The subject of v said as a predicate after a copula: its ARG1, else ARG0, else :domain."""
    roles = {label: u for _, label, u in g.out_edges(v)}
    return next((roles[role] for role in PREDICATE_SUBJECTS if role in roles), None)


def copula_said(word: str | None) -> bool:
    """Whether a realization ends in a copula that phase 2 put into it: a question word's ("who is"),
    an adjective's that a degree question asks of ("tall is")."""
    return bool(word) and word.rpartition(" ")[2] in BE_TENSES


DEGREE_POS = frozenset({"JJ", "RB"})
"""What *how* asks the degree of ("how fast", "how quickly")."""
MODIFYING_ROLES = frozenset({"manner", "mod"})
"""The roles of an adjective that asks its degree with no subject ("how fast did the girl run")."""
DEGREE_ROLES = frozenset({"ARG2", "degree", "extent", "quant"})
"""The roles of an amr-unknown that asks how much of an adjectival predicate (tall-01 :ARG2: how tall,
deep-02 :quant: how deep)."""


def degree_question(g: Graph, v: Vertex) -> Vertex | None:
    """The amr-unknown child through which v, a concept WordNet knows as an adjective, asks how much
    of it there is: "(t / tall-01 :ARG1 (g / giraffe) :ARG2 (a / amr-unknown))" says "how tall is the
    giraffe", the amr-unknown *how* right before the adjective and the copula after it (in the
    adjective's realization, as a nominal question's is in its question word's: AMR writes none,
    and Insert-Child puts words left of their vertex only); v with no subject, the :manner or :mod
    of its parent: "(r / run-01 :manner (f / fast :degree (a / amr-unknown)))" says "how fast did
    the girl run".  None where v asks no such question."""
    if not WORDNET.knows(concept_form(g.label(v)), "a") or predicate_subject(g, v) is None and not any(
            label in MODIFYING_ROLES for _, label, _ in g.in_edges(v)):
        return None
    return next((u for _, label, u in g.out_edges(v) if label in DEGREE_ROLES and str(g.label(u)) == UNKNOWN), None)


def asks_degree_through(g: Graph, u: Vertex) -> bool:
    """Whether a parent of u may ask a degree question through it (:func:`degree_question`)."""
    return str(g.label(u)) == UNKNOWN and any(degree_question(g, parent) == u for parent in g.parents(u))


def degree_asked(c: Configuration, v: Vertex) -> Vertex | None:
    """The amr-unknown through which v asks its degree as ρ realizes v (:func:`degree_question`):
    v said as an adjective with its copula where it has a subject ("tall is"), else as an
    adjective or adverb ("fast"); None elsewhere."""
    pos = c.rho.get(Key.POS, v)
    said = copula_said(c.rho.get(Key.REAL, v)) and pos == "JJ" if predicate_subject(c.graph, v) is not None \
        else pos in DEGREE_POS
    return degree_question(c.graph, v) if said else None


def takes_copula(c: Configuration, v: Vertex) -> bool:
    """Whether v, said as an adjective (ρ(POS) = JJ, an adjective in WordNet) that heads a clause
    and has a subject that is no event (its ARG1 or ARG0; the copula of a :domain is
    Insert-Between's), takes a copula after its subject: AMR writes none ("(g / glad-02 :ARG0
    (i / i))": "i am glad"), and the Insert-Child model rarely inserts it first."""
    g, word = c.graph, c.rho.get(Key.REAL, v)
    subject = predicate_subject(g, v)
    return (c.rho.get(Key.POS, v) == "JJ" and bool(word) and WORDNET.knows(word, "a") and heads_clause(g, v) is True
            and subject is not None and DOMAIN not in g.edge_labels(v, subject)
            and not is_propbank_frameset(str(g.label(below_between_word(g, subject)))))


def nominal_question(c: Configuration, v: Vertex) -> Vertex | None:
    """The amr-unknown that a question no verb says asks with, as ρ realizes v and its
    children: v a sentence root said as no adjective, with one amr-unknown child (not a
    :polarity: a yes-no question), no verb or form of *be* said by v or a child, nor a child
    that takes a copula of its own (:func:`takes_copula`: "why is the sky blue"), and v or
    another child kept (phase 1).  Such a question asks with a copula, after the amr-unknown
    ("how old is jennifer lopez", "where is denmark"): AMR writes none ("(p / person :age (a /
    amr-unknown))"), and no verb is there to hang one on.  None where v heads no such question."""
    g = c.graph
    if not is_sentence_root(g, v) or c.rho.get(Key.POS, v) == "JJ" and c.rho.get(Key.REAL, v):
        return None
    unknowns = [u for _, label, u in g.out_edges(v) if str(g.label(u)) == UNKNOWN and label != POLARITY]
    said = [u for u in (v, *g.children(v)) if c.rho.get(Key.REAL, u)]
    kept = [u for u in (v, *g.children(v)) if u not in unknowns and c.rho.get(Key.DEL, u) != 1]
    if len(unknowns) != 1 or not kept or any(
            c.rho.get(Key.POS, u) == "VB" or c.rho.get(Key.REAL, u) in BE_TENSES or takes_copula(c, u) for u in said):
        return None
    return unknowns[0]


def reported(g: Graph, v: Vertex) -> bool:
    """Whether v is what a verb of thinking or knowing, or *say*, reports (its ARG1), but not the
    ARG1 of the other verbs of speech: quoted (:data:`~amrgen.lexicon.words.SPEECH_VERBS`), or
    what they answer ("in response to mapk inhibition", not "responding that mapk inhibited")."""
    return any(role == "ARG1" and str(g.label(p)) in _REPORTED_BY for p, role, _ in g.in_edges(v))
