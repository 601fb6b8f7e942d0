"""The corpora of ``../shared`` as data: ``resources/corpora.json`` names each one
the benchmarks, scripts and tests read (its path under ``../shared``, its split,
its licence, whether the shipped model may be trained on it) and the held-out rule
of a corpus without a dev split of its own: every k-th graph held out for choosing
and scoring, the others kept for training (:meth:`RegisteredCorpus.held_out_parts`).
Nothing else writes a ``../shared`` path or the held-out list.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from amrgen.errors import MissingResourceError
from amrgen.io.atomic import write_atomically
from amrgen.paths import PROJECT_ROOT, RESOURCES_DIR

REGISTRY = RESOURCES_DIR / "corpora.json"
FORMAT = "amrgen corpus registry 1"


def shared_dir() -> Path:
    """Where the corpora are: ``$AMRGEN_SHARED``, else ``../shared`` beside the checkout."""
    return Path(os.environ.get("AMRGEN_SHARED") or PROJECT_ROOT.parent / "shared")


@dataclass(frozen=True)
class RegisteredCorpus:
    """One corpus file of ``../shared``."""

    name: str
    path: str
    """Under ``../shared``."""
    split: str
    """``train``, ``dev``, ``test``, ``held-out`` (split by :attr:`held_out_every`),
    ``alignments`` (gold alignments) or ``lm`` (a folder of language-model text)."""
    licence: str
    title: str
    """The domain's name in a table (``LP``, ``Bio``, ...)."""
    held_out_every: int | None = None
    """Every k-th graph held out (the k-th, 2k-th, ...), for a ``held-out`` corpus."""
    permissive: bool = False
    """Whether its licence allows shipping a model trained on it."""

    @property
    def location(self) -> Path:
        return shared_dir() / self.path

    def present(self) -> bool:
        return self.location.exists()

    def missing(self) -> str:
        """One line saying this corpus is not there (for a skipped test or a refused benchmark)."""
        return f"corpus {self.name} missing: no {self.location}"

    def held_out_parts(self, directory: str | Path) -> tuple[Path, Path]:
        """The kept and the held-out part of a ``held-out`` corpus, written into
        ``directory`` as ``NAME-train.txt`` and ``NAME-dev.txt`` (entries as written,
        in corpus order: anyone can make the same split)."""
        if self.held_out_every is None:
            raise ValueError(f"{self.name} has no held-out rule")
        kept, held = split_every(read_text(self), self.held_out_every)
        paths = Path(directory) / f"{self.name}-train.txt", Path(directory) / f"{self.name}-dev.txt"
        for path, entries in zip(paths, (kept, held)):
            write_atomically(path, "".join(entry + "\n\n" for entry in entries))
        return paths


def read_text(corpus: RegisteredCorpus) -> str:
    """The corpus file's text; MissingResourceError in one line where it is not there."""
    if not corpus.present():
        raise MissingResourceError(corpus.missing())
    return corpus.location.read_text(encoding="utf-8")


@cache
def registered() -> dict[str, RegisteredCorpus]:
    """Every corpus of the registry by name."""
    data = json.loads(REGISTRY.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{REGISTRY}: not an {FORMAT} file")
    return {name: RegisteredCorpus(name, **fields) for name, fields in data["corpora"].items()}


def corpus(name: str) -> RegisteredCorpus:
    """The corpus ``name`` (KeyError naming the known ones for another)."""
    found = registered()
    if name not in found:
        raise KeyError(f"no corpus {name!r} in {REGISTRY} (known: {', '.join(found)})")
    return found[name]


def of_split(split: str, permissive: bool | None = None) -> list[RegisteredCorpus]:
    """The corpora of ``split`` (and of that :attr:`~RegisteredCorpus.permissive` value
    where given), in registry order."""
    return [c for c in registered().values()
            if c.split == split and (permissive is None or c.permissive == permissive)]


def held_out_corpora() -> list[RegisteredCorpus]:
    """The corpora split by a held-out rule, in registry order."""
    return [c for c in registered().values() if c.held_out_every is not None]


def blocks(text: str) -> list[str]:
    """The blank-line separated blocks of a corpus file, CRLF read as LF."""
    return [b.strip("\n") for b in text.replace("\r\n", "\n").split("\n\n") if b.strip()]


def is_entry(block: str) -> bool:
    """Whether a block holds a graph (a header of comments only does not)."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in block.splitlines())


def split_every(text: str, every: int) -> tuple[list[str], list[str]]:
    """The entries kept for training and those held out (every ``every``-th), in corpus order."""
    entries = [b for b in blocks(text) if is_entry(b)]
    held = [e for i, e in enumerate(entries) if i % every == every - 1]
    kept = [e for i, e in enumerate(entries) if i % every != every - 1]
    return kept, held


def shipped_or_shared(paths: Sequence[Path], what: str) -> Path:
    """The first of ``paths`` (the project's resources, then ``../shared``) that is a file; a
    MissingResourceError naming ``what`` and every folder looked in where none is."""
    for path in paths:
        if path.is_file():
            return path
    raise MissingResourceError(f"{what} is in none of {', '.join(str(p.parent) for p in paths)}")
