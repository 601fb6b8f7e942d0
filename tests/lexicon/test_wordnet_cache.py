"""The WordNet table's cache file (amrgen.lexicon.wordnet_cache): JSON, versioned, refused when damaged."""

import json
import os
import pickle
import shutil
from types import SimpleNamespace

import pytest

from amrgen.io.cache_file import CacheFileError
from amrgen.lexicon import wordnet_cache
from amrgen.lexicon.wordnet_cache import (
    FORMAT_VERSION,
    default_table_path,
    read_or_build,
    read_table,
)
from amrgen.lexicon.wordnet_table import POS_TAGS, WordNetTable


class Builds:
    """A WordNet folder, a reader of it that nltk would give, and a count of tables built."""

    def __init__(self, folder, monkeypatch):
        self.folder = folder
        self.count = 0
        folder.mkdir()
        (folder / "index.noun").write_text("dog n 1 0 1 0 02084071\n")
        monkeypatch.setattr(wordnet_cache, "build_table", self.build)

    def reader(self):
        return SimpleNamespace(root=SimpleNamespace(path=str(self.folder)))

    def build(self, reader):
        self.count += 1
        return WordNetTable({tag: {"dog": self.count, "cat": 0} for tag in POS_TAGS},
                            {tag: {"ran": ("run",), "axes": ("ax", "axis")} if tag == "n" else {} for tag in POS_TAGS})


@pytest.fixture
def builds(tmp_path, monkeypatch):
    return Builds(tmp_path / "wordnet", monkeypatch)


def test_round_trip(builds, tmp_path):
    path = tmp_path / "cache" / "wordnet-table.json"
    built = read_or_build(path, builds.reader)
    read = read_table(path)
    assert read is not None and builds.count == 1
    assert read.counts == built.counts and read.exceptions == built.exceptions
    assert read.exceptions["n"]["axes"] == ("ax", "axis")  # tuples again, as built
    assert read.morphy("axes", "n") == built.morphy("axes", "n")
    assert json.loads(path.read_text().splitlines()[0])["version"] == FORMAT_VERSION


def test_the_cache_is_read_until_wordnet_changes(builds, tmp_path, monkeypatch):
    path = tmp_path / "cache" / "wordnet-table.json"
    assert read_or_build(path, builds.reader).count("dog", "n") == 1
    assert read_or_build(path, builds.reader).count("dog", "n") == 1
    assert builds.count == 1
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left

    (builds.folder / "index.noun").write_text("dog n 1 0 1 0 02084071\ncat n 1 0 1 0 02121620\n")
    assert read_or_build(path, builds.reader).count("dog", "n") == 2
    assert read_or_build(path, builds.reader).count("dog", "n") == 2

    stat = (builds.folder / "index.noun").stat()
    os.utime(builds.folder / "index.noun", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert read_or_build(path, builds.reader).count("dog", "n") == 3

    (builds.folder / "verb.exc").write_text("ran run\n")
    assert read_or_build(path, builds.reader).count("dog", "n") == 4

    nltk_data = tmp_path / "nltk_data"  # a WordNet where nltk looks first would be the one it loads
    monkeypatch.setenv("NLTK_DATA", str(nltk_data))
    assert read_or_build(path, builds.reader).count("dog", "n") == 4
    (nltk_data / "corpora" / "wordnet").mkdir(parents=True)
    assert read_or_build(path, builds.reader).count("dog", "n") == 5
    assert read_or_build(path, builds.reader).count("dog", "n") == 5

    shutil.rmtree(builds.folder)  # the recorded WordNet is gone: built from what the reader finds now
    assert read_table(path) is None


def _header(path):
    first, _, rest = path.read_text().partition("\n")
    return json.loads(first), rest


DEEP = "[" * 100_000 + "]" * 100_000
"""JSON nested deeper than Python's parser can recurse."""


@pytest.mark.parametrize(("damage", "says"), [
    ("garbage", "not an amrgen WordNet table"),
    ("empty", "not an amrgen WordNet table"),
    ("foreign JSON", "not an amrgen WordNet table"),
    ("truncated", "damaged"),
    ("header only", "damaged"),
    ("wrong shape", "damaged"),
    ("deep body", "damaged"),  # issue 34, point 5: 100,000 levels of nesting, no RecursionError
    ("deep header", "not an amrgen WordNet table"),
    ("old version", f"of version {FORMAT_VERSION - 1}, not {FORMAT_VERSION}"),
    ("newer version", f"of version {FORMAT_VERSION + 1}, not {FORMAT_VERSION}"),
])
def test_a_damaged_foreign_or_other_version_file_is_refused_in_one_line_and_built_again(
        builds, tmp_path, capsys, damage, says):
    path = tmp_path / "wordnet-table.json"
    read_or_build(path, builds.reader)
    data = path.read_bytes()
    header, body = _header(path)
    if damage == "garbage":
        path.write_bytes(b"\x80\x05not JSON at all\n" + data[:100])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "foreign JSON":
        path.write_text(json.dumps({"counts": {}}) + "\n" + body)
    elif damage == "truncated":
        path.write_bytes(data[:len(data) - 20])
    elif damage == "header only":
        path.write_text(json.dumps(header) + "\n")
    elif damage == "wrong shape":
        table = json.loads(body)
        table["counts"]["v"]["names"] = ["dog"]
        path.write_text(json.dumps(header) + "\n" + json.dumps(table) + "\n")
    elif damage == "deep body":
        path.write_text(json.dumps(header) + "\n" + DEEP + "\n")
    elif damage == "deep header":
        path.write_text(DEEP + "\n" + body)
    else:
        version = header["version"] + (-1 if damage == "old version" else 1)
        path.write_text(json.dumps({**header, "version": version}) + "\n" + body)
    capsys.readouterr()
    with pytest.raises(CacheFileError, match=str(path)):
        read_table(path)
    assert read_or_build(path, builds.reader).count("dog", "n") == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(path) in error and says in error and "Traceback" not in error
    assert read_or_build(path, builds.reader).count("dog", "n") == 2  # the file built again is read
    assert builds.count == 2 and capsys.readouterr().err == ""


def test_a_cache_that_cannot_be_written_still_gives_the_table(builds, tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    path = blocked / "wordnet-table.json"
    assert read_or_build(path, builds.reader).count("dog", "n") == 1
    assert read_or_build(path, builds.reader).count("dog", "n") == 2


def test_a_cache_folder_that_takes_no_file_or_a_link_in_its_place_still_gives_the_table(builds, unwritable_dir,
                                                                                         tmp_path):
    """The atomic writer refuses these with AmrgenError (issue 34, point 1): the table is used all the same."""
    assert read_or_build(unwritable_dir / "wordnet-table.json", builds.reader).count("dog", "n") == 1  # built once
    link = tmp_path / "wordnet-table.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    assert read_or_build(link, builds.reader).count("dog", "n") == 2  # built again: nothing was kept
    assert link.is_symlink() and not (tmp_path / "elsewhere.json").exists()


class _Planted:
    """Unpickling this runs ``open(marker, "w")``: a pickle is code."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_an_old_pickle_cache_is_never_opened(builds, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    old = default_table_path().with_name("wordnet-table.pickle")
    old.parent.mkdir(parents=True)
    marker = tmp_path / "unpickled"
    old.write_bytes(pickle.dumps(_Planted(marker)))
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda file, *a, **k: opened.append(str(file)) or real_open(file, *a, **k))
    assert read_or_build(default_table_path(), builds.reader).count("dog", "n") == 1
    assert not marker.exists() and str(old) not in opened
    assert default_table_path().is_file() and default_table_path().suffix == ".json"
