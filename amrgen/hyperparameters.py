"""The hyperparameters of generation (thesis 4.2.1, 4.2.2, 4.5, 5.1, 5.2):
the weights θ_LM and θ_τ of Eq. (equ:score), the weights w_k of P^w
(Section 4.1), the pruning tuples h_1..h_5 of Algorithm 3 and (n_k, r_k) of
the syntactic annotation models (5.1), and p~, p_ε of the default
realizations (5.2); and the postprocessing of 4.4: the pipeline of
named steps (``postprocess``: ``full``, ``thesis`` or a list of step names,
:mod:`amrgen.postprocess.pipeline`) and the constants its steps use.

They are read from and written to a JSON file (``amrgen tune`` writes the
best it finds; ``amrgen generate`` reads it).  Every parameter has the
interval [min, max] that the random search of Section 4.5 samples from.
The starting values are the reference implementation's tuned values (its
§1.2) where it has the parameter, scaled to this implementation where the
search space differs (smaller beams: Python is slower than Java).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from pathlib import Path

from amrgen.errors import AmrgenError


@dataclass(frozen=True)
class Range:
    low: float
    high: float
    integer: bool = False


@dataclass(frozen=True)
class Hyperparameters:
    """One assignment Θ of every hyperparameter."""

    # Eq. (equ:score): θ_LM and θ_τ for the classes of phase 2.
    theta_lm: float = 37.6
    theta_realize: float = 0.577
    theta_insert_child: float = 1.0
    theta_reorder: float = 4.8
    theta_insert_between: float = 2.07
    theta_no_insertion: float = 1.42
    # P^w (Section 4.1): the weights w_k.
    w_pos: float = 2.89
    w_number: float = 1.73
    w_denom: float = 0.21
    w_voice: float = 1.98
    w_tense: float = 0.76
    # (n_k, r_k): the values of each annotation key considered (5.1).
    n_pos: int = 3
    r_pos: float = 0.49
    n_number: int = 2
    r_number: float = 0.42
    n_denom: int = 2
    r_denom: float = 0.63
    n_voice: int = 1
    r_voice: float = 0.01
    n_tense: int = 2
    r_tense: float = 0.59
    # p_REAL's outputs per annotation (reference: n = 2, r = 0.142).
    n_real: int = 2
    r_real: float = 0.14
    # h_1..h_5 of Algorithm 3 (r as an absolute difference to the best: of
    # probabilities for h_1..h_3, of scores for h_4 and h_5).  r4 and r5 are
    # off and not searched: every finite value tried cost LP dev 2-5 BLEU
    # (docs/deviations.md, section 7).
    n1: int = 4
    r1: float = 1.0
    n2: int = 3
    r2: float = 0.8
    n3: int = 3
    r3: float = 0.7
    n4: int = 5
    r4: float = 1000.0
    n5: int = 5
    r5: float = 1000.0
    # |w| of score_LM counts an article as this much of a word (reference §8.5).
    article_weight: float = 0.443
    # Default realizations (5.2).
    p_tilde: float = 0.063
    p_epsilon: float = 0.03
    # Postprocessing (4.4): the pipeline, a name or a list of step names.
    postprocess: str | tuple[str, ...] = "full"
    # The article revision's w_LM · log10 p_LM + w_DENOM · ln P(DENOM), its floor of
    # P(DENOM) and the words each side of the article the LM sees (reference §9).
    article_lm_weight: float = 0.6
    article_denom_weight: float = 0.4
    article_min_probability: float = 0.05
    article_window: int = 2
    # restore_hyphens: how much likelier (log10) a pair must be with a hyphen.
    hyphen_margin: float = 1.0
    # fronted_clause_commas: fewer words make a phrase ("then"), not a clause.
    fronted_clause_min_words: int = 3
    # predicative_copula: the longest modifier between a predicate and its subject.
    copula_modifier_max_words: int = 2

    def __post_init__(self) -> None:
        if isinstance(self.postprocess, list):  # as JSON gives it back
            object.__setattr__(self, "postprocess", tuple(self.postprocess))

    def greedy(self) -> Hyperparameters:
        """The greedy generation algorithm (Algorithm 1) within this search: one
        candidate at every step (every n = 1) and no language model (θ_LM = 0),
        so each step takes the most probable transition."""
        ones = {name: 1 for name in ("n_pos", "n_number", "n_denom", "n_voice", "n_tense", "n_real",
                                     "n1", "n2", "n3", "n4", "n5")}
        return replace(self, theta_lm=0.0, **ones)

    def theta(self, class_name: str) -> float:
        """θ_τ for the class τ named as the thesis writes it."""
        return self._thetas.get(class_name, 1.0)

    @cached_property
    def _thetas(self) -> dict[str, float]:
        """θ by class name, made once: the search asks it for every candidate."""
        return {"Realize": self.theta_realize, "Insert-Child": self.theta_insert_child,
                "Reorder": self.theta_reorder, "Insert-Between": self.theta_insert_between,
                "No-Insertion": self.theta_no_insertion}

    def weighted_log(self, class_name: str, p: float) -> float:
        """θ_C(t) · log p, with log 0 = -inf."""
        return self.theta(class_name) * (math.log(p) if p > 0 else -math.inf)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Hyperparameters:
        """The assignment in a JSON file; names it does not list keep their
        defaults, names this version does not know are refused."""
        path = Path(path)
        try:
            values = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise AmrgenError(f"{path}: no such hyperparameter file") from None
        except (OSError, ValueError) as error:
            raise AmrgenError(f"{path}: not a JSON hyperparameter file ({error})") from None
        except RecursionError:
            raise AmrgenError(f"{path}: not a JSON hyperparameter file (nested too deep)") from None
        if not isinstance(values, dict):
            raise AmrgenError(f"{path}: expected a JSON object of hyperparameters")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise AmrgenError(f"{path}: unknown hyperparameter(s) {', '.join(unknown)}")
        for name, value in values.items():
            if name == PIPELINE:
                if not (isinstance(value, str)
                        or isinstance(value, list) and all(isinstance(step, str) for step in value)):
                    raise AmrgenError(f"{path}: {name} must be a pipeline name or a list of step names, "
                                      f"not {value!r}")
            elif not isinstance(value, (int, float)) or isinstance(value, bool):
                raise AmrgenError(f"{path}: {name} must be a number, not {value!r}")
            else:
                problem = _out_of_bounds(name, value, known[name].type in ("int", int))
                if problem:
                    raise AmrgenError(f"{path}: {name} {problem}, not {value!r}")
        return cls(**{name: v if name == PIPELINE else int(v) if known[name].type in ("int", int) else float(v)
                      for name, v in values.items()})


PIPELINE = "postprocess"
"""The one hyperparameter that is not a number: the postprocessing pipeline."""

MAX_COUNT = 64
"""The largest count a file may set (a beam size n, a window of words): the
search keeps up to n candidates at every vertex and stage, so a size far
beyond the tuned ranges (at most 8) costs time without end and nothing else."""

BEAM_SIZES = frozenset({"n_pos", "n_number", "n_denom", "n_voice", "n_tense", "n_real", "n1", "n2", "n3", "n4", "n5"})
"""The counts that must be at least 1: a search that keeps nothing finds nothing."""

PROBABILITIES = frozenset({"p_tilde", "p_epsilon", "article_min_probability"})


def _out_of_bounds(name: str, value: float, integer: bool) -> str | None:
    """What is wrong with a hyperparameter's value read from a file, or None:
    every number finite and not negative, counts whole and at most
    :data:`MAX_COUNT` (beam sizes at least 1), probabilities at most 1."""
    if not math.isfinite(value):
        return "must be a finite number"
    if value < 0:
        return "must not be negative"
    if integer and value != int(value):
        return "must be a whole number"
    if integer and value > MAX_COUNT:
        return f"must be at most {MAX_COUNT}"
    if name in BEAM_SIZES and value < 1:
        return "must be at least 1"
    if name in PROBABILITIES and value > 1:
        return "must be a probability, at most 1"
    return None


RANGES: dict[str, Range] = {
    "theta_lm": Range(10.0, 60.0), "theta_realize": Range(0.1, 3.0), "theta_insert_child": Range(0.1, 3.0),
    "theta_reorder": Range(0.5, 8.0), "theta_insert_between": Range(0.1, 5.0), "theta_no_insertion": Range(0.1, 5.0),
    "w_pos": Range(0.0, 5.0), "w_number": Range(0.0, 5.0), "w_denom": Range(0.0, 1.0),
    "w_voice": Range(0.0, 5.0), "w_tense": Range(0.0, 5.0),
    "n_pos": Range(1, 4, True), "r_pos": Range(0.0, 1.0), "n_number": Range(1, 2, True), "r_number": Range(0.0, 1.0),
    "n_denom": Range(1, 3, True), "r_denom": Range(0.0, 1.0), "n_voice": Range(1, 2, True), "r_voice": Range(0.0, 1.0),
    "n_tense": Range(1, 3, True), "r_tense": Range(0.0, 1.0), "n_real": Range(1, 4, True), "r_real": Range(0.0, 1.0),
    "n1": Range(1, 8, True), "r1": Range(0.0, 1.0), "n2": Range(1, 6, True), "r2": Range(0.0, 1.0),
    "n3": Range(1, 6, True), "r3": Range(0.0, 1.0), "n4": Range(1, 8, True), "n5": Range(1, 8, True),
    "article_weight": Range(0.1, 1.0), "p_tilde": Range(0.005, 0.3), "p_epsilon": Range(0.0, 0.1),
}
"""[min_i, max_i] of each hyperparameter the search of Section 4.5 varies."""
