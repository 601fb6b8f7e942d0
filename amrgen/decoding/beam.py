"""Phase 2 of generation: the best transition sequence algorithm (thesis
Algorithm 3, getBest, with its extension to deleted vertices) and the
generation algorithm (Algorithm 5).

A candidate of best(v) is a :class:`Hypothesis`: a partial transition
function b for succ(v) ∪ {v} with its partial score score^par(c, b, v).  The
scores are kept with each candidate and combined incrementally, as the
thesis's decomposition allows: score_TS^par is a sum over dom(b), so a
combination b[v ↦ b(v)·(t, p)] ∪ b_i adds the sums of its parts and
θ_C(t)·log p; the partial yield of v is the words of the children processed
so far, left and right of v's own realization, so a combination appends
one child's words (with the word Insert-Between puts beside them).  Only
the language model term is recomputed, on the new partial yield.  No
candidate re-applies transitions; ``tests/decoding`` checks the scores and
yields against generatePartial and yield^par (Algorithm 2, Def.
def:partial-yield).

score_LM of a partial yield (:meth:`BestSequenceSearch.score_lm`, with
articles counting less in the length) is taken with the sentence start boundary
(every partial yield is scored as if it began a sentence, as in the
reference implementation, §8.5) and with the end boundary once every child
of v is in (i = n in Algorithm 3), when the yield of v is complete.

Two candidates of best_{≤i}(v) or best(v) with the same partial yield are
kept once, the better one: their futures add the same words and scores, so
the other can never win (the reference implementation does the same).

The search keeps only what survives.  :meth:`BestSequenceSearch.pruned` is
its observation hook: a subclass that overrides it is told, at every
pruning, which candidates went in and which came out
(:mod:`amrgen.stepping.search_record` lists what was dropped and where, for
scripts and the application's phase-2 inspector).
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Protocol

from amrgen.decoding.agreement import Agreement
from amrgen.decoding.limits import checkpoint
from amrgen.decoding.offers import Offers
from amrgen.decoding.partial import generate_partial
from amrgen.decoding.probabilities import TransitionProbabilities
from amrgen.graph import Graph, Vertex
from amrgen.hyperparameters import Hyperparameters
from amrgen.lexicon.wordnet_lexicon import WORDNET, WordNetLexicon
from amrgen.lexicon.words import ARTICLES
from amrgen.transitions.annotations import Key
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import (
    LEFT,
    RIGHT,
    InsertBetween,
    InsertChild,
    NoInsertion,
    Reorder,
    Transition,
)

MAX_REMEMBERED_WORDS = 120
"""Partial yields up to this long keep their score_LM for the rest of the graph.
A node of n children makes O(n) yields of up to n words at each of its n
stages: kept, they would hold O(n²) words (gigabytes for a thousand
children); a yield this long is rarely asked again (the longest sentence of
Little Prince and Bio dev has fewer words)."""


class LanguageModelScore(Protocol):
    """What the search asks a language model (:class:`amrgen.lm.model.LanguageModel`)."""

    def unmemoised_log10_probability(self, words, bos: bool = True, eos: bool = True) -> float: ...


Step = tuple[Transition, float]


@dataclass(eq=False, slots=True)
class Hypothesis:
    """(b, s) ∈ best(v): b(v) = ``steps``, b on succ(v) from ``children`` (their
    own hypotheses, in the order they were combined), the partial yield of v
    split around v's realization and whole (``words``), score_TS^par summed
    over dom(b) (``ts``), and the partial score s = θ_LM · score_LM(yield) + ts.

    Not to be changed once made (candidates share their children); not frozen
    only because a frozen dataclass takes five times as long to make, and the
    search makes hundreds of thousands."""

    vertex: Vertex
    steps: tuple[Step, ...]
    children: tuple[Hypothesis, ...]
    left: tuple[str, ...]
    own: tuple[str, ...]
    right: tuple[str, ...]
    words: tuple[str, ...]
    """yield^par(v) under b: left + own + right."""
    ts: float
    lm: float
    score: float

    def function(self) -> dict[Vertex, tuple[Step, ...]]:
        """b itself, as a mapping vertex ↦ (t_1, p_1)...(t_n, p_n)."""
        b: dict[Vertex, tuple[Step, ...]] = {}
        stack = [self]
        while stack:
            h = stack.pop()
            b[h.vertex] = h.steps
            stack.extend(h.children)
        return b

    def scores_by_class(self, hyper: Hyperparameters) -> dict[str, float]:
        """score_TS^par of b split by transition class: Σ θ_C(t) · log p per class."""
        totals: dict[str, float] = {}
        for steps in self.function().values():
            for t, p in steps:
                totals[t.name] = totals.get(t.name, 0.0) + hyper.weighted_log(t.name, p)
        return totals


@dataclass
class Phase2Result:
    """best(v) for every vertex of G' and the order they were computed in
    (Algorithm 5, lines 2-5), with the numbering of inserted vertices that
    generatePartial needs to replay the winner."""

    best: dict[Vertex, list[Hypothesis]] = field(default_factory=dict)
    order: list[Vertex] = field(default_factory=list)
    numbering: dict[Vertex, int] = field(default_factory=dict)
    root: Vertex | None = None

    @property
    def winner(self) -> Hypothesis | None:
        """(b̂, ŝ) = argmax over best(root(G')) (Algorithm 5, line 6)."""
        candidates = self.best.get(self.root) or []
        return max(candidates, key=lambda h: h.score) if candidates else None


@dataclass(frozen=True)
class ChildStage:
    """The pruning after the i-th of the n children of one order of ch(v):
    best_{≤i}(v) = prune_(n4,r4) of best_{≤i-1}(v) extended by best(β_i)
    (Algorithm 3, lines 12-21; 1 ≤ i ≤ n).  Each realization and order of
    v has its own n stages (an order with an inserted child has one more)."""

    i: int
    n: int


@dataclass(frozen=True)
class AgreementStage:
    """The complete candidates of v that disagree, dropped before best(v) is pruned: a
    clause's verb that disagrees with its subject, a negation said twice or not at all
    (:meth:`Agreement.candidates <amrgen.decoding.agreement.Agreement.candidates>`).
    Reported only where it drops something."""


@dataclass(frozen=True)
class RepeatStage:
    """The candidates of v that say one word twice in a row where the i-th of its n children's
    words meet their neighbours ("and i i"), dropped before best_{≤i}(v) is pruned because
    other candidates do not (Section 4.4's duplicates, asked in the search:
    :meth:`BestSequenceSearch._combine`).  Reported only where it drops something."""

    i: int
    n: int


@dataclass(frozen=True)
class BestStage:
    """The pruning of all complete candidates of v, over every realization
    and order: best(v) = prune_(n5,r5) (the end of Algorithm 3)."""


PruneStage = ChildStage | RepeatStage | AgreementStage | BestStage
"""Which pruning of getBest(v) :meth:`BestSequenceSearch.pruned` reports."""

AGREEMENT = AgreementStage()
BEST = BestStage()


class BestSequenceSearch:
    """getBest(v, c, best) for every vertex, bottom-up (Algorithms 3 and 5)."""

    def __init__(self, probabilities: TransitionProbabilities, lm: LanguageModelScore,
                 hyper: Hyperparameters, lexicon: WordNetLexicon = WORDNET) -> None:
        self.probabilities = probabilities
        self.agreement = Agreement(lexicon)
        self.offers = Offers(lexicon)
        self.lm = lm
        self.hyper = hyper
        self._scores: dict[bool, dict[tuple[str, ...], float]] = {False: {}, True: {}}
        """score_LM by complete and words for the graph of the last :meth:`run`: candidates
        of many vertices and orders share partial yields, and the root's are asked again."""

    def pruned(self, v: Vertex, stage: PruneStage, candidates: list[Hypothesis], kept: list[Hypothesis]) -> None:
        """Observation hook, called each time the search prunes candidates of v;
        it does nothing here: override it in a subclass to watch the search.

        ``stage`` says which pruning (:class:`ChildStage`: best_{≤i}(v) by
        (n4, r4) after the i-th of n children; :class:`RepeatStage`: the candidates
        that say a word twice in a row at the i-th child, dropped before it where
        there are others; :class:`AgreementStage`: the
        complete candidates that disagree, dropped before best(v), where there are
        any; :class:`BestStage`: best(v) by (n5, r5)).  ``candidates`` is everything
        that went into it, before candidates of the same partial yield were merged,
        in the order the search made them (those the duplicates test of
        :meth:`_combine` left); ``kept`` what came out, best first: the same
        objects, a subset of ``candidates``, and exactly what the next stage
        extends (the (i+1)-th child) or takes (best(v) takes the candidates
        kept at every order's last child; a vertex without children has no
        child stage and gives best(v) its candidate of each realization).  Every candidate of
        ``candidates`` not in ``kept`` was dropped here, either merged into
        the best candidate of its yield (:func:`best_by_yield`) or pruned by
        (n, r).  A vertex that Insert-Child added is searched by a nested
        getBest and reported under its own name, once per realization of its
        parent that inserts it.  Both lists belong to the search: do not
        change them.
        """

    def run(self, c: Configuration) -> Phase2Result:
        """best(σ_i) for a bottom-up traversal σ of G' (c = (G', ε, ε, ρ) after phase 1)."""
        g = c.graph
        for scores in self._scores.values():
            scores.clear()
        result = Phase2Result(order=list(g.bottom_up_traversal()), root=g.root)
        # Each vertex gets its own range of names for the vertices inserted at it
        # (at most two Insert-Child, a word and a mark, and one Insert-Between per child).
        next_free = c.inserted
        for v in result.order:
            result.numbering[v] = next_free
            next_free += len(g.children(v)) + 3
        for v in result.order:
            checkpoint()
            start = c.with_(node_buffer=(v,), child_buffer=(), inserted=result.numbering[v])
            result.best[v] = self.get_best(start, result.best)
        return result

    def get_best(self, c: Configuration, best: Mapping[Vertex, list[Hypothesis]]) -> list[Hypothesis]:
        """getBest(v, c, best) for v = σ1 of c = (G, v, ε, ρ): the n5-best partial
        transition functions for succ(v) ∪ {v}.  A deleted v (ρ(DEL)(v) = 1)
        skips Realize and the insertions (the thesis's extension)."""
        h = self.hyper
        found: list[Hypothesis] = []
        v = c.sigma1
        c = _with_children_annotations(c, best)
        # The realizations of v by other words in the same graph share their orders.
        orders: dict[tuple, tuple[Configuration, list[tuple[Reorder, float]]]] = {}
        for c_real, hist, own, local in self._realized(c, best):
            # all(c_i) depends on β_i and its side only (the Insert-Between features
            # read no other sibling), so the orders of one realization share it.
            insertions: dict[tuple[Vertex, str], list[tuple]] = {}
            key = (id(c_real.graph), self.probabilities.reorder_key(c_real))
            if key not in orders:  # the value keeps the graph, so its id is not reused meanwhile
                orders[key] = (c_real, self.probabilities.reorders(c_real))
            for t_reor, p_reor in orders[key][1]:
                steps = (*hist, (t_reor, p_reor))
                found.extend(self._combine(c_real, t_reor.sequence, steps, own, ChainMap(local, best), insertions))
        agreeing = self.agreement.candidates(c, found)
        if len(agreeing) < len(found):
            self.pruned(v, AGREEMENT, found, agreeing)
        kept = sorted((hyp for group in self.agreement.pruned_apart(c, agreeing)
                       for hyp in _dedupe_prune(group, h.n5, h.r5)), key=_score, reverse=True)
        self.pruned(v, BEST, agreeing, kept)
        return kept

    def _realized(self, c: Configuration, best: Mapping[Vertex, list[Hypothesis]]) -> Iterator[tuple]:
        """Stages 2 and 3 of v: each of the h1-best Realize transitions followed by
        the Insert-Child step; yields (c_real, hist, v's words, best of inserted children)."""
        if stage(c) is not Stage.REALIZE:
            # Deleted (or realized already: a vertex Insert-Child added is realized
            # by its own Realize below, like any other).
            yield c, (), (), {}
            return
        inserted_graphs: dict[tuple[Transition, ...], Graph] = {}
        for t_real, p_real in self.offers.offered(c, self.probabilities.realizations(c)):
            c_real = t_real.apply(c)
            words = tuple(t_real.word.split()) if t_real.word else ()
            c_ins, hist, local = self._insertions(c_real, ((t_real, p_real),), best, inserted_graphs)
            yield c_ins, hist, words, local

    def _insertions(self, c: Configuration, hist: tuple[Step, ...], best: Mapping[Vertex, list[Hypothesis]],
                    inserted_graphs: dict[tuple[Transition, ...], Graph]) -> tuple:
        """The Insert-Child step of a realized v = σ1, greedy as in Algorithm 3: at most one
        word left of v (5.1) and, at a sentence's root, the mark that ends the sentence, where
        the model learnt them (learnt punctuation; the word step's No-Insertion is then not
        scored: the mark's probability is the step's): (c after No-Insertion, hist,
        best of inserted children)."""
        insertion = self.probabilities.child_insertion(c)
        if insertion is None:
            return c, hist, {}
        local: dict[Vertex, list[Hypothesis]] = {}
        inserted: tuple[Transition, ...] = ()
        left_none = 1.0
        if isinstance(insertion[0], InsertChild):
            inserted = (insertion[0],)
            c = self._inserted(c, insertion[0], inserted, best, local, inserted_graphs)
            hist += (insertion,)
        else:
            left_none = insertion[1]
        t_mark, p_mark = self.probabilities.final_mark(c)
        if isinstance(t_mark, InsertChild):
            c = self._inserted(c, t_mark, (*inserted, t_mark), best, local, inserted_graphs)
            steps = ((t_mark, p_mark), (NoInsertion(), 1.0))
        else:  # no mark follows: No-Insertion is the word step's own (p = 1 after a word)
            steps = ((NoInsertion(), left_none),)
        return NoInsertion().apply(c), hist + steps, local

    def _inserted(self, c: Configuration, t: InsertChild, key: tuple[Transition, ...],
                  best: Mapping[Vertex, list[Hypothesis]], local: dict[Vertex, list[Hypothesis]],
                  inserted_graphs: dict[tuple[Transition, ...], Graph]) -> Configuration:
        """c after Insert-Child t and best of the vertex it adds (into ``local``), σ1 again v.
        Realizations of v that insert the same children insert the same vertices (Realize
        changes ρ only): they share one graph object, and with it what is memoised
        about the graph (the features' values, the orders of get_best)."""
        v = c.sigma1
        c = t.apply(c)
        c = c.with_(graph=inserted_graphs.setdefault(key, c.graph))
        new = c.sigma1
        local[new] = self.get_best(c.with_(node_buffer=(new,)), best)
        return c.with_(node_buffer=(v,))

    def _combine(self, c_real: Configuration, sequence: tuple[Vertex, ...], steps: tuple[Step, ...],
                 own: tuple[str, ...], best: Mapping[Vertex, list[Hypothesis]],
                 insertions: dict[tuple[Vertex, str], list[tuple]]) -> list[Hypothesis]:
        """best_{≤n}(v) from best_{≤0}(v) = {b_0}: lines 12-21 of Algorithm 3, for
        v = σ1 of c_real and the order ``sequence`` that Reorder gives ch(v) ∪ {v}.

        The configurations c_i are c_real with β = β_i...β_n and the sides of the
        order as the features' ``sides`` (what Reorder adds to ≺), so that every
        question is asked about the same graph."""
        h, v = self.hyper, c_real.sigma1
        head = sequence.index(v)
        children = sequence[:head] + sequence[head + 1:]
        sides = {u: LEFT if i < head else RIGHT for i, u in enumerate(sequence) if u != v}
        ts = sum(self.hyper.weighted_log(t.name, p) for t, p in steps)
        current = [self._hypothesis(v, steps, (), (), own, (), ts, complete=not children)]
        for i, child in enumerate(children):
            checkpoint()
            # Only the child's candidates whose form agrees with v's realization, if any.
            options = self.agreement.before_subject(c_real, child, children[i + 1:], self.agreement.agreeing(
                c_real, child, sides[child], best.get(child) or []), best)
            key = (child, sides[child])
            if key not in insertions:
                # Each option once: its step, the words it inserts left or right of β_i's, its θ_C · log p.
                insertions[key] = [
                    (((t, p),), tuple(t.word.split()) if isinstance(t, InsertBetween) else (),
                     isinstance(t, InsertBetween) and t.side == LEFT, h.weighted_log(t.name, p))
                    for t, p in self.probabilities.between_insertions(c_real.with_(child_buffer=children[i:]), sides)]
            on_left = sides[child] == LEFT
            complete = i == len(children) - 1
            # What β_i adds does not depend on b: its words (with the inserted word) and scores.
            alone = self.agreement.said_alone(c_real, child)
            infinitive = self.agreement.infinitive(c_real, child)
            barred = self.agreement.barred_before(c_real, child)
            parts = [(b_i, step, inserted + b_i.words if before else b_i.words + inserted, weighted)
                     for b_i in options
                     for step, inserted, before, weighted in self._beside(
                         b_i, insertions[key], alone, infinitive, barred)]
            # The innermost loop of the search: one candidate per (b, b_i, insertion), so
            # what _hypothesis does is written out here, with the lookups bound once.
            # A candidate that says one word twice in a row where β_i's words meet their
            # neighbours ("and i i", "a number of of") is kept only if every candidate does
            # (Section 4.4's duplicates, asked in the search: it then says another candidate).
            extended, doubled = [], []
            score_lm, theta_lm = self.score_lm, h.theta_lm
            subject = self.agreement.auxiliary_subject(c_real, child, children)
            own_first = own[0] if own and on_left and (complete or sides[children[i + 1]] != LEFT) else None
            for b in current:
                b_steps, b_children, b_left, b_right, b_ts = b.steps, b.children, b.left, b.right, b.ts
                previous = (b_left[-1] if b_left else None) if on_left else (b.words[-1] if b.words else None)
                b_parts = parts if subject is None else self.agreement.agreeing_auxiliaries(c_real, subject, b, parts)
                for b_i, step, part, weighted in b_parts:
                    if on_left:
                        left, right = b_left + part, b_right
                        twice = (part and part[0] == previous) or (own_first is not None and left
                                                                    and left[-1] == own_first)
                    else:
                        left, right = b_left, b_right + part
                        twice = part and part[0] == previous
                    words = left + own + right
                    lm = theta_lm * score_lm(words, complete)
                    ts = b_ts + b_i.ts + weighted
                    (doubled if twice else extended).append(
                        Hypothesis(v, b_steps + step, b_children + (b_i,), left, own, right, words, ts, lm, lm + ts))
            if extended and doubled:
                self.pruned(v, RepeatStage(i + 1, len(children)), extended + doubled, extended)
            extended = extended or doubled
            current = _dedupe_prune(extended, h.n4, h.r4)
            self.pruned(v, ChildStage(i + 1, len(children)), extended, current)
        return current

    @staticmethod
    def _beside(b_i: Hypothesis, insertions: list[tuple], alone, infinitive, barred) -> list[tuple]:
        """The options of ``insertions`` that may go beside the candidate b_i of a child.
        Nothing is inserted beside a child that says nothing (its yield is ε): a word there
        would dangle ("wants to sleep of"); nor beside a verb's manner said as an adverb
        (``alone``: "sang in beautifully"); No-Insertion is certain.  Before an infinitive
        whose subject the parent controls (``infinitive``), *to* is certain ("told the student
        to study": the Insert-Between model, trained where such frames are mostly nouns, may
        not offer it).  No word is inserted that b_i's words repeat where they meet it, nor one
        that ``barred`` bars before it ("hopes to the son wins", "wants to the sheep"); where
        that leaves no option, nothing is inserted."""
        words = b_i.words
        if not words or (alone and alone(b_i)):
            return _NOTHING_BESIDE
        if infinitive and infinitive(b_i):
            return _TO_BESIDE
        unsaid = barred(b_i)
        return [option for option in insertions
                if not (inserted := option[1]) or (
                    inserted[-1] != words[0] and inserted[0] not in unsaid if option[2]
                    else words[-1] != inserted[0])] or _NOTHING_BESIDE

    def _hypothesis(self, v, steps, children, left, own, right, ts, complete: bool) -> Hypothesis:
        words = left + own + right
        lm = self.hyper.theta_lm * self.score_lm(words, complete)
        return Hypothesis(v, steps, children, left, own, right, words, ts, lm, lm + ts)

    def score_lm(self, words: tuple[str, ...], complete: bool) -> float:
        """score_LM(w) = log p_LM(w) · |w|^-1 (Eq. equ:score_lm), where |w| counts an
        article as ``article_weight`` of a word, as the reference implementation
        does (§8.5): dividing by the length favours adding frequent words ("run at
        today" over "run today"), and articles most of all."""
        scores = self._scores[complete]
        score = scores.get(words)
        if score is None:
            articles = sum(map(ARTICLES.__contains__, words))  # no generator: asked for every new partial yield
            length = len(words) - (1 - self.hyper.article_weight) * articles
            score = self.lm.unmemoised_log10_probability(words, bos=True, eos=complete) / length if length else 0.0
            if len(words) <= MAX_REMEMBERED_WORDS:
                scores[words] = score
        return score


def _with_children_annotations(c: Configuration, best: Mapping[Vertex, list[Hypothesis]]) -> Configuration:
    """c with each child of σ1 realized and annotated as its best candidate has it.

    In training, the oracle realizes the children before their parent, and
    the models saw their annotations (ComplexPos(v) reads the NUMBER of v's
    first ARG child, Insert-Between reads RealizationLemma(b) and Pos(b)); in
    Algorithm 3, c keeps the children unrealized, as each candidate of
    best(β_i) realizes them its own way.  The best candidate stands in for
    all of them, for the features only."""
    assignments = []
    for child in c.graph.children(c.sigma1):
        options = best.get(child)
        if not options:
            continue
        for t, _ in options[0].steps:
            if t.name == "Realize":
                assignments.append((Key.REAL, child, t.word))
                assignments.extend((key, child, value) for key, value in t.annotation.items())
    return c.with_(rho=c.rho.updated(assignments)) if assignments else c


def best_by_yield(hypotheses: Iterable[Hypothesis]) -> dict[tuple[str, ...], Hypothesis]:
    """The best candidate of each partial yield (of equal scores, the first), by
    yield in the order the yields first occur: what remains of ``hypotheses``
    when candidates of the same yield are merged, before prune_(n,r)."""
    by_words: dict[tuple[str, ...], Hypothesis] = {}
    for hyp in hypotheses:
        kept = by_words.get(hyp.words)
        if kept is None or hyp.score > kept.score:
            by_words[hyp.words] = hyp
    return by_words


def _dedupe_prune(hypotheses: list[Hypothesis], n: int, r: float) -> list[Hypothesis]:
    """prune_(n,r) by score, keeping the best of candidates with the same partial yield.
    As :func:`amrgen.ml.prune.prune` (the first of equal scores first), without a pair per candidate."""
    kept = sorted(best_by_yield(hypotheses).values(), key=_score, reverse=True)[:max(n, 0)]
    if not kept or r is None:
        return kept
    lowest = kept[0].score - r
    return [hyp for hyp in kept if hyp.score >= lowest]


_score = attrgetter("score")

_TO = ("to",)
_NOTHING_BESIDE = [(((NoInsertion(), 1.0),), (), False, 0.0)]
"""The one option beside a child whose yield is empty: No-Insertion, p = 1 (θ · log 1 = 0)."""
_TO_BESIDE = [(((InsertBetween("to", LEFT), 1.0),), _TO, True, 0.0)]
"""The one option before a controlled infinitive said verb first: Insert-Between-(to, left), p = 1."""


def replay(c: Configuration, result: Phase2Result, hypothesis: Hypothesis,
           steps: list[tuple[Configuration, Transition, float]] | None = None, memo: dict | None = None,
           ) -> Configuration:
    """ĉ = generatePartial(c, b̂) (Algorithm 5, line 7); ``steps`` receives the
    (c, t, p) applied; ``memo`` (one dict for the candidates of one graph) lets a
    candidate reuse the configurations it shares with those replayed before it."""
    return generate_partial(c, hypothesis.function(), result.numbering, steps, memo)
