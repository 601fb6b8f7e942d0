"""BLEU and time by reference length (amrgen.evaluation.lengths, thesis Section 6)."""

import pytest

from amrgen.evaluation.lengths import Scored, by_length, format_table, summary, to_csv


def graph(length: int, correct: bool = True, seconds: float | None = 1.0) -> Scored:
    reference = [f"w{i}" for i in range(length)]
    return Scored(" ".join(reference) if correct else "x", reference, seconds)


def test_buckets_split_at_10_20_30_40_inclusive():
    rows = by_length([graph(n) for n in (1, 10, 11, 20, 21, 30, 31, 40, 41, 99)])
    assert [(r.label, r.graphs) for r in rows] == [("<=10", 2), ("11-20", 2), ("21-30", 2), ("31-40", 2), (">40", 2)]


def test_summary_scores_all_buckets_and_l_max_separately():
    rows = summary([graph(5, seconds=1.0), graph(25, seconds=3.0), graph(35, correct=False, seconds=8.0)])
    named = {r.label: r for r in rows}
    assert [r.label for r in rows] == ["all", "<=10", "11-20", "21-30", "31-40", ">40", "<=30"]
    assert named["<=10"].bleu == pytest.approx(100) and named["31-40"].bleu == 0.0
    assert named["11-20"].graphs == 0 and named["11-20"].bleu is None and named["11-20"].seconds is None
    assert named["<=30"].graphs == 2 and named["<=30"].bleu == pytest.approx(100) and named["<=30"].seconds == 2.0
    assert named["all"].seconds == 4.0 and 0 < named["all"].bleu < 100


def test_untimed_systems_and_other_graph_counts_show_in_the_table():
    timed = summary([graph(5), graph(25)])
    oracle = summary([graph(5, seconds=None)])
    table = format_table({"gen": timed, "oracle": oracle}).splitlines()
    assert table[0].split() == ["length", "graphs", "BLEU", "gen", "s/graph", "gen", "graphs", "oracle",
                                "BLEU", "oracle"]
    assert table[2].split() == ["<=10", "1", "100.00", "1.000", "1", "100.00"]
    assert table[3].split() == ["11-20", "0", "-", "-", "0", "-"]
    assert to_csv({"gen": timed}).splitlines()[:2] == ["length,graphs,bleu,seconds", "all,2,100,1"]
