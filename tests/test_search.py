"""Search (amrgen.search): sub-graph patterns, roles and terms over graphs and sentences; on Little
Prince dev the pattern search agrees with a plain scan of penman's triples."""

from __future__ import annotations

from types import SimpleNamespace

import penman
import pytest

from amrgen.amr import Amr
from amrgen.io.penman_corpus import read_corpus
from amrgen.search import SearchSyntaxError, match_graph, parse_query, search_entries


SLEEP = Amr.from_penman("(w / want-01 :ARG0 (d / developer) :ARG1 (s / sleep-01 :ARG0 d))").graph
POSSIBLE = Amr.from_penman(
    "(t / thing :ARG1-of (p / possible-01 :polarity -) :mod (o / other :ARG1-of (p2 / possible-01)))").graph


def _match(query: str, graph=SLEEP, words=(), entry_id=""):
    return match_graph(parse_query(query), graph, words, entry_id)


def test_pattern_binds_concepts_and_roles() -> None:
    found = _match("(x / want-01 :ARG1 (y / *))")
    assert found.bindings == ({"x": "w", "y": "s"},)
    assert found.vertices == {"w", "s"} and found.edges == {("w", "ARG1", "s")}
    assert not _match("(x / want-01 :ARG2 (y / *))")
    assert not _match("(x / sleep-01 :ARG1 (y / *))")


def test_reentrance_in_the_pattern_is_one_vertex() -> None:
    found = _match("(w / want-01 :ARG0 (b / *) :ARG1 (g / sleep-01 :ARG0 b))")
    assert found.bindings == ({"w": "w", "b": "d", "g": "s"},)
    # Two variables are two vertices: ARG0 of want and of sleep are one vertex, so no embedding.
    assert not _match("(w / want-01 :ARG0 (b / *) :ARG1 (g / sleep-01 :ARG0 (c / *)))")


def test_inverse_roles_are_read_backwards_in_graph_and_pattern() -> None:
    # The graph writes :ARG1-of; the pattern asks for possible-01 over an :ARG1.
    found = _match("(x / possible-01 :ARG1 (y / *))", POSSIBLE)
    assert {b["x"] for b in found.bindings} == {"p", "p2"}
    assert ("t", "ARG1-of", "p") in found.edges  # the edge as written
    assert _match("(y / thing :ARG1-of (x / possible-01))", POSSIBLE).bindings == ({"y": "t", "x": "p"},)


def test_constants_globs_and_roles() -> None:
    assert _match("(x / possible-* :polarity -)", POSSIBLE).vertices == {"p", "p.0"}
    assert {b["x"] for b in _match("(x / *-01 :ARG* (y / thing))", POSSIBLE).bindings} == {"p"}
    role = _match(":ARG1", POSSIBLE)
    assert role.edges == {("t", "ARG1-of", "p"), ("o", "ARG1-of", "p2")}
    assert _match(":ARG1-of", POSSIBLE).edges == role.edges  # the same role read backwards


def test_terms_match_concepts_words_variables_and_id() -> None:
    found = _match("sleep", words=["the", "developer", "wants", "to", "sleep"], entry_id="thesis.1")
    assert found.vertices == {"s"} and found.words == {5} and not found.entry_id
    assert _match("want-01").vertices == {"w"}
    assert _match("d").vertices == {"d"}  # a variable
    assert _match("thesis.*", entry_id="thesis.1").entry_id
    assert not _match("nothing-here")


@pytest.mark.parametrize("query", ["", "(x / want-01 :ARG1", "(x / a :ARG0 (x / b))", ":"])
def test_unreadable_queries_say_why(query: str) -> None:
    with pytest.raises(SearchSyntaxError):
        parse_query(query)


def test_little_prince_dev_possible_over_arg1_agrees_with_a_plain_scan(shared_corpus) -> None:
    corpus = read_corpus(shared_corpus("little-prince-dev"))
    entries = [SimpleNamespace(id=e.id, amr=Amr.from_tree(e.tree), words=()) for e in corpus.entries]
    found = {m.id for m in search_entries(parse_query("(x / possible-01 :ARG1 (y / *))"), entries)}

    def plain(entry) -> bool:
        graph = penman.decode(entry.graph_text)  # penman turns :ARG1-of around itself
        possible = {s for s, role, t in graph.instances() if t == "possible-01"}
        return any(s in possible and role == ":ARG1" for s, role, _ in graph.edges())

    expected = {e.id for e in corpus.entries if plain(e)}
    assert len(expected) >= 5  # the corpus has them: a scan that found none would prove nothing
    assert found == expected
