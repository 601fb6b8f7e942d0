"""A model directory that is safe to load: JSON and NPZ files under a checksummed manifest.

Layout of a model directory::

    manifest.json   {"format": "amrgen-model", "format_version": 2, "amrgen_version": ...,
                     "settings": {...}, "models": [NAME, ...], "files": {FILE: SHA-256, ...},
                     "sizes": {FILE: bytes, ...}}  (sizes: since issue 34; optional)
    NAME.json       labels, feature templates, training metadata
    NAME.npz        compressed arrays, read with allow_pickle=False:
                    vocabulary: the indicators' UTF-8 bytes one after another (uint8),
                    vocabulary_ends: where each indicator's bytes end (int64),
                    data, indices, indptr: coef as a CSR matrix, indicator × label
                    (float32 weights, int32 label indices, int64 row starts),
                    intercept: one weight per label (float64)
    other files     resources such as the Merge lookup table (save_json_resource, extra_files)

Weights are stored as float32, so a model loads with the probabilities it had
up to float32 rounding of its weights, and exactly those of a compacted model
(:mod:`amrgen.ml.compaction`), whose weights are float32 already.  Version 1
stored coef as a dense float64 matrix and the vocabulary in NAME.json; it is
refused, as every other version, with a request to retrain.

Nothing here unpickles. The manifest itself is read only up to
:data:`MAX_MANIFEST_BYTES` and checked against its schema (:mod:`amrgen.ml.manifest`:
no field but those above; ``settings`` plain JSON of bounded depth, size and
length, strings printable, numbers finite; each model named once, at least one,
and every NAME.npz of the directory named), and ``settings`` are checked so when
saved too. Every file is checked against its size in the manifest (or
:data:`MAX_FILE_BYTES` where it has none) before it is read, and against its
checksum, computed as it is read, before it is parsed, and whatever is refused (a missing directory, a foreign or incompatible
manifest, a changed, truncated or missing file) raises :class:`ModelError` with one
line naming the file and the field: every JSON and NPZ file is parsed against its
shape (types, one-dimensional arrays of declared sizes that the file can hold,
finite weights, as many labels as weights, nesting depth), since anyone can
recompute a checksum. A directory is written whole into a temporary sibling and
renamed into place, so a failed save leaves the previous directory as it was.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from amrgen import __version__
from amrgen.errors import MissingResourceError
from amrgen.ml.csr import CsrWeights
from amrgen.ml.manifest import checked_name, json_type, manifest_problem, settings_problem
from amrgen.ml.maxent import MaxentModel, ModelError

FORMAT = "amrgen-model"
FORMAT_VERSION = 2
MANIFEST = "manifest.json"

MAX_FILE_BYTES = 1 << 29
"""The most bytes a file of a model directory may have, and all the arrays of one
NPZ file together may declare once decompressed (the shipped models' largest file
is about a megabyte, its arrays a few), checked before anything is read or allocated."""
_CHUNK = 1 << 20
"""Bytes read at a time while a file's checksum is computed."""
_DEFLATE_RATIO = 1032
"""Deflate cannot expand data more than this: a zip entry declaring more is a lie."""
_ARRAYS = {"vocabulary": ("u", "unsigned bytes"), "vocabulary_ends": ("iu", "integers"),
           "data": ("f", "real numbers"), "indices": ("iu", "integers"), "indptr": ("iu", "integers"),
           "intercept": ("f", "real numbers")}
"""The arrays of NAME.npz, each one-dimensional, with the dtype kinds it may have."""

MAX_MANIFEST_BYTES = 1 << 20
"""The largest manifest read (the shipped ones have 3 KiB)."""


class MissingModelError(ModelError, MissingResourceError):
    """The model directory, its manifest or a file it lists is not there."""


# -------------------------------------------------------------------- saving


def save_models(
    directory: str | Path,
    models: Mapping[str, MaxentModel],
    settings: Mapping[str, Any],
    extra_files: Mapping[str, bytes | str] | None = None,
) -> None:
    """Write ``models`` (name → model), the creation ``settings`` (JSON values: corpus,
    features, hyperparameters, ...) and ``extra_files`` (file name → content) as the
    model directory ``directory``, replacing one that is there. A directory that is
    there but is not a model directory is refused, not replaced."""
    problem = settings_problem(settings)
    if problem:
        raise ValueError(f"settings cannot be saved in a manifest: {problem}")
    files: dict[str, bytes] = {}
    for name, model in models.items():
        description, weights = _encode_model(model)
        _add(files, f"{checked_name(name)}.json", description)
        _add(files, f"{name}.npz", weights)
    for name, content in (extra_files or {}).items():
        _add(files, checked_name(name), content.encode("utf-8") if isinstance(content, str) else bytes(content))
    _publish(Path(directory), files, {}, {"settings": dict(settings), "models": list(models)})


def save_json_resource(directory: str | Path, name: str, data: Any) -> None:
    """Add (or replace) the JSON file ``name`` in the model directory ``directory``,
    under the manifest's checksums. The directory is rewritten as a whole: the
    other files it lists are carried over, files it does not list are not."""
    directory = Path(directory)
    manifest = _read_manifest(directory)
    model_files = {f"{model}{suffix}" for model in manifest["models"] for suffix in (".json", ".npz")}
    if checked_name(name) in model_files or name == MANIFEST:
        raise ValueError(f"resource {name!r} would overwrite a model file or the manifest")
    content = json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    kept = {file: (directory / file, sha) for file, sha in manifest["files"].items() if file != name}
    _publish(directory, {name: content}, kept, {"settings": manifest["settings"], "models": manifest["models"]})


def _add(files: dict[str, bytes], name: str, content: bytes) -> None:
    if name in files or name == MANIFEST:
        raise ValueError(f"two files of the model directory would be named {name!r}")
    files[name] = content


def _encode_model(model: MaxentModel) -> tuple[bytes, bytes]:
    description = {
        "labels": list(model.labels),
        "feature_templates": list(model.feature_templates),
        "metadata": model.metadata,
    }
    # Saving only, so loading (and generation) does without scipy's import.
    import scipy.sparse as sp

    encoded = [feature.encode("utf-8") for feature in model.vocabulary]
    coef = sp.csr_array(model.coef, dtype=np.float32)
    coef.eliminate_zeros()
    coef.sort_indices()
    weights = io.BytesIO()
    np.savez_compressed(
        weights,
        vocabulary=np.frombuffer(b"".join(encoded), dtype=np.uint8),
        vocabulary_ends=np.cumsum([len(feature) for feature in encoded], dtype=np.int64),
        data=coef.data,
        indices=coef.indices.astype(np.int32),
        indptr=coef.indptr.astype(np.int64),
        intercept=model.intercept,
    )
    return json.dumps(description, ensure_ascii=False, allow_nan=False).encode("utf-8"), weights.getvalue()


def _publish(
    directory: Path, new: Mapping[str, bytes], kept: Mapping[str, tuple[Path, str]], manifest: dict[str, Any]
) -> None:
    """Write the files ``new``, hard links to (or copies of) the files ``kept``
    (name → (path, checksum)) and a manifest listing them all with ``manifest``'s
    entries into a temporary sibling of ``directory``, then swap it in."""
    if directory.exists():
        _check_replaceable(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", suffix=".tmp", dir=directory.parent))
    try:
        checksums = {}
        for name, content in new.items():
            _write(staging / name, content)
            checksums[name] = hashlib.sha256(content).hexdigest()
        for name, (source, checksum) in kept.items():
            _link_or_copy(source, staging / name)
            checksums[name] = checksum
        header = {"format": FORMAT, "format_version": FORMAT_VERSION, "amrgen_version": __version__}
        sizes = {name: (staging / name).stat().st_size for name in sorted(checksums)}
        text = json.dumps(
            {**header, **manifest, "files": dict(sorted(checksums.items())), "sizes": sizes}, indent=2,
            ensure_ascii=False, allow_nan=False,
        )
        _write(staging / MANIFEST, text.encode("utf-8"))
        os.chmod(staging, 0o755)
        _swap(staging, directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _check_replaceable(directory: Path) -> None:
    """Refuse to replace anything but an empty directory or a model directory (of any version)."""
    if not directory.is_dir():
        raise ModelError(f"{directory}: exists and is not a directory; refusing to replace it with models")
    if not any(directory.iterdir()):
        return
    try:
        is_ours = json.loads((directory / MANIFEST).read_bytes()).get("format") == FORMAT
    except (OSError, ValueError, AttributeError):
        is_ours = False
    if not is_ours:
        raise ModelError(f"{directory}: exists and is not an amrgen model directory; refusing to replace it")


def _swap(staging: Path, directory: Path) -> None:
    """Rename ``staging`` to ``directory``; an old ``directory`` is moved aside first
    and restored if the rename fails, then deleted."""
    if not directory.exists():
        os.rename(staging, directory)
        return
    old = staging.with_suffix(".old")
    os.rename(directory, old)
    try:
        os.rename(staging, directory)
    except BaseException:
        os.rename(old, directory)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _write(path: Path, content: bytes) -> None:
    with open(path, "wb") as file:
        file.write(content)
        file.flush()
        os.fsync(file.fileno())


def _link_or_copy(source: Path, target: Path) -> None:
    # Files of a model directory are never changed in place, so a hard link is as good as a copy.
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


# ------------------------------------------------------------------- loading


def load_models(directory: str | Path) -> tuple[dict[str, MaxentModel], dict[str, Any]]:
    """The models (name → model) and the creation settings of a model directory."""
    directory = Path(directory)
    manifest = _read_manifest(directory)
    if not manifest["models"]:
        raise ModelError(f"{directory / MANIFEST}: lists no model")
    unlisted = sorted(path.name for path in directory.glob("*.npz") if path.stem not in manifest["models"])
    if unlisted:
        raise ModelError(f"{directory / unlisted[0]}: a model {directory / MANIFEST} does not list; the manifest "
                         "is not the one saved with the models")
    models = {name: _load_model(directory, manifest, name) for name in manifest["models"]}
    return models, manifest["settings"]


def read_resource(directory: str | Path, name: str) -> bytes:
    """The content of the file ``name`` of a model directory, checked against the manifest."""
    directory = Path(directory)
    return _read_checked(directory, _read_manifest(directory), name)


_REQUIRED = object()


def load_json_resource(
    directory: str | Path, name: str, default: Any = _REQUIRED, check: Callable[[Any], Any] | None = None
) -> Any:
    """The JSON file ``name`` of a model directory, checked against the manifest;
    ``default`` where it is given and the manifest does not list the file (one
    that later versions of ``amrgen train`` added). ``check(data)`` gives what is
    returned, raising ValueError or TypeError naming the field where ``data`` is not of the
    resource's shape (:func:`string_map`, :func:`string_rows`)."""
    directory = Path(directory)
    manifest = _read_manifest(directory)
    if default is not _REQUIRED and name not in manifest["files"]:
        return default
    data = _parse(directory / name, lambda: json.loads(_read_checked(directory, manifest, name)))
    return data if check is None else _parse(directory / name, lambda: check(data), what="resource")


def string_map(data: Any, values: tuple[str, ...] | None = None) -> dict[str, str]:
    """``data`` if it is a JSON object of strings to strings (among ``values`` where given)."""
    if not isinstance(data, dict):
        raise TypeError(f"expected an object of strings, found {json_type(data)}")
    for key, value in data.items():
        if not isinstance(value, str) or (values is not None and value not in values):
            expected = "a string" if values is None else f"one of {', '.join(values)}"
            raise ValueError(f"{key!r}: expected {expected}, found {json_type(value)} {str(value)[:40]!r}")
    return data


def string_rows(data: Any, width: int) -> list[list[str]]:
    """``data`` if it is a JSON list of lists of ``width`` strings each."""
    if not isinstance(data, list):
        raise TypeError(f"expected a list of {width}-lists of strings, found {json_type(data)}")
    for number, row in enumerate(data):
        if not (isinstance(row, list) and len(row) == width and all(isinstance(cell, str) for cell in row)):
            raise ValueError(f"row {number}: expected {width} strings, found {str(row)[:60]}")
    return data


def _read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of ``directory``, refused unless it is ours, of this version and well-formed."""
    path = directory / MANIFEST
    if not directory.is_dir():
        raise MissingModelError(f"{directory}: no such model directory")
    if not path.is_file():
        raise MissingModelError(f"{path}: missing; {directory} is not an amrgen model directory")
    if path.stat().st_size > MAX_MANIFEST_BYTES:
        raise ModelError(f"{path}: corrupt manifest: {path.stat().st_size} bytes, more than a manifest "
                         f"holds ({MAX_MANIFEST_BYTES})")
    manifest = _parse(path, lambda: json.loads(_read(path), parse_constant=_no_constant), what="manifest")
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise ModelError(f"{path}: not an amrgen model manifest (format {found!r}, expected {FORMAT!r})")
    version = manifest.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise ModelError(
            f"{path}: model format version {version!r} (written by amrgen {manifest.get('amrgen_version')}), "
            f"but amrgen {__version__} reads version {FORMAT_VERSION}; retrain the models"
        )
    problem = manifest_problem(manifest)
    if problem:
        raise ModelError(f"{path}: malformed manifest: {problem}")
    return manifest


def _no_constant(name: str) -> float:
    """JSON has no NaN or Infinity (Python's reader accepts them)."""
    raise ValueError(f"{name} is not a JSON number")


def _load_model(directory: Path, manifest: dict[str, Any], name: str) -> MaxentModel:
    description_path, weights_path = directory / f"{name}.json", directory / f"{name}.npz"
    description = _parse(
        description_path, lambda: json.loads(_read_checked(directory, manifest, description_path.name))
    )
    raw_weights = _read_checked(directory, manifest, weights_path.name)
    vocabulary, (data, indices, indptr), intercept = _parse(weights_path, lambda: _weights(raw_weights))

    def build() -> MaxentModel:
        labels, templates, metadata = (description.get(field) if isinstance(description, dict) else None
                                       for field in ("labels", "feature_templates", "metadata"))
        for field, value in (("labels", labels), ("feature_templates", templates)):
            if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
                raise TypeError(f"{field}: expected a list of strings, found {json_type(value)}")
        if not isinstance(metadata, dict):
            raise TypeError(f"metadata: expected an object, found {json_type(metadata)}")
        if len(intercept) != len(labels):
            raise ValueError(f"labels: {len(labels)} of them, but {weights_path.name} has {len(intercept)}")
        coef = CsrWeights(data, indices, indptr, (len(vocabulary), len(labels)))
        return MaxentModel(labels, vocabulary, coef, intercept, metadata, templates)

    return _parse(description_path, build, what="model")


def _weights(content: bytes) -> tuple[list[str], tuple[np.ndarray, ...], np.ndarray]:
    """The vocabulary, coef's CSR arrays (data, indices, indptr) and the intercept."""
    arrays = _arrays(content)
    blob, ends = arrays["vocabulary"].tobytes(), arrays["vocabulary_ends"]
    csr = tuple(arrays[name] for name in ("data", "indices", "indptr"))
    intercept = arrays["intercept"]
    starts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
    if ends.ndim != 1 or (len(ends) and (ends[-1] != len(blob) or np.any(ends < starts))):
        raise ValueError("vocabulary_ends does not divide the vocabulary's bytes")
    try:
        vocabulary = [blob[start:end].decode("utf-8") for start, end in zip(starts.tolist(), ends.tolist())]
    except UnicodeDecodeError as error:
        raise ValueError(f"vocabulary: not UTF-8 at byte {error.start}") from None
    return vocabulary, csr, intercept


def _arrays(content: bytes) -> dict[str, np.ndarray]:
    """The arrays :data:`_ARRAYS` of an NPZ file (as ``np.load(allow_pickle=False)``
    reads them), each refused before it is allocated where its zip entry or its
    header declares more than the file can hold, and after where it is not a
    one-dimensional array of the kind of numbers it holds."""
    arrays = {}
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        declared = sum(entry.file_size for entry in archive.infolist())
        if declared > MAX_FILE_BYTES:
            raise ValueError(f"its arrays declare {declared} bytes decompressed, more than a model holds "
                             f"({MAX_FILE_BYTES})")
        for name, (kinds, description) in _ARRAYS.items():
            try:
                entry = archive.getinfo(f"{name}.npy")
            except KeyError:
                raise ValueError(f"{name}: missing") from None
            if entry.file_size > _DEFLATE_RATIO * entry.compress_size + 4096:
                raise ValueError(f"{name}: declares {entry.file_size} bytes in {entry.compress_size} compressed")
            raw = io.BytesIO(archive.read(entry))
            version = np.lib.format.read_magic(raw)
            read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                np.lib.format.read_array_header_2_0
            shape, _, dtype = read_header(raw)
            if dtype.hasobject:
                raise ValueError(f"{name}: an array of Python objects (a pickle), refused")
            if len(shape) != 1 or dtype.kind not in kinds:
                raise ValueError(f"{name}: expected one dimension of {description}, found shape {shape} of {dtype}")
            if shape[0] * dtype.itemsize != len(raw.getbuffer()) - raw.tell():
                raise ValueError(f"{name}: declares {shape[0]} values, the file holds "
                                 f"{len(raw.getbuffer()) - raw.tell()} bytes")
            raw.seek(0)
            arrays[name] = np.lib.format.read_array(raw, allow_pickle=False)
            if dtype.kind == "f" and not np.isfinite(arrays[name]).all():
                raise ValueError(f"{name}: not all finite")
    return arrays


def _read_checked(directory: Path, manifest: dict[str, Any], name: str) -> bytes:
    path = directory / name
    expected = manifest["files"].get(name)
    if expected is None:
        raise ModelError(f"{path}: not listed in {directory / MANIFEST}")
    if not path.is_file():
        raise MissingModelError(f"{path}: missing, though {directory / MANIFEST} lists it")
    size, listed = path.stat().st_size, manifest.get("sizes", {}).get(name)
    if listed is not None and size != listed:
        raise ModelError(f"{path}: {size} bytes, but {directory / MANIFEST} says {listed}; the file was changed "
                         "or truncated after saving")
    if size > MAX_FILE_BYTES:
        raise ModelError(f"{path}: {size} bytes, more than a model file holds ({MAX_FILE_BYTES})")
    for keep in (False, True):  # checked in chunks before anything is kept, then read (and checked) again
        content, checksum = _read_hashed(path, size, keep)
        if checksum != expected:
            raise ModelError(
                f"{path}: checksum differs from {directory / MANIFEST}; the file was changed or truncated after saving"
            )
    return content


def _read_hashed(path: Path, size: int, keep: bool) -> tuple[bytes, str]:
    """The content of ``path`` if ``keep`` (else nothing) and its SHA-256, read in
    chunks and no further than ``size`` bytes and one more (a file that grew is read no further)."""
    digest, chunks, left = hashlib.sha256(), [], size + 1
    try:
        with open(path, "rb") as stream:
            while left > 0 and (chunk := stream.read(min(_CHUNK, left))):
                digest.update(chunk)
                if keep:
                    chunks.append(chunk)
                left -= len(chunk)
    except OSError as error:
        raise ModelError(f"{path}: cannot read ({error.strerror or error})") from error
    return b"".join(chunks), digest.hexdigest()


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise ModelError(f"{path}: cannot read ({error.strerror or error})") from error


def _parse(path: Path, parse: Callable[[], Any], what: str = "file") -> Any:
    """``parse()``, with what goes wrong in it reported as a corrupt ``path``."""
    try:
        return parse()
    except RecursionError:
        raise ModelError(f"{path}: corrupt {what}: nested too deep") from None
    except (ValueError, KeyError, TypeError, OverflowError, zipfile.BadZipFile, zlib.error, EOFError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ModelError(f"{path}: corrupt {what}: {reason}") from error
