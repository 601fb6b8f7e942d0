"""A seeded fuzz test of ``amrgen generate`` (issue 19 point 8): a corpus of
mutated Little Prince graphs (unbalanced brackets, missing and duplicate
variables, cycles, self-loops, unicode and control bytes, odd numbers,
CRLF/BOM/tabs, wide and deep graphs, truncations) with the good graphs
mixed in.  Every entry either generates or costs itself alone with exactly
one message naming the file and its line; no traceback; one output line per
entry; the good graphs say what they say alone; nothing a terminal acts on
reaches the output or the messages."""

import random
import re
from pathlib import Path

from amrgen.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "lp-dev-30.txt"
SEED = 19
MUTANTS_PER_GRAPH = 16
GOOD_GRAPHS = 6


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

    return [drop_close, extra_close, extra_open, undefined_variable, duplicate_variable, cycle, self_loop,
            odd_bytes, odd_string, odd_number, crlf, tabs, wide, deep, truncate, delete_byte, empty_graph_concept]


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
    printable = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202e]")
    assert not any(printable.search(line) for line in lines + err)
    generated = sum(1 for line, g in zip(lines, is_good) if line and not g)
    assert generated > len(entries) // 4  # many mutants are still graphs that can be said
