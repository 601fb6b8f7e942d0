"""The generator across domains: one row per corpus (thesis Section 6 scores
one corpus; ``amrgen evaluate`` over several corpora prints this table).

A row gives the corpus's graphs with a reference, corpus BLEU and chrF++
against every reference a graph has (:func:`amrgen.evaluation.score.corpus_score`), the
ratio of the output's length to the references' (tokens of all generated
sentences over tokens of all first references, ``::tok`` or ``::snt``
tokenized: below 1 the generator says less than the corpus does) and the
mean seconds of generate(G) per graph.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import astuple, dataclass, fields

from amrgen.evaluation.lengths import Scored, format_value, mean_seconds
from amrgen.evaluation.score import corpus_score


@dataclass(frozen=True)
class CorpusRow:
    """What the generator did on one corpus; None where no graph has a reference or none was timed."""

    corpus: str
    graphs: int
    bleu: float | None
    chrf: float | None
    length_ratio: float | None
    seconds: float | None


COLUMNS = {"graphs": "d", "bleu": ".2f", "chrf": ".2f", "length_ratio": ".3f", "seconds": ".3f"}
"""The number columns and their format."""
HEADERS = {"graphs": "graphs", "bleu": "BLEU", "chrf": "chrF++", "length_ratio": "len ratio", "seconds": "s/graph"}


def corpus_row(corpus: str, scored: Sequence[Scored]) -> CorpusRow:
    """The row of one corpus from its scored graphs."""
    if not scored:
        return CorpusRow(corpus, 0, None, None, None, None)
    reference_length = sum(len(s.reference) for s in scored)
    ratio = sum(len(s.hypothesis.split()) for s in scored) / reference_length if reference_length else None
    score = corpus_score(scored)
    return CorpusRow(corpus, score.graphs, score.bleu, score.chrf, ratio, mean_seconds(scored))


def format_corpora(rows: Sequence[CorpusRow]) -> str:
    """The rows as a table, one line per corpus, ``-`` where a value is undefined."""
    width = max([len("corpus"), *(len(r.corpus) for r in rows)])
    lines = [f"{'corpus':{width}}" + "".join(f"{HEADERS[key]:>11}" for key in COLUMNS)]
    for r in rows:
        lines.append(f"{r.corpus:{width}}" + "".join(f"{format_value(getattr(r, key), spec):>11}"
                                                      for key, spec in COLUMNS.items()))
    return "\n".join(lines)


def corpora_csv(rows: Sequence[CorpusRow]) -> str:
    """The rows as CSV with the field names as header, empty where undefined."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f.name for f in fields(CorpusRow)])
    for r in rows:
        writer.writerow(["" if v is None else v if isinstance(v, str | int) else f"{v:.6g}" for v in astuple(r)])
    return out.getvalue()

