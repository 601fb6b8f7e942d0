"""Our punctuation and quotation additions to Section 4.4: a refined punc(v),
commas, brackets, quotation marks and hyphens.

The marks are new vertices under placeholder edges, ordered as v_punc is
(:func:`amrgen.postprocess.editing.add_mark`).  :func:`quote_speech` and
:func:`parenthesized_references` encode choices some corpora's counts justify
(*The Little Prince* is told in dialogue, Bio AMR brackets its references):
each is a step of its own, run only where the graph's corpora follow its
convention (:mod:`amrgen.ml.conventions`).
"""

from __future__ import annotations

from amrgen.amr import asks, sentence_roots
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.words import COORDINATION_CONCEPTS, COORDINATORS, HYPHEN, SPEECH_VERBS
from amrgen.ml.conventions import described_references
from amrgen.postprocess.editing import (
    add_mark,
    edited_at_each,
    realized,
)
from amrgen.postprocess.step import Context
from amrgen.postprocess.thesis import QUESTION_CONCEPTS, punctuated
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration, below_between_word, is_between_word
from amrgen.transitions.constraints import is_final_mark, is_propbank_frameset

FRONTED_ROLES = frozenset({"condition", "time", "concession", "location"})
"""The roles of adverbial clauses that take a comma when they precede their head."""


def unsaid_marks(c: Configuration) -> Configuration:
    """c with every mark the generator said (learnt punctuation) realized as ε: for a
    graph whose corpora do not punctuate (``--conventions`` of MASSIVE's requests)."""
    return realized(c, [(v, "") for v in c.graph.vertices if is_final_mark(c.graph, v)])


# -- the sentence's mark ----------------------------------------------------------


def punctuation_mark(g: Graph, v: Vertex, ignored: frozenset[Vertex] = frozenset()) -> str:
    """Our punc(v) for v ∈ R̂: ``?`` when φ_v(?) holds for v or for the clause
    its sentence ends with in quotation marks (:func:`_quoted_last`), or when
    amr-unknown is anywhere below v, not only a child (``what are you doing
    here`` has it under do-02's ARG1); ``,`` when φ_v(,); else ``.``, whatever
    the size of the graph (``chapter 4`` -> ``chapter 4 .``).  ``ignored``:
    marks added since, which are not clauses."""
    root = g.root
    if _modes(g, v, ignored) & QUESTION_CONCEPTS or asks(g, v):
        return "?"
    if v != root and any(g.order.precedes(v, sibling) for sibling in g.children(root)):
        return ","
    return "."


def _modes(g: Graph, v: Vertex, ignored: frozenset[Vertex]) -> set[str]:
    """The concepts of the children of v and of the clause quoted last in v's sentence."""
    return {g.label(child) for u in [v, *_quoted_last(g, v, ignored)] for child in g.children(u)}


def _quoted_last(g: Graph, v: Vertex, ignored: frozenset[Vertex]) -> list[Vertex]:
    """The clause v's sentence ends with in quotation marks: the ARG1 of a speech
    verb v that follows it (below the word Insert-Between put there), whose mode
    (``do you come from another planet ?``) is the sentence's; for a
    coordination, that of its last conjunct."""
    children = [u for u in g.children(v) if u not in ignored]
    if str(g.label(v)) in COORDINATION_CONCEPTS and children:
        return _quoted_last(g, g.order.sequence(children)[-1], ignored)
    if str(g.label(v)) not in SPEECH_VERBS:
        return []
    said = [u for _, label, u in g.out_edges(v) if label == "ARG1" and g.order.precedes(v, u)]
    return [below_between_word(g, u) for u in said]


def punctuate_refined(c: Configuration, context: Context) -> Configuration:
    """Section 4.4's punctuation with our punc(v) (:func:`punctuation_mark`):
    ``what are you doing here`` (amr-unknown below do-02's ARG1) -> ``what are
    you doing here ?``, a four-vertex ``chapter 4`` -> ``chapter 4 .``."""
    return punctuated(c, punctuation_mark)


# -- quotation marks --------------------------------------------------------------


def _speech(c: Configuration, root: Vertex) -> tuple[Vertex, Vertex] | None:
    """The first speech verb of root's sentence realized, and not as a noun (``the
    addition``, ``in response`` quote nothing), with a clause as ARG1 (a vertex
    with children, or a frameset), and that ARG1."""
    g = c.graph
    for v in [root, *g.successors(root)]:
        said = [a for _, label, a in g.out_edges(v) if label == "ARG1"
                and (g.children(a) or is_propbank_frameset(str(g.label(a))))]
        if str(g.label(v)) in SPEECH_VERBS and c.rho.get(Key.REAL, v) and c.rho.get(Key.POS, v) != "NN" and said:
            return v, said[0]
    return None


def quote_speech(c: Configuration, context: Context) -> Configuration:
    """Direct speech: ``: "`` before the ARG1 of the first speech verb of each
    sentence (:func:`_speech`) that follows the verb and ``"`` after the
    sentence's last mark (``he said draw me a sheep .`` -> ``he said : " draw
    me a sheep . "``); an ARG1 before its verb is quoted as ``" ... , "`` (``good
    morning said the little prince`` -> ``" good morning , " said the little
    prince``).  An infinitive marker or complementizer Insert-Between put above
    the ARG1 is dropped (``say to draw``, ``say that he came``)."""
    for root in sentence_roots(c.graph):
        found = _speech(c, root)
        if found is None:
            continue
        v, said = found
        g = c.graph
        if c.rho.get(Key.REAL, said) in ("to", "that") and is_between_word(g, said):
            c = realized(c, [(said, "")])
        c = _quote(c, v, said, root) if g.order.precedes(v, said) else _quote_fronted(c, v, said)
    return c


def _quote_fronted(c: Configuration, v: Vertex, said: Vertex) -> Configuration:
    g = c.graph
    family = [u for u in [v, *g.children(v)] if u != said]
    c = add_mark(c, v, '"', after=[u for u in family if g.order.precedes(u, said)], before=[said])
    return add_mark(c, v, ', "', after=[said], before=[u for u in family if g.order.precedes(said, u)])


def _quote(c: Configuration, v: Vertex, said: Vertex, root: Vertex) -> Configuration:
    g = c.graph
    c = add_mark(c, v, ': "', after=[v, *(u for u in g.children(v) if g.order.precedes(u, said))], before=[said])
    return add_mark(c, root, '"', after=[root, *c.graph.children(root)])


# -- commas -----------------------------------------------------------------------


def fronted_clause_commas(c: Configuration, context: Context) -> Configuration:
    """A comma after every :data:`FRONTED_ROLES` child ordered before its parent
    that has at least the hyperparameter ``fronted_clause_min_words`` words
    (fewer make a phrase, "then", "at once", not a clause): ``if one gets lost
    in the night such knowledge is valuable`` -> ``if one gets lost in the
    night , such knowledge is valuable``; a phrase that asks, fronted by
    :func:`~amrgen.postprocess.questions.question_words_first`, takes none (``in
    which country does the nile start``)."""
    least = context.hyper.fronted_clause_min_words

    def comma_after_fronted(c: Configuration, v: Vertex) -> Configuration:
        g = c.graph
        for u in g.children(v):
            fronted = set(g.edge_labels(v, u)) & FRONTED_ROLES and g.order.precedes(u, v) and not asks(g, u)
            if fronted and len([w for w in g.yield_(c.rho[Key.REAL], u) if w]) >= least:
                family = g.order.sequence([*g.children(v), v])
                c = add_mark(c, v, ",", after=[u], before=[family[family.index(u) + 1]])
        return c

    return edited_at_each(c, comma_after_fronted)


def coordination_commas(c: Configuration, context: Context) -> Configuration:
    """A comma before every realized ``and``/``or`` that has conjuncts to its left
    and joins verbs or more than two conjuncts (``he stood up and he left`` ->
    ``he stood up , and he left``, but ``the boy and the girl``), and one
    between any two conjuncts to its left (``geography history arithmetic and
    grammar`` -> ``geography , history , arithmetic , and grammar``); a comma after
    each conjunct said of an ``and``/``or`` said as nothing, but the last (Bio AMR's
    citations: ``( 23 24 )`` -> ``( 23 , 24 )``)."""

    def commas(c: Configuration, v: Vertex) -> Configuration:
        g, word = c.graph, c.rho.get(Key.REAL, v)
        unsaid = word == "" and str(g.label(v)) in COORDINATION_CONCEPTS
        if not unsaid and word not in COORDINATORS:
            return c
        conjuncts = [u for u in g.children(v) if any(label.startswith("op") for label in g.edge_labels(v, u))]
        if unsaid:
            said = g.order.sequence(u for u in conjuncts if any(g.yield_(c.rho[Key.REAL], u)))
            for first in said[:-1]:
                family = c.graph.order.sequence([v, *c.graph.children(v)])
                at = family.index(first) + 1
                c = add_mark(c, v, ",", after=family[:at], before=family[at:])
            return c
        left = [u for u in g.children(v) if g.order.precedes(u, v)]
        if left and (len(conjuncts) > 2 or any(c.rho.get(Key.POS, u) == "VB" for u in conjuncts)):
            c = add_mark(c, v, ",", after=left, before=[v])
        before = g.order.sequence(u for u in left if u in conjuncts)
        for first, second in zip(before, before[1:]):
            c = add_mark(c, v, ",", after=[first], before=[second])
        return c

    return edited_at_each(c, commas)


# -- references -------------------------------------------------------------------


def parenthesized_references(c: Configuration, context: Context) -> Configuration:
    """``( ... )`` around what a reference to a figure, a table or a publication
    says (:func:`~amrgen.ml.conventions.described_references`): ``... of
    single alleles figure 1a and the generation ...`` -> ``... of single alleles (
    figure 1a ) and the generation ...``; a reference said as nothing is left so."""
    for v in described_references(c.graph):
        if any(c.graph.yield_(c.rho[Key.REAL], v)):
            family = [v, *c.graph.children(v)]
            c = add_mark(c, v, "(", before=family)
            c = add_mark(c, v, ")", after=family)
    return c


# -- hyphens ----------------------------------------------------------------------


def restore_hyphens(words: list[str], context: Context) -> list[str]:
    """w~ with a hyphen token put back between two words wherever the language
    model finds the pair more than the hyperparameter ``hyphen_margin`` (log10)
    likelier with it (``the grown ups`` -> ``the grown - ups``).  Training
    learns realizations from the reference without punctuation, so a word the
    reference tokenizes with its hyphen split off is learnt without it; the
    language model, estimated on the references, knows where the hyphen was.
    Left to right, each pair of words (not punctuation) asked once."""
    lm, margin = context.lm, context.hyper.hyphen_margin
    result = list(words[:1])
    for word in words[1:]:
        if _is_word(result[-1]) and _is_word(word):
            without = lm.log10_probability([*result, word])
            if lm.log10_probability([*result, HYPHEN, word]) - without > margin:
                result.append(HYPHEN)
        result.append(word)
    return result


def _is_word(token: str) -> bool:
    return any(ch.isalnum() for ch in token)
