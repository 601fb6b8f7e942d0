"""The model directory: JSON/NPZ files under a checksummed manifest, refused when not ours or not intact."""

import hashlib
import io
import json
import os
import random

import numpy as np
import pytest

from amrgen import __version__
from amrgen.errors import MissingResourceError
from amrgen.ml import store
from amrgen.ml.compaction import compact
from amrgen.ml.maxent import MaxentModel, ModelError
from amrgen.ml.store import (
    FORMAT_VERSION,
    load_json_resource,
    load_models,
    read_resource,
    save_json_resource,
    save_models,
)


def synthetic(n: int, seed: int) -> tuple[list[list[str]], list[str]]:
    rng = random.Random(seed)
    events = [[f"a={rng.randrange(5)}", f"n={rng.randrange(30)}", "always"] for _ in range(n)]
    return events, ["pqrpq"[int(event[0][2])] if rng.random() > 0.2 else rng.choice("pqr") for event in events]


EVENTS, LABELS = synthetic(200, seed=5)
PROBE = synthetic(100, seed=6)[0] + [["a=1", "unseen"], [], ["Concept(v)=wänt-01"]]
SETTINGS = {"corpus": "synthetic", "features": {"order": ["a", "n"]}, "hyperparameters": {"n": 3, "r": 0.5}}
MERGE_TABLE = {"have-org-role-91\tpresident": ["president", "NN"]}


@pytest.fixture(scope="module")
def models() -> dict[str, MaxentModel]:
    return {
        "order": MaxentModel.train(
            EVENTS, LABELS, dev=synthetic(50, seed=7), c_grid=(0.1, 1.0), feature_templates=["a", "n"]
        ),
        "denom": MaxentModel.train(EVENTS[:10], ["the"] * 10),
    }


@pytest.fixture
def saved(tmp_path, models):
    directory = tmp_path / "model"
    save_models(
        directory, models, SETTINGS, extra_files={"README.txt": "trained on synthetic data\n", "blob.bin": b"\x00\xff"}
    )
    return directory


def test_round_trip_gives_the_models_up_to_float32_weights(saved, models):
    """Weights are stored as float32 (relative error ≤ 2⁻²⁴ each), so with |Σ weights| ≤ 10
    the scores move by less than 1e-6 and the probabilities by a relative 1e-5 at most."""
    loaded, settings = load_models(saved)
    assert settings == SETTINGS and list(loaded) == ["order", "denom"]
    for name, model in models.items():
        again = loaded[name]
        assert (again.labels, again.vocabulary, again.feature_templates) == (
            model.labels,
            model.vocabulary,
            model.feature_templates,
        )
        assert again.metadata == model.metadata
        for event in PROBE:
            assert again.probabilities(event) == pytest.approx(model.probabilities(event), rel=1e-5, abs=0)
            assert [label for label, _ in again.best(event, 2, 0.3)] == [label for label, _ in model.best(event, 2, 0.3)]
        np.testing.assert_allclose(again.probabilities_batch(PROBE), model.probabilities_batch(PROBE), rtol=1e-5)
    assert not np.array_equal(loaded["order"].probabilities_batch(PROBE), models["order"].probabilities_batch(PROBE))


def test_a_compacted_model_round_trips_exactly(tmp_path, models):
    model = compact(models["order"], *synthetic(50, seed=7))
    save_models(tmp_path / "model", {"order": model}, SETTINGS)
    again = load_models(tmp_path / "model")[0]["order"]
    assert again.vocabulary == model.vocabulary and again.metadata == model.metadata
    assert np.array_equal(again.probabilities_batch(PROBE), model.probabilities_batch(PROBE))
    assert all(again.probabilities(event) == model.probabilities(event) for event in PROBE)


def test_any_vocabulary_round_trips(tmp_path):
    vocabulary = ["", "Concept(v)=wänt-01", "Word(v)=a\nb|c\\", "x" * 1000, "日本"]
    coef = np.array([[0.5, 0], [0, -1.25], [0, 0], [2, 0], [0, 0.125]])
    model = MaxentModel(["a", "b"], vocabulary, coef, np.array([0.25, -0.5]))
    save_models(tmp_path / "model", {"m": model}, {})
    again = load_models(tmp_path / "model")[0]["m"]
    assert again.vocabulary == tuple(vocabulary) and again.nonzero_weights == 4
    assert all(again.probabilities([f]) == model.probabilities([f]) for f in vocabulary)


def test_weights_are_stored_sparse_and_compressed(tmp_path):
    """A million weights of which a thousand are not zero take a few kilobytes."""
    rng = np.random.default_rng(0)
    coef = np.zeros((1000, 1000))
    coef.flat[rng.choice(coef.size, 1000, replace=False)] = rng.normal(size=1000)
    model = MaxentModel([f"{i:04}" for i in range(1000)], [f"f={i}" for i in range(1000)], coef, np.zeros(1000))
    save_models(tmp_path / "model", {"m": model}, {})
    assert (tmp_path / "model" / "m.npz").stat().st_size < 20_000 < coef.nbytes / 100
    with np.load(tmp_path / "model" / "m.npz", allow_pickle=False) as arrays:
        assert arrays["data"].dtype == np.float32 and len(arrays["data"]) == 1000


def test_manifest_names_format_versions_settings_and_checksums(saved):
    manifest = json.loads((saved / "manifest.json").read_text())
    assert manifest["format"] == "amrgen-model" and manifest["format_version"] == FORMAT_VERSION
    assert manifest["amrgen_version"] == __version__ and manifest["settings"] == SETTINGS
    assert manifest["models"] == ["order", "denom"]
    on_disk = {path.name for path in saved.iterdir()} - {"manifest.json"}
    assert (
        set(manifest["files"])
        == on_disk
        == {"order.json", "order.npz", "denom.json", "denom.npz", "README.txt", "blob.bin"}
    )
    for name, checksum in manifest["files"].items():
        assert hashlib.sha256((saved / name).read_bytes()).hexdigest() == checksum
    description = json.loads((saved / "order.json").read_text())
    assert description["feature_templates"] == ["a", "n"] and description["labels"] == ["p", "q", "r"]


def test_extra_files_and_json_resources(saved, models):
    assert read_resource(saved, "README.txt") == b"trained on synthetic data\n"
    assert read_resource(saved, "blob.bin") == b"\x00\xff"
    save_json_resource(saved, "mergemap.json", MERGE_TABLE)
    assert load_json_resource(saved, "mergemap.json") == MERGE_TABLE
    save_json_resource(saved, "mergemap.json", {"replaced": 1})
    assert load_json_resource(saved, "mergemap.json") == {"replaced": 1}
    loaded, settings = load_models(saved)
    assert settings == SETTINGS
    assert loaded["order"].probabilities(PROBE[0]) == pytest.approx(models["order"].probabilities(PROBE[0]), rel=1e-5)
    assert read_resource(saved, "README.txt") == b"trained on synthetic data\n"
    with pytest.raises(ValueError, match="overwrite a model file"):
        save_json_resource(saved, "order.json", {})


def test_saving_replaces_a_model_directory(saved, models):
    save_models(saved, {"denom": models["denom"]}, {"corpus": "other"})
    loaded, settings = load_models(saved)
    assert list(loaded) == ["denom"] and settings == {"corpus": "other"}
    assert not (saved / "order.npz").exists()
    assert [path.name for path in saved.parent.iterdir()] == ["model"]


def test_a_failed_save_leaves_the_old_directory_intact(saved, models, monkeypatch):
    before = {path.name: path.read_bytes() for path in saved.iterdir()}

    def fail(path, content):
        if path.name == "manifest.json":
            raise OSError("disk full")
        path.write_bytes(content)

    monkeypatch.setattr(store, "_write", fail)
    with pytest.raises(OSError, match="disk full"):
        save_models(saved, {"denom": models["denom"]}, {"corpus": "other"})
    assert {path.name: path.read_bytes() for path in saved.iterdir()} == before
    assert [path.name for path in saved.parent.iterdir()] == ["model"]
    monkeypatch.undo()
    assert load_models(saved)[1] == SETTINGS


def test_a_failed_rename_puts_the_old_directory_back(saved, models, monkeypatch):
    before = {path.name: path.read_bytes() for path in saved.iterdir()}
    rename = os.rename

    def fail_for_the_new_directory(source, target):
        if str(source).endswith(".tmp"):
            raise OSError("rename failed")
        rename(source, target)

    monkeypatch.setattr(os, "rename", fail_for_the_new_directory)
    with pytest.raises(OSError, match="rename failed"):
        save_models(saved, {"denom": models["denom"]}, {"corpus": "other"})
    monkeypatch.undo()
    assert {path.name: path.read_bytes() for path in saved.iterdir()} == before
    assert [path.name for path in saved.parent.iterdir()] == ["model"]


def test_refuses_to_replace_what_is_not_a_model_directory(tmp_path, models):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ModelError, match="not an amrgen model directory; refusing"):
        save_models(tmp_path, models, {})
    assert (tmp_path / "notes.txt").read_text() == "mine"
    with pytest.raises(ModelError, match="not a directory"):
        save_models(tmp_path / "notes.txt", models, {})


@pytest.mark.parametrize(
    ("names", "extra"),
    [({"../escape": None}, {}), ({".hidden": None}, {}), ({"manifest": None}, {}), ({"m": None}, {"m.npz": b""})],
)
def test_names_that_cannot_be_files_are_refused(tmp_path, models, names, extra):
    with pytest.raises(ValueError):
        save_models(tmp_path / "model", {name: models["denom"] for name in names}, {}, extra_files=extra)
    assert not (tmp_path / "model").exists()


def refused(directory, match: str) -> ModelError:
    """The error load_models gives: one line naming the file."""
    with pytest.raises(ModelError, match=match) as error:
        load_models(directory)
    message = str(error.value)
    assert "\n" not in message
    return error.value


def edit_manifest(directory, change):
    manifest = json.loads((directory / "manifest.json").read_text())
    change(manifest)
    (directory / "manifest.json").write_text(json.dumps(manifest))


def test_missing_directory_or_manifest(tmp_path, saved):
    error = refused(tmp_path / "nowhere", "no such model directory")
    assert isinstance(error, MissingResourceError) and str(tmp_path / "nowhere") in str(error)
    (saved / "manifest.json").unlink()
    assert str(saved / "manifest.json") in str(refused(saved, "missing; .* is not an amrgen model directory"))


def test_foreign_or_unreadable_manifest(saved):
    (saved / "manifest.json").write_text('{"format": "something-else", "format_version": 1}')
    assert str(saved / "manifest.json") in str(refused(saved, "not an amrgen model manifest .format 'something-else'"))
    (saved / "manifest.json").write_text('{"format": "amrgen-mo')
    refused(saved, r"manifest.json: corrupt manifest")
    (saved / "manifest.json").write_text("[1, 2]")
    refused(saved, "not an amrgen model manifest")


@pytest.mark.parametrize("version", [FORMAT_VERSION + 1, FORMAT_VERSION - 1, 1, 0, "2", True])
def test_other_format_versions_are_refused(saved, version):
    edit_manifest(saved, lambda manifest: manifest.update(format_version=version))
    refused(saved, rf"manifest.json: model format version {version!r} .* reads version {FORMAT_VERSION}; retrain")


def test_malformed_manifest_is_refused(saved):
    edit_manifest(saved, lambda manifest: manifest["models"].append("../../etc/passwd"))
    refused(saved, "malformed manifest")


def test_an_edited_byte_is_a_checksum_mismatch(saved):
    content = bytearray((saved / "order.json").read_bytes())
    content[content.index(b'"p"') + 1] = ord("P")
    (saved / "order.json").write_bytes(bytes(content))
    assert str(saved / "order.json") in str(refused(saved, "checksum differs .* changed or truncated"))


def test_a_truncated_npz_is_refused_by_its_size_and_a_changed_one_by_its_checksum(saved):
    content = (saved / "order.npz").read_bytes()
    (saved / "order.npz").write_bytes(content[: len(content) // 2])
    assert str(saved / "order.npz") in str(refused(saved, f"{len(content) // 2} bytes, but .* says {len(content)}"))
    (saved / "order.npz").write_bytes(content[:-1] + bytes([content[-1] ^ 1]))
    assert str(saved / "order.npz") in str(refused(saved, "checksum differs"))


def test_a_file_of_another_size_than_listed_is_refused_before_it_is_read(saved, monkeypatch):
    """Issue 34, point 6: a 3 GiB sparse file costs a stat, not 3 GiB read and hashed."""
    with open(saved / "order.npz", "r+b") as stream:
        stream.truncate(3 << 30)
    read = store._read_hashed

    def read_all_but_order(path, *args):
        assert path.name != "order.npz", "the oversized file was read"
        return read(path, *args)

    monkeypatch.setattr(store, "_read_hashed", read_all_but_order)
    refused(saved, f"order.npz: {3 << 30} bytes, but .*manifest.json says")
    edit_manifest(saved, lambda manifest: manifest.pop("sizes"))  # a manifest from before sizes
    refused(saved, f"order.npz: {3 << 30} bytes, more than a model file holds")


def test_the_checksum_is_computed_in_chunks_before_the_content_is_kept(saved, monkeypatch):
    content = (saved / "order.npz").read_bytes()
    (saved / "order.npz").write_bytes(bytes(len(content)))
    monkeypatch.setattr(store, "_CHUNK", 64)
    kept = []
    read = store._read_hashed
    monkeypatch.setattr(store, "_read_hashed", lambda *args: kept.append((args[0].name, args[2])) or read(*args))
    refused(saved, "order.npz: checksum differs")
    assert ("order.npz", False) in kept and ("order.npz", True) not in kept


def test_an_npz_whose_arrays_decompress_beyond_the_limit_is_refused_before_they_are(saved, monkeypatch):
    """A zip bomb, its checksum and size re-signed: the sizes its arrays declare are summed first."""
    with np.load(saved / "order.npz", allow_pickle=False) as arrays:
        content = dict(arrays)
    content["vocabulary"] = np.zeros(4 << 20, dtype=np.uint8)  # 4 MiB of zeros deflate to a few KiB
    bomb = io.BytesIO()
    np.savez_compressed(bomb, **content)
    forge(saved, "order.npz", bomb.getvalue())
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 1 << 20)
    assert len(bomb.getvalue()) < 1 << 16
    refused(saved, r"order.npz: corrupt file: its arrays declare \d+ bytes decompressed, more than a model holds")


def test_a_manifest_listing_fewer_models_than_the_directory_holds_or_none_is_refused(saved):
    """Issue 34, point 8: a model left out of the manifest would be left out of generation."""
    edit_manifest(saved, lambda manifest: manifest["models"].remove("order"))
    refused(saved, "order.npz: a model .*manifest.json does not list")
    edit_manifest(saved, lambda manifest: manifest.update(models=[]))
    refused(saved, "manifest.json: lists no model")


def test_a_deleted_file_is_missing(saved):
    (saved / "denom.npz").unlink()
    error = refused(saved, "missing, though .*manifest.json lists it")
    assert str(saved / "denom.npz") in str(error) and isinstance(error, MissingResourceError)


def test_a_model_the_manifest_does_not_list_a_file_for(saved):
    edit_manifest(saved, lambda manifest: manifest["files"].pop("denom.json"))
    refused(saved, "denom.json: not listed in")


def forge(directory, name: str, content: bytes) -> None:
    """Replace a file, its checksum and its size, as a foreign tool would."""
    (directory / name).write_bytes(content)

    def sign(manifest):
        manifest["files"][name] = hashlib.sha256(content).hexdigest()
        manifest["sizes"][name] = len(content)

    edit_manifest(directory, sign)


def test_forged_files_with_matching_checksums_are_still_refused(saved):
    weights = (saved / "order.npz").read_bytes()
    forge(saved, "order.npz", b"PK\x03\x04 not really a zip")
    assert str(saved / "order.npz") in str(refused(saved, "corrupt file"))
    with np.load(io.BytesIO(weights), allow_pickle=False) as arrays:
        genuine = dict(arrays)
    pickled = io.BytesIO()
    np.savez(pickled, **{**genuine, "vocabulary": np.array([{"evil": 1}], dtype=object)})
    forge(saved, "order.npz", pickled.getvalue())
    refused(saved, r"order.npz: corrupt file: vocabulary: an array of Python objects \(a pickle\)")
    cut = io.BytesIO()
    np.savez(cut, **{**genuine, "vocabulary_ends": genuine["vocabulary_ends"] + 1})
    forge(saved, "order.npz", cut.getvalue())
    refused(saved, "order.npz: corrupt file: vocabulary_ends does not divide")
    forge(saved, "order.npz", weights)
    forge(saved, "denom.json", b'{"labels": ["the"]}')
    refused(saved, "denom.json: corrupt model: feature_templates: expected a list of strings, found null")
    forge(saved, "order.json", b'{"labels": ["p"], "metadata": {}, "feature_templates": []}')
    refused(saved, "order.json: corrupt model: labels: 1 of them, but order.npz has 3")


def test_json_resource_failures_name_the_file(saved):
    save_json_resource(saved, "mergemap.json", MERGE_TABLE)
    forge(saved, "mergemap.json", b"{not json")
    with pytest.raises(ModelError, match="mergemap.json: corrupt file"):
        load_json_resource(saved, "mergemap.json")
    with pytest.raises(ModelError, match="absent.json: not listed in"):
        load_json_resource(saved, "absent.json")
    assert load_json_resource(saved, "absent.json", default={}) == {}
    with pytest.raises(ModelError, match="mergemap.json: corrupt file"):
        load_json_resource(saved, "mergemap.json", default={})


def deep(levels: int):
    value = "leaf"
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("change, problem", [
    (lambda m: m.update(signature="trust me"), r"unknown field 'signature'"),
    (lambda m: m.update(amrgen_version=5), r"amrgen_version: expected a short printable string, found a number"),
    (lambda m: m.pop("amrgen_version"), r"amrgen_version: expected a short printable string, found null"),
    (lambda m: m.update(settings=[1]), r"settings: expected an object, found a list"),
    (lambda m: m["settings"].update(corpus=deep(4)), r"settings\['corpus'\]\[0\]\[0\]\[0\]: nested deeper than 4"),
    (lambda m: m["settings"].update(many=list(range(1000))), r"settings: more than 1000 values"),
    (lambda m: m["settings"].update(corpus="\x1b]0;owned\x07"), r"settings\['corpus'\]: expected printable text"),
    (lambda m: m["settings"].update({"\x1b[2J": 1}), r"settings: the key '\\x1b\[2J' is not a short printable"),
    (lambda m: m["settings"].update(corpus="x" * 5000), r"settings\['corpus'\]: expected printable text of at most"),
    (lambda m: m["models"].append("order"), r"models\[2\]: 'order' is named twice"),
    (lambda m: m["models"].append(7), r"models\[2\]: a number cannot name a model"),
    (lambda m: m.update(models={"order": 1}), r"models: expected a list of at most 64 names, found an object"),
    (lambda m: m["files"].update({"x.json": 12}), r"files\['x.json'\]: expected a SHA-256 in hexadecimal, found a number"),
    (lambda m: m["files"].update({f"f{i}": "0" * 64 for i in range(1100)}), r"files: expected an object of at most"),
])
def test_every_field_of_the_manifest_is_checked_and_named(saved, change, problem):
    edit_manifest(saved, change)
    refused(saved, r"manifest.json: malformed manifest: " + problem)


def test_a_manifest_with_numbers_json_has_not_or_too_large_is_refused_before_it_is_parsed(saved):
    text = (saved / "manifest.json").read_text()
    (saved / "manifest.json").write_text(text.replace('"synthetic"', "NaN"))
    refused(saved, "manifest.json: corrupt manifest: NaN is not a JSON number")
    (saved / "manifest.json").write_text(text.replace('"synthetic"', "-Infinity"))
    refused(saved, "manifest.json: corrupt manifest: -Infinity is not a JSON number")
    (saved / "manifest.json").write_text(text + " " * (1 << 20))
    refused(saved, r"manifest.json: corrupt manifest: \d+ bytes, more than a manifest holds")


@pytest.mark.parametrize("settings", [{"c": float("nan")}, {"c": float("inf")}, {"d": deep(5)}, {"e": object()},
                                      {"f": "line\nbreak"}])
def test_settings_a_manifest_would_refuse_are_not_saved(tmp_path, models, settings):
    with pytest.raises(ValueError, match="settings cannot be saved in a manifest: settings"):
        save_models(tmp_path / "model", models, settings)
    assert not (tmp_path / "model").exists()
