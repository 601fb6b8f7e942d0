"""Postprocessing as a declared pipeline of named steps (thesis 4.4 and our
additions).

A pipeline is a list of step names (:data:`STEPS`), run in order on the
final configuration ĉ; the steps that edit the words w̃ = c_f(ĉ) come after
every step that edits the configuration.  Two pipelines are named:

- ``thesis``: exactly Section 4.4 (articles, punctuation, duplicates), never
  gated by the learnt conventions, the argmax of best(root(G')) said: the
  thesis's baseline;
- ``full``: the steps of ours that earn their place (the generated ablation), in
  the order the shipped generator runs them.

Each step is declared once, in :data:`STEPS`: its name, its section, what it
edits, the conventions it writes and the hyperparameters it reads
(:class:`~amrgen.postprocess.step.Step`).

Any other list is a file of step names, one a line (``#`` starts a comment),
e.g. ``full`` without one step for an ablation (``benchmarks/postprocess_ablation.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from amrgen.errors import AmrgenError
from amrgen.ml.conventions import PARENTHESIZED, PUNCTUATED, QUOTED_SPEECH
from amrgen.postprocess import articles, clauses, phrases, punctuation, questions, thesis
from amrgen.postprocess.step import ADDITION, REFINEMENT, THESIS, Context, Step
from amrgen.transitions.configuration import Configuration, finalize

UNPUNCTUATED = Step("unpunctuated", ADDITION, None, writes=(PUNCTUATED,),
                    about="The marks the generator said, unsaid where the graph's corpora do not punctuate "
                          "(the conventions followed: MASSIVE's requests).")
"""What the edits list (``--trace``) calls the learnt marks' removal; not a step of a pipeline."""
RERANK = "rerank-said"
"""The step that says, of the candidates of best(root(G')), the one whose score plus
θ_LM · score_LM of its postprocessed sentence is highest (:meth:`Generator.say
<amrgen.decoding.generator.Generator.say>`); without it the argmax of best(root(G'))
is said, as Algorithm 5 does."""

_ARTICLE_SCORE = ("article_lm_weight", "article_denom_weight", "article_min_probability")

STEPS: tuple[Step, ...] = (
    Step("question-words-first", ADDITION, questions.question_words_first),
    Step("pronoun-cases", ADDITION, phrases.pronoun_cases),
    Step("modal-subjects", ADDITION, clauses.modal_subjects),
    Step("bare-infinitives", ADDITION, clauses.bare_infinitives),
    Step("do-support", ADDITION, questions.do_support),
    Step("finite-verbs", ADDITION, clauses.finite_verbs),
    Step("predicative-copula", ADDITION, clauses.predicative_copula, parameters=("copula_modifier_max_words",)),
    Step("articles", THESIS, thesis.revise_articles, parameters=_ARTICLE_SCORE),
    Step("articles-refined", REFINEMENT, articles.revise_articles_refined,
         parameters=(*_ARTICLE_SCORE, "article_window")),
    Step("punctuation", THESIS, thesis.punctuate),
    Step("punctuation-refined", REFINEMENT, punctuation.punctuate_refined, writes=(PUNCTUATED,)),
    Step("coordination-commas", ADDITION, punctuation.coordination_commas, writes=(PUNCTUATED,)),
    Step("fronted-clause-commas", ADDITION, punctuation.fronted_clause_commas, writes=(PUNCTUATED,),
         parameters=("fronted_clause_min_words",)),
    Step("parenthesized-references", ADDITION, punctuation.parenthesized_references, writes=(PARENTHESIZED,)),
    Step("quote-speech", ADDITION, punctuation.quote_speech, writes=(PUNCTUATED, QUOTED_SPEECH)),
    Step("duplicates", THESIS, thesis.remove_duplicates, on="words"),
    Step("hyphens", ADDITION, punctuation.restore_hyphens, on="words", parameters=("hyphen_margin",)),
    Step(RERANK, ADDITION, None, on="candidates",
         about="Say the root candidate whose score plus the language model's score of its postprocessed "
               "sentence is highest, not only the argmax of best(root(G'))."),
)
"""Every step, in the order pipelines run them: Section 4.4's three and ours."""

BY_NAME = {step.name: step for step in STEPS}
NOT_IN_FULL = frozenset({"articles", "punctuation", "duplicates"})
"""The steps ``full`` does not run: Section 4.4's articles and punctuation (it runs them
refined) and its duplicates (phase 2 says no word twice in a row, :mod:`amrgen.decoding.beam`).
Every step ``full`` runs costs at least 0.3 BLEU on some dev set when left out
(``benchmarks/postprocess_ablation.py``, docs/results.md), except five that mend what a
person would never write where phase 2 found no candidate that agrees
(:mod:`amrgen.decoding.agreement`), phase 1 swapped no modal or phase 2 fronted no question word, too
rarely for BLEU to count: bare-infinitives ("can used" with no base form to agree with the modal),
finite-verbs ("he go", "back have"), pronoun-cases ("succeeded to i make", the infinitive's subject
said), modal-subjects ("can p-tefb alter", a modal with children of its own) and question-words-first
("do you want to take your sheep where", the amr-unknown in a clause below the question's verb)."""
PIPELINES: dict[str, tuple[str, ...]] = {
    "thesis": ("articles", "punctuation", "duplicates"),
    "full": tuple(step.name for step in STEPS if step.name not in NOT_IN_FULL),
}
"""The named pipelines."""


@dataclass(frozen=True)
class Pipeline:
    """A list of steps and where it came from (a pipeline's name or a file)."""

    name: str
    steps: tuple[Step, ...]

    @property
    def step_names(self) -> tuple[str, ...]:
        return tuple(step.name for step in self.steps)

    @property
    def reranks(self) -> bool:
        """Whether the pipeline re-ranks the root candidates by their postprocessed sentences (:data:`RERANK`)."""
        return RERANK in self.step_names

    def run(self, c: Configuration, context: Context, edits: list[Edit] | None = None) -> list[str]:
        """w̃: ĉ after every configuration step, c_f of the result as words, and
        the words after every words step; a step that writes a convention the
        graph's training corpora do not follow is skipped
        (:meth:`~amrgen.ml.conventions.Conventions.for_graph`), and where
        they do not end sentences in a mark, the marks the generator said (learnt
        punctuation) are unsaid first.
        ``edits`` receives each step that changed the sentence, with the sentence before and after it."""
        conventions = context.conventions.for_graph(c.graph)
        if conventions is not context.conventions:
            context = replace(context, conventions=conventions)
        steps = [step for step in self.steps if step.apply is not None and conventions.allows(step.writes)]
        before = finalize(c) if edits is not None else None
        if not conventions.follows(PUNCTUATED):
            c = punctuation.unsaid_marks(c)
            if edits is not None:
                before = _record(edits, UNPUNCTUATED, before, finalize(c))
        for step in steps:
            if step.on == "configuration":
                c = step.apply(c, context)
                if edits is not None:
                    before = _record(edits, step, before, finalize(c))
        sentence = finalize(c)
        if sentence is None:
            raise ValueError("postprocessing needs a final configuration that is totally ordered and realized")
        words = sentence.split()
        for step in steps:
            if step.on == "words":
                words = step.apply(words, context)
                if edits is not None:
                    before = _record(edits, step, before, " ".join(words))
        return words


@dataclass(frozen=True)
class Edit:
    """What one step changed: the sentence before and after it (``--trace``, the application)."""

    step: str
    before: str
    after: str


def _record(edits: list[Edit], step: Step, before: str | None, after: str | None) -> str | None:
    if after != before:
        edits.append(Edit(step.name, before or "", after or ""))
    return after


def named_pipelines() -> dict[str, tuple[str, ...]]:
    """Each named pipeline with its step names, in order (for a menu)."""
    return dict(PIPELINES)


def resolve_pipeline(spec: str | Sequence[str], source: str = "pipeline") -> Pipeline:
    """The pipeline ``spec`` names: ``thesis``, ``full``, a file of step names
    (one a line, ``#`` comments), or a list of step names (``source`` says
    where it was written, for the error).  An unknown step, or a configuration
    step after a words step, is one clear error naming the file and line."""
    if not isinstance(spec, str):
        return _pipeline(source, [(f"{source}: step {i}", name) for i, name in enumerate(spec, start=1)])
    if spec in PIPELINES:
        return Pipeline(spec, tuple(BY_NAME[name] for name in PIPELINES[spec]))
    path = Path(spec)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        named = ", ".join(PIPELINES)
        raise AmrgenError(f"{spec}: neither a named postprocessing pipeline ({named}) nor a readable file "
                          f"of step names ({error.__class__.__name__})") from None
    names = [(f"{path}:{number}", line.split("#", 1)[0].strip())
             for number, line in enumerate(text.splitlines(), start=1)]
    return _pipeline(str(path), [(place, name) for place, name in names if name])


def _pipeline(name: str, listed: list[tuple[str, str]]) -> Pipeline:
    steps, words_step = [], None
    for place, step_name in listed:
        step = BY_NAME.get(step_name)
        if step is None:
            raise AmrgenError(f"{place}: unknown postprocessing step {step_name!r} "
                              f"(known: {', '.join(BY_NAME)})")
        if step.on == "configuration" and words_step is not None:
            raise AmrgenError(f"{place}: {step_name} edits the configuration, so it cannot follow "
                              f"{words_step}, which edits the words")
        if step.on == "words":
            words_step = step_name
        steps.append(step)
    return Pipeline(name, tuple(steps))
