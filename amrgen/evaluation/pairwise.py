"""Two generators on one corpus, entry by entry: where they say different things
and which one the reference prefers (Section 6's BLEU, per sentence).

Each entry has the sentence of generator A and of generator B (two model
directories, or one model with two sets of hyperparameters), each with its
sentence BLEU against the entry's reference (:func:`~amrgen.evaluation.bleu.sentence_bleu`:
tokenized, lower-cased); the difference is B's minus A's.  The entries are
listed by that difference, B's worst losses first and its best gains last,
the entries without a reference after them; the corpus BLEU of each
generator heads the table.  ``amrgen compare`` prints it, the application
shows it (Model ▸ Compare Two Generators…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from amrgen.errors import AmrgenError
from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu
from amrgen.evaluation.lengths import format_value

if TYPE_CHECKING:  # the generator's modules are imported when one is loaded
    from amrgen.evaluation.generation import GeneratorSpec


def generator_named(base: GeneratorSpec, path: str | Path) -> GeneratorSpec:
    """The generator one side of a comparison names: a generator directory as
    shipped (``model/``, with the ``lm.binary`` and ``hyperparameters.json``
    beside it where they are: ``resources/little-prince``), a model directory
    (with ``base``'s LM, hyperparameters and postprocessing), or a hyperparameters
    file for ``base``'s model; AmrgenError naming ``path`` for anything else."""
    resolved = Path(path).resolve()
    if (resolved / "model").is_dir():
        lm, hyper = resolved / "lm.binary", resolved / "hyperparameters.json"
        return replace(base, model_dir=str(resolved / "model"), lm_path=str(lm) if lm.is_file() else base.lm_path,
                       hyperparameters=str(hyper) if hyper.is_file() else base.hyperparameters)
    if resolved.is_dir():
        return replace(base, model_dir=str(resolved))
    if resolved.is_file():
        return replace(base, hyperparameters=str(resolved))
    raise AmrgenError(f"{path}: neither a model directory nor a hyperparameters file")


@dataclass(frozen=True)
class Pair:
    """One entry as generators A and B said it, with the sentence BLEU of each (None without a reference)."""

    entry_id: str
    reference: str | None
    """The reference, tokenized and lower-cased."""
    sentences: tuple[str, str]
    """A's and B's sentence; empty where one could not be generated."""
    bleu: tuple[float | None, float | None]

    @property
    def difference(self) -> float | None:
        """B's sentence BLEU minus A's."""
        a, b = self.bleu
        return None if a is None or b is None else b - a


def pair(entry_id: str, reference: str | None, a: str, b: str) -> Pair:
    """The pair of one entry, scored."""
    scores = (None, None) if reference is None else (sentence_bleu(a, reference), sentence_bleu(b, reference))
    return Pair(entry_id, reference, (a, b), scores)


def by_difference(pairs: Sequence[Pair]) -> list[Pair]:
    """The pairs by B's BLEU minus A's, lowest first; those without a reference last, in corpus order."""
    scored = sorted((p for p in pairs if p.difference is not None), key=lambda p: p.difference)
    return [*scored, *(p for p in pairs if p.difference is None)]


def corpus_scores(pairs: Sequence[Pair]) -> tuple[float, float] | None:
    """The corpus BLEU of A and of B over the entries with a reference; None when none has one."""
    scored = [p for p in pairs if p.reference is not None]
    if not scored:
        return None
    references = [p.reference for p in scored]
    return (corpus_bleu([p.sentences[0] for p in scored], references),
            corpus_bleu([p.sentences[1] for p in scored], references))


def format_pairs(pairs: Sequence[Pair], names: tuple[str, str]) -> str:
    """The corpus BLEU of each generator, then a line per entry by :func:`by_difference`."""
    scores = corpus_scores(pairs)
    lines = [f"{label} = {name}: corpus BLEU {format_value(scores[i] if scores else None, '.2f')}"
             for i, (label, name) in enumerate(zip("AB", names))]
    lines.append(f"{'B-A':>7} {'A':>6} {'B':>6}  id")
    for p in by_difference(pairs):
        a, b = p.bleu
        lines.append(f"{format_value(p.difference, '+.1f'):>7} {format_value(a, '.1f'):>6} "
                     f"{format_value(b, '.1f'):>6}  {p.entry_id}\n    A: {p.sentences[0]}\n    B: {p.sentences[1]}")
    return "\n".join(lines) + "\n"


def pairs_tsv(pairs: Sequence[Pair]) -> str:
    """The pairs by :func:`by_difference` as tab-separated values with a header line;
    no quoting (a sentence is tokens joined by spaces: it has no tab or line break)."""
    rows = [("id", "bleu_b_minus_a", "bleu_a", "bleu_b", "sentence_a", "sentence_b", "reference")]
    rows += [(p.entry_id, *(format_value(x, ".2f") for x in (p.difference, *p.bleu)), *p.sentences, p.reference or "")
             for p in by_difference(pairs)]
    return "".join("\t".join(" ".join(cell.split()) for cell in row) + "\n" for row in rows)
