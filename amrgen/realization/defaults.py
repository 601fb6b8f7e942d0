"""Default realizations r~_(c,α) and their probabilities (thesis 5.2).

For a configuration c = (G, σ1:σ, ε, ρ) and a syntactic annotation α of σ1,
:meth:`DefaultRealizer.realizations` gives the default realizations of σ1,
each with P(Realize-(r~, α) | c, α).  The rules, first match wins:

1. **Copies** (σ1 ∈ dom(ρ(LINK))).  A copy of a pronoun, with α(POS) ∉ {NN,
   VB, JJ}, gets the pronoun's forms, sharing p~ − p_ε, and ε with p_ε; so
   does a copy of a noun of natural gender, with its pronoun's forms (ours:
   mother → she, her; :data:`~amrgen.lexicon.words.GENDERED_NOUNS`; "the mother
   hopes that her son wins", "the man died in his house"); a copy that is the
   ARGn of a vertex whose ARGm, m < n, it refers to gets only the reflexive form
   ("i brought myself down"; ours, :func:`_reflexive`).  A copy that is the subject of a
   finite clause (:func:`~amrgen.realization.clauses.heads_clause`) is, if it copies a named
   person, the name ("anna informed tom anna arrived": nothing says a name's gender), and if it
   copies any other noun, *it* or *they* by its number, as likely as ε, which its parent said
   as a noun keeps (ours: "the baby cries because it is tired").
   Any other copy gets "only ε as a default realization"; the thesis gives it
   no probability of its own, so it takes the p~ of every default realization:
   then the defaults of every vertex, copy or not, have mass p~ in all.  (The
   Realize constraint lets a copy be realized only as a default realization,
   and every hypothesis of a graph realizes the same copies, so this value
   does not change the ranking.)
2. **Inserted words** (vertices of Insert-Child, labeled with their word):
   be, have and do take the forms of α's tense, or all forms when α has no
   tense (``be`` → be, is, am, are, was, were, been), and only the base form
   below an imperative; every other word (to, will, the, ...) is itself.
3. **Named entities and strings**: the concept of a named entity is ε where
   training prefers the name alone to the thesis's two other arrangements
   (concept + name, name + concept; :mod:`amrgen.realization.entities`), as
   Little Prince does for all its entities ("the earth", not "the planet
   earth"), and otherwise realized by the rules below; its name (the
   constant a ``:name`` edge leads to) is its text, lower-cased.  A
   country, world region or continent also has its adjective (France →
   france, french) where it modifies (``:mod``, ``:manner``, ``:source``, the
   organization of a have-…-role-91: "a turkish astronomer") or has no
   parent; as an argument or a place it has not, or the language model
   writes "fly to the french" for "fly to france".  Other strings are their
   text.
4. **Numbers** as :mod:`amrgen.realization.numbers` says (month names in
   dates, ordinals under ordinal-entity, "3 million").
5. **Question words**: amr-unknown in a role of place, manner, time or cause is
   where, how, when or why, in a role of quantity, age, extent, frequency or
   duration how many, how old, how far, how often or how long
   (:data:`~amrgen.lexicon.words.QUESTION_WORDS_BY_ROLE`; "where do you come from"
   came out "you come" with the reference implementation's ε), elsewhere ε
   like the concepts below (the realize model knows what, who and which).
   The handwritten words of :data:`~amrgen.lexicon.words.SPECIAL_REALIZATIONS` and the concepts of
   :data:`~amrgen.lexicon.words.SILENT_CONCEPTS` (realized as ε), as the reference implementation
   has them (``shared/spec/reference-implementation.md`` §7, steps 3-4 and 7).
6. **Demonstratives** (this, that): both numbers' forms (this, these), for the
   agreement with their noun in phase 2 (:mod:`amrgen.decoding.agreement`).
   **Pronouns**, with α(POS) ∉ {NN, VB, JJ}: their forms (i → i, my, me),
   only the possessive when σ1 fills a ``:poss`` role.
7. α(POS) ∈ {NN, VB, JJ} (and the participles VBG, VBN): the label without
   its PropBank frameset id, if WordNet has it with that POS, inflected by α
   (:mod:`amrgen.realization.inflection`): a plural noun, a verb in α's tense
   and voice, an adjective with its adverb.  A present-tense verb is third
   person singular when its subject (the :ARG0 child, else the :ARG1 child;
   the other way round for a passive verb) is he, she or it, a named entity
   or annotated singular; plural-form when the subject is another pronoun or
   annotated plural; with no such subject both forms are given.
8. Any other POS: the concept with its hyphens as spaces.

Where one rule gives several forms they share its probability equally (p~/2
each for two, as the thesis says of adjectives and pronouns).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from amrgen.amr import concept_form, has_mode, is_quoted, is_sentence_root
from amrgen.amr_vocabulary import DATE_ENTITY, PERSON, PLACE_ENTITIES, SUBJECT_ROLES, UNKNOWN
from amrgen.errors import AmrgenError
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.wordnet_lexicon import WORDNET, WordNetLexicon
from amrgen.lexicon.words import (
    AUXILIARY_LEMMAS,
    DEMONSTRATIVES,
    GENDERED_NOUNS,
    QUESTION_WORDS_BY_FRAME,
    QUESTION_WORDS_BY_ROLE,
    SILENT_CONCEPTS,
    SPECIAL_REALIZATIONS,
    THIRD_PERSON_SINGULAR,
)
from amrgen.prep.normalize import entity_name
from amrgen.realization.clauses import heads_clause, subject_of
from amrgen.realization.countries import country_adjective
from amrgen.realization.entities import shows_concept
from amrgen.realization.inflection import (
    WORDNET_TAGS,
    adverb,
    auxiliary_forms,
    inflect,
    knows,
    noun_tag,
    verb_tags,
)
from amrgen.realization.numbers import is_number, is_numeric, number_words, time_of_day
from amrgen.realization.pronouns import is_pronoun, pronoun_forms
from amrgen.transitions.annotations import Key, SyntacticAnnotation
from amrgen.transitions.configuration import Configuration, InsertedVertex
from amrgen.transitions.constraints import ARG_EDGE, is_named_entity

HOW_MANY, HOW_MUCH = "how many", "how much"
CURRENCY = "currency"
"""What have-quant-91 asks how much of (13 of the 13 how much questions of the training references; how many: every other)."""


def _asked_in(g: Graph, u: Vertex) -> tuple[Vertex, str] | None:
    """(parent, role) of an amr-unknown u with one parent; None for any other vertex."""
    if str(g.label(u)) != UNKNOWN or len(g.in_edges(u)) != 1:
        return None
    (parent, role, _), = g.in_edges(u)
    return parent, role


def frame_question_word(g: Graph, u: Vertex) -> str | None:
    """The question word an amr-unknown u asks with in its frame's role
    (:data:`~amrgen.lexicon.words.QUESTION_WORDS_BY_FRAME`): *where* for be-located-at-91's
    ARG2, *how many* for have-quant-91's, *how much* where that frame's ARG1 is a currency;
    None where u is no such amr-unknown.  The realize model says *what* for most
    amr-unknowns, as most of its training questions do; these frames' references ask otherwise."""
    asked = _asked_in(g, u)
    if asked is None:
        return None
    frame, role = asked
    word = QUESTION_WORDS_BY_FRAME.get((str(g.label(frame)), role))
    if word == HOW_MANY and any(label == "ARG1" and str(g.label(x)) == CURRENCY for _, label, x in g.out_edges(frame)):
        return HOW_MUCH
    return word


def role_question_word(g: Graph, u: Vertex) -> str | None:
    """The question word of an amr-unknown u in a role of place, manner, time, cause, degree or
    age (:data:`~amrgen.lexicon.words.QUESTION_WORDS_BY_ROLE`; the ARG0 of cause-01 counts as
    :cause): "where", "why", "how old"; None for any other vertex."""
    asked = _asked_in(g, u)
    if asked is None:
        return None
    parent, role = asked
    if concept_form(g.label(parent)) == "cause" and role == "ARG0":
        role = "cause"
    return QUESTION_WORDS_BY_ROLE.get(role)


def root_question_word(g: Graph, u: Vertex) -> str | None:
    """The word an amr-unknown u asks with where a sentence's root asks through it (not by a
    :polarity) and the realize model says nothing, *which* or, in a role that has its own
    question word (:func:`role_question_word`), *what* of it: that word ("how old is tom
    hanks", "why is the sky blue"), else *who* for a person's or an ARG0, else *what* ("who is
    the mayor of rotterdam", "what is the exchange rate"); a question says its question word.
    None where u is no such amr-unknown."""
    asked = _asked_in(g, u)
    if asked is None or asked[1] == "polarity" or not is_sentence_root(g, asked[0]):
        return None
    root, role = asked
    return role_question_word(g, u) or ("who" if str(g.label(root)) == PERSON or role == "ARG0" else "what")


OPEN_CLASSES = frozenset({"NN", "VB", "JJ"})
"""The α(POS) values for which the thesis looks the lemma up in WordNet."""

AMR_FRAME_SUFFIX = "-91"
"""The frameset id of AMR's own frames (be-temporally-at-91, have-condition-91, ...),
whose names are no English: with no word the realize model knows, they are ε."""

@dataclass(frozen=True)
class _Defaults:
    """Words that share the defaults' probability; with ``epsilon``, ε takes p_ε of it."""

    words: tuple[str, ...]
    epsilon: bool = False


class DefaultRealizer:
    """r~_(c,α) of Section 5.2; ``lexicon`` answers the WordNet questions."""

    def __init__(self, lexicon: WordNetLexicon | None = None, arrangements: Mapping[str, str] | None = None) -> None:
        self.lexicon = WORDNET if lexicon is None else lexicon
        self.arrangements = arrangements or {}
        """Entity concept ↦ arrangement (:mod:`amrgen.realization.entities`)."""

    def realizations(self, c: Configuration, alpha: SyntacticAnnotation,
                     p_tilde: float, p_epsilon: float) -> list[tuple[str, float]]:
        """The default realizations of σ1 under α, each with P(Realize-(r, α) | c, α);
        ε is the empty string.  Empty when σ1 has none."""
        if not 0 <= p_epsilon <= p_tilde <= 1:
            raise AmrgenError(f"default realization probabilities need 0 <= p_epsilon <= p~ <= 1, "
                              f"not p_epsilon = {p_epsilon}, p~ = {p_tilde}")
        defaults = self._defaults(c, alpha)
        if not defaults.words:
            return []
        share = (p_tilde - p_epsilon if defaults.epsilon else p_tilde) / len(defaults.words)
        result = [(word, share) for word in defaults.words]
        return result + [("", p_epsilon)] if defaults.epsilon else result

    def realization_words(self, c: Configuration, alpha: SyntacticAnnotation) -> set[str]:
        """The default realizations of σ1 under α, without probabilities."""
        defaults = self._defaults(c, alpha)
        return set(defaults.words) | ({""} if defaults.epsilon else set())

    # -- the rules, in the order of the module docstring ------------------------

    def _defaults(self, c: Configuration, alpha: SyntacticAnnotation) -> _Defaults:
        g, v = c.graph, c.sigma1
        label = str(g.label(v))
        concept = concept_form(label)
        if c.rho.defined(Key.LINK, v):
            referent = GENDERED_NOUNS.get(concept) or (
                concept if is_pronoun(concept) and alpha.pos not in OPEN_CLASSES else None)
            if referent is None and _clause_subject(g, v):
                if (neuter := _neuter(c, v, alpha)) is not None:  # as likely as ε: its parent may be a noun
                    return _Defaults((*pronoun_forms(neuter, _possessed(g, v), _reflexive(c, v)), ""))
                if (name := _person_name(c, v)) is not None:
                    return _Defaults((name,))
            pronoun = pronoun_forms(referent, _possessed(g, v), _reflexive(c, v)) if referent else ()
            return _Defaults(pronoun, epsilon=True) if pronoun else _Defaults(("",))
        if isinstance(v, InsertedVertex):
            return _Defaults(self._inserted(c, v, label, alpha))
        if is_named_entity(g, v) and not shows_concept(self.arrangements, concept):
            return _Defaults(("",))
        if is_quoted(label):
            return _Defaults(self._string(g, v, concept))
        if is_number(label):
            role, parent = _parent(g, v)
            return _Defaults((number_words(label, role, None if parent is None else concept_form(g.label(parent))),))
        if is_numeric(label):
            return _Defaults((label,))
        if concept in SPECIAL_REALIZATIONS:
            return _Defaults(SPECIAL_REALIZATIONS[concept])
        if label.endswith(AMR_FRAME_SUFFIX):
            return _Defaults(("",))
        if (word := role_question_word(g, v)) is not None:
            return _Defaults((word,))
        if concept in SILENT_CONCEPTS:
            return _Defaults(("",))
        if concept in DEMONSTRATIVES:
            return _Defaults(DEMONSTRATIVES[concept])
        return _Defaults(self._pronoun(g, v, concept, alpha) or self._lemma_forms(c, concept, alpha))

    @staticmethod
    def _pronoun(g: Graph, v: Vertex, concept: str, alpha: SyntacticAnnotation) -> tuple[str, ...]:
        if not is_pronoun(concept) or alpha.pos in OPEN_CLASSES:
            return ()
        return pronoun_forms(concept, possessive=_possessed(g, v))

    @staticmethod
    def _inserted(c: Configuration, v: Vertex, word: str, alpha: SyntacticAnnotation) -> tuple[str, ...]:
        g = c.graph
        if word not in AUXILIARY_LEMMAS or any(has_mode(g, u, "imperative") for u in g.predecessors(v)):
            return (word,)
        parents = g.parents(v)
        return auxiliary_forms(word, alpha, _third_person(c, parents[0]) if parents else None)

    @staticmethod
    def _string(g: Graph, v: Vertex, text: str) -> tuple[str, ...]:
        role, entity = _parent(g, v)
        if role == "time" and entity is not None and concept_form(g.label(entity)) == DATE_ENTITY:
            return (time_of_day(text),)
        if role == "name" and concept_form(g.label(entity)) in PLACE_ENTITIES and _modifies(g, entity):
            adjective = country_adjective(text)
            if adjective:
                return (text, adjective)
        return (text,)

    def _lemma_forms(self, c: Configuration, concept: str, alpha: SyntacticAnnotation) -> tuple[str, ...]:
        lemma = concept.replace("-", " ")
        if alpha.pos not in WORDNET_TAGS:
            return (lemma,)
        if not knows(self.lexicon, lemma, alpha.pos):
            return ()
        if alpha.pos == "NN":
            return inflect(lemma, noun_tag(alpha.number))
        if alpha.pos == "JJ":
            derived = adverb(self.lexicon, lemma) if self.lexicon.knows(lemma, "a") else None
            return (lemma, derived) if derived else (lemma,)
        third = _third_person(c, c.sigma1) if alpha.tense == "present" else None
        return tuple(dict.fromkeys(form for tag in verb_tags(alpha, third) for form in inflect(lemma, tag)))


ADJECTIVE_ROLES = frozenset({"mod", "manner", "source"})
"""The roles in which a country, world region or continent is also its adjective."""
ROLE_CONCEPTS = frozenset({"have-org-role", "have-rel-role"})


def _modifies(g: Graph, entity: Vertex) -> bool:
    """Whether ``entity`` is the root, fills an :data:`ADJECTIVE_ROLES` role or is the organization of a role."""
    role, parent = _parent(g, entity)
    return parent is None or role in ADJECTIVE_ROLES or concept_form(g.label(parent)) in ROLE_CONCEPTS


def _parent(g: Graph, v: Vertex) -> tuple[str | None, Vertex | None]:
    """(label, source) of v's first incoming edge, (None, None) for the root."""
    edges = g.in_edges(v)
    return (edges[0][1], edges[0][0]) if edges else (None, None)


def _third_person(c: Configuration, verb: Vertex) -> bool | None:
    """Whether the subject of ``verb`` is third person singular (module docstring, rule 7);
    None when that cannot be decided.  ``guessThirdPerson`` of the reference implementation (§7.1)."""
    g = c.graph
    roles = SUBJECT_ROLES[::-1] if c.rho.get(Key.VOICE, verb) == "passive" else SUBJECT_ROLES
    for role in roles:
        subject = next((child for _, label, child in g.out_edges(verb) if label == role), None)
        if subject is None:
            continue
        concept = concept_form(g.label(subject))
        if is_pronoun(concept):
            return concept in THIRD_PERSON_SINGULAR
        if is_named_entity(g, subject):
            return True
        return {"singular": True, "plural": False}.get(c.rho.get(Key.NUMBER, subject))
    return None


def _reflexive(c: Configuration, v: Vertex) -> bool:
    """Whether the copy v is an argument ARGn of a vertex whose ARGm, m < n, is what v copies
    (the same vertex or another copy of it): the later co-argument of its antecedent is
    reflexive ("i brought myself down", "he buried himself")."""
    g, original = c.graph, c.rho.get(Key.LINK, v)
    return any(ARG_EDGE.fullmatch(label) and ARG_EDGE.fullmatch(role) and int(label[3:]) < int(role[3:])
               and u != v and c.rho.get(Key.LINK, u, u) == original
               for p in g.parents(v) for role in g.edge_labels(p, v) for _, label, u in g.out_edges(p))


def _clause_subject(g: Graph, v: Vertex) -> bool:
    """Whether v is the subject of a finite clause ("the baby cries because it is tired")."""
    return any(subject_of(g, p) == v and heads_clause(g, p) for p in g.parents(v))


def _neuter(c: Configuration, v: Vertex, alpha: SyntacticAnnotation) -> str | None:
    """The pronoun (it, they: by the number of what it copies, else by α's) of the copy v of a
    noun; None for a pronoun, a person or a noun of natural gender (:func:`is_neuter_copy`)."""
    if not is_neuter_copy(c.graph, v):
        return None
    return "they" if c.rho.get(Key.NUMBER, c.rho.get(Key.LINK, v), alpha.number) == "plural" else "it"


def _person_name(c: Configuration, v: Vertex) -> str | None:
    """The name of the named person the copy v copies, lower-cased ("anna informed tom that anna
    arrived": no word list says a name's gender); None for anyone else, or a reflexive copy."""
    g, original = c.graph, c.rho.get(Key.LINK, v)
    if concept_form(g.label(v)) != PERSON or _reflexive(c, v) or original not in g:
        return None
    name = entity_name(g, original)
    return None if name is None else name.lower()


def is_neuter_copy(g: Graph, v: Vertex) -> bool:
    """Whether the copy v is of a noun said *it* or *they* (neither a pronoun, a person nor a noun
    of natural gender)."""
    concept = concept_form(g.label(v))
    return not is_pronoun(concept) and concept != PERSON and concept not in GENDERED_NOUNS


def _possessed(g: Graph, v: Vertex) -> bool:
    """Whether v fills a :poss role (a pronoun there is said in its possessive form)."""
    return any(role == "poss" for _, role, _ in g.in_edges(v))
