"""Worked example 20: the code listings of Section 5.3 read into the bigraph of
Figure fig:amr-encoding (JAMR alignment A_G, ISI alignment A'_G, the
dependency tree D and the POS tags)."""

import penman

from amrgen.amr import Amr
from amrgen.bigraph import Bigraph, dependency_tree
from amrgen.io.alignments import jamr_token_alignments, parse_isi_alignments, parse_jamr_alignments
from amrgen.io.dependencies import read_pos_lines, read_stanford_dependencies

GRAPH = """(v1 / want-01
      :ARG0 (v2 / person
      		:ARG0-of (v4 / develop-02))
      :ARG1 (v3 / sleep-01
      		:ARG0 v2))"""
TOKENS = "the developer wants to sleep".split()


def test_listings_give_the_bigraph_of_figure_amr_encoding(tmp_path):
    tree = penman.parse(GRAPH)
    amr = Amr.from_tree(tree)
    jamr = {(amr.paths[a.path], a.token + 1)
            for a in jamr_token_alignments(tree, parse_jamr_alignments("1-2|0.0+0.0.0 2-3|0 4-5|0.1"), 5)}
    assert jamr == {("v2", 2), ("v4", 2), ("v1", 3), ("v3", 5)}
    isi = {(amr.paths[a.path], a.token + 1) for a in parse_isi_alignments("1-1.1.1 2-1 4-1.2")}
    assert isi == {("v4", 2), ("v1", 3), ("v3", 5)}

    deps = tmp_path / "deps.txt"
    deps.write_text("root(ROOT-0, wants-3)\nnsubj(wants-3, developer-2)\nxcomp(wants-3, sleep-5)\n"
                    "det(developer-2, the-1)\nmark(sleep-5, to-4)\n")
    (parse,) = read_stanford_dependencies(deps)
    pos_file = tmp_path / "pos.txt"
    pos_file.write_text("DT\tNN\tVBZ\tPRT\tVB\n")
    (pos,) = read_pos_lines(pos_file)
    d = dependency_tree(parse.tokens, parse.heads, parse.labels)
    assert set(d.edges) == {(3, "nsubj", 2), (3, "xcomp", 5), (2, "det", 1), (5, "mark", 4)}
    assert d.root == 3 and [d.label(i) for i in range(1, 6)] == TOKENS

    b = Bigraph(amr.graph, d, TOKENS, jamr, {(i, i) for i in range(1, 6)}, pos)
    assert b.pi(1, "v2") == {2} and b.pi(2, 2) == {"v2", "v4"} and b.pi(2, 4) == set()
    assert b.span(1, "v1") == {2, 3, 5}
