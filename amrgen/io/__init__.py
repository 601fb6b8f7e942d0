"""Readers and writers for AMR corpora, alignments and syntactic annotations (thesis 5.3).

- :mod:`amrgen.io.penman_corpus`: PENMAN graphs with ``# ::key value`` metadata.
- :mod:`amrgen.io.alignments`: tree paths, JAMR and ISI token alignments, ``~e.N`` marks.
- :mod:`amrgen.io.dependencies`: Stanford-dependency lines, CoNLL-U and POS-tag lines.
"""

from collections.abc import Iterator
from pathlib import Path

from amrgen.errors import AmrgenError


class CorpusFormatError(AmrgenError):
    """A corpus, alignment or annotation file does not have the expected format.

    The message is one line that names the place (file and line, or the
    offending item) and what is wrong there.
    """


def numbered_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """The lines of a UTF-8 text file with their 1-based numbers, line endings removed.

    A byte-order mark and Windows line endings are dropped; a line that is
    not UTF-8 raises :class:`CorpusFormatError` naming the file and line.
    """
    with open(path, "rb") as stream:
        for number, raw in enumerate(stream, start=1):
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                raise CorpusFormatError(
                    f"{path}:{number}: not UTF-8 text ({error.reason})"
                ) from None
            yield number, line.rstrip("\r\n")
