"""The three postprocessing steps of thesis Section 4.4, exactly as the thesis
defines them: revising articles, adding punctuation, removing duplicate words.

They work on the final configuration ĉ = (Ĝ, ε, ε, ρ̂) that generation ends
in (line genpartial of Algorithm 5).  Our refinements of the first two
(:mod:`amrgen.postprocess.articles`, :mod:`amrgen.postprocess.punctuation`)
are steps of their own, so that the pipeline ``thesis`` runs these alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from amrgen.amr import sentence_roots
from amrgen.graph import Graph, Vertex
from amrgen.lexicon.words import ARTICLES
from amrgen.postprocess.editing import UNKNOWN, add_mark
from amrgen.postprocess.step import Context
from amrgen.transitions.annotations import NONE, Key
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex
from amrgen.transitions.constraints import is_final_mark

QUESTION_CONCEPTS = frozenset({"interrogative", UNKNOWN})
"""The concepts AMR marks a question with (φ_v(?))."""
MIN_SENTENCE_VERTICES = 5
"""|V̂| from which a graph gets ``.``: smaller ones "often do not represent complete sentences"."""

# -- articles ---------------------------------------------------------------------


@dataclass(frozen=True)
class ArticleSlot:
    """Where in Ĝ' a new vertex ṽ (``vertex``) may realize an article: a child of the
    noun, at position ``opening`` of its ``family`` ch(v) ∪ {v} in Ĝ'; the words around
    it, ``context`` to each side, and whether they reach the sentence's ends."""

    vertex: InsertedVertex
    family: list[Vertex]
    opening: int
    left: list[str]
    right: list[str]
    bos: bool
    eos: bool


def without_articles(c: Configuration, v: Vertex) -> Configuration:
    """c with Ĝ' for Ĝ: every child of v labeled a, an or the removed (one
    with children of its own, a word Insert-Between put there, stays)."""
    removed = [child for child in c.graph.children(v)
               if c.graph.label(child) in ARTICLES and not c.graph.children(child)]
    if not removed:
        return c
    g = c.graph.copy()
    for child in removed:
        g.remove_vertex(child)
    return c.with_(graph=g)


def article_slot(bare: Configuration, v: Vertex, opening: int, context: int) -> ArticleSlot:
    """The slot for an article of v in Ĝ' (``bare``), at position ``opening`` of
    the family ch(v) ∪ {v} (0: the leftmost child).  Its place in the sentence is
    the boundary there between the words of the family's members, found in the
    yield of Ĝ' (no graph with the slot is made unless an article goes there)."""
    g = bare.graph
    family = g.order.sequence([v, *g.children(v)])
    words, spans = _yield_spans(bare)
    if opening < len(family) and family[opening] != v:
        i = spans[family[opening]][0]
    elif opening > 0 and family[opening - 1] != v:
        i = spans[family[opening - 1]][1]
    else:  # next to v's own words, with no other member of the family on that side
        i = spans[v][0] if opening == 0 else spans[v][1]
    return ArticleSlot(bare.new_vertex(), family, opening, words[max(0, i - context):i], words[i:i + context],
                       bos=i - context <= 0, eos=i + context >= len(words))


def filled_article_slot(c: Configuration, article: Vertex, context: int) -> ArticleSlot:
    """The slot that the article vertex ``article`` already fills in c: the words
    around it in c's yield, ``context`` to each side (its family and opening are not
    asked: it is not moved)."""
    words, spans = _yield_spans(c)
    i, j = spans[article]
    return ArticleSlot(article, [], 0, words[max(0, i - context):i], words[j:j + context],
                       bos=i - context <= 0, eos=j + context >= len(words))


_last_spans: list[tuple] = [()]
"""The two graphs and realizations :func:`_yield_spans` was last asked about, with its
answers, as one tuple (threads read it whole)."""


def _yield_spans(c: Configuration) -> tuple[list[str], dict[Vertex, tuple[int, int]]]:
    """:meth:`~amrgen.graph.Graph.yield_spans` of c, remembered while neither its graph
    nor ρ(REAL) changes: the revision asks about every noun of a configuration in turn,
    and only an article that comes or goes changes the words (about a third of the
    postprocessing of a long sentence was these yields).  Two are kept: a noun that has
    an article asks about Ĝ' without it, and the next noun about Ĝ again."""
    real = c.rho[Key.REAL]
    realized = tuple(real.items())
    remembered = _last_spans[0]
    for graph, known, found in remembered:
        if graph is c.graph and known == realized:
            return found
    found = c.graph.yield_spans(real)
    _last_spans[0] = ((c.graph, realized, found), *remembered[:1])
    return found


def article_score(context: Context, distribution: Mapping[str, float], slot: ArticleSlot,
                  article: str | None) -> float:
    """w_LM · log10 p_LM(sentence) + w_DENOM · ln P(DENOM = x | G, v) for the
    article x (None: none) in the slot.  The sentences differ only around the
    slot, so the LM term is computed on its window: for an n-gram model with a
    window of n - 1 words that is exactly the difference of the whole
    sentences' log probabilities (the reference implementation, §9, scores the
    same window).  ``an`` has the probability of ``a``; probabilities below
    the hyperparameter ``article_min_probability`` are raised to it, so that a
    class the DENOM model rules out costs a finite amount."""
    hyper = context.hyper
    window = [*slot.left, *([article] if article else []), *slot.right]
    lm_score = context.lm.log10_probability(window, bos=slot.bos, eos=slot.eos)
    probability = distribution.get("a" if article == "an" else article or NONE, 0.0)
    return (hyper.article_lm_weight * lm_score
            + hyper.article_denom_weight * math.log(max(probability, hyper.article_min_probability)))


def with_article(bare: Configuration, v: Vertex, slot: ArticleSlot, article: str | None) -> Configuration:
    """Ĝ' with ``article`` realizing the slot (none: Ĝ' itself), ρ̂(DENOM)(v) updated."""
    if article is None:
        return bare.with_(rho=bare.rho.updated([(Key.DENOM, v, NONE)]))
    g = bare.graph.copy()
    g.add_vertex(slot.vertex, article)
    g.add_edge(v, PLACEHOLDER, slot.vertex)
    g.order = g.order.with_pairs([*((u, slot.vertex) for u in slot.family[:slot.opening]),
                                  *((slot.vertex, u) for u in slot.family[slot.opening:])])
    rho = bare.rho.updated([(Key.REAL, slot.vertex, article), (Key.DEL, slot.vertex, 0),
                            (Key.INS_DONE, slot.vertex, 1), (Key.DENOM, v, "the" if article == "the" else "a")])
    return bare.with_(graph=g, rho=rho, inserted=bare.inserted + 1)


WHOLE_SENTENCE = 1 << 30
"""The window of the thesis's article revision: Section 4.4 compares whole sentences
(ours, ``articles-refined``, the hyperparameter ``article_window``)."""


def revise_articles(c: Configuration, context: Context) -> Configuration:
    """Revise the articles of ĉ (Section 4.4, first step): for each v with
    ρ̂(POS)(v) = NN, every article child of v is removed, and no article and
    each of a, an, the as the leftmost child of v are compared by
    :func:`article_score`; the best is kept (no article on ties): ``he saw a
    cat`` -> ``he saw the cat`` where the LM and DENOM prefer ``the``.
    Parents come before children, so that a noun decides before the nouns
    that modify it."""
    for v in reversed(c.graph.bottom_up_traversal()):
        if c.rho.get(Key.POS, v) == "NN":
            bare = without_articles(c, v)
            slot = article_slot(bare, v, 0, WHOLE_SENTENCE)
            distribution = context.denom(bare, v)
            best = max((None, "the", "a", "an"), key=lambda article: article_score(context, distribution, slot, article))
            c = with_article(bare, v, slot, best)
    return c


# -- punctuation ------------------------------------------------------------------


def punctuation_mark(g: Graph, v: Vertex) -> str:
    """punc(v) for v ∈ R̂: ``?`` when φ_v(?) (a child of v labeled interrogative
    or amr-unknown), else ``,`` when φ_v(,) (v is not the root and a sentence
    follows it), else ``.`` when |V̂| ≥ 5, else ε."""
    if any(g.label(u) in QUESTION_CONCEPTS for u in g.children(v)):
        return "?"
    root = g.root
    if v != root and any(g.order.precedes(v, sibling) for sibling in g.children(root)):
        return ","
    return "." if len(g.vertices) >= MIN_SENTENCE_VERTICES else ""


def punctuated(c: Configuration, mark_of: Callable[[Graph, Vertex], str]) -> Configuration:
    """c' of Section 4.4 for the punctuation ``mark_of`` gives: a vertex v_punc
    realized as the mark of every v ∈ R̂ (none for ε), under an edge (v, ⋆,
    v_punc) and after every vertex of ch(v) ∪ {v}, so that the mark ends the
    realization of Ĝ|v; a v whose mark the generator said (learnt punctuation)
    keeps it."""
    original = c.graph
    for v in sentence_roots(original):
        if any(is_final_mark(original, u) for u in original.children(v)):
            continue
        mark = mark_of(original, v)
        if mark:
            c = add_mark(c, v, mark, after=[v, *original.children(v)])
    return c


def punctuate(c: Configuration, context: Context) -> Configuration:
    """Punctuation as Section 4.4 defines it (:func:`punctuation_mark`): ``you
    come from another planet`` under a root with an interrogative child ->
    ``you come from another planet ?``; a graph of four vertices gets no mark."""
    return punctuated(c, punctuation_mark)


# -- duplicates -------------------------------------------------------------------


def remove_duplicates(words: list[str], context: Context) -> list[str]:
    """w~ with one of every two identical consecutive words dropped
    (``easter island island`` -> ``easter island``; Section 4.4, last step)."""
    return [word for i, word in enumerate(words) if i == 0 or word != words[i - 1]]
