"""Corpus-scale checks: every graph of the shared corpora becomes an AMR graph
whose initial configuration c_s(G) is well-formed."""

import pytest

from amrgen.amr import Amr
from amrgen.io.penman_corpus import read_corpus
from amrgen.transitions import initial

CORPORA = [
    ("little-prince-training", 1274), ("little-prince-dev", 145), ("little-prince-test", 143), ("bio-dev", 500),
    ("bio-training-partial", 838),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,count", CORPORA)
def test_every_graph_loads_and_its_initial_configuration_is_well_formed(shared_corpus, name, count):
    result = read_corpus(shared_corpus(name))
    assert not result.errors and len(result.entries) == count
    for entry in result.entries:
        amr = Amr.from_tree(entry.tree)
        c = initial(amr.graph)
        assert c.check() == [], entry.id
        assert amr.graph.is_bottom_up_traversal(c.node_buffer), entry.id
