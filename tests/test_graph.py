"""Labeled ordered graphs: worked examples 1-3 of the thesis (Section 2.2)."""

import itertools

import pytest

from amrgen.graph import Graph
from amrgen.order import ChainOrder, Order

ALPHA, BETA = "α", "β"


@pytest.fixture
def g0() -> Graph:
    """G0 of Example example:graph, with ≺0 = <_N."""
    return Graph(
        {1: "a", 2: "a", 3: "b", 4: "c", 5: "b", 6: "c"},
        [(1, ALPHA, 2), (1, BETA, 3), (3, ALPHA, 2), (2, ALPHA, 4), (2, BETA, 4), (2, BETA, 5), (6, ALPHA, 5)],
        [(i, j) for i in range(1, 7) for j in range(1, 7) if i < j],
    )


def test_example_1_g0_is_acyclic_totally_ordered_not_rooted(g0):
    """Worked example 1 (Example example:graph): G0 is acyclic and totally ordered, but not rooted."""
    assert g0.is_acyclic()
    assert g0.is_totally_ordered()
    assert not g0.is_rooted()
    assert sorted(g0.roots()) == [1, 6]
    assert not g0.is_tree()


def test_example_1_two_subgraph(g0):
    """Worked example 1: G0|2 = ({2,4,5}, {(2,α,4), (2,β,4), (2,β,5)},
    {(2,a), (4,c), (5,b)}, {(2,4), (2,5), (4,5)}), rooted."""
    sub = g0.subgraph(2)
    assert set(sub.vertices) == {2, 4, 5}
    assert set(sub.edges) == {(2, ALPHA, 4), (2, BETA, 4), (2, BETA, 5)}
    assert sub.labels == {2: "a", 4: "c", 5: "b"}
    assert sub.order.pairs() == {(2, 4), (2, 5), (4, 5)}
    assert sub.is_rooted() and sub.root == 2


def test_in_out_parents_children_successors_predecessors(g0):
    assert set(g0.in_edges(2)) == {(1, ALPHA, 2), (3, ALPHA, 2)}
    assert set(g0.out_edges(2)) == {(2, ALPHA, 4), (2, BETA, 4), (2, BETA, 5)}
    assert set(g0.parents(5)) == {2, 6}
    assert g0.children(2) == [4, 5]
    assert set(g0.successors(1)) == {2, 3, 4, 5}
    assert set(g0.predecessors(5)) == {1, 2, 3, 6}
    assert g0.successors(4) == []


def test_walks_and_cycles(g0):
    assert g0.is_walk([1, 3, 2, 4])
    assert not g0.is_walk([1, 4])
    assert not g0.is_walk([1])
    cyclic = Graph({1: "x", 2: "y", 3: "z"}, [(1, "r", 2), (2, "r", 3), (3, "r", 2)])
    cycle = cyclic.find_cycle()
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {2, 3}
    assert not cyclic.is_acyclic()


def test_tree():
    tree = Graph({1: "a", 2: "b", 3: "c"}, [(1, "r", 2), (1, "s", 3)])
    assert tree.is_tree()
    tree.add_edge(2, "t", 3)
    assert not tree.is_tree()


def test_example_2_yield(g0):
    """Worked example 2: yield with ρ0 at 2, 3 and 1 is yzx, yzxx and x·yzx·yzxx; with L0 at 6, bc."""
    rho0 = {1: "x", 2: "y", 3: "x", 4: "z", 5: "x", 6: "y"}
    assert "".join(g0.yield_(rho0, 2)) == "yzx"
    assert "".join(g0.yield_(rho0, 3)) == "yzxx"
    assert "".join(g0.yield_(rho0, 1)) == "x" + "yzx" + "yzxx"
    assert "".join(g0.yield_(g0.labels, 6)) == "bc"


def test_yield_needs_a_total_order_on_each_family():
    g = Graph({1: "a", 2: "b", 3: "c"}, [(1, "r", 2), (1, "s", 3)], [(2, 1)])
    with pytest.raises(ValueError):
        g.yield_(g.labels)


def test_example_3_bottom_up_traversals(g0):
    """Worked example 3: s1, s2, s3 are bottom-up traversals of G0, (4,5,6,3,2,1) is not."""
    for s in [(4, 5, 6, 2, 3, 1), (4, 5, 2, 3, 1, 6), (5, 4, 2, 6, 3, 1)]:
        assert g0.is_bottom_up_traversal(s)
    assert not g0.is_bottom_up_traversal((4, 5, 6, 3, 2, 1))
    assert not g0.is_bottom_up_traversal((4, 5, 6, 2, 3))


def test_produced_bottom_up_traversal_is_valid(g0):
    assert g0.is_bottom_up_traversal(g0.bottom_up_traversal())


def test_partial_yield_skips_unordered_and_unrealized():
    # 1 has children 2 and 3; 3 is not realized, 2's family is ordered.
    g = Graph({1: "a", 2: "b", 3: "c", 4: "d"}, [(1, "r", 2), (1, "s", 3), (3, "t", 4)], [(2, 1), (1, 3)])
    assert g.partial_yield({1: "A", 2: "B", 4: "D"}) == ["B", "A"]
    # Without an order on 1's family, everything below is ε.
    assert Graph(g.labels, g.edges).partial_yield({1: "A", 2: "B"}) == []


def test_order_closure_and_strictness():
    order = Order([(1, 2), (2, 3)])
    assert order.precedes(1, 3)
    assert order.is_strict()
    assert order.sequence([3, 1, 2]) == [1, 2, 3]
    assert not order.with_pairs([(3, 1)]).is_strict()
    assert order.is_total_on([1, 2, 3]) and not order.is_total_on([1, 4])


def test_totality_by_counts_agrees_with_pairwise_comparison():
    """Order.is_total_on (counts of members before each member) against the definition
    (irreflexive, and every two members compared), on random orders of 2-6 vertices."""
    import itertools
    import random

    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(2, 6)
        pairs = [(a, b) for a in range(n) for b in range(n) if a != b and rng.random() < 0.3]
        order = Order(pairs)
        for size in range(1, n + 1):
            members = rng.sample(range(n), size)
            pairwise_total = all(a not in order.vertices_after(a) for a in members) and all(
                order.precedes(a, b) or order.precedes(b, a) for a, b in itertools.combinations(members, 2))
            assert order.is_total_on(members) == pairwise_total
            if pairwise_total:
                sequence = order.total_sequence(members)
                assert all(order.precedes(a, b) for a, b in zip(sequence, sequence[1:]))


def test_a_chain_order_answers_as_the_closed_order_of_its_chain():
    """ChainOrder (ranks, for a sentence's words) against Order of the pairs
    (v_i, v_i+1), closed: every query on random sequences of 0-7 vertices, with
    vertices outside the sequence in the queries; adding pairs gives the closed order."""
    import itertools
    import random

    rng = random.Random(11)
    for _ in range(300):
        sequence = rng.sample(range(10), rng.randint(0, 7))
        chain, closed = ChainOrder(sequence), Order(itertools.pairwise(sequence))
        assert chain == closed and chain.pairs() == closed.pairs() and chain.is_strict()
        for _ in range(6):
            members = [rng.randrange(12) for _ in range(rng.randint(0, 5))]
            assert chain.sequence(members) == closed.sequence(members)
            assert chain.total_sequence(members) == closed.total_sequence(members)
            assert chain.restricted(members) == closed.restricted(members)
        for a in range(12):
            assert chain.vertices_before(a) == closed.vertices_before(a)
            assert chain.vertices_after(a) == closed.vertices_after(a)
            assert all(chain.precedes(a, b) == closed.precedes(a, b) for b in range(12))
        extra = [(rng.randrange(12), rng.randrange(12)) for _ in range(2)]
        assert type(chain.with_pairs(extra)) is Order and chain.with_pairs(extra) == closed.with_pairs(extra)


def test_a_sentence_of_4000_words_orders_its_tree_in_linear_memory():
    """The dependency tree's order (Section 2.4) holds n ranks, not the n² pairs of its closure."""
    import tracemalloc

    from amrgen.bigraph import dependency_tree

    n = 4000
    tracemalloc.start()
    tree = dependency_tree(["word"] * n, [0, *range(1, n)], ["dep"] * n)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20_000_000  # the closed order took 1.3 GB
    assert tree.order.precedes(1, n) and tree.order.total_sequence([n, 1, 2000]) == [1, 2000, n]


def test_a_copy_and_its_original_change_on_their_own():
    """copy() shares the edge lists until one side changes them (copy on write)."""
    g = Graph({"a": "a", "b": "b", "c": "c"}, [("a", "x", "b")])
    assert g.children("a") == ["b"]
    h = g.copy()
    h.add_edge("a", "y", "c")
    h.replace_edge(("a", "x", "b"), ("a", "z", "b"))
    assert g.out_edges("a") == [("a", "x", "b")] and g.children("a") == ["b"] and g.parents("c") == []
    assert h.out_edges("a") == [("a", "z", "b"), ("a", "y", "c")] and h.children("a") == ["b", "c"]
    g.remove_edge("a", "x", "b")
    assert g.children("a") == [] and h.children("a") == ["b", "c"] and h.parents("b") == ["a"]
    k = h.copy()
    k.remove_vertex("c")
    assert h.children("a") == ["b", "c"] and k.children("a") == ["b"]
    h.children("a").append("d")  # the caller's own list
    assert h.children("a") == ["b", "c"]


def test_a_chain_is_admitted_exactly_where_the_closed_order_stays_strict():
    """Order.admits_chain answers as (≺ ∪ chain)^+ .is_strict() does, on every
    sequence of up to four of five vertices over some orders."""
    vertices = "abcde"
    orders = [Order(), Order([("a", "b"), ("b", "c")]), Order([("d", "a"), ("c", "e")]),
              Order([("a", "b"), ("b", "a")])]
    for order in orders:
        for k in range(5):
            for sequence in itertools.product(vertices, repeat=k):
                expected = order.with_pairs(list(itertools.pairwise(sequence))).is_strict()
                assert order.admits_chain(sequence) == expected, (order, sequence)


def test_yield_starts_say_where_each_realization_begins():
    g = Graph({"r": "r", "a": "a", "b": "b"}, [("r", "x", "a"), ("r", "y", "b")], [("a", "r"), ("r", "b")])
    words, starts = g.yield_starts({"r": "saw it", "a": "", "b": "the cat"})
    assert words == ["saw", "it", "the", "cat"] == g.yield_({"r": "saw it", "a": "", "b": "the cat"})
    assert starts == {"a": 0, "r": 0, "b": 2}


def test_yield_spans_say_where_each_vertex_s_words_are():
    g = Graph({"r": "r", "a": "a", "b": "b", "c": "c"}, [("r", "x", "a"), ("r", "y", "b"), ("b", "z", "c")],
              [("a", "r"), ("r", "b"), ("c", "b")])
    rho = {"r": "saw it", "a": "", "b": "cat", "c": "the"}
    words, spans = g.yield_spans(rho)
    assert words == ["saw", "it", "the", "cat"] == g.yield_(rho)
    assert spans == {"a": (0, 0), "r": (0, 4), "b": (2, 4), "c": (2, 3)}
    assert all(words[begin:end] == g.yield_(rho, v) for v, (begin, end) in spans.items())
