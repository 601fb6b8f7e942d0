"""Dependency trees and POS tags of reference sentences (thesis 5.3).

Three file formats, each holding one sentence per corpus entry, in the
entries' order (the i-th block belongs to the i-th graph):

- Stanford dependencies (the thesis's ``DEPENDENCIES_FILENAME``): one
  ``label(head-i, dependent-j)`` line per token, 1-based indices, ``ROOT-0``
  as the root's head, blocks separated by blank lines. A word may contain
  parentheses, hyphens and commas (``punct(said-3, ,-4)``,
  ``dep(x-2, -LRB--5)``): a node is read from the right, its index being
  the last ``-NUMBER``. A copy node (``wants-3'``, from collapsed
  dependencies) is no token of its own: a line whose dependent is a copy is
  skipped, and a copy as a head stands for its original.
- CoNLL-U (also CoNLL-X): ten tab-separated columns, ``#`` comments,
  blocks separated by blank lines; multiword-token lines (``1-2``) and
  empty nodes (``1.1``) are skipped. The POS tag is XPOS when given (Penn
  Treebank tags, as the thesis uses), else UPOS. This is also the format
  prepared corpora carry (:func:`write_conllu`).
- POS lines (the thesis's ``POS_FILENAME``): the tags of one sentence per
  line, separated by tabs (any whitespace is accepted).

Every tree is checked: exactly one root, heads in range, no cycles. A
malformed file raises :class:`CorpusFormatError` naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from amrgen.io import CorpusFormatError, numbered_lines

_STANFORD_LINE = re.compile(r"\s*([^\s(]+)\((.*?)-(\d+)('*),\s*(.*)-(\d+)('*)\)\s*")


@dataclass
class DependencyParse:
    """A sentence's tokens with their dependency tree and, where known, POS tags and lemmas.

    ``heads[i]`` is the 1-based index of token ``i + 1``'s head, 0 for the root.
    """

    tokens: list[str]
    heads: list[int]
    labels: list[str]
    pos: list[str] | None = None
    lemmas: list[str] | None = None

    def tree_problem(self) -> str | None:
        """Why this is not a dependency tree over its tokens, or None if it is."""
        count = len(self.tokens)
        for name, values in (
            ("heads", self.heads),
            ("labels", self.labels),
            ("pos tags", self.pos),
            ("lemmas", self.lemmas),
        ):
            if values is not None and len(values) != count:
                return f"{len(values)} {name} for {count} tokens"
        roots = [index for index, head in enumerate(self.heads, start=1) if head == 0]
        if len(roots) != 1:
            return f"{len(roots)} roots (tokens {roots}) instead of one"
        for index, head in enumerate(self.heads, start=1):
            if not 0 <= head <= count:
                return f"token {index} has head {head}, outside 0..{count}"
        for index in range(1, count + 1):
            seen = {index}
            head = self.heads[index - 1]
            while head:
                if head in seen:
                    return f"token {index} is on a cycle of heads"
                seen.add(head)
                head = self.heads[head - 1]
        return None


def read_stanford_dependencies(path: str | Path) -> list[DependencyParse]:
    """Read a file of Stanford-dependency blocks, one per sentence."""
    return [_stanford_block(block, str(path)) for block in _blocks(path)]


def read_conllu(path: str | Path) -> list[DependencyParse]:
    """Read a CoNLL-U (or CoNLL-X) file, one parse per sentence."""
    return [_conllu_block(block, str(path)) for block in _blocks(path)]


def read_pos_lines(path: str | Path) -> list[list[str]]:
    """Read a file of POS-tag lines, one list of tags per sentence."""
    lines = list(numbered_lines(path))
    while lines and not lines[-1][1].strip():
        lines.pop()
    sentences = []
    for number, line in lines:
        if not line.strip():
            raise CorpusFormatError(f"{path}:{number}: empty line where POS tags were expected")
        sentences.append(line.split())
    return sentences


def format_conllu(parse: DependencyParse) -> str:
    """One sentence as CoNLL-U lines, each ending in a newline; POS goes to XPOS."""
    lines = []
    for index, token in enumerate(parse.tokens):
        fields = [
            str(index + 1),
            token,
            parse.lemmas[index] if parse.lemmas else "_",
            "_",
            parse.pos[index] if parse.pos else "_",
            "_",
            str(parse.heads[index]),
            parse.labels[index],
            "_",
            "_",
        ]
        if any(not field or "\t" in field or "\n" in field for field in fields):
            raise ValueError(f"token {index + 1} cannot be written as CoNLL-U: {fields}")
        lines.append("\t".join(fields) + "\n")
    return "".join(lines)


def write_conllu(path: str | Path, parses: Iterable[DependencyParse]) -> None:
    """Write parses as a CoNLL-U file, each sentence followed by a blank line."""
    with open(path, "w", encoding="utf-8") as stream:
        for parse in parses:
            stream.write(format_conllu(parse) + "\n")


def _blocks(path: str | Path) -> Iterator[list[tuple[int, str]]]:
    """Runs of non-blank lines with their 1-based line numbers."""
    block: list[tuple[int, str]] = []
    for number, line in numbered_lines(path):
        if line.strip():
            block.append((number, line))
        elif block:
            yield block
            block = []
    if block:
        yield block


def _stanford_block(block: list[tuple[int, str]], path: str) -> DependencyParse:
    words: dict[int, str] = {}
    heads: dict[int, tuple[int, str]] = {}
    for number, line in block:
        match = _STANFORD_LINE.fullmatch(line)
        if not match:
            raise CorpusFormatError(
                f"{path}:{number}: expected label(head-i, dependent-j), got {line.strip()!r}"
            )
        label, head_word, head, _, word, index, copy = match.groups()
        head, index = int(head), int(index)
        if head:
            words.setdefault(head, head_word)
        if copy:
            continue
        if index == 0:
            raise CorpusFormatError(f"{path}:{number}: the dependent cannot be token 0")
        if index in heads:
            raise CorpusFormatError(f"{path}:{number}: token {index} has a second head")
        words[index] = word
        heads[index] = (head, label)
    count = max(words, default=0)
    missing = [index for index in range(1, count + 1) if index not in heads]
    if missing:
        raise CorpusFormatError(f"{path}:{block[0][0]}: token {missing[0]} has no head")
    parse = DependencyParse(
        tokens=[words[index] for index in range(1, count + 1)],
        heads=[heads[index][0] for index in range(1, count + 1)],
        labels=[heads[index][1] for index in range(1, count + 1)],
    )
    return _checked(parse, path, block[0][0])


def _conllu_block(block: list[tuple[int, str]], path: str) -> DependencyParse:
    rows = []
    for number, line in block:
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 10:
            raise CorpusFormatError(
                f"{path}:{number}: expected 10 tab-separated columns, found {len(fields)}"
            )
        if "-" in fields[0] or "." in fields[0]:
            continue
        if fields[0] != str(len(rows) + 1):
            raise CorpusFormatError(
                f"{path}:{number}: expected token id {len(rows) + 1}, found {fields[0]!r}"
            )
        if not fields[6].isdecimal():
            raise CorpusFormatError(f"{path}:{number}: head {fields[6]!r} is not a number")
        rows.append(fields)
    if not rows:
        raise CorpusFormatError(f"{path}:{block[0][0]}: a sentence without tokens")
    pos = [xpos if xpos != "_" else upos for upos, xpos in ((row[3], row[4]) for row in rows)]
    lemmas = [row[2] for row in rows]
    parse = DependencyParse(
        tokens=[row[1] for row in rows],
        heads=[int(row[6]) for row in rows],
        labels=[row[7] for row in rows],
        pos=None if all(tag == "_" for tag in pos) else pos,
        lemmas=None if all(lemma == "_" for lemma in lemmas) else lemmas,
    )
    return _checked(parse, path, block[0][0])


def _checked(parse: DependencyParse, path: str, line: int) -> DependencyParse:
    problem = parse.tree_problem()
    if problem:
        raise CorpusFormatError(f"{path}:{line}: {problem}")
    return parse
