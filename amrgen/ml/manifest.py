"""The schema of a model directory's manifest (:mod:`amrgen.ml.store`): which fields it
has and what each may hold, so that a manifest is refused, naming the field, before
anything it lists is read: no field but those the store writes; ``settings`` plain JSON
of bounded depth, size and length, strings printable, numbers finite; file names safe,
checksums SHA-256, sizes byte counts; each model named once."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

MAX_SETTINGS_DEPTH = 4
"""Nesting of ``settings``: an object of lists or objects of lists of values at most."""
MAX_SETTINGS_VALUES = 1000
"""Values (and keys) in ``settings`` altogether."""
MAX_TEXT = 4096
"""Characters in one string of the manifest."""
MAX_MODELS = 64
MAX_FILES = 1024
_FIELDS = ("format", "format_version", "amrgen_version", "settings", "models", "files", "sizes")

_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
_SHA256 = re.compile(r"[0-9a-f]{64}")


def json_type(value: Any) -> str:
    """What JSON type ``value`` has, as a message names it ("an object", "a list", ...)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number")


def manifest_problem(manifest: dict[str, Any]) -> str | None:
    """What is wrong with a manifest of our format and version (None: nothing), naming the field:
    the schema of the module docstring."""
    unknown = [key for key in manifest if key not in _FIELDS]
    if unknown:
        return f"unknown field {_shown(unknown[0])}"
    version = manifest.get("amrgen_version")
    if not (isinstance(version, str) and len(version) <= 64 and version.isprintable()):
        return f"amrgen_version: expected a short printable string, found {json_type(version)}"
    files, models = manifest.get("files"), manifest.get("models")
    if not (isinstance(files, dict) and len(files) <= MAX_FILES):
        return f"files: expected an object of at most {MAX_FILES} file names, found {json_type(files)}"
    for name, sha in files.items():
        if not _is_safe(name):
            return f"files: {_shown(name)} cannot name a file of a model directory"
        if not (isinstance(sha, str) and _SHA256.fullmatch(sha)):
            return f"files[{name!r}]: expected a SHA-256 in hexadecimal, found {json_type(sha)}"
    sizes = manifest.get("sizes", {})
    if not (isinstance(sizes, dict) and len(sizes) <= MAX_FILES):
        return f"sizes: expected an object of at most {MAX_FILES} file sizes, found {json_type(sizes)}"
    for name, size in sizes.items():
        if not (isinstance(size, int) and not isinstance(size, bool) and 0 <= size):
            return f"sizes[{name!r}]: expected a number of bytes, found {json_type(size)}"
    if not (isinstance(models, list) and len(models) <= MAX_MODELS):
        return f"models: expected a list of at most {MAX_MODELS} names, found {json_type(models)}"
    for i, name in enumerate(models):
        if not _is_safe(name):
            return f"models[{i}]: {_shown(name)} cannot name a model"
        if name in models[:i]:
            return f"models[{i}]: {name!r} is named twice"
    return settings_problem(manifest.get("settings"))


def settings_problem(settings: Any) -> str | None:
    """What keeps ``settings`` from being a manifest's (None: nothing), naming the place:
    a JSON object of strings, finite numbers, booleans, nulls, and lists and objects of
    them, within :data:`MAX_SETTINGS_DEPTH`, :data:`MAX_SETTINGS_VALUES` and :data:`MAX_TEXT`."""
    if not isinstance(settings, Mapping):
        return f"settings: expected an object, found {json_type(settings)}"
    count = 0
    stack: list[tuple[str, Any, int]] = [("settings", settings, 0)]
    while stack:
        place, value, depth = stack.pop()
        count += 1
        if count > MAX_SETTINGS_VALUES:
            return f"settings: more than {MAX_SETTINGS_VALUES} values"
        if isinstance(value, (Mapping, list, tuple)):
            if depth >= MAX_SETTINGS_DEPTH:
                return f"{place}: nested deeper than {MAX_SETTINGS_DEPTH} levels"
            if isinstance(value, Mapping):
                for key, item in value.items():
                    if not (isinstance(key, str) and len(key) <= MAX_TEXT and key.isprintable()):
                        return f"{place}: the key {_shown(key)} is not a short printable string"
                    stack.append((f"{place}[{key!r}]", item, depth + 1))
            else:
                stack.extend((f"{place}[{i}]", item, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            if len(value) > MAX_TEXT or not value.isprintable():
                return f"{place}: expected printable text of at most {MAX_TEXT} characters"
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if not math.isfinite(value):
                return f"{place}: expected a finite number, found {value}"
        elif value is not None and not isinstance(value, bool):
            return f"{place}: expected a JSON value, found {type(value).__name__}"
    return None


def _shown(value: Any) -> str:
    """A value in a message: quoted, control characters escaped, cut short."""
    text = ascii(value) if isinstance(value, str) else json_type(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _is_safe(name: str) -> bool:
    return isinstance(name, str) and _SAFE_NAME.fullmatch(name) is not None


def checked_name(name: str) -> str:
    """``name`` if it can be a file name in a model directory (no path, not hidden)."""
    if not _is_safe(name):
        raise ValueError(f"{name!r} cannot name a file of a model directory")
    return name
