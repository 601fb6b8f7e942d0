"""Node addresses in PENMAN trees and token alignments (thesis 5.3).

**Canonical paths.** A place in a tree read by :func:`penman.parse` is a tuple
of 0-based indices. At each node the branches are numbered in written order,
leaving out the ``:instance`` (``/``) branch and counting every other branch:
nested nodes, constants (``:polarity -``, ``:op1 "Cairo"``, ``:mode
imperative``) and references to variables defined elsewhere (reentrancies)
alike. The root is ``()``. In ``(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02
:ARG0 b))`` the path ``(1, 0)`` is the reference ``b`` under ``go-02``.

**JAMR addresses** (``# ::alignments 1-2|0.0+0.0.0 2-3|0 4-5|0.1``, the format
of Flanigan et al. 2014 that the thesis's ``AMR_FILENAME`` carries): each item
is ``start-end|address+address...``, a span of 0-based tokens (end
exclusive) aligned to nodes. ``0`` is the root and ``0.i`` its i-th child,
0-based. JAMR numbers the children of its parsed graph, in which a
reentrant reference is not a child: JAMR's docs (``docs/Alignment_Format.md``:
"This numbering system skips variable re-entrancies", with the example
``:ARG1 (a / access-01 :ARG0 o :ARG1 (f / facility ...) :mod (f2 / full))``
where ``facility`` is ``0.1.0``) and its ``Graph.makeIds``, which numbers
``topologicalOrdering`` (nested nodes and constants, but not the
``variableRelations``), agree. Constants are counted: the docs align
``2002`` in ``(d / date-entity :year 2002 ...)`` as ``0.0`` and ``"Saudi"``
in ``(c / country :name (n / name :op1 "Saudi" ...))`` as ``0.0.0``. So a
JAMR address is converted to a canonical path by skipping branches whose
target is a reference to a variable (:func:`jamr_path_to_canonical`).

**ISI addresses** (``# ::alignments 1-1.1.1 2-1 4-1.2`` of Pourdamghani et al.
2014, the thesis's ``EM_ALIGNMENTS_FILENAME`` and the Bio AMR release's
``alignments-dev.txt``): each item is ``token-address``, a single 0-based
token; the address is 1-based, ``1`` being the root and ``1.i`` its i-th
child, counting reentrant references and constants like canonical paths do,
so ``1.2.1`` is the canonical ``(1, 0)``. A trailing ``.r`` aligns the token
to the role leading to that node instead of the node itself. On Bio AMR
v0.8 dev (``alignments-dev.txt``) this reading gives exactly the ``~e.N``
marks that the same release puts on the graphs: all 500 entries, 12663
alignments (198 of them to reentrant references); skipping reentrancies
would agree on 256 entries only, skipping constants on 8 (checked by
``tests/io/test_io_alignments.py``).

**Surface marks** ``want-01~e.3``, ``:ARG0~e.2``, ``"Cairo"~e.4,5`` (LDC's
inline form of ISI alignments, kept by ``penman.parse`` in the strings) are
split by :func:`strip_surface_alignment`; :func:`surface_alignments` reads
them all as :class:`TokenAlignment` s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import penman
from penman.tree import Node

from amrgen.io import CorpusFormatError

TreePath = tuple[int, ...]
"""A canonical path: 0-based branch indices, the ``/`` branch left out; the root is ``()``."""

Target = Node | str
"""What a path points at: a nested node ``(variable, branches)``, a reference or a constant."""

_JAMR_ITEM = re.compile(r"(\d+)-(\d+)\|(0(?:\.\d+)*(?:\+0(?:\.\d+)*)*)")
_ISI_ITEM = re.compile(r"(\d+)-(1(?:\.\d+)*)(\.r)?")
_SURFACE_MARK = re.compile(r"~(?:[A-Za-z]\.)?(\d+(?:,\d+)*)$")


@dataclass(frozen=True)
class TokenAlignment:
    """A token aligned to the node at ``path``, or to the role leading to it if ``is_role``."""

    token: int
    """0-based token index."""
    path: TreePath
    is_role: bool = False


@dataclass(frozen=True)
class JamrSpan:
    """One JAMR item: tokens ``start`` to ``end - 1`` aligned to every node of ``paths``.

    The paths are in JAMR numbering (reentrancies skipped), relative to the
    root: the address ``0.1.0`` is ``(1, 0)``. :func:`jamr_token_alignments`
    converts them.
    """

    start: int
    end: int
    paths: tuple[TreePath, ...]


def resolve_path(tree: penman.Tree, path: TreePath) -> Target:
    """The target at ``path``: ``tree.node`` for ``()``, else the target of the branch there.

    Raises :class:`CorpusFormatError` if there is no such place.
    """
    return _branch(tree, path)[1]


def resolve_role(tree: penman.Tree, path: TreePath) -> str:
    """The role (as written, marks included) of the branch leading to ``path``."""
    if not path:
        raise CorpusFormatError("the root has no incoming role")
    return _branch(tree, path)[0]


def iter_paths(tree: penman.Tree) -> Iterator[tuple[TreePath, Target]]:
    """Every ``(path, target)`` of the tree, root first, depth-first in written order."""
    return ((path, target) for path, _, target in _walk(tree))


def variables(tree: penman.Tree) -> set[str]:
    """The variables the tree defines; a string target among them is a reference."""
    return {variable for variable, _ in tree.nodes()}


def parse_jamr_alignments(line: str) -> list[JamrSpan]:
    """Parse a JAMR alignment line (with or without ``# ::alignments``).

    Anything from the first `` ::`` on (``::annotator``, ``::date``) is ignored.
    """
    spans = []
    for item in _items(line):
        match = _JAMR_ITEM.fullmatch(item)
        if not match:
            raise CorpusFormatError(
                f"malformed JAMR alignment {item!r}: expected start-end|0.i+0.j"
            )
        start, end = int(match.group(1)), int(match.group(2))
        if start >= end:
            raise CorpusFormatError(f"malformed JAMR alignment {item!r}: empty token span")
        paths = tuple(
            tuple(int(index) for index in address.split(".")[1:])
            for address in match.group(3).split("+")
        )
        spans.append(JamrSpan(start, end, paths))
    return spans


def jamr_path_to_canonical(tree: penman.Tree, jamr_path: TreePath) -> TreePath:
    """Convert a JAMR-numbered path (reentrant references skipped) to a canonical one."""
    references = variables(tree)
    node: Target = tree.node
    path: TreePath = ()
    for step in jamr_path:
        if not isinstance(node, tuple):
            raise CorpusFormatError(f"JAMR address {_jamr_address(jamr_path)} does not exist")
        counted = [
            (index, target)
            for index, (_, target) in enumerate(_children(node))
            if not _is_reference(target, references)
        ]
        if step >= len(counted):
            raise CorpusFormatError(
                f"JAMR address {_jamr_address(jamr_path)} does not exist: "
                f"node {node[0]} has {len(counted)} children"
            )
        index, node = counted[step]
        path += (index,)
    return path


def jamr_token_alignments(
    tree: penman.Tree, spans: Iterable[JamrSpan], token_count: int
) -> list[TokenAlignment]:
    """One node alignment per token of each span and node of its fragment, canonical paths.

    Each span is checked against the sentence's ``token_count`` first: a span
    such as ``0-99999999999999999999`` raises :class:`CorpusFormatError`
    instead of being spelt out token by token.
    """
    spans = list(spans)
    for span in spans:
        if span.end > token_count:
            raise CorpusFormatError(
                f"JAMR alignment span {span.start}-{span.end} is out of range: "
                f"the sentence has {token_count} tokens"
            )
    return [
        TokenAlignment(token, jamr_path_to_canonical(tree, path))
        for span in spans
        for path in span.paths
        for token in range(span.start, span.end)
    ]


def parse_isi_alignments(line: str) -> list[TokenAlignment]:
    """Parse an ISI alignment line (with or without ``# ::alignments``) into canonical paths."""
    alignments = []
    for item in _items(line):
        match = _ISI_ITEM.fullmatch(item)
        if not match:
            raise CorpusFormatError(
                f"malformed ISI alignment {item!r}: expected token-1.i.j, optionally ending in .r"
            )
        indices = [int(index) for index in match.group(2).split(".")[1:]]
        if 0 in indices:
            raise CorpusFormatError(f"malformed ISI alignment {item!r}: child numbers start at 1")
        path = tuple(index - 1 for index in indices)
        alignments.append(TokenAlignment(int(match.group(1)), path, match.group(3) is not None))
    return alignments


def check_alignment(
    tree: penman.Tree, tokens: Sequence[str], alignments: Iterable[TokenAlignment]
) -> list[str]:
    """One-line descriptions of the alignments that point nowhere; empty if all are fine."""
    problems = []
    for alignment in alignments:
        if not 0 <= alignment.token < len(tokens):
            problems.append(
                f"token {alignment.token} is out of range: the sentence has {len(tokens)} tokens"
            )
        try:
            if alignment.is_role:
                resolve_role(tree, alignment.path)
            else:
                resolve_path(tree, alignment.path)
        except CorpusFormatError as error:
            problems.append(f"token {alignment.token} is aligned to a missing place: {error}")
    return problems


def strip_surface_alignment(text: str) -> tuple[str, list[int]]:
    """Split ``want-01~e.3``, ``:ARG0~e.2``, ``"Cairo"~e.4,5`` or ``x~3`` into label and tokens.

    The token indices are 0-based, as written; a string without a mark gives
    ``(text, [])``.
    """
    match = _SURFACE_MARK.search(text)
    if not match:
        return text, []
    return text[: match.start()], [int(index) for index in match.group(1).split(",")]


def surface_alignments(tree: penman.Tree) -> list[TokenAlignment]:
    """The alignments written as ``~e.N`` marks in the tree, in written order.

    A mark on a concept or on a constant or reference aligns that node; a
    mark on a role aligns the role (``is_role``).
    """
    alignments = []
    for path, role, target in _walk(tree):
        if role is not None:
            _, tokens = strip_surface_alignment(role)
            alignments.extend(TokenAlignment(token, path, True) for token in tokens)
        label = target[1][0][1] if isinstance(target, tuple) else target
        _, tokens = strip_surface_alignment(label)
        alignments.extend(TokenAlignment(token, path) for token in tokens)
    return alignments


def _walk(tree: penman.Tree) -> Iterator[tuple[TreePath, str | None, Target]]:
    """``(path, role leading there, target)``, depth-first in written order; root role None."""

    def walk(
        path: TreePath, role: str | None, node: Target
    ) -> Iterator[tuple[TreePath, str | None, Target]]:
        yield path, role, node
        if isinstance(node, tuple):
            for index, (child_role, target) in enumerate(_children(node)):
                yield from walk(path + (index,), child_role, target)

    return walk((), None, tree.node)


def _is_reference(target: Target, references: set[str]) -> bool:
    return isinstance(target, str) and strip_surface_alignment(target)[0] in references


def _children(node: Node) -> list[tuple[str, Target]]:
    return [branch for branch in node[1] if branch[0] != "/"]


def _branch(tree: penman.Tree, path: TreePath) -> tuple[str | None, Target]:
    role: str | None = None
    target: Target = tree.node
    for depth, step in enumerate(path):
        if not isinstance(target, tuple):
            raise CorpusFormatError(
                f"path {_show(path)} does not exist: {target!r} at {_show(path[:depth])} "
                "has no children"
            )
        children = _children(target)
        if step >= len(children):
            raise CorpusFormatError(
                f"path {_show(path)} does not exist: node {target[0]} has {len(children)} children"
            )
        role, target = children[step]
    return role, target


def _items(line: str) -> list[str]:
    text = line.strip().removeprefix("#").strip().removeprefix("::alignments")
    return re.split(r"(?:^|\s)::", text, maxsplit=1)[0].split()


def _show(path: TreePath) -> str:
    return "(" + ", ".join(map(str, path)) + ")"


def _jamr_address(path: TreePath) -> str:
    return ".".join(map(str, (0,) + path))
