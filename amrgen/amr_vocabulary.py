"""AMR's own vocabulary, as data: the concepts and roles the AMR guidelines give a
fixed meaning (thesis 2.3), named once for the whole engine.

Concepts said through their children or not at all, the constants of polarity,
the roles of mode, polarity and the subjects, and the kinds of named entity that
are places, as penman writes them (a role without its colon).
"""

from __future__ import annotations

# -- concepts -------------------------------------------------------------------------

UNKNOWN = "amr-unknown"
"""The concept of what a question asks for (``who``, ``what``, ...)."""
MULTI_SENTENCE = "multi-sentence"
"""The root of several sentences (:snt1, :snt2, ...); said only through them."""
AND, OR = "and", "or"
"""The conjunctions: said through their :opN children."""
DATE_ENTITY = "date-entity"
ORDINAL_ENTITY = "ordinal-entity"
NAME = "name"
"""The concept of a named entity's name (its :opN are the words)."""

NEGATIVE, POSITIVE = "-", "+"
"""The constants of :polarity (and of :polite)."""

NOTHING_WITHOUT_CHILDREN = {MULTI_SENTENCE: "sentence", AND: "conjunct", OR: "disjunct", DATE_ENTITY: "date part"}
"""Concepts said only through their children (a multi-sentence is ε, its sentences are
said), each with what its children are called."""

PLACE_ENTITIES = frozenset({"country", "world-region", "continent"})
"""The kinds of named entity that are places whose adjective a name may take (``French``)."""

PERSON = "person"
"""The concept of a person, named or by a role (have-org-role-91, have-rel-role-91)."""
UNARTICLED_ENTITIES = frozenset({"country", "continent", "city", "state", "province", "county"})
"""Named entities without an article when their name is one word: English
names of countries and places take none ("France", "Rome", "Texas"; Fig.
fig:amr-graph-city realizes its graph as "Rome").  Little Prince training has
no article before any of its 9 such names; in the bamboo-silver corpus "the"
stands right before 3 % of the one-word country names, 5 % of the city and
state names (the article of another noun, mostly: "the Beijing government"),
against 45 % of government-organization names."""

# -- roles -----------------------------------------------------------------------------

POLARITY = "polarity"
MODE = "mode"
""":mode, with the values of :data:`MODES`."""
MODES = ("imperative", "interrogative", "expressive")
WIKI = "wiki"
POLITE = "polite"
SUBJECT_ROLES = ("ARG0", "ARG1")
"""The roles whose filler is a verb's subject, in the active voice first (the passive
voice takes them the other way round)."""
MODAL_CONCEPTS = {"possible-01": "ARG1", "obligate-01": "ARG2", "permit-01": "ARG1"}
"""The modal concepts said as modal verbs (can, must, may), and the role of each one's clause."""
MODAL_CLAUSES = frozenset(MODAL_CONCEPTS.values())
"""The roles of a modal concept's clause: possible-01's ARG1, obligate-01's ARG2."""
EVER = "ever"
"""The concept that AMR writes with a :polarity - for *never*."""
POSSESSOR_ROLES = frozenset({"have-rel-role-91", "have-org-role-91"})
"""The frames whose ARG1 possesses the role their ARG2 names: ``my sister``, ``our president``."""
