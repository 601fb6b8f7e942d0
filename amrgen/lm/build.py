"""Estimating the generator's n-gram language model (thesis 2.6) with KenLM's tools.

The thesis uses a 3-gram Kneser-Ney model of Gigaword v1 and names higher orders as the obvious
improvement (Sections 6 and 7). :func:`build_lm` estimates a modified Kneser-Ney model of any
order from 2 to :data:`MAX_ORDER` with ``lmplz`` and stores it with ``build_binary`` (trie, optionally quantized), or as
ARPA text when the output's name ends in ``.arpa``.

The text is what the generator produces: tokens as the references are tokenized
(:func:`amrgen.prep.tokenize.tokenize`, Penn-Treebank style, clitics such as ``'s`` and ``n't``
split off), lower-cased, punctuation tokens kept. Sources are

- text files, plain or ``.gz``, one sentence a line: each line is tokenized with
  :func:`~amrgen.prep.tokenize.tokenize` (which leaves already tokenized text as it is) and
  lower-cased; blank lines are skipped;
- AMR corpora (PENMAN files): each entry's reference tokens
  (:func:`~amrgen.prep.tokenize.reference_of`: ``# ::tok``, else ``# ::snt`` tokenized),
  lower-cased; entries that cannot be read or have no sentence are skipped and counted.

The text streams into ``lmplz``'s standard input; its ARPA output and ``build_binary``'s work go to
a temporary directory, and the model replaces ``output`` only once it is complete.
"""

from __future__ import annotations

import contextlib
import gzip
import itertools
import os
import re
import subprocess
import tempfile
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.io import CorpusFormatError
from amrgen.io.penman_corpus import ReadError, iter_corpus
from amrgen.lm.kenlm_tools import find_tool
from amrgen.lm.model import write_checksum
from amrgen.prep.tokenize import reference_of, tokenize

#: The highest order KenLM's query code is compiled for by default (``KENLM_MAX_ORDER``): the
#: ``kenlm`` module's and ``build_binary``'s. ``lmplz`` itself would estimate higher orders.
MAX_ORDER = 6
#: ``lmplz``'s and ``build_binary``'s sorting memory: a share of the machine's memory.
DEFAULT_MEMORY = "40%"
#: Bits per quantized probability and backoff in the binary trie (``build_binary -q -b``).
DEFAULT_QUANTIZE = 8
#: Lines of a failing tool's standard error quoted in the error.
_STDERR_TAIL_LINES = 3
#: Lines of the tools' standard error that say nothing: blank, progress bars, a bare "ERROR".
_NOISE = re.compile(r"\s*|[-*\d\s]+|ERROR")


@dataclass(frozen=True)
class BuildSummary:
    """What :func:`build_lm` did."""

    output: Path
    order: int
    sentences: int
    tokens: int
    skipped: int
    """AMR corpus entries left out: unreadable, or without a sentence."""
    size: int
    """Bytes of the written model."""
    seconds: float


def text_sentences(path: str | Path) -> Iterator[list[str]]:
    """The sentences of a plain or ``.gz`` text file, one a line, tokenized and lower-cased."""
    require_file(path)
    for line in _text_lines(Path(path)):
        tokens = tokenize(line.lower())
        if tokens:
            yield tokens


def amr_sentences(path: str | Path, skipped: Callable[[str], None] = lambda message: None) -> Iterator[list[str]]:
    """The lower-cased reference tokens of an AMR corpus's entries; ``skipped`` hears of the others."""
    require_file(path)
    for item in iter_corpus(path):
        if isinstance(item, ReadError):
            skipped(str(item))
            continue
        try:
            tokens = reference_of(item.metadata).tokens
        except CorpusFormatError as error:
            skipped(f"{item.path}:{item.line}: entry {item.id}: {error}")
            continue
        if tokens:
            yield [token.lower() for token in tokens]


def build_lm(
    texts: Iterable[str | Path],
    output: str | Path,
    *,
    amr_corpora: Iterable[str | Path] = (),
    order: int = 3,
    prune: Sequence[int] | None = None,
    quantize: int | None = DEFAULT_QUANTIZE,
    memory: str = DEFAULT_MEMORY,
    progress: Callable[[str], None] = lambda message: None,
) -> BuildSummary:
    """Estimate an ``order``-gram model from text files and AMR corpora and write it to ``output``.

    ``prune`` gives ``lmplz --prune``'s thresholds, one per order from unigrams on (the first 0,
    non-decreasing; the last applies to the remaining orders): n-grams seen at most that often
    are dropped. ``quantize`` is the bits per probability and backoff of the binary trie (None:
    full floats). ``progress`` hears what is going on, one line at a time.
    """
    started = time.perf_counter()
    output = Path(output)
    texts, amr_corpora = [Path(p) for p in texts], [Path(p) for p in amr_corpora]
    _check_options(texts + amr_corpora, order, prune, quantize)
    lmplz, build_binary = find_tool("lmplz"), find_tool("build_binary")
    skipped: list[str] = []

    def skip(message: str) -> None:
        skipped.append(message)
        progress(f"skipped {message}")

    def sentences() -> Iterator[list[str]]:
        for path in texts:
            progress(f"reading {path}")
            yield from text_sentences(path)
        for path in amr_corpora:
            progress(f"reading {path}")
            yield from amr_sentences(path, skip)

    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="amrgen-lm-", dir=output.parent) as work:
        work = Path(work)
        arpa = work / "lm.arpa"
        command = [str(lmplz), "-o", str(order), "-S", memory, "-T", str(work), "--discount_fallback",
                   "--skip_symbols"]
        if prune:
            command += ["--prune", *map(str, prune)]
        sentence_count, token_count = _run_lmplz(command, sentences(), arpa, work / "lmplz.log")
        progress(f"lmplz: {sentence_count} sentences, {token_count} tokens, order {order}")
        if output.name.endswith(".arpa"):
            built = arpa
        else:
            built = work / "lm.binary"
            command = [str(build_binary), "-S", memory, "-T", str(work)]
            if quantize:
                command += ["-q", str(quantize), "-b", str(quantize)]
            _run(command + ["trie", str(arpa), str(built)], work / "build_binary.log")
            progress(f"build_binary: trie{f', {quantize}-bit quantized' if quantize else ''}")
        os.replace(built, output)
    write_checksum(output)
    return BuildSummary(output, order, sentence_count, token_count, len(skipped), output.stat().st_size,
                        time.perf_counter() - started)


def require_file(path: str | Path) -> None:
    """Raise :class:`MissingResourceError` unless ``path`` is a file."""
    if not Path(path).is_file():
        raise MissingResourceError(f"{path}: no such file")


def _check_options(sources: list[Path], order: int, prune: Sequence[int] | None, quantize: int | None) -> None:
    if not sources:
        raise AmrgenError("no text files or AMR corpora to estimate the language model from")
    for path in sources:
        require_file(path)
    if not 2 <= order <= MAX_ORDER:
        raise AmrgenError(f"order {order}: expected 2 to {MAX_ORDER} (KenLM's query code supports up to {MAX_ORDER})")
    if prune and (len(prune) > order or prune[0] != 0 or any(a > b for a, b in itertools.pairwise(prune))):
        raise AmrgenError(
            f"--prune {' '.join(map(str, prune))}: expected at most {order} non-decreasing counts "
            "starting with 0 (unigrams are never pruned), e.g. 0 0 1"
        )
    if quantize is not None and not 1 <= quantize <= 25:
        raise AmrgenError(f"quantize {quantize}: build_binary quantizes to 1 to 25 bits")


def _run_lmplz(command: list[str], sentences: Iterable[list[str]], arpa: Path, log: Path) -> tuple[int, int]:
    """Run ``lmplz``, feeding it the sentences; the numbers of sentences and tokens fed."""
    sentence_count = token_count = 0
    with arpa.open("wb") as out, log.open("wb") as err:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out, stderr=err)
        try:
            # BrokenPipeError: lmplz stopped early, and its status and log say why
            with contextlib.suppress(BrokenPipeError), process.stdin as stdin:
                for tokens in sentences:
                    stdin.write((" ".join(tokens) + "\n").encode("utf-8"))
                    sentence_count += 1
                    token_count += len(tokens)
        except BaseException:
            process.kill()
            process.wait()
            raise
        status = process.wait()
    if not sentence_count:
        raise AmrgenError("the sources hold no sentence to estimate the language model from")
    _check_status("lmplz", status, log)
    return sentence_count, token_count


def _run(command: list[str], log: Path) -> None:
    with log.open("wb") as err:
        status = subprocess.run(command, stdout=err, stderr=subprocess.STDOUT, check=False).returncode
    _check_status(Path(command[0]).name, status, log)


def _check_status(tool: str, status: int, log: Path) -> None:
    if status != 0:
        lines = [line for line in log.read_text("utf-8", "replace").splitlines() if not _NOISE.fullmatch(line)]
        tail = " | ".join(lines[-_STDERR_TAIL_LINES:]) or "no message"
        raise AmrgenError(f"{tool} failed (exit status {status}): {tail}")


def _text_lines(path: Path) -> Iterator[str]:
    """The lines of a UTF-8 text file, gzip-compressed when its name ends in ``.gz``."""
    opener = gzip.open if path.suffix == ".gz" else open
    number = 0
    try:
        with opener(path, "rb") as stream:
            for number, raw in enumerate(stream, start=1):
                yield raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as error:
        raise AmrgenError(f"{path}:{number}: not UTF-8 text ({error.reason})") from None
    except (OSError, EOFError, zlib.error) as error:
        raise AmrgenError(f"{path}: cannot read it as {'gzip-compressed ' if opener is gzip.open else ''}"
                          f"text after line {number}: {error}") from None
