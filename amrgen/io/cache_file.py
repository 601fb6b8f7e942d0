"""Files amrgen keeps in the user's cache: a first line of JSON naming the
file's format and its version, then what the format holds (the WordNet table
of :mod:`amrgen.lexicon.wordnet_cache`, the prepared corpora of
:mod:`amrgen.prep.cache`).  Such a file is never executed; one that is not of
the format, or of another version, is refused with one line naming it."""

from __future__ import annotations

import json
from pathlib import Path

from amrgen.errors import AmrgenError


class CacheFileError(AmrgenError):
    """A cache file that is not of its format and version, or is damaged; the message names the file."""


def parsed_json(text: str | bytes):
    """``json.loads(text)``, with nesting too deep for the parser (a damaged or
    hostile file: ``[[[...`` 100,000 deep) a ValueError like any other damage,
    not a RecursionError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def checked_header(path: str | Path, line: str | bytes, format_name: str, version: int, what: str) -> dict:
    """The first line of the cache file ``path``, a JSON object whose ``format`` is
    ``format_name`` and whose ``version`` is ``version``; :class:`CacheFileError`
    (``what`` names the kind of file in its message) otherwise."""
    try:
        header = parsed_json(line)
    except ValueError:
        header = None
    if not (isinstance(header, dict) and header.get("format") == format_name):
        raise CacheFileError(f"{path}: not an amrgen {what}")
    if header.get("version") != version:
        raise CacheFileError(f"{path}: a {what} of version {header.get('version')!r}, not {version}")
    return header
