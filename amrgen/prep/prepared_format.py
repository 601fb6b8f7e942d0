"""The prepared corpus C_ext on disk (thesis 4.3.1).

A prepared corpus is a PENMAN corpus file that any AMR tool can read: per
entry the original metadata, the graph, and what preparation added, all as
``# ::key value`` lines with space-separated values, one per token or word::

    # ::id lpp_1943.294
    # ::date 2012-11-18T16:56:05
    # ::annotator ISI-AMR-05
    # ::preferred
    # ::snt " Even flowers that have thorns ? "
    # ::zh “连有刺的花也吃吗？”
    # ::save-date Thu Oct 29, 2015
    # ::file lpp_1943_294.txt
    # ::tok " Even flowers that have thorns ? "
    # ::amrgen-words even flowers that have thorns
    # ::amrgen-pos RB NNS WDT VBP NNS
    # ::amrgen-lemmas even flower that have thorn
    # ::amrgen-heads 2 0 4 2 4
    # ::amrgen-labels advmod root nsubj relcl dobj
    # ::alignments 1-2|0.1 2-3|0 4-5|0.2 5-6|0.2.0 ::annotator amrgen
    (f / flower
          :mode interrogative
          :mod (e / even)
          :ARG0-of (h / have-03
                :ARG1 (t / thorn)))

(*The Little Prince*, prepared with spaCy and the aligners.)  One metadata
key a line, the entry's own first (a line that held several keys is split):

- ``tok``: the tokens (original case, punctuation included, for BLEU);
- ``amrgen-words``: w', the non-punctuation tokens lower-cased; always
  what :mod:`amrgen.prep.tokenize` derives from ``tok`` (checked on reading);
- ``amrgen-pos``, ``amrgen-lemmas``: Penn tags and lemmas of the words;
- ``amrgen-heads``, ``amrgen-labels``: the dependency tree D over the words,
  heads 1-based with 0 for the root.  The tree is kept in the entry rather
  than in a CoNLL-U sidecar so that one file holds everything and cannot
  fall out of step with another;
- ``alignments``: A_G as JAMR alignments over *token* indices
  (``start-end|address+address``, end exclusive, addresses counting
  constants and skipping reentrancies, see :mod:`amrgen.io.alignments`),
  marked ``::annotator amrgen``.  Word positions are turned back into
  token indices: one span per run of consecutive tokens, the vertices
  sharing a span joined by ``+``.

The graph is written by :meth:`Amr.to_penman` without alignment marks;
prepared graphs are in canonical form
(:func:`amrgen.prep.normalize.canonical_form`), so reading it back gives the
same vertices and paths.  A ``# ::alignments`` line the corpus had (ISI or
JAMR) has been used by preparation and is replaced.  :func:`read_prepared`
reads all of this back without running a tagger, parser or aligner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from amrgen.amr import Amr, AmrFormatError
from amrgen.graph import Vertex
from amrgen.io import CorpusFormatError
from amrgen.io.alignments import variables
from amrgen.io.dependencies import DependencyParse
from amrgen.io.penman_corpus import CorpusEntry, CorpusReadResult, ReadError, format_entry, read_corpus
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.corpus_alignments import given_alignment
from amrgen.prep.tokenize import Reference, reference_of

ANNOTATOR = "amrgen"
WORDS, POS, LEMMAS, HEADS, LABELS = (
    "amrgen-words",
    "amrgen-pos",
    "amrgen-lemmas",
    "amrgen-heads",
    "amrgen-labels",
)
SYNTAX_KEYS = (POS, LEMMAS, HEADS, LABELS)
PREPARED_KEYS = ("tok", WORDS, *SYNTAX_KEYS, "alignments")
"""The metadata keys that preparation writes; the rest is the corpus's own metadata."""


@dataclass
class PreparedCorpus:
    """C_ext: the prepared entries and the entries that were skipped, with why."""

    entries: list[ExtendedEntry] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    """The corpus file of each entry, where several were joined (empty for one file)."""


def original_metadata(metadata: Mapping[str, str]) -> dict[str, str]:
    """An entry's own metadata: without the keys preparation writes and the
    ``::annotator amrgen`` of its alignment line."""
    return {
        key: value
        for key, value in metadata.items()
        if key not in PREPARED_KEYS and not (key == "annotator" and value == ANNOTATOR)
    }


def prepared_syntax(metadata: Mapping[str, str], words: Sequence[str]) -> DependencyParse | None:
    """The POS tags, lemmas and dependency tree that an entry's metadata gives for its
    words, or None if it has none of those lines.

    Raises :class:`CorpusFormatError` when only some are there, when their
    lengths differ from the words, or when the heads are not a tree.
    """
    present = [key for key in SYNTAX_KEYS if key in metadata]
    if not present:
        return None
    if len(present) < len(SYNTAX_KEYS):
        missing = next(key for key in SYNTAX_KEYS if key not in metadata)
        raise CorpusFormatError(f"# ::{present[0]} without # ::{missing}")
    pos, lemmas, heads, labels = (metadata[key].split() for key in SYNTAX_KEYS)
    if not all(head.isdecimal() for head in heads):
        raise CorpusFormatError(f"# ::{HEADS} holds something that is not a number")
    parse = DependencyParse(list(words), [int(h) for h in heads], labels, pos, lemmas)
    problem = parse.tree_problem()
    if problem:
        raise CorpusFormatError(f"the prepared syntax does not fit the words: {problem}")
    return parse


def format_prepared(entry: ExtendedEntry) -> str:
    """One prepared entry as PENMAN text with metadata (see the module docstring)."""
    reference = Reference.from_tokens(entry.tokens)
    if reference.words != entry.words:
        raise ValueError(f"entry {entry.id}: its words are not those of its tokens")
    metadata = {"id": entry.id, **entry.metadata}
    for key, values in (
        ("tok", entry.tokens),
        (WORDS, entry.words),
        (POS, entry.pos),
        (LEMMAS, entry.lemmas),
        (HEADS, [str(head) for head in entry.heads]),
        (LABELS, entry.labels),
    ):
        metadata[key] = _joined(entry.id, key, values)
    items = jamr_items(entry.amr, entry.alignment, reference)
    metadata["alignments"] = " ".join(items + [f"::annotator {ANNOTATOR}"])
    return format_entry(metadata, entry.amr.to_penman())


def write_prepared(path: str | Path, entries: Iterable[ExtendedEntry]) -> None:
    """Write a prepared corpus file, entries separated by blank lines."""
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(format_prepared_corpus(entries))


def format_prepared_corpus(entries: Iterable[ExtendedEntry]) -> str:
    """The text of a prepared corpus file: the entries separated by blank lines."""
    return "\n".join(format_prepared(entry) for entry in entries)


def read_prepared(path: str | Path, encoding: str | None = None) -> PreparedCorpus:
    """Read a prepared corpus file back, computing nothing again.

    An entry that lacks a prepared line or whose lines do not fit together
    is skipped with a :class:`ReadError`, as malformed graphs are.
    ``encoding``: as :func:`~amrgen.io.penman_corpus.iter_corpus` takes it.
    """
    return prepared_entries(read_corpus(path, encoding))


def prepared_entries(read: CorpusReadResult) -> PreparedCorpus:
    """The prepared entries of a corpus that has been read (see :func:`read_prepared`)."""
    corpus = PreparedCorpus(errors=list(read.errors))
    for entry in read.entries:
        try:
            corpus.entries.append(_read_entry(entry))
        except (CorpusFormatError, AmrFormatError) as error:
            corpus.errors.append(ReadError(entry.path, entry.line, entry.id, str(error), entry.index,
                                           entry.graph_text))
    corpus.errors.sort(key=lambda error: error.index)
    return corpus


def jamr_items(
    amr: Amr, alignment: Mapping[Vertex, frozenset[int]], reference: Reference
) -> list[str]:
    """A_G as JAMR items over token indices (``3-5|0.1+0.1.0``), ordered by span."""
    addresses = jamr_addresses(amr)
    to_token = reference.word_to_token
    spans: dict[tuple[int, int], list[str]] = {}
    for v, positions in alignment.items():
        if not positions:
            continue
        tokens = sorted(to_token[position - 1] for position in positions)
        start = tokens[0]
        for previous, token in zip(tokens, tokens[1:] + [None]):
            if token != previous + 1:
                spans.setdefault((start, previous + 1), []).append(addresses[v])
                start = token
    return [f"{start}-{end}|{'+'.join(paths)}" for (start, end), paths in sorted(spans.items())]


def jamr_addresses(amr: Amr) -> dict[Vertex, str]:
    """The JAMR address (``0.1.0``) of every vertex in the tree :meth:`Amr.to_penman` writes.

    JAMR numbers the children of a node 0, 1, ... counting nested nodes and
    constants and skipping references to variables defined elsewhere.
    """
    tree = amr.to_tree()
    references = variables(tree)
    addresses: dict[Vertex, str] = {}

    def visit(node: tuple, address: str) -> None:
        vertex, branches = node
        addresses[vertex] = address
        children = [target for role, target in branches if role != "/"]
        counted = 0
        for index, target in enumerate(children):
            if isinstance(target, tuple):
                visit(target, f"{address}.{counted}")
            elif target in references:
                continue
            else:
                addresses[amr.graph.out_edges(vertex)[index][2]] = f"{address}.{counted}"
            counted += 1

    visit(tree.node, "0")
    return addresses


def _read_entry(entry: CorpusEntry) -> ExtendedEntry:
    missing = [key for key in PREPARED_KEYS if key not in entry.metadata]
    if missing:
        raise CorpusFormatError(f"not a prepared entry: no # ::{missing[0]} line")
    reference = reference_of(entry.metadata)
    if entry.metadata[WORDS].split() != reference.words:
        raise CorpusFormatError(f"# ::{WORDS} are not the words of # ::tok")
    parse = prepared_syntax(entry.metadata, reference.words)
    amr = Amr.from_tree(entry.tree)
    return ExtendedEntry(
        id=entry.id,
        amr=amr,
        words=reference.words,
        pos=parse.pos,
        lemmas=parse.lemmas,
        heads=parse.heads,
        labels=parse.labels,
        alignment=given_alignment(entry.tree, amr, entry.metadata, reference),
        tokens=reference.tokens,
        metadata=original_metadata(entry.metadata),
    )


def _joined(entry_id: str, key: str, values: Sequence[str]) -> str:
    for value in values:
        if not value or value.startswith("::") or any(c.isspace() for c in value):
            raise ValueError(f"entry {entry_id}: cannot write {value!r} in # ::{key}")
    return " ".join(values)
