"""Agreement in phase 2: which candidates of a child combine with its parent's realization
(issue 31, point 2: "phase 2 offering only the forms that agree").

Algorithm 3 combines every candidate b_i ∈ best(β_i) with every candidate of its parent
v; the realize model chose b_i's form before v was realized (the traversal is bottom-up),
so it cannot know the form v asks for.  Where v's realization decides a form of a child,
only the child's candidates with that form are combined, if best(β_i) has any (otherwise
all, so that the search never loses its last candidate):

- a demonstrative :mod before a noun has the noun's number (``these results``,
  ``this result``; the default realizations offer a demonstrative both forms, 5.2);
- the clause of a modal said *can*, *must*, ... is headed by a verb in its base form, or
  a passive without a tense (``must have``, not ``must has``; ``can be substituted``, not
  ``can is substituted``);
- the :manner of a verb is not an adjective that has an adverb (``sang beautifully``);
- a verb whose :time is said as an adverb of past time (*yesterday*) is in the past
  tense (``ate the bone yesterday``): its children are realized before it (the traversal
  is bottom-up), so here v's own Realize transitions are the candidates filtered
  (:meth:`Agreement.tensed`);
- a form of *be* that Insert-Child put before a verb agrees with the verb's subject said
  before it (``the results were compared``, ``they are``): the candidates of the
  auxiliary are checked against the subject's candidate in each partial candidate of v
  (:meth:`Agreement.auxiliary_subject`, :meth:`Agreement.agreeing_auxiliaries`).

Each is a fact of English grammar, not of a corpus; the language model and the models'
scores still choose among the candidates that agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from amrgen.amr_vocabulary import MODAL_CLAUSES, SUBJECT_ROLES
from amrgen.graph import Vertex
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.lexicon.words import BE_TENSES, DEMONSTRATIVES, PAST_TIME_WORDS, RAISING_MODALS
from amrgen.realization.inflection import adverb, be_forms, is_base_form, is_plural_noun
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, InsertedVertex
from amrgen.transitions.transitions import LEFT, Realize

_FINITE = frozenset({"present", "past"})
_VERBS = frozenset({"VB", "VBN", "VBG"})


class Agreement:
    """The agreement of a parent's realization with its children's candidates."""

    def __init__(self, lexicon: WordNetLexicon) -> None:
        self._has_adverb = lru_cache(maxsize=None)(
            lambda word: lexicon.knows(word, "a") and not lexicon.knows(word, "r")
            and adverb(lexicon, word) is not None)
        self._base = lru_cache(maxsize=None)(lambda word: bool(word) and is_base_form(word))
        self._adverb = lru_cache(maxsize=None)(
            lambda word: lexicon.knows(word, "r") and not lexicon.knows(word, "a") and not lexicon.knows(word, "n"))

    def said_alone(self, c: Configuration, child: Vertex):
        """A test of the child's candidates: whether no word may be inserted beside it (a
        verb's :manner said as an adverb takes no preposition: "sang very beautifully", not
        "sang in very beautifully"; the Insert-Between model gives it No-Insertion 0.74, the
        language model likes "in"); None where every candidate may have one."""
        if c.rho.get(Key.POS, c.sigma1) != "VB" or "manner" not in c.graph.edge_labels(c.sigma1, child):
            return None
        return lambda hypothesis: bool(word := _word(hypothesis)) and self._adverb(word)

    def agreeing(self, c: Configuration, child: Vertex, side: str, options: Sequence) -> Sequence:
        """The candidates of ``child`` (hypotheses whose first step is its Realize, if any)
        that agree with σ1 of c as it is realized; all of them where none does."""
        wanted = self._agrees(c, child, side)
        if wanted is None:
            return options
        kept = [b for b in options if wanted(_realize(b))]
        return kept or options

    def _agrees(self, c: Configuration, child: Vertex, side: str):
        """A test of the child's Realize, or None where v's realization decides nothing about it."""
        g, v = c.graph, c.sigma1
        labels = {label for parent, label, u in g.in_edges(child) if parent == v}
        word, pos = c.rho.get(Key.REAL, v), c.rho.get(Key.POS, v)
        if not word:
            return None
        if "mod" in labels and pos == "NN" and side == LEFT:
            plural = c.rho.get(Key.NUMBER, v) == "plural" or is_plural_noun(word)
            return lambda t: t is None or t.word not in DEMONSTRATIVES or DEMONSTRATIVES[t.word][plural] == t.word
        if labels & MODAL_CLAUSES and word in RAISING_MODALS:
            return lambda t: t is None or t.annotation.pos not in _VERBS or (
                t.annotation.tense not in _FINITE if t.annotation.voice == "passive" else self._base(t.word))
        if "manner" in labels and pos == "VB":
            return lambda t: t is None or t.annotation.pos != "JJ" or not self._has_adverb(t.word)
        return None

    def tensed(self, c: Configuration, realizations: Sequence) -> Sequence:
        """Of σ1's Realize transitions (with their probabilities), the verbs in a past form with
        the past tense where a :time child is said as an adverb of past time, as ρ has its
        children (their best candidates); a word that is not a verb keeps any form.  All of
        them where none agrees."""
        g, v = c.graph, c.sigma1
        if not any(label == "time" and c.rho.get(Key.REAL, u) in PAST_TIME_WORDS for _, label, u in g.out_edges(v)):
            return realizations
        kept = [(t, p) for t, p in realizations if t.annotation.pos not in _VERBS
                or (t.annotation.tense == "past" and not self._base(t.word))]
        return kept or realizations

    @staticmethod
    def auxiliary_subject(c: Configuration, child: Vertex, children: Sequence[Vertex]) -> Vertex | None:
        """The subject an auxiliary *be* (``child``, which Insert-Child added to σ1, a verb)
        agrees with: σ1's ARG0, else ARG1, if it is combined before the auxiliary."""
        g, v = c.graph, c.sigma1
        if not isinstance(child, InsertedVertex) or str(g.label(child)) != "be" or c.rho.get(Key.POS, v) != "VB":
            return None
        before = children[:children.index(child)]
        return next((u for role in SUBJECT_ROLES for _, label, u in g.out_edges(v) if label == role and u in before),
                    None)

    @staticmethod
    def agreeing_auxiliaries(c: Configuration, subject: Vertex, b, parts: list) -> list:
        """Of ``parts`` (an auxiliary's candidates, the first of each part), those whose form
        of be agrees with ``subject`` as the partial candidate ``b`` of σ1 realizes it; all
        of them where none does or ``b`` says nothing of the subject."""
        said = next((h for h in b.children if h.vertex == subject), None)
        t = None if said is None else _realize(said)
        if t is None:
            return parts
        forms = be_forms(t.word, t.annotation.pos, t.annotation.number, str(c.graph.label(subject)))
        kept = [part for part in parts if (word := _word(part[0])) not in BE_TENSES or word in forms]
        return kept or parts


def _word(hypothesis) -> str | None:
    t = _realize(hypothesis)
    return None if t is None else t.word


def _realize(hypothesis) -> Realize | None:
    """The Realize of a candidate's vertex (None for a deleted one)."""
    steps = hypothesis.steps
    return steps[0][0] if steps and isinstance(steps[0][0], Realize) else None
