"""Alignments that a corpus carries, fused as Section 4.3.1 fuses A_wa and A_rb.

Section 4.3.1 takes the word-alignment aligner of Pourdamghani et al.
(ISI) as the baseline A_wa, keeps for each vertex only the first contiguous
run of its words (A'_wa), and adopts the rule-based alignment of Flanigan
et al. (JAMR) A_rb for every vertex A'_wa leaves unaligned:

    A = A'_wa ∪ {(v, i) ∈ A_rb | no (v, j) ∈ A'_wa}.

When an entry already carries alignments, they play these parts
(reference implementation §3.1: ISI wins, JAMR only fills vertices ISI
left unaligned): ISI alignments are the ``~e.N`` marks on the graph or,
without marks, an ISI ``# ::alignments`` line (``3-1.2.1``); JAMR
alignments are a JAMR ``# ::alignments`` line (``2-3|0.1``).  The two
kinds of line are told apart by the ``|`` of JAMR items.  Alignments of a
role (``:ARG0~e.2``, ISI's ``.r``) are not used, nor are alignments to
punctuation tokens, which have no word in w'.  Token indices (0-based) are
turned into word positions (1-based) with the reference's map.  The
fusion itself is :func:`amrgen.prep.align.fusion.fuse`, the one the
aligners use; the handwritten rules are applied by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import penman

from amrgen.amr import Amr
from amrgen.graph import Vertex
from amrgen.io import CorpusFormatError
from amrgen.io.alignments import (
    TokenAlignment,
    check_alignment,
    jamr_token_alignments,
    parse_isi_alignments,
    parse_jamr_alignments,
    surface_alignments,
)
from amrgen.prep.align.fusion import fuse
from amrgen.prep.tokenize import Reference


def given_alignment(
    tree: penman.Tree, amr: Amr, metadata: Mapping[str, str], reference: Reference
) -> dict[Vertex, frozenset[int]] | None:
    """The fused alignment A of an entry's own alignments, or None if it carries none.

    Raises :class:`CorpusFormatError` for an alignment that points to a
    missing node or a token out of range.
    """
    isi = surface_alignments(tree)
    jamr: list[TokenAlignment] = []
    line = metadata.get("alignments")
    if line is None and not isi:
        return None
    if line is not None and "|" in line:
        jamr = jamr_token_alignments(tree, parse_jamr_alignments(line), len(reference.tokens))
    elif line is not None and not isi:
        isi = parse_isi_alignments(line)
    problems = check_alignment(tree, reference.tokens, isi + jamr)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CorpusFormatError(problems[0] + more)
    return fuse(_words(amr, isi, reference), _words(amr, jamr, reference))


def _words(
    amr: Amr, alignments: Iterable[TokenAlignment], reference: Reference
) -> dict[Vertex, frozenset[int]]:
    """Vertex ↦ word positions of the node alignments, punctuation left out."""
    result: dict[Vertex, set[int]] = {}
    for alignment in alignments:
        position = reference.token_to_word[alignment.token]
        if not alignment.is_role and position is not None:
            result.setdefault(amr.paths[alignment.path], set()).add(position)
    return {v: frozenset(positions) for v, positions in result.items()}
