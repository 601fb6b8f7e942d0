"""Why the oracle chooses gold_B(c) (thesis 4.3.3, Algorithm 6 and gold'_B), in words: what the
application's exercise mode tells a student who picked the next transition.

:func:`reason` reads the oracle's decision (:meth:`~amrgen.oracle.oracle.Oracle.decide`) and
says which condition of Algorithm 6 chose its class and what in B (the words aligned, their
positions, the spans) gave its parameters; where the constrained system of 5.1 replaced the formal
oracle's transition, it says that too. :func:`judge` sets a choice beside it.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from amrgen.oracle.annotations import Approach
from amrgen.oracle.oracle import Oracle, OracleState
from amrgen.transitions.configuration import Configuration
from amrgen.transitions.stages import Stage, stage
from amrgen.transitions.transitions import (
    Delete,
    DeleteReentrance,
    InsertBetween,
    InsertChild,
    Keep,
    Merge,
    NoInsertion,
    Realize,
    Reorder,
    Swap,
    Transition,
)


@dataclass(frozen=True)
class Verdict:
    """A transition chosen at c set beside gold_B(c)."""

    chosen: Transition
    gold: Transition
    reason: str
    """Why the oracle chooses ``gold`` (:func:`reason`)."""

    @property
    def agrees(self) -> bool:
        return self.chosen == self.gold

    def describe(self) -> str:
        """The verdict in a few sentences: right or wrong, what the oracle does, and why."""
        if self.agrees:
            return f"Right: the oracle also chooses {self.gold}. {self.reason}"
        same_class = type(self.chosen) is type(self.gold)
        return (f"Not the oracle's choice: you chose {self.chosen}, the oracle chooses {self.gold}"
                + (" (the right class, other parameters)" if same_class else "") + f". {self.reason}")


def judge(oracle: Oracle, state: OracleState, c: Configuration, chosen: Transition) -> Verdict:
    """``chosen`` at c beside gold_B(c), with :func:`reason`."""
    return Verdict(chosen, oracle.gold(state, c), reason(oracle, state, c))


def reason(oracle: Oracle, state: OracleState, c: Configuration) -> str:
    """Why gold_B(c) is what it is, in a sentence or two."""
    gold, formal = oracle.decide(state, c), oracle.formal_gold(state, c)
    why = _why(oracle, state, c, formal.transition, formal.word)
    if gold.transition != formal.transition:
        why += (f" The constraints of Section 5.1 forbid {formal.transition} here, so the constrained "
                f"system's oracle applies {gold.transition} instead.")
    return why


def _words(oracle: Oracle, positions) -> str:
    return ", ".join(f"w{i} “{oracle.words[i - 1]}”" for i in sorted(positions)) or "no word"


def _why(oracle: Oracle, s: OracleState, c: Configuration, t: Transition, word: int | None) -> str:
    g, s1 = c.graph, c.sigma1
    own = s.aligned(s1)
    if isinstance(t, DeleteReentrance):
        return (f"σ1 = {s1} has {len(g.in_edges(s1))} incoming edges; the oracle keeps the one from its gold "
                f"parent and deletes the others first, this one from {t.source} ({t.label}).")
    if isinstance(t, Delete):
        return f"No word of the reference is aligned to σ1 = {s1} (A_G(σ1) = ∅), so it is not said: Delete."
    parents = g.parents(s1)
    parent = parents[0] if parents else None
    if isinstance(t, Merge):
        shared = own & s.aligned(parent)
        return (f"σ1 = {s1} and its parent {parent} are aligned to the same {_words(oracle, shared)}: "
                f"they are said as one, Merge with their words “{t.label}”.")
    if isinstance(t, Swap):
        return (f"The words of the parent {parent} ({_words(oracle, s.span(g, parent))}) lie within the span of "
                f"σ1 = {s1} ({_words(oracle, s.span(g, s1))}): the parent is said inside σ1's phrase, Swap.")
    if isinstance(t, Keep):
        if parent is None:
            return f"σ1 = {s1} is the root and aligned to {_words(oracle, own)}: it is said, Keep."
        return (f"σ1 = {s1} is aligned to {_words(oracle, own)}, shares none of them with its parent {parent}, and "
                "its span does not enclose the parent's words: Keep.")
    if isinstance(t, Realize):
        return (f"σ1 = {s1} is aligned to {_words(oracle, own)}: it is realized as “{t.word}”, with the annotation "
                "the reference's POS tags give (Section 4.3.2)." if own else
                f"σ1 = {s1} is aligned to no word: it is realized as the empty word.")
    if isinstance(t, InsertChild):
        return (f"w{word} “{oracle.words[word - 1]}” is aligned to no vertex and stands left of σ1's first word, "
                f"a word Insert-Child may insert: Insert-Child its lemma “{t.word}”.")
    if isinstance(t, InsertBetween):
        return (f"w{word} “{oracle.words[word - 1]}” is aligned to no vertex and stands between the words of "
                f"σ1 = {s1} and of β1 = {c.beta1}: Insert-Between.")
    if isinstance(t, Reorder):
        medians = ", ".join(f"{v} {_median(s.span(g, v) if v != s1 else own)}" for v in t.sequence)
        return f"The family of σ1 = {s1} in the order of the medians of their words' positions ({medians}): {t}."
    if isinstance(t, NoInsertion):
        if stage(c) is Stage.INSERT_BETWEEN:
            return (f"No unaligned word the oracle may insert stands between the words of σ1 = {s1} and of "
                    f"β1 = {c.beta1}: No-Insertion.")
        if not own:
            return f"σ1 = {s1} is aligned to no word, so no word is inserted beside it: No-Insertion."
        if oracle.approach is Approach.DEPENDENCY:
            return (f"No leaf of the dependency tree below σ1 = {s1}'s words is left unaligned: No-Insertion.")
        return (f"No unaligned article or auxiliary (Σ_IC) stands within {oracle.child_window} words left of "
                f"σ1 = {s1}'s first word, w{min(own)}, without a word of its kind between: No-Insertion.")
    return f"The oracle chooses {t}."


def _median(positions) -> str:
    return f"{statistics.median(positions):g}" if positions else "-∞"
