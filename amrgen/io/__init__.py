"""Readers and writers for AMR corpora, alignments and syntactic annotations (thesis 5.3).

- :mod:`amrgen.io.penman_corpus`: PENMAN graphs with ``# ::key value`` metadata.
- :mod:`amrgen.io.alignments`: tree paths, JAMR and ISI token alignments, ``~e.N`` marks.
- :mod:`amrgen.io.dependencies`: Stanford-dependency lines, CoNLL-U and POS-tag lines.
"""

import codecs
from collections.abc import Iterator
from pathlib import Path

from amrgen.errors import AmrgenError


class CorpusFormatError(AmrgenError):
    """A corpus, alignment or annotation file does not have the expected format.

    The message is one line that names the place (file and line, or the
    offending item) and what is wrong there.
    """


def raw_lines(path: str | Path) -> Iterator[tuple[int, bytes]]:
    """The lines of a file as bytes with their 1-based numbers, line endings removed.

    A UTF-8 byte-order mark and Windows line endings are dropped; a file that
    starts with a UTF-16 (or UTF-32) byte-order mark raises
    :class:`CorpusFormatError`, as its lines cannot be told apart byte-wise.
    """
    with open(path, "rb") as stream:
        for number, raw in enumerate(stream, start=1):
            if number == 1:
                if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                    raise CorpusFormatError(
                        f"{path}: UTF-16 or UTF-32 text (a byte-order mark says so), not UTF-8; "
                        "convert it, or give a corpus's encoding with --encoding"
                    )
                raw = raw.removeprefix(codecs.BOM_UTF8)
            yield number, raw.rstrip(b"\r\n")


def numbered_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """The lines of a UTF-8 text file with their 1-based numbers, as :func:`raw_lines`
    gives them; a line that is not UTF-8 raises :class:`CorpusFormatError`
    naming the file and line."""
    for number, raw in raw_lines(path):
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise CorpusFormatError(f"{path}:{number}: not UTF-8 text ({error.reason})") from None


def shown_bytes(data: bytes) -> str:
    """Bytes as ``\\xe9\\x74``, for a message (nothing a terminal would act on)."""
    return "".join(f"\\x{byte:02x}" for byte in data)
