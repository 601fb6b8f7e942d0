"""A seeded fuzz test of ``amrgen generate`` (issue 19 point 8): a corpus of
mutated Little Prince graphs (unbalanced brackets, missing and duplicate
variables, cycles, self-loops, unicode and control bytes, odd numbers,
CRLF/BOM/tabs, wide and deep graphs, truncations, empty coordinations and
sentences inside a graph, bidirectional controls) with the good graphs
mixed in.  Every entry either generates or costs itself alone with exactly
one message naming the file and its line; no traceback; one output line per
entry; the good graphs say what they say alone; nothing a terminal acts on
reaches the output or the messages; a graph whose only damage is an empty
structure inside it is generated.  Issue 34 adds the damage outside the
corpus: outputs that are no regular file, a WordNet cache nested 100,000
deep, model files larger than their manifest says or decompressing beyond
any model."""

import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

import amrgen
from amrgen.cli import main
from amrgen.decoding.generator import DEFAULT_MODEL

FIXTURE = Path(__file__).parent / "fixtures" / "lp-dev-30.txt"
SEED = 19
MUTANTS_PER_GRAPH = 16
GOOD_GRAPHS = 6
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Unicode's bidirectional embeddings, overrides and isolates."""
SHOWN = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f{BIDI}]")
"""What must never reach the output or a message as it is."""


def _good_entries() -> list[str]:
    """The shortest graphs of the fixture, each as '# ::id ...' plus its PENMAN lines."""
    entries = FIXTURE.read_text(encoding="utf-8").strip().split("\n\n")[1:]
    short = sorted(entries, key=len)[:GOOD_GRAPHS]
    return ["\n".join(line for line in entry.splitlines() if not line.startswith("#") or
                      line.startswith("# ::id")) for entry in short]


def _graph_of(entry: str) -> str:
    """The PENMAN lines of an entry (after its '# ::id' line)."""
    return entry.partition("\n")[2]


def _variables(graph: str) -> list[str]:
    return re.findall(r"\((\S+) /", graph)


def _mutations(rng: random.Random) -> list:
    """Functions graph -> mutated graph (one line or several; no blank line)."""

    def drop_close(g):
        i = [m.start() for m in re.finditer(r"\)", g)]
        k = rng.choice(i)
        return g[:k] + g[k + 1:]

    def extra_close(g):
        return g + ")" * rng.randint(1, 3)

    def extra_open(g):
        k = rng.randrange(len(g))
        return g[:k] + "(" + g[k:]

    def undefined_variable(g):
        return g[:-1] + f" :ARG{rng.randint(0, 5)} zz{rng.randint(1, 9)})"

    def duplicate_variable(g):
        vs = _variables(g)
        return g[:-1] + f" :mod ({vs[0]} / thing))"

    def cycle(g):
        vs = _variables(g)
        last = g.rindex("(")
        end = g.index(")", last)
        return g[:end] + f" :ARG1-of {vs[0]}" + g[end:]

    def self_loop(g):
        v = rng.choice(_variables(g))
        return re.sub(rf"\({re.escape(v)} / (\S+)", lambda m: f"({v} / {m[1]} :mod {v}", g, count=1)

    def odd_bytes(g):
        junk = rng.choice(["\x07", "\x1b[2J", "\x1b]0;pwned\x07", "é", "\u202e", "😀", "\x00", "\x7f", "\ufeff"])
        concepts = [m.end() for m in re.finditer(r" / ", g)]
        k = rng.choice(concepts)
        return g[:k] + junk + g[k:]

    def odd_string(g):
        text = rng.choice(['"a\\"b"', '"\x1b[31mred"', '""', '"multi word"', '"\\\\"'])
        return g[:-1] + f" :name (n9 / name :op1 {text}))"

    def odd_number(g):
        number = rng.choice(["-2.5e-10", "1e999", "--5", "NaN", "-0", "1/0", "3.", ".5", "99999999999999999999999"])
        return g[:-1] + f" :quant {number})"

    def crlf(g):
        return g.replace("\n", "\r\n")

    def tabs(g):
        return g.replace("      ", "\t")

    def wide(g):
        children = " ".join(f":op{i} (w{i} / {rng.choice(['boy', 'star', 'rose'])})" for i in range(1, 41))
        return g[:-1] + f" :mod (a9 / and {children}))"

    def deep(g):
        depth = rng.choice([40, 150])
        return g[:-1] + "".join(f" :ARG1 (d{i} / want-01" for i in range(depth)) + ")" * depth + ")"

    def truncate(g):
        return g[:rng.randrange(1, len(g))]

    def delete_byte(g):
        k = rng.randrange(len(g))
        return g[:k] + g[k + 1:]

    def empty_graph_concept(g):
        return rng.choice(["(m / multi-sentence)", "(d / date-entity)", "(a / and)", "(x)", "()", "(x / )"])

    def empty_structure_inside(g):
        """Said as nothing: the rest of the graph is generated (issue 34, point 3)."""
        empty = rng.choice(["(zz9 / and)", "(zz9 / or)", "(zz9 / multi-sentence)", "(zz9 / date-entity)",
                            "(zz9 / and :op1 (zz8 / or))"])
        return g[:-1] + f" :{rng.choice(['mod', 'ARG5', 'time'])} {empty})"

    def bidi(g):
        control = rng.choice(BIDI)
        if rng.random() < 0.5:
            return g[:-1] + f' :name (n9 / name :op1 "a{control}b"))'
        k = rng.choice([m.end() for m in re.finditer(r" / ", g)])
        return g[:k] + control + g[k:]

    return [drop_close, extra_close, extra_open, undefined_variable, duplicate_variable, cycle, self_loop,
            odd_bytes, odd_string, odd_number, crlf, tabs, wide, deep, truncate, delete_byte, empty_graph_concept,
            empty_structure_inside, bidi]


def _corpus(rng: random.Random) -> tuple[list[str], list[bool]]:
    """The entries of the fuzzed corpus, and which are good graphs left as they were."""
    good = _good_entries()
    mutations = _mutations(rng)
    entries, is_good = [], []
    for number, entry in enumerate(good):
        graph = _graph_of(entry)
        for k in range(MUTANTS_PER_GRAPH):
            mutate = rng.choice(mutations)
            mutated = mutate(graph)
            metadata = f"# ::id fuzz-{number}-{k}-{mutate.__name__}"
            if mutate.__name__ == "bidi" and rng.random() < 0.5:
                metadata += rng.choice(BIDI)
            if rng.random() < 0.1:
                metadata += "\n# ::"  # the empty metadata key of issue 19
            entries.append(f"{metadata}\n{mutated}")
            is_good.append(False)
        entries.append(entry)
        is_good.append(True)
    return entries, is_good


def _generate(corpus: Path, output: Path, capsys) -> tuple[int, list[str], list[str]]:
    code = main(["generate", "-i", str(corpus), "-o", str(output), "--max-seconds", "20", "--max-memory", "0"])
    err = capsys.readouterr().err
    lines = output.read_bytes().decode("utf-8").split("\n")
    assert lines[-1] == ""
    return code, lines[:-1], err.replace("\r", "\n").splitlines()


def test_fuzzed_entries_fail_alone_with_one_message_each(generator, tmp_path, capsys):
    rng = random.Random(SEED)
    entries, is_good = _corpus(rng)
    text = "\ufeff" + "\n\n".join(entries) + "\n"  # a byte-order mark before the first entry
    corpus = tmp_path / "fuzzed.txt"
    corpus.write_bytes(text.encode("utf-8"))
    starts = [i + 1 for i, line in enumerate(text.replace("\r\n", "\n").split("\n"))
              if line.lstrip("\ufeff").startswith("# ::id")]
    assert len(starts) == len(entries)

    alone = tmp_path / "good.txt"
    alone.write_text("\n\n".join(e for e, g in zip(entries, is_good) if g) + "\n", encoding="utf-8")
    code, good_alone, _ = _generate(alone, tmp_path / "good.out", capsys)
    assert code == 0 and all(good_alone)

    code, lines, err = _generate(corpus, tmp_path / "fuzzed.out", capsys)
    assert code == 1
    assert not any("Traceback" in line or "internal error" in line for line in err), err
    assert len(lines) == len(entries)
    assert [line for line, g in zip(lines, is_good) if g] == good_alone
    messages = [line for line in err if "could not generate" in line]
    failed = [i for i, line in enumerate(lines) if not line]
    assert len(messages) == len(failed) > len(entries) // 4
    for i, message in zip(failed, messages):  # in corpus order, each naming its file and entry's line
        assert message.startswith(f"amrgen: could not generate {corpus}:{starts[i]}: entry "), message
    assert not any(SHOWN.search(line) for line in lines + err)
    generated = sum(1 for line, g in zip(lines, is_good) if line and not g)
    assert generated > len(entries) // 4  # many mutants are still graphs that can be said
    inside = [line for entry, line in zip(entries, lines) if "-empty_structure_inside" in entry.partition("\n")[0]]
    assert inside and all(inside)


GOOD = "# ::id good\n(s / sleep-01 :ARG0 (b / boy))\n"


def _one_error(err: str) -> str:
    """The one line of an error that stopped a command (the warnings and progress aside)."""
    errors = [line for line in err.replace("\r", "\n").splitlines() if "error" in line]
    assert len(errors) == 1 and "Traceback" not in err, err
    return errors[0]


def test_an_output_that_is_no_regular_file_is_refused_before_any_work(tmp_path, special_outputs, unwritable_dir,
                                                                        capsys):
    """Issue 34, point 1: -o and --trace never replace a FIFO, a link, a device or a directory,
    and a directory that takes no file is found before the generator is loaded."""
    corpus = tmp_path / "in.txt"
    corpus.write_text(GOOD, encoding="utf-8")
    before = special_outputs.kinds()
    targets = [(["-o", str(path)], path) for path in special_outputs.values()]
    targets += [(["-o", str(tmp_path / "out.txt"), "--trace", str(path)], path) for path in special_outputs.values()]
    targets.append((["-o", str(unwritable_dir / "out.txt")], unwritable_dir / "out.txt"))
    for options, path in targets:
        assert main(["generate", "-i", str(corpus), *options]) == 2
        err = capsys.readouterr().err
        assert _one_error(err).startswith(f"amrgen: error: {path}: ") and "loading the generator" not in err
    assert special_outputs.kinds() == before and not (tmp_path / "out.txt").exists()


def test_a_wordnet_cache_nested_100000_deep_is_reported_once_and_rebuilt(tmp_path):
    """Issue 34, point 5, in a process of its own (the table is read once per process)."""
    cache = tmp_path / "cache"
    (cache / "amrgen").mkdir(parents=True)
    table = cache / "amrgen" / "wordnet-table.json"
    table.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    corpus = tmp_path / "in.txt"
    corpus.write_text(GOOD, encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(Path(amrgen.__file__).parents[1])}
    command = [sys.executable, "-m", "amrgen", "generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt")]
    for reported in (True, False):
        run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
        lines = [line for line in run.stderr.splitlines() if "wordnet-table.json" in line]
        assert lines == ([f"amrgen: {table}: not an amrgen WordNet table; building it again"] if reported else [])
        assert (tmp_path / "out.txt").read_text().strip()
    assert table.read_text().startswith('{"format"')


def _model_copy(tmp_path: Path) -> Path:
    model = tmp_path / "model"
    shutil.copytree(DEFAULT_MODEL, model)
    return model


def _re_signed(model: Path, name: str) -> None:
    """The manifest made to agree with the file ``name`` again, as a crafted file would have it."""
    manifest = json.loads((model / "manifest.json").read_text())
    path = model / name
    with open(path, "rb") as stream:
        manifest["files"][name] = hashlib.file_digest(stream, "sha256").hexdigest()
    manifest["sizes"][name] = path.stat().st_size
    (model / "manifest.json").write_text(json.dumps(manifest))


def _zip_bomb(path: Path, megabytes: int) -> None:
    """An NPZ whose data array is ``megabytes`` of zeros, deflated to about a thousandth."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        with archive.open("data.npy", "w", force_zip64=True) as member:
            member.write(b"\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }"
                         % (megabytes << 18) + b" " * 40 + b"\n")
            block = bytes(1 << 20)
            for _ in range(megabytes):
                member.write(block)


@pytest.mark.parametrize("damage", ["3 GiB sparse", "3 GiB re-signed", "zip bomb re-signed"])
def test_an_oversized_model_file_is_refused_in_a_moment(tmp_path, capsys, damage):
    """Issue 34, point 6: sizes are compared before anything is read, decompressed sizes capped."""
    model = _model_copy(tmp_path)
    realize = model / "realize.npz"
    if damage == "zip bomb re-signed":
        _zip_bomb(realize, 600)
    else:
        with open(realize, "r+b") as stream:
            stream.truncate(3 << 30)
    if "re-signed" in damage and damage != "3 GiB re-signed":
        _re_signed(model, "realize.npz")
    elif damage == "3 GiB re-signed":  # the size only: hashing 3 GiB is what must not happen
        manifest = json.loads((model / "manifest.json").read_text())
        manifest["sizes"]["realize.npz"] = 3 << 30
        (model / "manifest.json").write_text(json.dumps(manifest))
    corpus = tmp_path / "in.txt"
    corpus.write_text(GOOD, encoding="utf-8")
    started = time.perf_counter()
    assert main(["generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt"), "--model", str(model)]) == 2
    assert time.perf_counter() - started < 20  # reading and hashing 3 GiB took 11-26 s and 3.2 GB
    error = _one_error(capsys.readouterr().err)
    assert f"{realize}: " in error
    assert {"3 GiB sparse": "bytes, but", "3 GiB re-signed": "more than a model file holds",
            "zip bomb re-signed": "decompressed, more than a model holds"}[damage] in error
