"""What the constrained system learns from gold transitions (thesis 5.1):
the Merge lookup table L_M and the empirical POS tags pôs(l) (Def. def:empirical-pos),
learnt from the formal oracle's runs (:func:`formal_resources`, the one way
training, ``amrgen oracle`` and the application learn them); and the
constrained oracle's runs, which need them."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence

from amrgen.bigraph import Bigraph
from amrgen.oracle.annotations import Approach
from amrgen.oracle.training_data import FirstStage, OracleRun, training_data
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.normalize import normalize
from amrgen.transitions.constraints import ConstraintResources, Constraints
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import Merge, Realize


def learn_resources(runs: Iterable[OracleRun]) -> ConstraintResources:
    """L_M maps (L(p_σ1), L(σ1)) to the (label, POS) merged most often; pôs maps a
    concept to the POS its gold Realize transitions gave it most often.
    Ties go to the value seen first."""
    merges: dict[tuple[str, str], Counter] = defaultdict(Counter)
    tags: dict[str, Counter] = defaultdict(Counter)
    for run in runs:
        for c, t in run.pairs:
            g, s1 = c.graph, c.sigma1
            if isinstance(t, Merge):
                (parent,) = g.parents(s1)
                merges[(str(g.label(parent)), str(g.label(s1)))][(t.label, t.pos)] += 1
            elif isinstance(t, Realize) and t.word:
                tags[str(g.label(s1))][t.annotation.pos] += 1
    return ConstraintResources(
        merge_table={key: counts.most_common(1)[0][0] for key, counts in merges.items()},
        empirical_pos={concept: counts.most_common(1)[0][0] for concept, counts in tags.items()},
    )


def formal_resources(bigraphs: Iterable[Bigraph], approach: Approach,
                     skip: tuple[type[Exception], ...] = ()) -> ConstraintResources:
    """L_M and pôs from the formal oracle's runs over ``bigraphs``; a graph whose
    run raises one of ``skip`` is left out (the application opens any corpus)."""
    return learn_resources(_runs(bigraphs, approach, skip))


def _runs(bigraphs: Iterable[Bigraph], approach: Approach, skip: tuple[type[Exception], ...]) -> Iterator[OracleRun]:
    for b in bigraphs:
        try:
            yield training_data(b, approach)
        except skip:
            continue


def corpus_resources(entries: Iterable[ExtendedEntry], approach: Approach) -> ConstraintResources:
    """L_M and pôs from the formal oracle's runs over the normalized ``entries``."""
    return formal_resources((normalize(e).bigraph() for e in entries), approach)


def constrained_runs(entries: Sequence[ExtendedEntry], approach: Approach,
                     resources: ConstraintResources | None = None, first_stage: FirstStage | None = None):
    """The constrained oracle's runs over normalized graphs, and the resources
    it used (learnt from a formal pass over the same graphs unless given);
    ``first_stage`` replaces gold T_restr transitions (see :func:`training_data`)."""
    graphs = [normalize(e) for e in entries]
    if resources is None:
        resources = formal_resources((e.bigraph() for e in graphs), approach)
    system = TransitionSystem(Constraints(resources))
    return [training_data(e.bigraph(), approach, system, first_stage=first_stage) for e in graphs], resources
