"""A corrupt or wrong-typed model directory (issue 19 point 5) is refused with one
line naming the file and the field, never a traceback or a silently wrong model:
each corruption is made on a copy of the shipped model, with its checksum
recomputed as a crafted file would have it."""

import hashlib
import io
import json
import shutil
import zipfile

import numpy as np
import pytest

from amrgen.cli import main
from amrgen.decoding.models import Models
from amrgen.errors import AmrgenError
from amrgen.paths import RESOURCES_DIR

SHIPPED_MODEL = RESOURCES_DIR / "little-prince" / "model"
"""The model the corruptions below were written for (its p_POS has 19 labels)."""


@pytest.fixture
def model(tmp_path):
    directory = tmp_path / "model"
    shutil.copytree(SHIPPED_MODEL, directory)
    return directory


def edit_manifest(directory, edit) -> None:
    manifest = json.loads((directory / "manifest.json").read_text())
    edit(manifest)
    (directory / "manifest.json").write_text(json.dumps(manifest))


def forge(directory, name: str, content: bytes) -> None:
    """``content`` as the file ``name``, its checksum and size in the manifest as a crafted file would have them."""
    (directory / name).write_bytes(content)

    def sign(manifest):
        manifest["files"][name] = hashlib.sha256(content).hexdigest()
        manifest["sizes"][name] = len(content)

    edit_manifest(directory, sign)


def edit_description(directory, name: str, **fields) -> None:
    description = json.loads((directory / f"{name}.json").read_text())
    forge(directory, f"{name}.json", json.dumps({**description, **fields}).encode())


def edit_arrays(directory, name: str, edit) -> None:
    with np.load(directory / f"{name}.npz", allow_pickle=False) as arrays:
        content = {key: value.copy() for key, value in arrays.items()}
    edit(content)
    weights = io.BytesIO()
    np.savez_compressed(weights, **content)
    forge(directory, f"{name}.npz", weights.getvalue())


def set_first(key: str, value: float):
    def edit(arrays):
        arrays[key][0] = value
    return edit


def huge_data(directory) -> None:
    """An .npy header declaring 4e9 floats (16 GB) over 1,000 bytes: refused before allocation."""
    with np.load(directory / "pos.npz", allow_pickle=False) as arrays:
        content = dict(arrays)
    weights = io.BytesIO()
    with zipfile.ZipFile(weights, "w", zipfile.ZIP_DEFLATED) as archive:
        for key, value in content.items():
            array = io.BytesIO()
            if key == "data":
                header = {"descr": "<f4", "fortran_order": False, "shape": (4_000_000_000,)}
                np.lib.format.write_array_header_1_0(array, header)
                array.write(b"\0" * 1000)
            else:
                np.lib.format.write_array(array, value)
            archive.writestr(f"{key}.npy", array.getvalue())
    forge(directory, "pos.npz", weights.getvalue())


def corrupt_deflate(directory) -> None:
    content = bytearray((directory / "pos.npz").read_bytes())
    for i in range(200, 260):
        content[i] ^= 0x55
    forge(directory, "pos.npz", bytes(content))


CORRUPTIONS = {
    "manifest nested deep": (lambda d: (d / "manifest.json").write_text("[" * 100_000 + "]" * 100_000),
                             "manifest.json: corrupt manifest: nested too deep"),
    "description nested deep": (lambda d: forge(d, "pos.json", b"[" * 100_000 + b"]" * 100_000),
                                "pos.json: corrupt file: nested too deep"),
    "labels a string": (lambda d: edit_description(d, "number", labels="plural"),
                        "number.json: corrupt model: labels: expected a list of strings, found a string"),
    "labels of numbers": (lambda d: edit_description(d, "number", labels=[1, 2, 3]),
                          "number.json: corrupt model: labels: expected a list of strings"),
    "a label too few": (lambda d: edit_description(d, "number", labels=["plural", "singular"]),
                        "number.json: corrupt model: labels: 2 of them, but number.npz has 3"),
    "templates a number": (lambda d: edit_description(d, "number", feature_templates=5),
                           "number.json: corrupt model: feature_templates: expected a list of strings"),
    "templates garbage": (lambda d: edit_description(d, "number", feature_templates=["((("]),
                          r"number.json: feature_templates:1: cannot read '\(\(\('"),
    "metadata a list": (lambda d: edit_description(d, "number", metadata=[1]),
                        "number.json: corrupt model: metadata: expected an object, found a list"),
    "NaN weight": (lambda d: edit_arrays(d, "pos", set_first("data", np.nan)),
                   "pos.npz: corrupt file: data: not all finite"),
    "infinite intercept": (lambda d: edit_arrays(d, "pos", set_first("intercept", np.inf)),
                           "pos.npz: corrupt file: intercept: not all finite"),
    "intercept of two dimensions": (
        lambda d: edit_arrays(d, "pos", lambda a: a.update(intercept=a["intercept"].reshape(1, -1))),
        r"pos.npz: corrupt file: intercept: expected one dimension of real numbers, found shape \(1, 19\)"),
    "vocabulary of floats": (
        lambda d: edit_arrays(d, "pos", lambda a: a.update(vocabulary=a["vocabulary"].astype(np.float64))),
        "pos.npz: corrupt file: vocabulary: expected one dimension of unsigned bytes"),
    "vocabulary not UTF-8": (lambda d: edit_arrays(d, "pos", set_first("vocabulary", 0xFF)),
                             "pos.npz: corrupt file: vocabulary: not UTF-8 at byte 0"),
    "an array missing": (lambda d: edit_arrays(d, "pos", lambda a: a.pop("intercept")),
                         "pos.npz: corrupt file: intercept: missing"),
    "a column past the labels": (lambda d: edit_arrays(d, "pos", set_first("indices", 19)),
                                 "pos.json: corrupt model: indices must be < 19"),
    "a pickled array": (
        lambda d: edit_arrays(d, "pos", lambda a: a.update(vocabulary=np.array([{"evil": 1}], dtype=object))),
        r"pos.npz: corrupt file: vocabulary: an array of Python objects \(a pickle\), refused"),
    "truncated npz": (lambda d: forge(d, "pos.npz", (d / "pos.npz").read_bytes()[:100_000]),
                      "pos.npz: corrupt file: File is not a zip file"),
    "corrupt deflate stream": (corrupt_deflate, "pos.npz: corrupt file: Error -3 while decompressing"),
    "4e9 floats declared": (huge_data, "pos.npz: corrupt file: data: declares 4000000000 values, the file holds 1000"),
    "a listed file missing": (lambda d: (d / "tense.npz").unlink(), "tense.npz: missing, though .*manifest.json lists it"),
}

RESOURCES = [  # (file, content, what the refusal says after 'FILE: corrupt resource: ')
    ("merge-table", b'{"a": 1}', "expected a list of 4-lists of strings, found an object"),
    ("merge-table", b'[["a", "b", "c"]]', r"row 0: expected 4 strings, found \['a', 'b', 'c'\]"),
    ("merge-table", b"[[1, 2, 3, 4]]", "row 0: expected 4 strings"),
    ("empirical-pos", b"42", "expected an object of strings, found a number"),
    ("empirical-pos", b'{"planet": 3}', "'planet': expected a string, found a number"),
    ("entity-arrangements", b"[1]", "expected an object of strings, found a list"),
    ("entity-arrangements", b'{"planet": "backwards"}', "'planet': expected one of name, concept name"),
    ("conventions", b"[1]", "expected an object of conventions, found list"),
    ("conventions", b'{"punctuated": [1]}', "'punctuated': expected .followed, cases."),
    ("conventions", b'{"punctuated": [5, 2]}', "'punctuated': expected .followed, cases. with 0 <= followed <= cases"),
]


@pytest.mark.parametrize("corruption", CORRUPTIONS)
def test_a_corrupt_model_directory_is_refused_naming_file_and_field(model, corruption):
    corrupt, message = CORRUPTIONS[corruption]
    corrupt(model)
    with pytest.raises(AmrgenError, match=message) as refusal:
        Models.load(model)
    assert str(model) in str(refusal.value) and "\n" not in str(refusal.value)


@pytest.mark.parametrize(("name", "content", "message"), RESOURCES)
def test_a_resource_of_the_wrong_shape_is_refused_naming_file_and_field(model, name, content, message):
    forge(model, name, content)
    with pytest.raises(AmrgenError, match=f"{name}: corrupt resource: {message}") as refusal:
        Models.load(model)
    assert str(model) in str(refusal.value) and "\n" not in str(refusal.value)


def test_the_shipped_model_loads_as_it_did(model):
    """The checks refuse nothing of a directory that ``amrgen train`` wrote."""
    models = Models.load(model)
    assert models.resources.merge_table and models.resources.empirical_pos and models.entity_arrangements
    assert len(models.models) == len(json.loads((model / "manifest.json").read_text())["models"])


def test_generate_with_a_corrupt_model_ends_in_one_line(model, tmp_path, capsys):
    forge(model, "merge-table", b'[["a", "b", "c"]]')
    corpus = tmp_path / "in.txt"
    corpus.write_text("# ::id one\n(p / planet)\n")
    assert main(["generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt"), "--model", str(model)]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(errors) == 1 and "merge-table: corrupt resource: row 0: expected 4 strings" in errors[0]
