"""The English word lists of amrgen, one name a meaning, read once from ``resources/lexicon/``.

Each list is a small text file: ``NAME.txt`` holds one entry a line, ``NAME.tsv`` one row of
tab-separated fields a line; blank lines and lines starting with ``#`` (the header saying what the
list is and where it comes from) are skipped. The names below are what the rest of amrgen
imports; a list is never written out a second time in code.
"""

from __future__ import annotations

from pathlib import Path

from amrgen.amr_vocabulary import NEGATIVE, UNKNOWN
from amrgen.errors import MissingResourceError
from amrgen.paths import RESOURCES_DIR

LEXICON_DIR = RESOURCES_DIR / "lexicon"


def read_rows(path: Path) -> list[tuple[str, ...]]:
    """The rows of a word list file: each line's tab-separated fields, stripped
    (a ``.txt`` file's rows have one field)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise MissingResourceError(f"{path}: the word list is missing") from None
    return [tuple(field.strip() for field in line.split("\t")) for line in lines
            if line.strip() and not line.startswith("#")]


def _entries(name: str) -> tuple[str, ...]:
    return tuple(row[0] for row in read_rows(LEXICON_DIR / f"{name}.txt"))


def _set(name: str) -> frozenset[str]:
    return frozenset(_entries(name))


def _table(name: str) -> dict[str, tuple[str, ...]]:
    """First field ↦ the other fields, in the file's order (a later row wins)."""
    return {row[0]: row[1:] for row in read_rows(LEXICON_DIR / f"{name}.tsv")}


def _pairs(name: str) -> dict[str, str]:
    return {key: values[0] for key, values in _table(name).items()}


def _numbers(name: str) -> dict[str, int | float]:
    return {word: float(value) if "." in value else int(value) for word, value in _pairs(name).items()}


def _word_sets(name: str) -> dict[str, frozenset[str]]:
    return {key: frozenset(values[0].split()) for key, values in _table(name).items()}


# -- function words and inflected forms ---------------------------------------------

ARTICLES = _set("articles")
"""the, a, an."""
PREPOSITIONS = _set("prepositions")
"""Prepositions that never take a finite clause (of, to, in, ...)."""
BE_FORMS = _set("be-forms")
"""⟨be⟩ (thesis 4.3.2): be, am, is, are, was, were, being, been."""
CONTRACTED_BE_FORMS = _set("contracted-be-forms")
"""'m, the contracted be the tokenizer splits off."""
HAVE_FORMS = _set("have-forms")
"""⟨have⟩ (thesis 4.3.2)."""
DO_FORMS = _set("do-forms")
"""do, does, did, doing, done."""
FUTURE_MODALS = _set("future-modals")
"""Auxiliaries that carry tense only (will, would, shall, 'll, wo)."""
TIME_TENSES = _pairs("time-tenses")
"""Time adverbs ↦ the tense they put their verb in: yesterday → past, now → present."""
COPULAS = _entries("copulas")
"""⟨be⟩ as Insert-Between-(w, right) inserts it on a :domain edge (5.1), in order: is, are, was, were, be."""
PRONOUN_COPULAS = {pronoun: (present, past) for pronoun, (present, past) in _table("pronoun-copulas").items()}
"""Pronoun ↦ (present, past) copula: i → (am, was)."""
BE_TENSES = {form: ("present", "past").index(tense) for form, tense in _pairs("finite-be-forms").items()}
"""The finite forms of be ↦ their tense, 0 present and 1 past (the index in a (present, past) pair
such as :data:`PRONOUN_COPULAS`): am → 0, were → 1."""
SUPPORTING_DO = _pairs("supporting-do")
"""Penn tag ↦ the form of do that takes over a verb's tense and person (VBD → did), tried in order."""

# The three kinds of "auxiliaries" amrgen speaks of:
CHILD_AUXILIARIES = BE_FORMS | HAVE_FORMS | DO_FORMS | frozenset({"will"})
"""The auxiliaries of Σ_IC, the words the text-based oracle may insert as children besides the
articles (thesis 4.3.2): the forms of be, have and do, and will."""
AUXILIARY_LEMMAS = _set("auxiliary-lemmas")
"""be, have, do: inserted auxiliaries whose default realizations are inflected by α's tense (5.2)."""
NEGATION_CARRIERS = _set("negation-carriers")
"""Auxiliaries, modals and infinitival to, which carry a negation themselves (can not, is not, to not)."""

AUXILIARY_LEMMA_OF = {form: lemma for lemma, forms in (("be", BE_FORMS), ("have", HAVE_FORMS), ("do", DO_FORMS))
                      for form in forms}
"""The lemma of each form of be, have and do (was → be)."""
BE, DO = "be", "do"
"""The auxiliaries of the passive and the copula, and of do-support, as Insert-Child inserts
them (their forms: :data:`BE_FORMS`, :data:`DO_FORMS`)."""

RAISING_MODALS = _set("raising-modals")
"""The words of modal concepts that raise their clause's subject (can, could, must, may, might)."""
QUESTION_WORDS = _set("question-words")
"""how, where, why, who, which, what, when."""
QUESTION_WORDS_BY_ROLE = _pairs("question-words-by-role")
"""Role ↦ the question word of an amr-unknown in it (:location → where)."""
QUESTION_WORDS_BY_FRAME = {(frame, role): word for frame, (role, word) in _table("question-words-by-frame").items()}
"""(frame, role) ↦ the question word of an amr-unknown in that role of the frame (be-located-at-91 :ARG2 → where)."""
NEGATION_WORDS = _set("negation-words")
"""Words that realize negation (not, n't, no, never, ...)."""
NEGATION_PREFIXES = _entries("negation-prefixes")
"""non, un, in, im, il, ir, dis, in the order they are tried."""
POLARITY_ALIGNMENT_PREFIXES = _entries("polarity-alignment-prefixes")
"""un, in, no: the prefixes of a word a :polarity - may be aligned to (the alignment rules)."""
NEGATIVE_WORDS = _set("negative-words")
"""Words that negate their clause by themselves (never, nothing, no one, ...)."""
DETERMINERS_BESIDES_ARTICLES = _set("determiners")
"""'s, this, these, those, every, each, another, some, any, no."""
DEMONSTRATIVES = {word: (singular, plural) for word, (singular, plural) in _table("demonstratives").items()}
"""A demonstrative ↦ its (singular, plural) forms: these → (this, these)."""
COORDINATORS = _set("coordinators")
"""and, or."""
BECAUSE_WORDS = _set("because")
"""because, because of."""
DEGREE_WORDS = {word: degree == "superlative" for word, degree in _pairs("degree-words").items()}
"""more → False (a comparative), most → True (a superlative)."""

# -- the words of the transition system (thesis 5.1) ------------------------------------

W_LEFT = _set("w-left")
"""W_left, the words Insert-Between-(w, left) may insert (reference implementation §2, and
"where" for the clauses of :location, "as if" for :conj-as-if)."""
W_RIGHT = _set("w-right")
"""W_right (reference implementation §2)."""
INSERTION_LABELS = _word_sets("insertion-labels")
"""Word ↦ the edge labels it may only be inserted on (but → concession, concession-of)."""
FINAL_MARKS = frozenset({".", "?", "!", "..."})
"""The marks that end a sentence: Insert-Child-(w, right) of a sentence's root says them (learnt punctuation)."""
HYPHEN = "-"
"""A hyphen as the tokenizer splits it off ("grown - ups")."""
IMPERATIVE_SUBJECTS = _set("imperative-subjects")
"""Pronouns deleted where they fill an :ARGk of an imperative verb (you, we)."""

# -- the aligner's words (reference implementation §2) ---------------------------------

NO_ALIGNMENT_WORDS = _set("no-alignment-words")
"""An alignment touching one of these words is dropped entirely (how, where)."""
PARENTHESES = _set("parentheses")
"""-lrb-, -rrb-."""
CONCEPT_WORDS = {NEGATIVE: NEGATION_WORDS, UNKNOWN: QUESTION_WORDS, **_word_sets("concept-words")}
"""Concept form ↦ the words it may be realized as beyond its own form (possible → can, may, ...)."""

# -- numbers and dates ------------------------------------------------------------------

MONTHS = _entries("months")
"""january ... december: MONTHS[n - 1] is month n."""
CARDINAL_NUMBERS = _numbers("cardinal-numbers")
"""The numbers below a hundred written in one word, ↦ their value (zero ... nineteen, twenty ... ninety)."""
MULTIPLIERS = _numbers("multipliers")
"""hundred, thousand, million, billion, trillion ↦ their value."""
QUANTITY_WORDS = _numbers("quantity-words")
"""Other words that stand for a number: dozen, half, once, twice."""
ORDINAL_NUMBERS = _numbers("ordinal-numbers")
"""zeroth ... tenth ↦ 0 ... 10, last ↦ -1."""
TIMES_OF_DAY = _pairs("times-of-day")
"""A date's :time that English says in a word (12:00 → noon)."""

# -- default realizations (thesis 5.2) --------------------------------------------------

PRONOUN_FORMS = _table("pronoun-forms")
"""Pronoun concept ↦ (subject, possessive, object, reflexive) form: i → (i, my, me, myself)."""
MASS_NOUNS = frozenset(_table("mass-nouns"))
"""Nouns rarely plural in the language model's text (information, advice), as
scripts/count_mass_nouns.py counts them: *all* does not make them plural."""
GENDERED_NOUNS = _pairs("gendered-nouns")
"""Noun ↦ the pronoun concept that refers to it (mother → she, prince → he)."""
POSSESSIVES = frozenset(forms[1] for forms in PRONOUN_FORMS.values())
"""my, your, his, her, its, our, their."""
REFLEXIVES = frozenset(forms[3] for forms in PRONOUN_FORMS.values())
"""myself, yourself, himself, herself, itself, ourselves, themselves."""
THIRD_PERSON_SINGULAR = _set("third-person-singular")
"""he, she, it."""
DETERMINERS = ARTICLES | POSSESSIVES | DETERMINERS_BESIDES_ARTICLES
"""Words next to which no article is added (reference implementation §9)."""
SPECIAL_REALIZATIONS = {concept: tuple(words[0].split()) for concept, words in _table("special-realizations").items()}
"""Concept form ↦ its handwritten default realizations (possible → can)."""
SILENT_CONCEPTS = _set("silent-concepts")
"""Concepts (frameset id removed) whose default realization is ε."""
COUNTRY_ADJECTIVES = _pairs("country-adjectives")
"""Lower-cased name of a country, world region or continent ↦ its adjective (france → french)."""
IRREGULAR_ADVERBS = _pairs("irregular-adverbs")
"""Adjective ↦ its adverb where it is not made with -ly (good → well)."""
ADVERB_SUFFIXES = tuple((ending, adverb[0]) for ending, adverb in _table("adverb-suffixes").items())
"""(adjective ending, adverb ending), tried in turn."""
IRREGULAR_DEGREES = {word: (comparative, superlative)
                     for word, (comparative, superlative) in _table("irregular-degrees").items()}
"""Word ↦ (comparative, superlative) where English inflects it irregularly (good → better, best)."""

# -- concepts postprocessing treats as English (thesis 4.4 and our additions) -------------

COORDINATION_CONCEPTS = _set("coordination-concepts")
"""and, or, contrast-01."""
SPEECH_VERBS = _set("speech-verbs")
"""Framesets whose ARG1 is what was said (say-01, answer-01, ...)."""
REPORTING_VERBS = SPEECH_VERBS | _set("reporting-verbs")
"""Framesets whose ARG1 is a clause of its own (the speech verbs, think-01, know-01, ...)."""
INFINITIVE_VERBS = frozenset((verb, role) for verb, (roles, *_) in _table("infinitive-verbs").items()
                             for role in roles.split())
"""(verb lemma, role) where the verb takes a to-infinitive whose subject is its ARG0 (want,
try, promise, ...) or its ARG2 (ask, allow, ...), as counted in the language model's text
(scripts/count_infinitive_verbs.py)."""
INFINITIVE_SHARES = {verb: float(share) for verb, (roles, _, share, *_) in _table("infinitive-verbs").items()
                     if "ARG0" in roles.split()}
"""Verb lemma ↦ the share of its uses in the language model's text that a to-infinitive follows
(want 0.72, seem 0.49, learn 0.17), for the verbs of :data:`INFINITIVE_VERBS` with ARG0."""
