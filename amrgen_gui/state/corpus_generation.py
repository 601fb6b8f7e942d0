"""Generating the whole open corpus with the loaded generator, for reading the
system output beside the references (Section 6), or with two generators, for
reading their outputs side by side (:func:`compare_corpus_file`).

Each entry of the corpus file is generated as ``amrgen generate`` does it
(:func:`amrgen.run.corpus.run_corpus`: a graph that cannot be
generated gets an empty sentence and a message naming file, line and
entry) and scored against its reference as ``amrgen oracle --bleu`` makes
it: tokenized with punctuation, lower-cased (``# ::tok``, else ``# ::snt``
tokenized).  Sentence BLEU is :mod:`amrgen.evaluation.bleu`'s, corpus BLEU
:func:`amrgen.evaluation.score.corpus_score`'s, against every reference
(``# ::alt-snts`` too), as ``amrgen generate -b`` scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from amrgen.evaluation.bleu import sentence_bleu
from amrgen.evaluation.lengths import Scored
from amrgen.evaluation.pairwise import Pair, pair
from amrgen.evaluation.score import corpus_score as score_of_corpus
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen_gui.state.progress import Report

if TYPE_CHECKING:  # the decoder is imported in the worker thread, not when the window opens
    from amrgen.run.graph import GraphResult, Item

T = TypeVar("T")


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
    alternatives: tuple[str, ...] = ()
    """The further references (``# ::alt-snts``), tokenized and lower-cased."""

    @property
    def bleu(self) -> float | None:
        """Sentence BLEU (0-100) against the reference; None without one."""
        return None if self.reference is None else sentence_bleu(self.sentence, self.reference)


def generate_corpus_file(path: str | Path, generator: LoadedGenerator, report: Report,
                         deliver: Callable[[GeneratedSentence], None]) -> list[GeneratedSentence]:
    """Generate every entry of ``path`` in order (a corpus run,
    :meth:`~amrgen.stepping.loaded_generator.LoadedGenerator.generate_items`); ``deliver``
    hears of each as it is done, ``report(done, total)`` of the progress (and stops the work by raising)."""
    # Imported here, in the worker thread: the decoder takes seconds to import.
    from amrgen.io.penman_corpus import read_items

    items = read_items(path)
    done: list[GeneratedSentence] = []

    def arrived(result: GraphResult) -> None:
        done.append(_generated(result, items[len(done)]))
        deliver(done[-1])
        report(len(done), len(items))

    report(0, len(items))
    generator.generate_items(items, arrived)
    return done


def generated_sentence(generator: LoadedGenerator, item: Item) -> GeneratedSentence:
    """One entry of a corpus file generated, with its reference."""
    return _generated(generator.generate_item(item), item)


def _generated(result: GraphResult, item: Item) -> GeneratedSentence:
    """What generating ``item`` gave, with its references (:mod:`amrgen.evaluation.score`)."""
    from amrgen.evaluation.score import alternative_tokens, reference_tokens

    reference = reference_tokens(item)
    return GeneratedSentence(result.entry_id, result.place, result.sentence,
                             None if reference is None else " ".join(reference).lower(), result.error, result.seconds,
                             tuple(" ".join(alternative).lower() for alternative in alternative_tokens(item)))


def _each_entry(path: str | Path, report: Report, work: Callable[[Item], T], deliver: Callable[[T], None]) -> list[T]:
    """``work`` on every entry of ``path`` in order, each result delivered as it comes, reporting progress."""
    # Imported here, in the worker thread: the decoder takes seconds to import.
    from amrgen.io.penman_corpus import read_items

    items = read_items(path)
    done = []
    for count, item in enumerate(items):
        report(count, len(items))
        done.append(work(item))
        deliver(done[-1])
    report(len(items), len(items))
    return done


@dataclass(frozen=True)
class ComparedSentences:
    """One entry of the corpus as generators A and B said it."""

    a: GeneratedSentence
    b: GeneratedSentence
    pair: Pair
    """The two sentences with their sentence BLEU (:mod:`amrgen.evaluation.pairwise`)."""


def compare_corpus_file(path: str | Path, generators: Callable[[], tuple[LoadedGenerator, LoadedGenerator]],
                        report: Report, deliver: Callable[[ComparedSentences], None]) -> list[ComparedSentences]:
    """Load generators A and B (``generators()``), then generate every entry of ``path``
    with each, in order; ``deliver`` and ``report`` as :func:`generate_corpus_file` has them."""
    report(0, 0)
    a, b = generators()

    def both(item: Item) -> ComparedSentences:
        said = generated_sentence(a, item), generated_sentence(b, item)
        return ComparedSentences(*said, pair(said[0].entry_id, said[0].reference, said[0].sentence, said[1].sentence,
                                             said[0].alternatives))

    return _each_entry(path, report, both, deliver)


def corpus_score(generated: Sequence[GeneratedSentence]) -> float | None:
    """Corpus BLEU over the entries with a reference, against all their references
    (one that could not be generated counts with the empty sentence); None when none has one."""
    return score_of_corpus([Scored(g.sentence, g.reference.split(), None, [a.split() for a in g.alternatives])
                            for g in generated if g.reference is not None]).bleu
