"""AMR corpora in PENMAN notation with ``# ::key value`` metadata (thesis 5.3).

A corpus file holds entries separated by blank lines. An entry is a block of
comment lines followed by one graph::

    # ::id lpp_1943.1 ::date 2012-06-25T16:16:47 ::snt Chapter 1
    # ::tok Chapter 1
    (c / chapter :mod 1)

Metadata lines start with ``# ::``; one line may carry several keys, each
running up to the next `` ::key`` (``::preferred`` has the empty value).
When a key occurs twice in one entry the first value is kept, so that the
``::date`` and ``::annotator`` that JAMR appends to its ``::alignments`` line
do not replace the annotation's own. Other ``#`` lines are comments and are
ignored; a block of nothing but comments (the ``# AMR release ...`` header of
the LDC and ISI releases) is not an entry. A comment line directly after a
graph starts the next entry even without a blank line in between.

Graphs are parsed with :func:`penman.parse`, which keeps the tree as written:
inverted roles such as ``:ARG0-of`` stay where they are and alignment marks
such as ``want-01~e.3`` stay in the strings (see
:func:`amrgen.io.alignments.strip_surface_alignment`). Unlike ``penman.parse``
the reader also refuses unbalanced brackets, text after the graph, nodes
without a concept, roles without a target, variables defined twice, a
target written as a variable (``b``, ``b2``) that is never defined (it would
silently become a concept), and nodes nested more than :data:`MAX_NESTING`
levels deep.

A malformed entry becomes a :class:`ReadError` and reading goes on with the
next entry, so one bad graph never costs the rest of a corpus. Entries and
errors share one numbering (``index``), which is what sidecar files
(dependency parses, POS lines) are aligned with.
"""

from __future__ import annotations

import codecs
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import penman
from penman.exceptions import DecodeError

from amrgen.errors import MissingResourceError
from amrgen.io import CorpusFormatError, raw_lines, shown_bytes
from amrgen.io.printable import escaped

_METADATA_KEY = re.compile(r"(?:^|(?<=\s))::(\S+)")
#: The deepest nesting of nodes read. penman.parse and the walks over the tree
#: recurse once per level, and Python's stack ends near a thousand frames; the
#: AMR corpora we know nest at most 19 levels (bamboo-silver training), so a
#: deeper graph is refused alone instead of failing the whole file.
MAX_NESTING = 100
#: A symbol written the way variables are (``b``, ``b2``, ``xv3``: one letter,
#: or letters and digits), which as a target must be a defined variable rather
#: than a constant. Constants are words (``imperative``, ``amr-unknown``),
#: numbers, ``-``/``+`` or strings; on LP, Bio, the guidelines, QALD, MASSIVE
#: and bamboo-silver (34 000 graphs) only one bamboo graph, an automatic
#: parse, has a target of this shape that is not a variable, and it is an error.
#: (``:ARG0 i`` for the pronoun is refused too: AMR writes it ``(i / i)``.)
_VARIABLE_SHAPE = re.compile(r"[a-z]|[a-z]+[0-9]+")
_PENMAN_LOGGER = logging.getLogger("penman")
_Line = tuple[str, str | None]
"""A line's text and what is wrong with its bytes (None: nothing)."""


@dataclass(frozen=True)
class CorpusEntry:
    """One graph of a corpus file with its metadata and where it was found."""

    id: str
    """The ``::id`` metadata value, or ``<file name>:<index + 1>`` when there is none."""
    metadata: dict[str, str]
    tree: penman.Tree
    """The graph exactly as written (``penman.parse``, not ``penman.decode``)."""
    graph_text: str
    """The graph's lines as they stand in the file."""
    path: str
    line: int
    """1-based line where the entry (its first comment line or its graph) starts."""
    index: int
    """0-based position among the file's entries, malformed ones included."""


@dataclass(frozen=True)
class ReadError:
    """A malformed entry that was skipped; ``str()`` gives the one-line message."""

    path: str
    line: int
    """1-based line where the entry starts."""
    entry_id: str
    message: str
    index: int
    """0-based position among the file's entries, as :attr:`CorpusEntry.index`."""
    graph_text: str = ""
    """The entry's graph lines as they stand in the file (empty: none)."""

    def __str__(self) -> str:
        return escaped(f"{self.path}:{self.line}: entry {self.entry_id}: {self.message}")


@dataclass
class CorpusReadResult:
    """What :func:`read_corpus` found: the well-formed entries and the errors."""

    entries: list[CorpusEntry] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)


@dataclass
class _Block:
    line: int
    comments: list[tuple[int, str]] = field(default_factory=list)
    """The comment lines with their 1-based numbers."""
    graph: list[str] = field(default_factory=list)
    graph_line: int = 0
    problems: list[str] = field(default_factory=list)
    """What is wrong with the bytes of its lines."""


def iter_corpus(path: str | Path, encoding: str | None = None) -> Iterator[CorpusEntry | ReadError]:
    """Yield the entries and errors of a corpus file in file order.

    The file is UTF-8 unless ``encoding`` names another encoding for the whole
    file (then a byte that is not of it raises :class:`CorpusFormatError`).
    Handles a byte-order mark and Windows line endings. In UTF-8, a line with
    bytes that are not UTF-8, or a NUL byte (UTF-16 text read as UTF-8), costs
    its entry: a :class:`ReadError` naming the line, column and bytes.
    """
    if encoding is None or text_codec(encoding) in ("utf-8", "utf-8-sig"):
        lines: Iterable[_Line] = (_utf8_line(number, raw) for number, raw in raw_lines(path))
    else:
        lines = ((line, None) for line in _split_lines(_decoded(path, encoding)))
    yield from _iter_items(lines, str(path))


def read_items(path: str | Path, encoding: str | None = None) -> list[CorpusEntry | ReadError]:
    """The entries of a corpus file (in ``encoding``, default UTF-8), malformed
    ones as :class:`ReadError`, in file order; a missing file, or one without
    any graph (:func:`check_graphs`), is refused with one error naming it."""
    if not Path(path).is_file():
        raise MissingResourceError(f"{path}: no such corpus file")
    items = list(iter_corpus(path, encoding))
    check_graphs(path, items)
    return items


def read_corpus(path: str | Path, encoding: str | None = None) -> CorpusReadResult:
    """Read a whole corpus file; see :func:`iter_corpus`."""
    return _collect(iter_corpus(path, encoding))


def read_corpus_text(text: str, path: str = "<string>") -> CorpusReadResult:
    """Read a corpus from a string; ``path`` only names it in ids and messages."""
    return _collect(_iter_items(((line, None) for line in _split_lines(text)), path))


def check_graphs(path: str | Path, items: Iterable[object]) -> None:
    """Refuse a file that holds no AMR graph: raise :class:`CorpusFormatError`
    naming it when ``items`` (the file's entries, read or prepared, and its
    :class:`ReadError` s) has no entry that was read and no malformed one that
    even starts like a graph (with ``(``): an empty file, one of nothing but
    comments, of metadata alone or of plain sentences.  A file with a
    malformed graph is read, that entry costing only itself."""
    errors = []
    for item in items:
        if not isinstance(item, ReadError) or item.graph_text.lstrip().startswith("("):
            return
        errors.append(item)
    entries = "its only entry has no" if len(errors) == 1 else f"none of its {len(errors)} entries has a"
    what = (f"{entries} graph in PENMAN notation, which starts with '('"
            if errors else "the file is empty or holds only comments")
    raise CorpusFormatError(escaped(f"{path}: no AMR graphs in it ({what})"))


def parse_metadata_line(line: str) -> list[tuple[str, str]]:
    """The ``(key, value)`` pairs of one ``# ::key value ::key value`` line, in order.

    A plain comment line gives the empty list; a line whose ``::`` is not
    followed by a key (``# ::`` alone, ``# :: value``) raises
    :class:`CorpusFormatError`, as there is no key to give its value.
    """
    text = line.lstrip().removeprefix("#").strip()
    if not text.startswith("::"):
        return []
    keys = list(_METADATA_KEY.finditer(text))
    if not keys or keys[0].start() != 0:
        raise CorpusFormatError(f"metadata line {line.strip()[:40]!r} has no key after '::'")
    ends = [match.start() for match in keys[1:]] + [len(text)]
    return [
        (match.group(1), text[match.end() : end].strip())
        for match, end in zip(keys, ends, strict=True)
    ]


def format_entry(metadata: dict[str, str], graph_text: str) -> str:
    """An entry as text: one ``# ::key value`` line per key, ``id`` first, then the graph.

    The text ends with a newline; :func:`read_corpus_text` gives back the same
    metadata and tree.
    """
    for key, value in metadata.items():
        if not key or any(c.isspace() for c in key) or "\n" in value or "\r" in value:
            raise ValueError(f"cannot write metadata {key!r}: {value!r} on one line")
    ordered = sorted(metadata.items(), key=lambda item: item[0] != "id")
    lines = [f"# ::{key} {value}".rstrip() for key, value in ordered]
    return "\n".join(lines + [graph_text.strip("\r\n")]) + "\n"


def write_corpus(path: str | Path, entries: Iterable[CorpusEntry]) -> None:
    """Write entries as a corpus file, separated by blank lines."""
    with open(path, "w", encoding="utf-8") as stream:
        for position, entry in enumerate(entries):
            if position:
                stream.write("\n")
            stream.write(format_entry(entry.metadata, entry.graph_text))


def text_codec(encoding: str) -> str:
    """The codec name of the text encoding ``encoding``; :class:`CorpusFormatError` for a name
    Python does not know and for one of its codecs that are not text encodings (rot13, base64)."""
    try:
        codec = codecs.lookup(encoding)
    except LookupError:
        raise CorpusFormatError(f"unknown encoding {encoding!r}") from None
    try:
        b"\0".decode(encoding)
    except LookupError:
        raise CorpusFormatError(f"{encoding!r} is not a text encoding (a codec of Python's that is not "
                                "for text files)") from None
    except UnicodeDecodeError:  # a text encoding of more than one byte a character
        pass
    return codec.name


def _split_lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _decoded(path: str | Path, encoding: str) -> str:
    """The whole file in ``encoding``; one clear error where it is not."""
    data = Path(path).read_bytes()
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise CorpusFormatError(
            f"{path}: not {encoding} text: the bytes {shown_bytes(data[error.start:error.end])} "
            f"at byte {error.start} ({error.reason})"
        ) from None


def _utf8_line(number: int, raw: bytes) -> _Line:
    """A line as text and what is wrong with its bytes (None: nothing); a line
    that is not UTF-8 is kept with replacement characters, so that the entries
    around it are still told apart."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = raw[error.start:error.end]
        return raw.decode("utf-8", errors="replace"), (
            f"line {number}: the bytes {shown_bytes(bad)} at column {error.start + 1} are not UTF-8 "
            "(for a file in another encoding, give --encoding)"
        )
    if "\0" in text:
        return text.replace("\0", "\ufffd"), (
            f"line {number}: a NUL byte at column {text.index(chr(0)) + 1} "
            "(UTF-16 text? give --encoding utf-16)"
        )
    return text, None


def _collect(items: Iterable[CorpusEntry | ReadError]) -> CorpusReadResult:
    result = CorpusReadResult()
    for item in items:
        (result.errors if isinstance(item, ReadError) else result.entries).append(item)
    return result


def _iter_items(lines: Iterable[_Line], path: str) -> Iterator[CorpusEntry | ReadError]:
    name = Path(path).name
    index = 0
    for block in _blocks(lines):
        metadata, problem = _metadata(block)
        if not block.graph and not metadata and problem is None:
            continue  # a block of plain comments, such as a release header
        problem = next(iter(block.problems), problem)
        entry_id = metadata.get("id") or f"{name}:{index + 1}"
        graph_text = "\n".join(block.graph)
        try:
            if problem is not None:
                raise CorpusFormatError(problem)
            tree = _parse_graph(graph_text, block.graph_line)
        except CorpusFormatError as error:
            yield ReadError(path, block.line, entry_id, str(error), index, graph_text)
        else:
            yield CorpusEntry(entry_id, metadata, tree, graph_text, path, block.line, index)
        index += 1


def _blocks(lines: Iterable[_Line]) -> Iterator[_Block]:
    """Split lines into blocks of comments followed by graph lines."""
    block: _Block | None = None
    for number, (line, problem) in enumerate(lines, start=1):
        stripped = line.strip()
        is_comment = stripped.startswith("#")
        if block is not None and (not stripped or (is_comment and block.graph)):
            yield block
            block = None
        if not stripped:
            continue
        if block is None:
            block = _Block(number)
        if problem is not None:
            block.problems.append(problem)
        if is_comment:
            block.comments.append((number, line))
        else:
            if not block.graph:
                block.graph_line = number
            block.graph.append(line)
    if block is not None:
        yield block


def _metadata(block: _Block) -> tuple[dict[str, str], str | None]:
    """The block's metadata and the first problem of its comment lines (None: none)."""
    metadata: dict[str, str] = {}
    problem = None
    for number, line in block.comments:
        try:
            pairs = parse_metadata_line(line)
        except CorpusFormatError as error:
            problem = problem or f"line {number}: {error}"
            continue
        for key, value in pairs:
            metadata.setdefault(key, value)
    return metadata, problem


def _parse_graph(text: str, first_line: int) -> penman.Tree:
    """Parse one graph; raise CorpusFormatError with a one-line reason."""
    if not text:
        raise CorpusFormatError("no graph after the metadata")
    _check_brackets(text, first_line)
    # penman logs a warning for a missing concept or target; _check_nodes
    # turns those into this entry's one-line error instead.
    _PENMAN_LOGGER.addFilter(_drop)
    try:
        tree = penman.parse(text)
    except DecodeError as error:
        line = first_line + (error.lineno or 1) - 1
        raise CorpusFormatError(f"{error.message} (line {line})") from None
    finally:
        _PENMAN_LOGGER.removeFilter(_drop)
    _check_nodes(tree)
    return tree


def _drop(record: logging.LogRecord) -> bool:
    return False


def _check_brackets(text: str, first_line: int) -> None:
    """Refuse what penman.parse lets through (unbalanced brackets, trailing text)
    and what would exhaust its recursion (nesting beyond :data:`MAX_NESTING`)."""
    depth = 0
    closed = in_string = escaped = False
    line = first_line
    for char in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped = char == "\\"
            in_string = char != '"'
        elif char == '"':
            in_string = True
        elif char == "(":
            if closed:
                raise CorpusFormatError(f"a second graph starts on line {line}")
            depth += 1
            if depth > MAX_NESTING:
                raise CorpusFormatError(
                    f"nodes nested more than {MAX_NESTING} levels deep (line {line}); "
                    "such a graph is not read"
                )
        elif char == ")":
            if depth == 0:
                raise CorpusFormatError(
                    f"unbalanced parenthesis: ')' on line {line} closes nothing"
                )
            depth -= 1
            closed = depth == 0
        elif closed and not char.isspace():
            raise CorpusFormatError(f"text after the end of the graph on line {line}")
        if char == "\n":
            line += 1
    if in_string:
        raise CorpusFormatError("unterminated string")
    if depth:
        raise CorpusFormatError(f"unbalanced parenthesis: {depth} '(' not closed")


def _check_nodes(tree: penman.Tree) -> None:
    defined: set[str] = set()
    used: list[tuple[str, str, str]] = []
    """(node, role, symbol) of every target that has a variable's shape."""
    pending = [tree.node]
    while pending:
        variable, branches = pending.pop()
        if variable is None:
            raise CorpusFormatError("empty node '()'")
        if variable in defined:
            raise CorpusFormatError(f"variable {variable} is defined twice")
        defined.add(variable)
        if not branches or branches[0][0] != "/" or branches[0][1] is None:
            raise CorpusFormatError(f"node {variable} has no concept")
        for role, target in branches:
            if target is None:
                raise CorpusFormatError(f"role {role} of node {variable} has no target")
            if isinstance(target, tuple):
                pending.append(target)
            elif role != "/" and _VARIABLE_SHAPE.fullmatch(target.split("~", 1)[0]):
                used.append((variable, role, target.split("~", 1)[0]))
    for variable, role, symbol in used:
        if symbol not in defined:
            raise CorpusFormatError(f"variable {symbol} ({variable} {role} {symbol}) is never defined")
