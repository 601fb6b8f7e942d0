"""Writing a file in one step (amrgen.io.atomic)."""

import os

import pytest

from amrgen.errors import AmrgenError
from amrgen.io.atomic import check_output_path, write_atomically


def test_writes_and_replaces_keeping_the_permissions(tmp_path):
    path = tmp_path / "out.txt"
    write_atomically(path, "first\n")
    assert path.read_text() == "first\n"
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()
    path.chmod(0o640)
    write_atomically(path, "second\n")
    assert path.read_text() == "second\n" and path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_failed_write_leaves_the_older_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "out.txt"
    path.write_text("older\n")

    def fail(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, "newer\n")
    assert path.read_text() == "older\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_bytes_are_written_as_they_are(tmp_path):
    path = tmp_path / "table.bin"
    write_atomically(path, b"\x00\xff\n")
    assert path.read_bytes() == b"\x00\xff\n"


def test_check_output_path_refuses_a_directory_a_missing_directory_and_an_input(tmp_path):
    corpus = tmp_path / "in.txt"
    corpus.write_text("x\n")
    check_output_path(tmp_path / "out.txt", [corpus])
    check_output_path(tmp_path / "new" / "out.txt", parent_must_exist=False)
    with pytest.raises(AmrgenError, match="is a directory"):
        check_output_path(tmp_path)
    with pytest.raises(AmrgenError, match="the directory to write it in does not exist"):
        check_output_path(tmp_path / "new" / "out.txt")
    with pytest.raises(AmrgenError, match="is an input"):
        check_output_path(tmp_path / "." / "in.txt", [corpus])


def test_writing_onto_a_directory_is_one_clear_error(tmp_path):
    with pytest.raises(AmrgenError, match="is a directory"):
        write_atomically(tmp_path, "text\n")
    assert [p.name for p in tmp_path.iterdir()] == []


REFUSED = "the output must be a regular file or not exist|is a directory; give the name of a file to write"


def test_anything_but_a_regular_file_is_refused_and_left_as_it_was(special_outputs):
    """Issue 34, point 1: a FIFO, a link, a device or a directory is never replaced by a file."""
    before = special_outputs.kinds()
    for name, path in special_outputs.items():
        with pytest.raises(AmrgenError, match=REFUSED) as refused:
            check_output_path(path)
        assert str(path) in str(refused.value) and "\n" not in str(refused.value)
        with pytest.raises(AmrgenError, match=REFUSED):
            write_atomically(path, "text\n")
    assert special_outputs.kinds() == before
    assert special_outputs["link"].read_text() == "the file linked to\n"
    assert "device" not in special_outputs or special_outputs.kinds()["device"][1] == os.makedev(1, 3)


def test_a_directory_that_takes_no_file_is_one_clear_error_before_any_work(unwritable_dir):
    path = unwritable_dir / "out.txt"
    with pytest.raises(AmrgenError, match=f"{path}: cannot write in {unwritable_dir}"):
        check_output_path(path)
    with pytest.raises(AmrgenError, match="cannot write in"):
        write_atomically(path, "text\n")
    assert list(unwritable_dir.iterdir()) == []


def test_the_check_leaves_no_file_behind(tmp_path):
    check_output_path(tmp_path / "out.txt")
    assert list(tmp_path.iterdir()) == []
