"""Worked example 20: the code listings of Section 5.3 read into the bigraph of
Figure fig:amr-encoding (JAMR alignment A_G, ISI alignment A'_G, the
dependency tree D and the POS tags)."""

from amrgen.amr import Amr
from amrgen.bigraph import Bigraph, dependency_tree
from amrgen.io.alignments import jamr_token_alignments, parse_isi_alignments, parse_jamr_alignments
from amrgen.io.dependencies import read_pos_lines, read_stanford_dependencies
from amrgen.io.penman_corpus import read_corpus_text

# The four listings as thesis.tex has them, trailing tab and space included.
AMR_LISTING = """# ::tok the developer wants to sleep
# ::alignments 1-2|0.0+0.0.0 2-3|0 4-5|0.1\t
(v1 / want-01
      :ARG0 (v2 / person
      \t\t:ARG0-of (v4 / develop-02))
      :ARG1 (v3 / sleep-01
      \t\t:ARG0 v2))
"""
DEPENDENCY_LISTING = """root(ROOT-0, wants-3)
nsubj(wants-3, developer-2)
xcomp(wants-3, sleep-5)
det(developer-2, the-1)
mark(sleep-5, to-4)
"""
POS_LISTING = "DT\tNN\tVBZ\tPRT\tVB\n"
ISI_LISTING = "1-1.1.1 2-1 4-1.2 \n"
TOKENS = "the developer wants to sleep".split()


def test_listings_give_the_bigraph_of_figure_amr_encoding(tmp_path):
    """Worked example 20: each reader parses its listing into what Figure
    fig:amr-encoding draws: A_G = {(v2,2), (v4,2), (v1,3), (v3,5)} (dashed),
    A'_G = {(v4,2), (v1,3), (v3,5)} (wavy), D with root wants and its four
    edges, w^POS = (the,DT) (developer,NN) (wants,VBZ) (to,PRT) (sleep,VB)."""
    read = read_corpus_text(AMR_LISTING)
    assert read.errors == []
    (entry,) = read.entries
    tokens = entry.metadata["tok"].split()
    assert tokens == TOKENS
    amr = Amr.from_tree(entry.tree)
    assert amr.graph.labels == {"v1": "want-01", "v2": "person", "v3": "sleep-01", "v4": "develop-02"}
    assert set(amr.graph.edges) == {("v1", "ARG0", "v2"), ("v1", "ARG1", "v3"), ("v3", "ARG0", "v2"),
                                    ("v2", "ARG0-of", "v4")}
    jamr = {(amr.paths[a.path], a.token + 1)
            for a in jamr_token_alignments(entry.tree, parse_jamr_alignments(entry.metadata["alignments"]), len(tokens))}
    assert jamr == {("v2", 2), ("v4", 2), ("v1", 3), ("v3", 5)}
    isi = {(amr.paths[a.path], a.token + 1) for a in parse_isi_alignments(ISI_LISTING)}
    assert isi == {("v4", 2), ("v1", 3), ("v3", 5)}

    deps = tmp_path / "deps.txt"
    deps.write_text(DEPENDENCY_LISTING)
    (parse,) = read_stanford_dependencies(deps)
    pos_file = tmp_path / "pos.txt"
    pos_file.write_text(POS_LISTING)
    (pos,) = read_pos_lines(pos_file)
    assert pos == ["DT", "NN", "VBZ", "PRT", "VB"]
    assert parse.tokens == TOKENS
    d = dependency_tree(parse.tokens, parse.heads, parse.labels)
    assert d.labels == dict(enumerate(TOKENS, start=1))
    assert set(d.edges) == {(3, "nsubj", 2), (3, "xcomp", 5), (2, "det", 1), (5, "mark", 4)}
    assert d.root == 3 and d.is_totally_ordered()

    b = Bigraph(amr.graph, d, tokens, jamr, {(i, i) for i in range(1, 6)}, pos)
    assert b.pi(1, "v2") == {2} and b.pi(2, 2) == {"v2", "v4"} and b.pi(2, 4) == set()
    assert b.span(1, "v1") == {2, 3, 5}
