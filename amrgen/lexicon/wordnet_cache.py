"""The WordNet table (:mod:`amrgen.lexicon.wordnet_table`) kept in the user's cache.

The table is built once from nltk's WordNet reader (:func:`amrgen.lexicon.wordnet.load_wordnet`,
a few seconds) and kept in ``$XDG_CACHE_HOME/amrgen/wordnet-table.json`` (default ``~/.cache``),
beside the ``nltk_data`` folder :func:`amrgen.lexicon.wordnet.default_cache_root` fills. The file is
JSON, never executed: a first line with the format's name, its version and a fingerprint of the
WordNet the table was built from (where it is, and the size and modification time of its files),
then a line with the table. A file whose fingerprint no longer matches is built again; one that
is not such a file, is damaged or is of another version is refused with one line on stderr naming
it, and built again. Reading it takes well under a second and imports no nltk.

Versions of amrgen before this format kept the table in ``wordnet-table.pickle``; that file is
never opened (unpickling runs code).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from amrgen.errors import AmrgenError
from amrgen.io.atomic import write_atomically
from amrgen.io.cache_file import CacheFileError, checked_header, parsed_json
from amrgen.lexicon.wordnet_table import POS_TAGS, WordNetTable, build_table
from amrgen.paths import cache_dir

FORMAT = "amrgen-wordnet-table"
"""The first field of the file: what it is."""

FORMAT_VERSION = 2
"""Changes whenever what the file holds changes, so that older files are built again
(version 1 was the pickle file)."""

TABLE_FILE_NAME = "wordnet-table.json"


def default_table_path() -> Path:
    return cache_dir() / TABLE_FILE_NAME


# -- where the WordNet files are, without nltk ------------------------------------------


def nltk_search_roots() -> list[Path]:
    """The folders nltk looks for its data in by default (``nltk.data.path`` on
    POSIX, then the one :func:`amrgen.lexicon.wordnet.load_wordnet` adds), computed
    without importing nltk."""
    roots = [Path(os.path.expanduser(d)) for d in os.environ.get("NLTK_DATA", "").split(os.pathsep) if d]
    if "APPENGINE_RUNTIME" not in os.environ and os.path.expanduser("~/") != "~/":
        roots.append(Path(os.path.expanduser("~/nltk_data")))
    prefix = Path(sys.prefix)
    roots += [prefix / "nltk_data", prefix / "share" / "nltk_data", prefix / "lib" / "nltk_data"]
    roots += [Path(p) for p in ("/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
                                "/usr/local/lib/nltk_data")]
    roots.append(cache_dir() / "nltk_data")
    return roots


def fingerprint(source: Path) -> list:
    """What identifies the WordNet at ``source`` (its folder, or its zip file), as JSON
    values: the path, the name, size and modification time of each file, and which
    of the places nltk searches hold a WordNet (one appearing where nltk looks first
    would be the WordNet it loads)."""
    if source.is_dir():
        files = sorted([entry.name, entry.stat().st_size, entry.stat().st_mtime_ns]
                       for entry in os.scandir(source) if entry.is_file())
    else:
        stat = source.stat()
        files = [[source.name, stat.st_size, stat.st_mtime_ns]]
    present = [str(root / "corpora" / name) for root in nltk_search_roots() for name in ("wordnet", "wordnet.zip")
               if (root / "corpora" / name).exists()]
    return [str(source), files, present]


def reader_source(reader: Any) -> Path:
    """The folder (or zip file) of nltk's WordNet reader ``reader``."""
    root = reader.root
    zipfile = getattr(root, "zipfile", None)
    return Path(zipfile.filename) if zipfile is not None else Path(root.path)


# -- the cache file ---------------------------------------------------------------


def _load_reader() -> Any:
    # imports nltk: only when the table is built
    from amrgen.lexicon.wordnet import load_wordnet

    return load_wordnet()


def read_table(path: Path) -> WordNetTable | None:
    """The table in the file ``path`` if it is current; None when there is no
    file or it was built from another WordNet than the one there is now.

    Raises :class:`CacheFileError` for a file that is not a table of
    :data:`FORMAT_VERSION` or is damaged.
    """
    try:
        with open(path, "rb") as stream:
            header_line = stream.readline()
            header = _header(path, header_line)
            try:
                if fingerprint(Path(header["fingerprint"][0])) != header["fingerprint"]:
                    return None
            except OSError:  # the WordNet it was built from is gone
                return None
            body = stream.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise CacheFileError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        table = parsed_json(body)
        counts = {tag: _unpacked(table["counts"][tag]) for tag in POS_TAGS}
        exceptions = {tag: {form: tuple(bases) for form, bases in table["exceptions"][tag].items()}
                      for tag in POS_TAGS}
    except (ValueError, TypeError, KeyError, AttributeError):
        raise CacheFileError(f"{path}: the WordNet table in it is damaged") from None
    return WordNetTable(counts, exceptions)


def _header(path: Path, line: bytes) -> dict:
    """The first line of a table file, checked to be this format and version."""
    header = checked_header(path, line, FORMAT, FORMAT_VERSION, "WordNet table")
    recorded = header.get("fingerprint")
    if not (isinstance(recorded, list) and recorded and isinstance(recorded[0], str)):
        raise CacheFileError(f"{path}: the WordNet table in it is damaged")
    return header


def _packed(counts: dict[str, int]) -> dict:
    """One POS's counts as the file holds them: the names in one string, a line each, and
    only the counts above 0 (most are 0), which reads in half the time of a plain mapping."""
    return {"names": "\n".join(counts), "counts": {name: count for name, count in counts.items() if count}}


def _unpacked(packed: dict) -> dict[str, int]:
    names, counted = packed["names"], packed["counts"]
    if not (isinstance(names, str) and isinstance(counted, dict)):
        raise TypeError
    counts = dict.fromkeys(names.split("\n"), 0) if names else {}
    counts.update(counted)
    return counts


def write_table(path: Path, table: WordNetTable, source_fingerprint: list) -> None:
    """Write the table to ``path`` in one step (:mod:`amrgen.io.atomic`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = json.dumps({"format": FORMAT, "version": FORMAT_VERSION, "fingerprint": source_fingerprint})
    counts = {tag: _packed(table.counts[tag]) for tag in POS_TAGS}
    body = json.dumps({"counts": counts, "exceptions": table.exceptions}, separators=(",", ":"))
    write_atomically(path, header + "\n" + body + "\n")


def read_or_build(path: Path, load_reader: Callable[[], Any] = _load_reader) -> WordNetTable:
    """The table in ``path`` if it is current; otherwise built from the reader
    ``load_reader()`` gives and written to ``path`` (if that fails, the
    table is used all the same). A file refused says so in one line on stderr."""
    try:
        table = read_table(path)
    except CacheFileError as error:
        print(f"amrgen: {error}; building it again", file=sys.stderr)
        table = None
    if table is None:
        reader = load_reader()
        table = build_table(reader)
        with contextlib.suppress(OSError, AmrgenError):  # a folder that takes no file, a link in its place
            write_table(path, table, fingerprint(reader_source(reader)))
    return table


@functools.cache
def load_table() -> WordNetTable:
    """The WordNet table, loaded once per process: from the cache, or built
    from nltk's reader the first time (:class:`~amrgen.errors.MissingResourceError`
    when there is no WordNet)."""
    return read_or_build(default_table_path())
