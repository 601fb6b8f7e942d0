"""The heights of the sentence view's dependency arcs (amrgen_gui.qt.views.sentence_view.arc_levels)."""

import random
import time

from amrgen_gui.qt.views.sentence_view import arc_levels


def _by_every_pair(heads: list[int]) -> dict[int, int]:
    """The definition: one more than the highest arc inside, each pair of arcs compared."""
    spans = sorted(((min(h, d), max(h, d), d) for d, h in enumerate(heads, start=1) if h), key=lambda s: s[1] - s[0])
    levels: dict[int, int] = {}
    for left, right, dependent in spans:
        levels[dependent] = 1 + max((levels[d] for lo, hi, d in spans if d in levels and left <= lo and hi <= right),
                                    default=0)
    return levels


def test_every_arc_is_one_above_the_highest_arc_inside_it():
    rng = random.Random(34)
    assert arc_levels([2, 0, 2]) == {1: 1, 3: 1} and arc_levels([0, 3, 1]) == {2: 1, 3: 2}
    for n in range(1, 40):
        heads = [rng.randrange(0, n + 1) for _ in range(n)]
        heads = [0 if h == d else h for d, h in enumerate(heads, start=1)]  # crossing arcs too
        assert arc_levels(heads) == _by_every_pair(heads), heads


def test_a_100000_word_sentence_is_laid_out_in_a_moment():
    """Issue 34: comparing every pair of arcs kept the window busy for minutes."""
    heads = [0] + list(range(1, 100_000))
    started = time.perf_counter()
    levels = arc_levels(heads)
    assert time.perf_counter() - started < 10 and levels[2] == 1 and levels[100_000] == 1
