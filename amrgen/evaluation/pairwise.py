"""Two generators on one corpus, entry by entry: where they say different things
and which one the reference prefers (Section 6's BLEU, per sentence).

Each entry has the sentence of generator A and of generator B (two model
directories, or one model with two sets of hyperparameters), each with its
sentence BLEU against the entry's reference (:func:`~amrgen.evaluation.bleu.sentence_bleu`:
tokenized, lower-cased); the difference is B's minus A's.  The entries are
listed by that difference, B's worst losses first and its best gains last,
the entries without a reference after them; the corpus BLEU of each
generator (against every reference, paraphrases included) heads the table.
``amrgen compare`` prints it, the application shows it (Model ▸ Compare Two
Generators…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from amrgen.evaluation.bleu import sentence_bleu
from amrgen.evaluation.lengths import Scored, format_value
from amrgen.evaluation.score import Item, alternative_tokens, corpus_score, reference_tokens
from amrgen.io.penman_corpus import ReadError


@dataclass(frozen=True)
class Pair:
    """One entry as generators A and B said it, with the sentence BLEU of each (None without a reference)."""

    entry_id: str
    reference: str | None
    """The reference, tokenized and lower-cased."""
    sentences: tuple[str, str]
    """A's and B's sentence; empty where one could not be generated."""
    bleu: tuple[float | None, float | None]
    alternatives: tuple[str, ...] = ()
    """The further references (``# ::alt-snts``), for the corpus BLEU."""

    @property
    def difference(self) -> float | None:
        """B's sentence BLEU minus A's."""
        a, b = self.bleu
        return None if a is None or b is None else b - a


def pair(entry_id: str, reference: str | None, a: str, b: str, alternatives: Sequence[str] = ()) -> Pair:
    """The pair of one entry, scored by sentence BLEU against its first reference."""
    scores = (None, None) if reference is None else (sentence_bleu(a, reference), sentence_bleu(b, reference))
    return Pair(entry_id, reference, (a, b), scores, tuple(alternatives))


def pairs_of(items: Sequence[Item], a: Sequence[str], b: Sequence[str]) -> list[Pair]:
    """The pairs of a corpus's entries as A and B said them (entry ids from the
    entries; a malformed entry has its reader's id), each with every reference."""
    pairs = []
    for item, said_a, said_b in zip(items, a, b, strict=True):
        reference = reference_tokens(item)
        pairs.append(pair(item.entry_id if isinstance(item, ReadError) else item.id,
                          " ".join(reference).lower() if reference else None, said_a, said_b,
                          [" ".join(alternative).lower() for alternative in alternative_tokens(item)]))
    return pairs


def by_difference(pairs: Sequence[Pair]) -> list[Pair]:
    """The pairs by B's BLEU minus A's, lowest first; those without a reference last, in corpus order."""
    scored = sorted((p for p in pairs if p.difference is not None), key=lambda p: p.difference)
    return [*scored, *(p for p in pairs if p.difference is None)]


def corpus_scores(pairs: Sequence[Pair]) -> tuple[float, float] | None:
    """The corpus BLEU of A and of B over the entries with a reference, against all
    their references (:func:`~amrgen.evaluation.score.corpus_score`); None when none has one."""
    scored = [p for p in pairs if p.reference is not None]
    if not scored:
        return None
    a, b = (corpus_score([Scored(p.sentences[side], p.reference.split(), None, [alt.split() for alt in p.alternatives])
                          for p in scored]).bleu for side in (0, 1))
    return a, b


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
