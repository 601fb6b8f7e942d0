"""Generating the whole open corpus with the loaded generator, for reading the
system output beside the references (Section 6).

Each entry of the corpus file is generated as ``amrgen generate`` does it
(:func:`amrgen.evaluation.generation.generate_graph`: a graph that cannot be
generated gets an empty sentence and a message naming file, line and
entry) and scored against its reference as ``amrgen oracle --bleu`` makes
it: tokenized with punctuation, lower-cased (``# ::tok``, else ``# ::snt``
tokenized).  Sentence BLEU and corpus BLEU are those of
:mod:`amrgen.evaluation.bleu`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen_gui.tasks import Report


@dataclass(frozen=True)
class GeneratedSentence:
    """One entry of the corpus, generated."""

    entry_id: str
    place: str
    """``file:line`` of the entry."""
    sentence: str
    """The generated sentence; empty when it could not be generated."""
    reference: str | None
    """The reference, tokenized and lower-cased; None when the entry has none."""
    error: str | None = None
    seconds: float = 0.0

    @property
    def bleu(self) -> float | None:
        """Sentence BLEU (0-100) against the reference; None without one."""
        return None if self.reference is None else sentence_bleu(self.sentence, self.reference)


def generate_corpus_file(path: str | Path, generator: LoadedGenerator, report: Report,
                         deliver: Callable[[GeneratedSentence], None]) -> list[GeneratedSentence]:
    """Generate every entry of ``path`` in order; ``deliver`` hears of each as it is
    done, ``report(done, total)`` of the progress (and stops the work by raising)."""
    # Imported here, in the worker thread: the decoder takes seconds to import.
    from amrgen.evaluation.generation import read_items, reference_tokens

    items = read_items(path)
    generated = []
    for done, item in enumerate(items):
        report(done, len(items))
        result = generator.generate_item(item)
        reference = reference_tokens(item)
        sentence = GeneratedSentence(result.entry_id, result.place, result.sentence,
                                     None if reference is None else " ".join(reference).lower(),
                                     result.error, result.seconds)
        deliver(sentence)
        generated.append(sentence)
    report(len(items), len(items))
    return generated


def corpus_score(generated: Sequence[GeneratedSentence]) -> float | None:
    """Corpus BLEU over the entries with a reference (one that could not be
    generated counts with the empty sentence); None when none has one."""
    scored = [g for g in generated if g.reference is not None]
    if not scored:
        return None
    return corpus_bleu([g.sentence for g in scored], [g.reference for g in scored])
