"""WordNet 3.0 through nltk, from the user's nltk_data or from Debian's WordNet files.

nltk's own ``wordnet`` corpus is used when the user has it. Otherwise the files of Debian's
``wordnet-base`` and ``wordnet-sense-index`` packages (in ``/usr/share/wordnet``) are copied, with
the ``lexnames`` file amrgen ships, into ``$XDG_CACHE_HOME/amrgen/nltk_data/corpora/wordnet/``
(about 35 MB), and that folder is put on ``nltk.data.path``. They are copied, not linked, because
nltk refuses paths and symlinks that lead out of its data roots.
"""

import functools
import shutil
import tempfile
import warnings
from pathlib import Path

import nltk
from nltk.corpus.reader.wordnet import WordNetCorpusReader

from amrgen.errors import MissingResourceError
from amrgen.paths import RESOURCES_DIR, cache_dir

SYSTEM_WORDNET_DIR = Path("/usr/share/wordnet")
LEXNAMES_FILE = RESOURCES_DIR / "wordnet" / "lexnames"


def default_cache_root() -> Path:
    """The nltk data root amrgen fills: ``$XDG_CACHE_HOME/amrgen/nltk_data`` (default ``~/.cache``)."""
    return cache_dir() / "nltk_data"


def install_system_wordnet(source: Path = SYSTEM_WORDNET_DIR, data_root: Path | None = None) -> Path:
    """Make ``data_root/corpora/wordnet/`` an nltk WordNet from the system's WordNet files; return ``data_root``.

    Does nothing when that folder already exists. The copy goes to a temporary folder that is
    renamed at the end, so an interrupted or concurrent run never leaves half a corpus.
    """
    data_root = default_cache_root() if data_root is None else data_root
    target = data_root / "corpora" / "wordnet"
    if target.is_dir():
        return data_root
    if not (source / "data.noun").is_file() or not (source / "index.sense").is_file():
        raise MissingResourceError(
            f"WordNet 3.0 not found (no nltk_data 'wordnet', nothing in {source}): "
            "install the Debian packages wordnet-base and wordnet-sense-index (sudo ./setup.sh)"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".wordnet-", dir=target.parent))
    try:
        for path in source.iterdir():
            if path.is_file():
                shutil.copyfile(path, staging / path.name)
        shutil.copyfile(LEXNAMES_FILE, staging / "lexnames")
        try:
            staging.rename(target)
        except OSError:
            if not target.is_dir():  # another process finishing first is fine; anything else is not
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return data_root


class EnglishWordNet(WordNetCorpusReader):
    """nltk's WordNet reader without the Open Multilingual Wordnet: at start,
    nltk maps every synset to the WordNet version its multilingual data was
    made for (``map_wn``), which is about 60 % of the time it takes to load;
    amrgen asks English WordNet 3.0 only, so the mapping is skipped."""

    def __init__(self, root) -> None:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="The multilingual functions are not available")
            super().__init__(root, omw_reader=None)

    def map_wn(self, version: str = "wordnet") -> None:
        return None

    def open(self, fileid):
        """The four lemma indexes, which the reader only reads line by line at
        start, as plain text files (nltk's seekable reader takes ~5x longer)."""
        if fileid in _INDEXES:
            return open(self.abspath(fileid), encoding="utf-8")  # noqa: SIM115 (the caller closes it)
        return super().open(fileid)


_INDEXES = frozenset(f"index.{pos}" for pos in ("noun", "verb", "adj", "adv"))


@functools.cache
def load_wordnet() -> WordNetCorpusReader:
    """The WordNet reader, loaded once: the user's nltk_data ``wordnet`` if present, else the system's."""
    try:
        root = nltk.data.find("corpora/wordnet")  # looks in nltk.data.path only; never downloads
    except LookupError:
        data_root = str(install_system_wordnet())
        if data_root not in nltk.data.path:
            nltk.data.path.append(data_root)
        root = nltk.data.find("corpora/wordnet")
    return EnglishWordNet(root)
