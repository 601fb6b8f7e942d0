"""P(Reorder-(v1..vn) | c) of Eq. (equ:reo3) for a family with a child that
Insert-Child added (thesis 4.2.1, 5.1): its place among the left children is
scored by p_l like theirs, not fixed; but do-support's do goes right before the
not (our placement, as the articles' is)."""

import itertools

import pytest

from amrgen.amr import Amr
from amrgen.ml.events import AFTER, BEFORE, canonical_pair
from amrgen.transitions.annotations import SyntacticAnnotation
from amrgen.transitions.transitions import LEFT, InsertChild, NoInsertion, Realize


def _follow_with(generator, word, graph="(f / follow-02 :ARG0 (i / i) :polarity -)"):
    """Fig. fig:insert-child: follow-02 (ARG0 i, polarity -) after Realize and
    Insert-Child-(``word``, left), ready for Reorder."""
    _, phase1 = generator.first_phase(Amr.from_penman(graph))
    c = phase1.configuration
    follow = c.graph.root
    c = c.with_(node_buffer=(follow,), child_buffer=())
    c = Realize("follow", SyntacticAnnotation(pos="VB", tense="present", voice="active")).apply(c)
    c = InsertChild(word, LEFT).apply(c)
    inserted = c.sigma1
    c = NoInsertion().apply(c.with_(node_buffer=(follow,)))
    return c, follow, inserted


def _p_reo3(generator, c, sequence, inserted, placed=False):
    """Eq. (equ:reo3) computed from the order models directly; the inserted child
    is left of σ1 by Insert-Child's ≺ (its p_* is 1); a child ``placed`` by hand is in no pair."""
    models, v = generator.models, c.sigma1
    sequence = tuple(u for u in sequence if not (placed and u == inserted))
    head = sequence.index(v)
    sides = {u: LEFT if i < head else "right" for i, u in enumerate(sequence) if u != v}
    context = models.context(c)
    p = 1.0
    for u, side in sides.items():
        if u == inserted:
            continue
        p_left = models.probabilities("reorder-head", context.derive(children=(u,))).get(LEFT, 0.5)
        p *= p_left if side == LEFT else 1 - p_left
    ordered = context.derive(sides={u: s for u, s in sides.items() if u != inserted})
    for half, model in ((sequence[:head], "reorder-left"), (sequence[head + 1:], "reorder-right")):
        for a, b in itertools.combinations(half, 2):
            first, second = canonical_pair(c, a, b)
            probabilities = models.probabilities(model, ordered.derive(children=(first, second)))
            p_before = probabilities.get(BEFORE, 1 - probabilities.get(AFTER, 0.5))
            p *= p_before if first == a else 1 - p_before
    return p


def test_an_inserted_child_is_placed_by_the_order_models(generator):
    c, follow, will = _follow_with(generator, "will", "(f / follow-02 :ARG0 (i / i) :ARG1 (y / you))")
    reorders = generator.search.probabilities.reorders(c)
    assert reorders
    labels = {v: str(c.graph.label(v)) for v in c.graph.vertices}
    orders = {tuple(labels[v] for v in t.sequence): p for t, p in reorders}
    # "i will follow you" is a candidate: will is not tied to σ1
    assert ("i", "will", "follow-02", "you") in orders
    for t, p in reorders:
        # Insert-Child-(will, left) put will ≺ follow: every order keeps it on the left
        assert t.sequence.index(will) < t.sequence.index(follow)
        assert p == pytest.approx(_p_reo3(generator, c, t.sequence, will), rel=1e-9)
    assert len(orders) == len(reorders)


def test_do_support_s_do_goes_right_before_the_not(generator):
    c, follow, do = _follow_with(generator, "do")
    reorders = generator.search.probabilities.reorders(c)
    labels = {v: str(c.graph.label(v)) for v in c.graph.vertices}
    orders = [tuple(labels[v] for v in t.sequence) for t, _ in reorders]
    assert ("i", "do", "-", "follow-02") in orders  # Fig. fig:insert-child: "i do not follow"
    for t, p in reorders:
        negation = next(v for v in t.sequence if labels[v] == "-")
        left = t.sequence.index(negation) < t.sequence.index(follow)
        assert t.sequence[t.sequence.index(do) + 1] == (negation if left else follow)
        assert p == pytest.approx(_p_reo3(generator, c, t.sequence, do, placed=True), rel=1e-9)


def test_realizations_by_other_words_share_their_orders(generator):
    """The search asks Reorder once for the realizations of σ1 that differ in their
    words only (issue 18): the shipped Reorder models do not read ρ(REAL)."""
    _, phase1 = generator.first_phase(Amr.from_penman("(f / follow-02 :ARG0 (i / i) :polarity -)"))
    c = phase1.configuration
    c = c.with_(node_buffer=(c.graph.root,), child_buffer=())
    alpha = SyntacticAnnotation(pos="VB", tense="present", voice="active")
    follow, pursue = (NoInsertion().apply(Realize(word, alpha).apply(c)) for word in ("follow", "pursue"))
    probabilities = generator.probabilities
    assert probabilities.reorder_key(follow) == probabilities.reorder_key(pursue)
    assert probabilities.reorders(follow) == probabilities.reorders(pursue)
    passive = NoInsertion().apply(Realize("follow", SyntacticAnnotation(pos="VB", tense="present",
                                                                        voice="passive")).apply(c))
    assert probabilities.reorder_key(passive) != probabilities.reorder_key(follow)
