"""Segments of graphs too large to generate whole (issue 19 point 1, decoding/segments.py)."""

import sys
from pathlib import Path

import pytest

from amrgen.amr import Amr
from amrgen.amr_vocabulary import NOTHING_WITHOUT_CHILDREN
from amrgen.decoding.segments import (
    GROUP_CHILDREN,
    MAX_WHOLE_CHILDREN,
    SEGMENT_VERTICES,
    segments,
)
from amrgen.io.penman_corpus import read_items
from amrgen.run.graph import generate_graph

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from graph_sizes import SHAPES, ops

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "lp-dev-30.txt"


def test_an_ordinary_graph_is_its_only_segment():
    for item in read_items(FIXTURE):
        amr = Amr.from_tree(item.tree)
        assert segments(amr) == [amr]
    amr = Amr.from_penman(ops(MAX_WHOLE_CHILDREN + 1))  # the widest node generated whole
    assert segments(amr) == [amr]


@pytest.mark.parametrize("shape", sorted(set(SHAPES) - {"chain"}))
def test_segments_are_small_rooted_graphs_that_cover_the_graph(shape):
    amr = Amr.from_penman(SHAPES[shape](1000))
    g, parts = amr.graph, segments(amr)
    assert len(parts) > 1
    covered = set()
    edges = {(s, label, t) for v in g.vertices for s, label, t in g.out_edges(v)}
    for part in parts:
        h = part.graph
        assert len(h.vertices) <= SEGMENT_VERTICES and h.is_rooted()
        assert all(len(h.children(v)) <= GROUP_CHILDREN for v in h.vertices)
        assert {(s, label, t) for v in h.vertices for s, label, t in h.out_edges(v)} <= edges
        assert all(h.label(v) == g.label(v) for v in h.vertices)
        assert part.constants == amr.constants & set(h.vertices)
        assert not any(str(h.label(v)) in NOTHING_WITHOUT_CHILDREN and not h.children(v) for v in h.vertices)
        covered.update(h.vertices)
    assert covered == set(g.vertices)


def test_a_multi_sentence_becomes_smaller_multi_sentences_in_order():
    amr = Amr.from_penman(SHAPES["multi-sentence"](1000))
    parts = segments(amr)
    sentences = [v for part in parts for v in part.graph.children(part.root)]
    assert all(str(part.graph.label(part.root)) == "multi-sentence" for part in parts)
    assert sentences == amr.graph.children(amr.root)  # each sentence once, in order


def test_a_reentrancy_is_kept_inside_a_segment_and_dropped_across():
    children = " ".join(f":op{i} (n{i} / boy)" for i in range(1, 40))
    amr = Amr.from_penman(f"(a / and {children} :op40 (s / see-01 :ARG0 n2 :ARG1 n39))")
    parts = segments(amr)
    last = parts[-1].graph
    assert ("s", "ARG1", "n39") in {(s, lb, t) for v in last.vertices for s, lb, t in last.out_edges(v)}
    assert "n2" not in last.vertices


def test_a_segmented_graph_says_its_segments_one_after_the_other(generator, tmp_path):
    path = tmp_path / "wide.txt"
    path.write_text(f"# ::id wide\n{ops(40)}\n", encoding="utf-8")
    (item,) = read_items(path)
    parts = segments(Amr.from_tree(item.tree))
    assert len(parts) == 3  # 39 conjuncts: 16, 16, 7
    result = generate_graph(generator, item)
    assert not result.failed
    assert result.sentence == " ".join(generator.generate(part).sentence for part in parts)


def test_the_trace_of_a_segmented_graph_lists_its_segments_and_sums_their_scores(generator, tmp_path):
    path = tmp_path / "wide.txt"
    path.write_text(f"# ::id wide\n{ops(40)}\n\n# ::id small\n(b / boy)\n", encoding="utf-8")
    wide, small = (generate_graph(generator, item, trace=True) for item in read_items(path))
    parts = [generator.generate(part) for part in segments(Amr.from_tree(read_items(path)[0].tree))]
    trace = wide.trace
    assert trace["phase1"] is None and trace["phase2"] is None and len(trace["segments"]) == 3
    assert [s["sentence"] for s in trace["segments"]] == [g.sentence for g in parts]
    assert trace["sentence"] == wide.sentence == " ".join(g.sentence for g in parts)
    for segment, part in zip(trace["segments"], parts):
        assert len(segment["phase1"]) == len(part.phase1.steps) and segment["phase2"][-1]["vertex"] == "a"
        assert segment["score"]["said_total"] == pytest.approx(part.score)
    assert trace["score"]["said_total"] == pytest.approx(sum(g.score for g in parts))
    assert trace["score"]["score_ts_total"] == pytest.approx(sum(g.winner.ts for g in parts))
    classes = trace["score"]["score_ts"]
    assert sum(classes.values()) == pytest.approx(trace["score"]["score_ts_total"])
    assert small.trace["segments"] is None and small.trace["phase2"] and small.trace["score"]
