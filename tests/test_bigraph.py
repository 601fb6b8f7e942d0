"""Dependency trees and bigraphs: worked examples 5-7 (Sections 2.4, 2.5)."""

import pytest

from amrgen.bigraph import Bigraph, dependency_tree, is_dependency_tree_for
from amrgen.graph import Graph

WORDS = "The developer wants to sleep".split()


def g1() -> Graph:
    return Graph({1: "want-01", 2: "person", 3: "sleep-01", 4: "develop-02"},
                 [(1, "ARG0", 2), (1, "ARG1", 3), (3, "ARG0", 2), (2, "ARG0-of", 4)])


def g2() -> Graph:
    """G2 of Example example:dep-tree."""
    return Graph({1: "wants", 2: "developer", 3: "sleep", 4: "The", 5: "to"},
                 [(1, "nsubj", 2), (1, "xcomp", 3), (2, "det", 4), (3, "mark", 5)],
                 [(4, 2), (2, 1), (1, 5), (5, 3)])


@pytest.fixture
def bigraph() -> Bigraph:
    return Bigraph(g1(), g2(), WORDS, {(1, 3), (2, 2), (3, 5), (4, 2)}, {(1, 3), (2, 2), (3, 5), (4, 1), (5, 4)})


def test_example_5_g2_is_a_dependency_tree_for_the_sentence():
    """Worked example 5 (Example example:dep-tree): G2 is a dependency tree for
    "The developer wants to sleep" with b = {(1,3), (2,2), (3,5), (4,1), (5,4)}."""
    b = {1: 3, 2: 2, 3: 5, 4: 1, 5: 4}
    assert is_dependency_tree_for(g2(), WORDS, b)
    assert not is_dependency_tree_for(g2(), WORDS, {1: 3, 2: 2, 3: 5, 4: 4, 5: 1})


def test_dependency_tree_from_heads_is_a_dependency_tree_for_its_words():
    tree = dependency_tree(WORDS, [2, 3, 0, 5, 3], ["det", "nsubj", "root", "mark", "xcomp"])
    assert is_dependency_tree_for(tree, WORDS, {i: i for i in range(1, 6)})
    assert tree.root == 3 and tree.family(3) == [2, 3, 5]
    with pytest.raises(ValueError):
        dependency_tree(WORDS, [2, 1, 0, 5, 3], ["det", "nsubj", "root", "mark", "xcomp"])


def test_example_6_pi_maps(bigraph):
    """Worked example 6 (Example example:bigraph): π1(2) = {2}, π2(2) = {2,4}, π2(5) = ∅."""
    assert bigraph.pi(1, 2) == {2}
    assert bigraph.pi(2, 2) == {2, 4}
    assert bigraph.pi(2, 5) == set()
    assert bigraph.aligned(1, 2) == {2}


def test_example_7_span(bigraph):
    """Worked example 7: span1(1) = {2,3,5}, span2(3) = {4,5}."""
    assert bigraph.span(1, 1) == {2, 3, 5}
    assert bigraph.span(2, 3) == {4, 5}


def test_alignment_to_unknown_vertex_or_token_is_refused():
    with pytest.raises(ValueError, match="unknown vertex"):
        Bigraph(g1(), None, WORDS, {(9, 1)})
    with pytest.raises(ValueError, match="outside"):
        Bigraph(g1(), None, WORDS, {(1, 6)})
