"""Time and peak memory of generating one graph against its size (issue 19,
point 1): the wide, large and deep shapes a fuzzed corpus found to explode.

Usage: python benchmarks/graph_sizes.py [--sizes 50,100,300,1000] [--shapes ops,chain]
       [--timeout S] [--memory MB] [--stages]

Shapes, each built with about N vertices:

- ``ops``: an ``and`` with N-1 ``:opN`` children (a coordination of nouns);
- ``constants``: an ``and`` with N-1 constants (numbers and strings);
- ``roles``: a predicate with N-1 distinct ARG roles, ``:ARG0`` ... ``:ARG{N-2}``;
- ``binary-tree``: a complete binary tree of predicates over nouns;
- ``multi-sentence``: a multi-sentence of (N-1)/2 two-vertex sentences;
- ``chain``: N predicates, each the ``:ARG1`` of the one before (the reader
  refuses nesting beyond ``MAX_NESTING`` levels, so the large ones are refused);
- ``mods``: a noun with N-1 ``:mod`` children.

Each (shape, N) runs in its own process (``--child``) with a wall-clock
timeout and an address-space ceiling (``RLIMIT_AS``), so that a runaway
cannot take the machine down.  The process loads the shipped generator,
warms it on a small graph, resets the kernel's peak-RSS mark, then generates
the graph once through :func:`amrgen.run.graph.generate_graph`;
it reports the vertices of the graph, the seconds of that generation (wall
clock and CPU time: on a shared machine the CPU time is the figure), the
peak resident memory of the whole process during it (the loaded generator
included; its size after loading is printed too) and the sentence's length.
``--stages`` also prints where the time went (the stages of
``benchmarks/generation_profile.py``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

NOUNS = ("boy", "girl", "star", "flower", "planet", "sheep", "king", "rose", "fox", "desert", "snake", "lamp")
ADJECTIVES = ("small", "red", "old", "beautiful", "big", "strange", "little", "sad", "new", "bright")
VERBS = ("see-01", "want-01", "love-01", "know-01", "draw-01", "ask-01", "look-01", "tame-01")


def ops(n: int) -> str:
    children = " ".join(f":op{i} (n{i} / {NOUNS[i % len(NOUNS)]})" for i in range(1, n))
    return f"(a / and {children})"


def constants(n: int) -> str:
    children = " ".join(f':op{i} {i * 7}' if i % 2 else f':op{i} "w{i}"' for i in range(1, n))
    return f"(a / and {children})"


def roles(n: int) -> str:
    children = " ".join(f":ARG{i} (n{i} / {NOUNS[i % len(NOUNS)]})" for i in range(n - 1))
    return f"(p / say-01 {children})"


def binary_tree(n: int) -> str:
    counter = itertools.count()

    def subtree(size: int) -> str:
        i = next(counter)
        if size == 1:
            return f"(n{i} / {NOUNS[i % len(NOUNS)]})"
        rest = size - 1
        left = (rest + 1) // 2
        parts = [f":ARG0 {subtree(left)}"] + ([f":ARG1 {subtree(rest - left)}"] if rest - left else [])
        return f"(v{i} / {VERBS[i % len(VERBS)]} {' '.join(parts)})"

    return subtree(n)


def multi_sentence(n: int) -> str:
    sentences = " ".join(f":snt{i} (s{i} / {VERBS[i % len(VERBS)]} :ARG0 (b{i} / {NOUNS[i % len(NOUNS)]}))"
                         for i in range(1, max(2, (n + 1) // 2)))
    return f"(m / multi-sentence {sentences})"


def chain(n: int) -> str:
    text = f"(n{n - 1} / {NOUNS[0]})"
    for i in reversed(range(n - 1)):
        text = f"(v{i} / {VERBS[i % len(VERBS)]} :ARG1 {text})"
    return text


def mods(n: int) -> str:
    children = " ".join(f":mod (m{i} / {ADJECTIVES[i % len(ADJECTIVES)]})" for i in range(1, n))
    return f"(p / planet {children})"


SHAPES: dict[str, Callable[[int], str]] = {
    "ops": ops, "constants": constants, "roles": roles, "binary-tree": binary_tree,
    "multi-sentence": multi_sentence, "chain": chain, "mods": mods,
}

WARM_UP = "(s / see-01 :ARG0 (b / boy) :ARG1 (r / rose :mod (r2 / red)))"


def _status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def child(shape: str, n: int, memory_mb: int, stages: bool) -> None:
    """Generate one graph of ``shape`` and size ``n``; print one JSON line."""
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from amrgen.amr import Amr
    from amrgen.io.penman_corpus import read_items
    from amrgen.run.graph import generate_graph
    from amrgen.run.runners import generator as loaded
    from amrgen.run.spec import GeneratorFiles

    generator = loaded(GeneratorFiles().resolve())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{shape}-{n}.txt"
        path.write_text(f"# ::id warm\n{WARM_UP}\n\n# ::id {shape}-{n}\n{SHAPES[shape](n)}\n", encoding="utf-8")
        warm, item = read_items(path)
        generate_graph(generator, warm)
        loaded_mb = _status_mb("VmRSS")
        Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS
        clock = None
        if stages:
            sys.path.insert(0, str(Path(__file__).parent))
            from generation_profile import instrumented

            clock = instrumented(generator)
        vertices = len(Amr.from_tree(item.tree).graph.vertices) if hasattr(item, "tree") else 0
        started, cpu = time.perf_counter(), time.process_time()
        result = generate_graph(generator, item)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    report = {"vertices": vertices, "seconds": seconds, "cpu": cpu, "peak_mb": _status_mb("VmHWM"), "loaded_mb": loaded_mb,
              "words": len(result.sentence.split()), "error": result.error}
    if clock is not None:
        report["stages"] = {stage: round(t, 3) for stage, t in sorted(clock.times.items(), key=lambda kv: -kv[1])}
    print(json.dumps(report))


def measure(shape: str, n: int, timeout: float, memory_mb: int, stages: bool) -> dict:
    """The child's report, or what stopped it."""
    command = [sys.executable, __file__, "--child", shape, str(n), "--memory", str(memory_mb)]
    if stages:
        command.append("--stages")
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"stopped": f"> {timeout:.0f} s", "seconds": time.perf_counter() - started}
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"stopped": f"exit {done.returncode}: {last[:80]}"}
    return json.loads(lines[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="50,100,300,1000", help="vertices per graph, comma-separated")
    parser.add_argument("--shapes", default=",".join(SHAPES), help=f"comma-separated, of: {', '.join(SHAPES)}")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per graph before it is stopped")
    parser.add_argument("--memory", type=int, default=4096, help="address-space ceiling per graph, MB")
    parser.add_argument("--stages", action="store_true", help="also print where each graph's time went")
    parser.add_argument("--child", nargs=2, metavar=("SHAPE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.memory, args.stages)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'shape':<15} {'N':>5} {'vertices':>8} {'seconds':>9} {'CPU s':>7} {'peak MB':>8} {'loaded MB':>9} "
          f"{'words':>6}  note")
    for shape in args.shapes.split(","):
        stopped = False
        for n in sizes:
            if stopped:
                print(f"{shape:<15} {n:>5} {'':>8} {'':>9} {'':>7} {'':>8} {'':>9} {'':>6}  skipped (a smaller one "
                      "was stopped)")
                continue
            r = measure(shape, n, args.timeout, args.memory, args.stages)
            if "stopped" in r:
                stopped = True
                print(f"{shape:<15} {n:>5} {'':>8} {'':>9} {'':>7} {'':>8} {'':>9} {'':>6}  stopped: {r['stopped']}",
                      flush=True)
                continue
            note = f"error: {r['error'][:70]}" if r["error"] else ""
            print(f"{shape:<15} {n:>5} {r['vertices']:>8} {r['seconds']:>9.2f} {r['cpu']:>7.2f} {r['peak_mb']:>8.0f} "
                  f"{r['loaded_mb']:>9.0f} {r['words']:>6}  {note}", flush=True)
            if "stages" in r:
                print("    " + ", ".join(f"{k} {v:.2f}" for k, v in r["stages"].items() if v >= 0.01), flush=True)


if __name__ == "__main__":
    main()
