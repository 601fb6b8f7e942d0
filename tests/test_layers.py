"""The package layering of DESIGN.md, checked on the source: a lower layer never imports a higher
one, no two modules import each other, the packages import one another without a cycle, and no
module grows past the length one reads at once."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Bottom to top. A unit (a package, or a module directly under amrgen/) may import the units of
#: lower layers and its own modules only; two units share a layer only where neither imports the
#: other. The unit "amrgen" is the root ``amrgen/__init__.py`` alone (the version), not the prefix.
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(layer.split()) for layer in (
    "amrgen amrgen.order",
    "amrgen.errors amrgen.paths amrgen.graph amrgen.collector amrgen.amr_vocabulary",
    "amrgen.io amrgen.hyperparameters amrgen.bigraph",
    "amrgen.lexicon amrgen.amr amrgen.corpus_registry",
    "amrgen.prep amrgen.search",
    "amrgen.transitions",
    "amrgen.oracle amrgen.realization amrgen.lm",
    "amrgen.ml",
    "amrgen.postprocess",
    "amrgen.decoding",
    "amrgen.evaluation amrgen.training",
    "amrgen.run",
    "amrgen.stepping",
    "amrgen.commands",
    "amrgen.cli",
    "amrgen.__main__",
    "amrgen_gui.state",
    "amrgen_gui.qt",
    "amrgen_gui",
))
MAX_LINES = 620


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, Path]:
    return {_module(p): p for package in ("amrgen", "amrgen_gui") for p in (ROOT / package).rglob("*.py")}


SOURCES = _sources()


def _all_imports(path: Path) -> set[str]:
    """Every top-level package a module imports, the project's and others'."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
    return found


def _imports(path: Path) -> set[str]:
    """The project modules a module imports; ``from amrgen.ml import maxent`` names amrgen.ml.maxent,
    so that importing a module through its package's name is not missed."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import (the project imports by full name)"
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in SOURCES else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] in ("amrgen", "amrgen_gui")}


IMPORTS = {module: _imports(path) for module, path in SOURCES.items()}


def _unit(module: str) -> tuple[int, str]:
    """The layer and unit (the longest unit name that module is or lies in) of a module."""
    matches = [(len(unit), i, unit) for i, layer in enumerate(LAYERS) for unit in layer
               if module == unit or (unit != "amrgen" and module.startswith(unit + "."))]
    if not matches:
        raise AssertionError(f"{module} is in no layer of LAYERS")
    _, layer, unit = max(matches)
    return layer, unit


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of a directed graph as the list of its nodes, or [] when it has none."""
    state: dict[str, int] = {}  # 1 while on the depth-first path, 2 when finished
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for successor in sorted(graph.get(node, ())):
            if state.get(successor) == 1:
                return path[path.index(successor):] + [successor]
            if successor not in state and (found := visit(successor)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


@pytest.mark.parametrize("module", sorted(SOURCES))
def test_imports_only_lower_layers(module: str) -> None:
    layer, unit = _unit(module)
    upward = sorted(name for name in IMPORTS[module]
                    if _unit(name)[0] > layer or (_unit(name)[0] == layer and _unit(name)[1] != unit))
    assert not upward, f"{module} ({unit}, layer {layer}) imports {upward}"


def test_every_unit_of_the_table_exists() -> None:
    units = {_unit(module)[1] for module in SOURCES}
    assert units == set().union(*LAYERS)


def test_modules_import_without_a_cycle() -> None:
    """No two modules import each other, directly or through others."""
    assert not _cycle(IMPORTS)


def test_units_import_without_a_cycle() -> None:
    units: dict[str, set[str]] = {}
    for module, names in IMPORTS.items():
        unit = _unit(module)[1]
        units.setdefault(unit, set()).update(_unit(name)[1] for name in names if _unit(name)[1] != unit)
    assert not _cycle(units)


def test_cycle_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_readme_module_map_follows_the_layers() -> None:
    """The module map of the README names every unit once, with its layer of LAYERS."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = []
    for layers, cell in re.findall(r"^\| ([0-9-]+) \| (`[^|]*`) \|", readme, flags=re.MULTILINE):
        low, _, high = layers.partition("-")
        for path in re.findall(r"`([^`]+)`", cell):
            path = path if "/" in path else f"amrgen/{path}"
            layer, unit = _unit(path.removesuffix("/").removesuffix(".py").replace("/", "."))
            assert int(low) <= layer <= int(high or low), f"README: {path} is in layer {layer}, not {layers}"
            named.append(unit)
    assert sorted(named) == sorted(set().union(*LAYERS) - {"amrgen"})


QT = {"PySide6", "PyQt5", "PyQt6", "PySide2", "shiboken6", "pygraphviz"}
"""Qt and what only a window needs (the graph's layout)."""


@pytest.mark.parametrize("module", sorted(m for m in SOURCES if _unit(m)[1] in ("amrgen_gui.state", "amrgen.stepping")))
def test_state_without_qt(module: str) -> None:
    """The application's state, like the engine's stepping, runs without a window: no Qt."""
    assert not _all_imports(SOURCES[module]) & QT, f"{module} imports {_all_imports(SOURCES[module]) & QT}"


def test_state_without_qt_finds_qt() -> None:
    assert _all_imports(SOURCES["amrgen_gui.qt.tasks"]) & QT == {"PySide6"}


def test_no_view_computes_generation() -> None:
    """The views show what the engine and the state computed: none imports decoding or the
    oracle's algorithms itself."""
    for module in SOURCES:
        if module.startswith("amrgen_gui.qt.views."):
            computing = sorted(name for name in IMPORTS[module]
                               if name.startswith(("amrgen.decoding", "amrgen.oracle.oracle", "amrgen.ml")))
            assert not computing, f"{module} imports {computing}"


@pytest.mark.parametrize("module", sorted(SOURCES))
def test_module_length(module: str) -> None:
    assert len(SOURCES[module].read_text(encoding="utf-8").splitlines()) <= MAX_LINES
