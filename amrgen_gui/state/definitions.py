"""The transition classes of S_AMR as the thesis defines them (Section 4.2): for each,
its parameters, its domain (when it applies) and its mapping (what it changes), in
words, with the reason it exists.  The application shows them beside the transitions
to choose from and in Help > Transitions."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

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
class Definition:
    """One class C(t) of transitions."""

    name: str
    signature: str
    """The class with its parameters, as the thesis writes it."""
    applies: str
    """The domain: the configurations the transition is defined on."""
    changes: str
    """The mapping: what the transition does to (G, σ, β, ρ)."""
    why: str
    """Why the system needs it."""

    def text(self) -> str:
        """The whole definition as plain text, paragraph by paragraph."""
        return (f"{self.signature}\n\nApplies when: {self.applies}\n\nChanges: {self.changes}\n\n"
                f"Why: {self.why}")


DEFINITIONS: dict[str, Definition] = {d.name: d for d in (
    Definition(DeleteReentrance.name, "Delete-Reentrance-(v, l)   (v ∈ V, l ∈ L_R)",
               "β is empty, the edge (v, l, σ1) enters σ1, and σ1 has at least two incoming edges.",
               "The edge (v, l, σ1) is removed; a new vertex σ̃, a copy of σ1 with its label, is connected to v "
               "by l instead and put on σ directly after σ1; ρ(LINK)(σ̃) = σ1 records whose copy it is.",
               "Step by step it turns the graph into a tree: of several edges into a vertex, all but one are "
               "removed. The copy keeps what the edge said (“rich countries increase their consumption”: "
               "the copy of country is realized “their”)."),
    Definition(Merge.name, "Merge-(l, p)   (l ∈ Σ_E*, p a POS tag)",
               "β is empty, σ1 has exactly one incoming edge, and σ1 is not yet marked deleted or kept "
               "(σ1 ∉ dom(ρ(DEL))).",
               "σ1 and its parent p_σ1 become one vertex: σ1 is removed, its outgoing edges are attached to p_σ1, "
               "which gets the label l and POS tag p; p_σ1's first concept is kept in ρ(INIT-CONCEPT).",
               "Two vertices realized by one word, or sharing words, are fused: “early” with :degree “more” "
               "becomes “earlier”."),
    Definition(Swap.name, "Swap",
               "β is empty, σ1 has exactly one incoming edge (from its parent p_σ1), and σ1 is not yet marked "
               "deleted or kept.",
               "σ1 and p_σ1 trade places: the edge between them is reversed and its label inverted (domain → "
               "domain-of); the parents of p_σ1 become parents of σ1; p_σ1 goes on σ right after σ1. ρ(SWAPS) "
               "counts it: +1 for σ1, −1 for p_σ1.",
               "The yield is projective, so some orders need a vertex moved above its parent: “Hallmark could "
               "make a fortune” needs make-05 above possible."),
    Definition(Delete.name, "Delete",
               "β is empty, σ1 has exactly one incoming edge, and σ1 is not yet marked deleted or kept.",
               "ρ(DEL)(σ1) = 1 and ρ(REAL)(σ1) = ε: σ1 stays in the graph but says nothing; σ stays as it is.",
               "A vertex may have no word of its own (mass-quantity in “weighs 1.1 kilogram”) and still tell "
               "how its children are realized and ordered."),
    Definition(Keep.name, "Keep",
               "β is empty, σ1 has exactly one incoming edge, and σ1 is not yet marked deleted or kept.",
               "ρ(DEL)(σ1) = 0: σ1's realization will be part of the sentence; no Merge or Swap applies to it "
               "afterwards.",
               "The counterpart of Delete; not strictly needed, it makes generation faster by fixing σ1's "
               "place early."),
    Definition(Realize.name, "Realize-(w, α)   (w ∈ Σ_E*, α a syntactic annotation)",
               "β is empty, σ1 is kept (ρ(DEL)(σ1) = 0), it has no realization yet, and its POS tag, if "
               "Merge set one, is α(POS).",
               "ρ(REAL)(σ1) = w, the words that represent σ1, and ρ(k)(σ1) = α(k) for every syntactic key k "
               "(POS, DENOM, TENSE, NUMBER, VOICE).",
               "It chooses the words and the grammar of a vertex: possible may be “can”, “could”, “possible” "
               "or “possibility”, each with its own α."),
    Definition(InsertChild.name, "Insert-Child-(w, p)   (w ∈ Σ_E, p ∈ {left, right})",
               "β is empty, σ1 is kept and realized, has had no Insert-Child decision yet (σ1 ∉ "
               "dom(ρ(INS-DONE))) and is not a copy (σ1 ∉ dom(ρ(LINK))).",
               "A new vertex σ̃ labelled w becomes a child of σ1 by a placeholder edge ⋆, ordered left or right "
               "of σ1 by p, and goes on top of σ; ρ(DEL)(σ̃) = 0 and ρ(INS-DONE)(σ̃) = 1, so it gets no "
               "children of its own.",
               "Words no vertex stands for are added: articles, prepositions, auxiliaries (“I do not follow” "
               "inserts “do” left of follow-02)."),
    Definition(Reorder.name, "Reorder-(v1, …, vn)   (σ1 and its children in some order)",
               "β is empty, {v1, …, vn} is σ1 with its children, σ1 is either realized with its insertions "
               "done or deleted, and the order v1 ≺ … ≺ vn agrees with ≺ (their union is a strict order).",
               "≺ gets v1 ≺ v2 ≺ … ≺ vn; β becomes the children v1, …, vn without σ1 (for the insertions "
               "between σ1 and each child); σ1 leaves σ if it has no children.",
               "It fixes where σ1's words and its children's go in the sentence; bottom-up, the subgraph of "
               "σ1 is then totally ordered."),
    Definition(InsertBetween.name, "Insert-Between-(w, p)   (w ∈ Σ_E, p ∈ {left, right})",
               "β is not empty (β1 is the child of σ1 whose edge is considered) and σ1 is kept.",
               "A new vertex σ̃ with label and realization w is put between σ1 and β1: σ1 -l→ σ̃ -⋆→ β1, and σ̃ "
               "is ordered left or right of β1 by p, where β1 was. β1 leaves β; σ1 leaves σ when β is then "
               "empty. σ̃ is done at once and never goes on σ.",
               "Mostly adpositions between a vertex and a child: “the exploitation of the world's national "
               "resources” inserts “of” between exploit-01 and resource."),
    Definition(NoInsertion.name, "No-Insertion",
               "Either β is empty and σ1 is kept, realized and has had no Insert-Child decision yet; or β is "
               "not empty.",
               "With β empty: ρ(INS-DONE)(σ1) = 1, nothing else changes. Otherwise β1 leaves β (σ1 leaves σ "
               "when β is then empty).",
               "The counterpart of Insert-Child and Insert-Between: nothing needs inserting here."),
)}
"""Every class of T_AMR by name (:attr:`Transition.name`), in the thesis's order."""


def definition(t: Transition | type[Transition]) -> Definition:
    """The definition of the class of ``t``."""
    return DEFINITIONS[t.name]


TOOLTIP_WIDTH = 80
"""Characters per line of a tooltip: a plain-text tooltip is not wrapped by Qt, and one
long line runs off the screen."""


def tooltip(t: Transition) -> str:
    """A transition's tooltip: the transition (on one line, as the lists show it), then its
    class's definition, whole, in lines of at most :data:`TOOLTIP_WIDTH` characters."""
    described = definition(t).text().split("\n\n")
    if described[0] == str(t):
        described = described[1:]
    return "\n\n".join([str(t), *(textwrap.fill(paragraph, TOOLTIP_WIDTH, break_on_hyphens=False)
                                    for paragraph in described)])
