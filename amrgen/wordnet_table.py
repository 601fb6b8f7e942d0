"""What amrgen asks WordNet, as a table loaded without nltk.

Importing nltk and loading its WordNet reader takes over two seconds, most of a generator's start.
The lexicon (:class:`amrgen.ml.features.WordNetLexicon`) asks WordNet only three things: the use
count of a lemma with a POS, whether WordNet has it at all, and morphy's base form of a word.
:class:`WordNetTable` holds what answers them, for each POS ``n``, ``v``, ``a`` (adjectives with
their satellites, as nltk's ``lemmas(name, "a")`` finds them) and ``r``: every lemma name of
WordNet's index with the highest ``Lemma.count()`` among its senses, and the exception lists.

The table is built once from WordNet through nltk's reader (:func:`amrgen.wordnet.load_wordnet`,
the slow path) and kept in ``$XDG_CACHE_HOME/amrgen/wordnet-table.pickle`` (default ``~/.cache``),
beside the ``nltk_data`` folder :func:`amrgen.wordnet.default_cache_root` fills. The file starts
with a format version and a fingerprint of the WordNet it was built from (where it is, and the
size and modification time of its files); a file whose fingerprint no longer matches, or that
cannot be read, is built again. Reading it takes about 0.1 s and imports no nltk.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from amrgen.io.atomic import write_atomically

FORMAT_VERSION = 1
"""Changes whenever what the file holds changes, so that older files are built again."""

POS_TAGS = ("n", "v", "a", "r")
"""WordNet's POS tags, in nltk's POS_LIST order; ``s`` (satellite) is read as ``a``."""

TABLE_FILE_NAME = "wordnet-table.pickle"

MORPHOLOGICAL_SUBSTITUTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
          ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
"""nltk's ``WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS`` (WordNet's morphy rules), in its order."""


def cache_dir() -> Path:
    """amrgen's folder in the user's cache: ``$XDG_CACHE_HOME/amrgen`` (default ``~/.cache/amrgen``)."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "amrgen"


def default_table_path() -> Path:
    return cache_dir() / TABLE_FILE_NAME


class WordNetTable:
    """Use counts of WordNet's lemmas and morphy, per POS tag (n, v, a, r).

    ``counts[tag]`` maps every lemma name of WordNet's index for the POS
    (lower case, words joined by ``_``) to the highest ``Lemma.count()`` of
    its senses (0 when none is counted); ``exceptions[tag]`` maps an
    irregular form to its base forms (WordNet's ``*.exc`` files).
    """

    __slots__ = ("counts", "exceptions")

    def __init__(self, counts: Mapping[str, Mapping[str, int]],
                 exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]) -> None:
        self.counts = counts
        self.exceptions = exceptions

    def count(self, name: str, tag: str) -> int | None:
        """The highest use count of the lemma ``name`` with the POS ``tag``,
        None when WordNet does not have it: ``max(l.count() for l in
        reader.lemmas(name, tag))`` in nltk, None where that list is empty."""
        return self.counts[_tag(tag)].get(name.lower())

    def knows(self, name: str, tag: str) -> bool:
        """Whether nltk's ``reader.lemmas(name, tag)`` is not empty."""
        return name.lower() in self.counts[_tag(tag)]

    # morphy is written out here, not taken from nltk, because importing nltk takes 2.3 s at start.
    # It mirrors nltk's WordNetCorpusReader.morphy and _morphy (nltk 3.9): the exception list if
    # it has the form (else the substitution rules, applied once), the form itself first, then
    # only what the lemma index has for the POS, each once; morphy answers the first of these.

    def analyses(self, form: str, tag: str) -> list[str]:
        """nltk's ``reader._morphy(form, tag)``: the base forms of ``form`` that WordNet has."""
        tag = _tag(tag)
        exceptions = self.exceptions[tag]
        if form in exceptions:
            forms = list(exceptions[form])
        else:
            forms = [form[:-len(old)] + new for old, new in MORPHOLOGICAL_SUBSTITUTIONS[tag] if form.endswith(old)]
        index = self.counts[tag]
        return [candidate for candidate in dict.fromkeys([form, *forms]) if candidate in index]

    def morphy(self, form: str, tag: str | None = None) -> str | None:
        """nltk's ``reader.morphy(form, tag)``: the first base form WordNet has
        (trying n, v, a, r in turn without a tag), None if there is none.
        The form is taken as it is (WordNet's index is in lower case)."""
        for pos in (tag,) if tag else POS_TAGS:
            analyses = self.analyses(form, pos)
            if analyses:
                return analyses[0]
        return None


def _tag(tag: str) -> str:
    return "a" if tag == "s" else tag


# -- building it from nltk's reader --------------------------------------------------


def build_table(reader: Any) -> WordNetTable:
    """The table of nltk's WordNet reader ``reader`` (a few seconds).

    The lemma names are those of the reader's index (``all_lemma_names``):
    the index lists, for each name, the synsets that have it, so these are
    the names ``reader.lemmas(name, tag)`` finds lemmas for. A lemma's count
    is the last field of its sense key's line in ``cntlist.rev``, 0 without
    one (``reader.lemma_count``). As a sense key starts with the lemma's name
    in lower case, ``%`` and its synset type (1 noun, 2 verb, 3 adjective,
    4 adverb, 5 satellite), only the names of the counted keys can have a
    count above 0: only their lemmas are asked of the reader, for their keys
    (asking every lemma would load every synset, a minute).
    """
    counts: dict[str, dict[str, int]] = {tag: dict.fromkeys(reader.all_lemma_names(tag), 0) for tag in POS_TAGS}
    key_counts: dict[str, int] = {}
    with reader.open("cntlist.rev") as stream:
        for line in stream:
            key = line.split(" ", 1)[0]
            if line.strip() and key not in key_counts:
                key_counts[key] = int(line.rsplit(" ", 1)[-1])
    type_tags = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
    counted = dict.fromkeys((name, type_tags[sense[:1]]) for name, _, sense in
                            (key.partition("%") for key in key_counts) if sense[:1] in type_tags)
    for name, tag in counted:
        if name in counts[tag]:
            lemmas = reader.lemmas(name, tag)
            counts[tag][name] = max((key_counts.get(lemma.key(), 0) for lemma in lemmas), default=0)
    exceptions = {
        tag: {form: tuple(bases) for form, bases in reader._exception_map[tag].items()}  # what morphy reads
        for tag in POS_TAGS
    }
    return WordNetTable(counts, exceptions)


# -- where the WordNet files are, without nltk ------------------------------------------


def nltk_search_roots() -> list[Path]:
    """The folders nltk looks for its data in by default (``nltk.data.path`` on
    POSIX, then the one :func:`amrgen.wordnet.load_wordnet` adds), computed
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


def fingerprint(source: Path) -> tuple:
    """What identifies the WordNet at ``source`` (its folder, or its zip file): the
    path, the name, size and modification time of each file, and which of the
    places nltk searches hold a WordNet (one appearing where nltk looks first
    would be the WordNet it loads)."""
    if source.is_dir():
        files = sorted((entry.name, entry.stat().st_size, entry.stat().st_mtime_ns)
                       for entry in os.scandir(source) if entry.is_file())
    else:
        stat = source.stat()
        files = [(source.name, stat.st_size, stat.st_mtime_ns)]
    present = [str(root / "corpora" / name) for root in nltk_search_roots() for name in ("wordnet", "wordnet.zip")
               if (root / "corpora" / name).exists()]
    return (str(source), tuple(files), tuple(present))


def reader_source(reader: Any) -> Path:
    """The folder (or zip file) of nltk's WordNet reader ``reader``."""
    root = reader.root
    zipfile = getattr(root, "zipfile", None)
    return Path(zipfile.filename) if zipfile is not None else Path(root.path)


# -- the cache file ---------------------------------------------------------------


def _load_reader() -> Any:
    # imports nltk: only when the table is built
    from amrgen.wordnet import load_wordnet

    return load_wordnet()


def read_table(path: Path) -> WordNetTable | None:
    """The table in the file ``path`` if it is current (this format, built from
    the WordNet there is now), else None; None too when it cannot be read."""
    try:
        with open(path, "rb") as stream:
            header = pickle.load(stream)
            if not (isinstance(header, dict) and header.get("version") == FORMAT_VERSION):
                return None
            recorded = header["fingerprint"]
            if fingerprint(Path(recorded[0])) != recorded:
                return None
            counts, exceptions = pickle.load(stream)
        if set(counts) != set(POS_TAGS) or set(exceptions) != set(POS_TAGS):
            return None
        return WordNetTable(counts, exceptions)
    except Exception:  # noqa: BLE001 (a cache file: whatever is wrong with it, it is built again)
        return None


def write_table(path: Path, table: WordNetTable, source_fingerprint: tuple) -> None:
    """Write the table to ``path`` in one step (:mod:`amrgen.io.atomic`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = pickle.dumps({"version": FORMAT_VERSION, "fingerprint": source_fingerprint},
                          protocol=pickle.HIGHEST_PROTOCOL)
    body = pickle.dumps((table.counts, table.exceptions), protocol=pickle.HIGHEST_PROTOCOL)
    write_atomically(path, header + body)


def read_or_build(path: Path, load_reader: Callable[[], Any] = _load_reader) -> WordNetTable:
    """The table in ``path`` if it is current; otherwise built from the reader
    ``load_reader()`` gives and written to ``path`` (if that fails, the
    table is used all the same)."""
    table = read_table(path)
    if table is None:
        reader = load_reader()
        table = build_table(reader)
        with contextlib.suppress(OSError):
            write_table(path, table, fingerprint(reader_source(reader)))
    return table


@functools.cache
def load_table() -> WordNetTable:
    """The WordNet table, loaded once per process: from the cache, or built
    from nltk's reader the first time (:class:`~amrgen.errors.MissingResourceError`
    when there is no WordNet)."""
    return read_or_build(default_table_path())
