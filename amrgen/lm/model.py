"""The n-gram language model p_LM of the generator (thesis 2.6) and score_LM (Eq. equ:score_lm).

Section 4.2.1 scores a transition sequence with a linear combination of score_TS and

    score_LM(w) = log p_LM(w) · |w|^-1,

the log probability of the sentence w under an n-gram model, divided by its length "to compensate
for the fact that n-gram language models tend to favor sentences with only few words".
:class:`LanguageModel` is that model: a KenLM model (ARPA text, plain or gzip-compressed, or a
KenLM binary file, as written by ``amrgen lm build``) queried through the ``kenlm`` module.

Conventions, used the same way by every method:

- **Words.** A sequence of tokens is joined with spaces and split on whitespace, as KenLM itself
  does; so empty tokens (a deleted vertex's empty realization) disappear and a token holding a
  space (a multi-word realization such as ``"as well"``) counts as its words. Tokens are
  otherwise used as they are: the generator gives lower-cased tokens, punctuation included, as
  the default model was trained on (:mod:`amrgen.lm.build`).
- **Logarithms** are base 10, KenLM's and the reference implementation's (its tuned
  θ_LM = 37.6 was fitted to log10 scores).
- **Boundaries.** ``bos`` conditions the first word on ``<s>``; ``eos`` adds the probability
  term of ``</s>`` after the last word. Neither is a word: |w| counts the words only, so with
  ``eos`` the sum of |w| + 1 terms is divided by |w| (as the reference implementation does).
- **Unknown words** get the model's ``<unk>`` probability (``lmplz`` estimates one), as in KenLM.
- **The empty sequence** has no words to average over: its score_LM is 0.0 (no LM term), while
  its log10 probability is that of the boundaries alone (log10 p(</s> | <s>) with both).
"""

from __future__ import annotations

import gzip
import hashlib
import math
import re
import zlib
from collections import OrderedDict
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path

import kenlm

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.paths import RESOURCES_DIR

#: The language model amrgen ships: 3-gram, built by ``amrgen lm build`` (see README.md).
DEFAULT_LM = RESOURCES_DIR / "default" / "lm.binary"

#: The suffix of the file ``amrgen lm build`` (and ``amrgen lm checksum``) writes beside a model:
#: its size and SHA-256, ``SIZE HEX`` on one line, the model's manifest. KenLM maps a binary file
#: without checking its length, so a copy cut short or with bytes flipped would load and score
#: wrongly; with this file beside it, it is refused instead. A model without it (built by KenLM's
#: tools directly) is loaded unchecked, and the commands and the application say so in one line
#: (:func:`unchecked_note`); it is never written on loading: the directory may be read-only, and a
#: damaged file would be recorded as sound.
CHECKSUM_SUFFIX = ".sha256"
_CHECKSUM_LINE = re.compile(r"(\d{1,20}) ([0-9a-f]{64})\n?")
#: More than a checksum file can hold: one is not read past this.
_MAX_CHECKSUM_BYTES = 256

#: How many (words, bos, eos) scores a model keeps by default (least recently used go first).
DEFAULT_CACHE_SIZE = 1 << 18

_BINARY_MAGIC = b"mmap lm "
_GZIP_MAGIC = b"\x1f\x8b"
_NGRAM_COUNT = re.compile(rb"ngram\s+(\d+)\s*=\s*(\d+)\s*")
_DEFLATE_RATIO = 1032
"""Deflate expands data at most this much: what a gzip-compressed ARPA file can hold."""
_NGRAM_LINE_BYTES = 4
"""The fewest bytes of an ARPA n-gram line (log probability, tab, word, newline)."""

_KENLM_MESSAGE = re.compile(r"Cannot read model '.*?' \((.*)\)", re.DOTALL)
_KENLM_LOCATION = re.compile(r"^.*? threw \w+(?: because `.*?')?\.\s*", re.DOTALL)


def _reason(error: Exception) -> str:
    """KenLM's message without its wrapper and C++ source location (file, function, condition)."""
    message = str(error)
    inner = _KENLM_MESSAGE.fullmatch(message)
    if inner:
        message = _KENLM_LOCATION.sub("", inner.group(1))
    return message.strip() or type(error).__name__


def checksum_path(path: str | Path) -> Path:
    """The file beside the model at ``path`` that records its size and SHA-256."""
    path = Path(path)
    return path.with_name(path.name + CHECKSUM_SUFFIX)


def _fingerprint(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return f"{path.stat().st_size} {digest.hexdigest()}"


def write_checksum(path: str | Path) -> None:
    """Record the size and SHA-256 of the model at ``path`` beside it (:data:`CHECKSUM_SUFFIX`)."""
    checksum_path(path).write_text(_fingerprint(Path(path)) + "\n", encoding="ascii")


def unchecked_note(path: str | Path) -> str | None:
    """The one-line warning for the model at ``path`` when nothing records its checksum
    (None when its checksum file is there, whether it matches being :func:`check_checksum`'s,
    and when there is no model at ``path``: loading it says so, and a warning first would mislead)."""
    if checksum_path(path).exists() or not Path(path).is_file():
        return None
    return (f"{path}: no {checksum_path(path).name} beside it, so damage to it goes unnoticed "
            f"(amrgen lm checksum {path} records its checksum)")


def check_checksum(path: Path) -> None:
    """Refuse the model at ``path`` if the size and SHA-256 recorded beside it are not its own,
    or the record is not one (a model without that file is loaded as it is, see
    :data:`CHECKSUM_SUFFIX`)."""
    recorded_at = checksum_path(path)
    if not recorded_at.exists():
        return
    if not recorded_at.is_file():  # opening a FIFO would wait for a writer for ever
        raise AmrgenError(f"{recorded_at}: not a regular file; the model's size and SHA-256 are recorded in one")
    try:
        with recorded_at.open("rb") as stream:
            text = stream.read(_MAX_CHECKSUM_BYTES).decode("ascii")
    except (OSError, UnicodeDecodeError) as error:
        raise AmrgenError(f"{recorded_at}: unreadable ({error.__class__.__name__})") from None
    recorded = _CHECKSUM_LINE.fullmatch(text)
    if recorded is None:
        raise AmrgenError(f"{recorded_at}: malformed: expected the model's size and SHA-256 (SIZE HEX) on one line")
    size = path.stat().st_size
    if recorded.group(1) != str(size):
        raise AmrgenError(f"{path}: damaged: {size} bytes, where {recorded_at.name} records "
                          f"{recorded.group(1)!r}")
    if f"{recorded.group(1)} {recorded.group(2)}" != _fingerprint(path):
        raise AmrgenError(f"{path}: damaged: its SHA-256 is not the one {recorded_at.name} records")


def _check_arpa_counts(path: Path) -> None:
    """Refuse an ARPA file (plain or gzip-compressed) whose header declares more
    n-grams than the file can hold, before KenLM allocates room for them all
    (KenLM checks a binary file's header against its size itself)."""
    try:
        with open(path, "rb") as raw:
            magic = raw.read(len(_BINARY_MAGIC))
        if magic.startswith(_BINARY_MAGIC):
            return
        compressed = magic.startswith(_GZIP_MAGIC)
        capacity = path.stat().st_size * (_DEFLATE_RATIO if compressed else 1)
        with gzip.open(path) if compressed else open(path, "rb") as text:
            total = 0
            for number in range(1, 101):  # the header, read a line of at most 4 KiB at a time
                line = text.readline(4096)
                if not line or line.strip() == b"\\1-grams:":
                    return
                count = _NGRAM_COUNT.fullmatch(line.strip())
                if count:
                    total += int(count.group(2))
                    if total * _NGRAM_LINE_BYTES > capacity:
                        raise AmrgenError(f"{path}:{number}: the header declares {total} n-grams, more than "
                                          f"the file's {path.stat().st_size} bytes can hold")
    except (OSError, EOFError, zlib.error) as error:
        raise AmrgenError(f"{path}: not a language model KenLM can read: {error}") from None


def words_of(tokens: Sequence[str]) -> list[str]:
    """The words KenLM sees in ``tokens``: joined with spaces, split on whitespace (module docstring)."""
    return " ".join(tokens).split()


class LanguageModel:
    """A KenLM n-gram model with memoised log10 probabilities and score_LM (Eq. equ:score_lm).

    Pickling keeps only the path and the cache size: the copy (in a worker process, say) loads
    the file again.
    """

    def __init__(self, model: kenlm.Model, path: Path, cache_size: int = DEFAULT_CACHE_SIZE):
        self._model = model
        self.path = path
        self.order: int = model.order
        self._cache_size = cache_size
        self._cache: OrderedDict[tuple[tuple[str, ...], bool, bool], tuple[float, int]] = OrderedDict()

    @classmethod
    def load(cls, path: str | Path, cache_size: int = DEFAULT_CACHE_SIZE) -> LanguageModel:
        """Load an ARPA file (plain or gzip-compressed) or a KenLM binary file.

        Raises :class:`MissingResourceError` if there is no such file and :class:`AmrgenError`
        if it is not a language model KenLM can read.
        """
        path = Path(path)
        if not path.is_file():
            raise MissingResourceError(f"{path}: no such language model file")
        _check_arpa_counts(path)
        check_checksum(path)
        config = kenlm.Config()
        config.show_progress = False
        config.arpa_complain = kenlm.ARPALoadComplain.NONE
        try:
            model = kenlm.Model(str(path), config)
        except (OSError, RuntimeError, ValueError) as error:
            raise AmrgenError(f"{path}: not a language model KenLM can read: {_reason(error)}") from None
        return cls(model, path, cache_size)

    def __reduce__(self):
        return type(self).load, (self.path, self._cache_size)

    def __repr__(self) -> str:
        return f"LanguageModel({str(self.path)!r}, order={self.order})"

    def log10_probability(self, words: Sequence[str], bos: bool = True, eos: bool = True) -> float:
        """log10 p_LM(w) of the words, with the sentence boundaries asked for (memoised)."""
        return self._scored(words, bos, eos)[0]

    def unmemoised_log10_probability(self, words: Sequence[str], bos: bool = True, eos: bool = True) -> float:
        """:meth:`log10_probability` straight from KenLM, for a caller that keeps its own
        memo: the search asks each partial yield once per graph (``amrgen.decoding.beam``),
        and going through this model's memo cost more than KenLM's answer."""
        return self._model.score(" ".join(words), bos=bos, eos=eos)

    def score_lm(self, words: Sequence[str], bos: bool = True, eos: bool = True) -> float:
        """score_LM(w) = log10 p_LM(w) · |w|^-1 (Eq. equ:score_lm), |w| the number of words; 0.0 if none."""
        log10_probability, length = self._scored(words, bos, eos)
        return log10_probability / length if length else 0.0

    def _scored(self, words: Sequence[str], bos: bool, eos: bool) -> tuple[float, int]:
        """log10 p_LM(w) and |w|, from the cache or from KenLM."""
        key = (tuple(words), bos, eos)
        scored = self._cache.get(key)
        if scored is not None:
            self._cache.move_to_end(key)
            return scored
        sentence = " ".join(key[0])
        scored = self._cache[key] = (self.unmemoised_log10_probability(key[0], bos, eos), len(sentence.split()))
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return scored

    def memoised(self) -> frozenset[tuple[tuple[str, ...], bool, bool]]:
        """The questions whose answers the memo of :meth:`log10_probability` holds now."""
        return frozenset(self._cache)

    def forget_answers(self, keep: Collection[tuple[tuple[str, ...], bool, bool]] = frozenset()) -> None:
        """The memo of answers cut back to the questions of ``keep`` (:meth:`memoised`; none: emptied)."""
        for key in [key for key in self._cache if key not in keep]:
            del self._cache[key]

    def perplexity(self, sentences: Iterable[Sequence[str]]) -> float:
        """The perplexity of the model on the sentences, each with both boundaries.

        10 ** (-Σ log10 p(sentence) / N), N the number of words plus one ``</s>`` per sentence,
        as KenLM's ``query`` counts; unknown words count with the ``<unk>`` probability.
        Raises ``ValueError`` when there is no sentence.
        """
        total, count = 0.0, 0
        for sentence in sentences:
            total += self._model.score(" ".join(sentence), bos=True, eos=True)
            count += len(words_of(sentence)) + 1
        if not count:
            raise ValueError("perplexity of no sentences")
        return math.pow(10.0, -total / count)

    def is_oov(self, word: str) -> bool:
        """Whether ``word`` is out of the model's vocabulary (scored as ``<unk>``)."""
        return word not in self._model
