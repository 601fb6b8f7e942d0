"""Tests for amrgen.prep.normalize: named entities, deverbalization, modes, :wiki (thesis 5.2)."""

import penman
import pytest

from amrgen.amr import Amr
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.normalize import (
    canonical_form,
    default_verbalizations,
    entity_name,
    expand_names,
    load_verbalizations,
    mode_of,
    normalize,
    normalize_amr,
)

VERBALIZATIONS = """\
# Built by Ulf Hermjakob
DO-NOT-VERBALIZE president TO person :ARG0-of preside-01
VERBALIZE acceptable TO accept-01
VERBALIZE actor TO person :ARG0-of act-01
VERBALIZE actress TO person :ARG0-of act-01
VERBALIZE developer TO person :ARG0-of develop-02
VERBALIZE lamplighter TO person :ARG0-of light-04 :ARG1 lamp
VERBALIZE senseless TO sense-02 :polarity -
MAYBE-VERBALIZE defendant TO person :ARG1-of defend-01
"""


@pytest.fixture
def verbalizations(tmp_path):
    path = tmp_path / "verbalization-list.txt"
    path.write_text(VERBALIZATIONS)
    return load_verbalizations(path)


def amr(text: str) -> Amr:
    return Amr.from_penman(text)


def entry(text: str, words: str, pos: list[str], alignment: dict) -> ExtendedEntry:
    n = len(words.split())
    return ExtendedEntry(
        id="x", amr=amr(text), words=words.split(), pos=pos, lemmas=words.split(),
        heads=[0] + [1] * (n - 1), labels=["root"] + ["dep"] * (n - 1),
        alignment={v: frozenset(ps) for v, ps in alignment.items()}, tokens=words.split(),
    )


def penman_of(graph: Amr) -> str:
    return graph.to_penman(indent=None)


def test_verbalization_list_lines(verbalizations):
    assert verbalizations == {
        ("person", "ARG0-of", "act-01", None): "actor",
        ("person", "ARG0-of", "develop-02", None): "developer",
        ("person", "ARG0-of", "light-04", ("ARG1", "lamp")): "lamplighter",
        ("person", "ARG1-of", "defend-01", None): "defendant",
    }


def test_the_default_verbalization_list(shared_dir):
    table = default_verbalizations()
    assert table[("person", "ARG0-of", "develop-02", None)] == "developer"
    assert table[("person", "ARG0-of", "act-01", None)] == "actor"
    assert ("person", "ARG0-of", "preside-01", None) not in table


def test_named_entity_becomes_one_name_vertex(verbalizations):
    text = '(c / country :wiki "United_States" :name (n / name :op1 "United" :op2 "States"))'
    prepared = entry(text, "the united states", ["DT", "NNP", "NNPS"],
                     {"c": {1}, "n.0": {2}, "n.1": {3}, "c.0": {2, 3}})
    result = normalize(prepared, verbalizations)
    assert penman_of(result.amr) == '(c / country :name "United States")'
    assert entity_name(result.amr.graph, "c") == "United States"
    assert result.amr.constants == {"c.0"}
    assert result.alignment == {"c": frozenset({1}), "c.0": frozenset({2, 3})}
    assert result.pos == prepared.pos
    assert penman_of(expand_names(result.amr)) == '(c / country :name (n / name :op1 "United" :op2 "States"))'


def test_unusual_names_stay_as_they_are(verbalizations):
    for text in (
        '(c / city :name (n / name :op1 "Paris" :mod (o / old)))',
        '(c / city :name (n / name :op1 "Paris") :ARG1-of (s / see-01 :ARG0 n))',
        '(c / city :name (n / name))',
    ):
        assert penman_of(normalize_amr(amr(text), verbalizations)) == penman_of(amr(text))
        assert entity_name(amr(text).graph, "c") is None


def test_deverbalization_of_the_thesis_developer(verbalizations):
    text = "(w / want-01 :ARG0 (p / person :ARG0-of (d / develop-02)) :ARG1 (s / sleep-01 :ARG0 p))"
    prepared = entry(text, "the developer wants to sleep", ["DT", "VBZ", "VBZ", "TO", "VB"],
                     {"d": {2}, "w": {3}, "s": {5}})
    result = normalize(prepared, verbalizations)
    assert penman_of(result.amr) == "(w / want-01 :ARG0 (p / developer) :ARG1 (s / sleep-01 :ARG0 p))"
    assert result.alignment == {"p": frozenset({2}), "w": frozenset({3}), "s": frozenset({5})}
    assert result.pos == ["DT", "NN", "VBZ", "TO", "VB"]


def test_deverbalization_with_a_second_relation(verbalizations):
    text = "(s / see-01 :ARG0 (p / person :ARG0-of (l / light-04 :ARG1 (l2 / lamp))))"
    assert penman_of(normalize_amr(amr(text), verbalizations)) == "(s / see-01 :ARG0 (p / lamplighter))"


def test_the_first_listed_word_wins_and_only_one_child_is_used(verbalizations):
    text = "(p / person :ARG0-of (a / act-01) :ARG1-of (d / defend-01))"
    assert penman_of(normalize_amr(amr(text), verbalizations)) == "(p / actor :ARG1-of (d / defend-01))"


@pytest.mark.parametrize(
    "text",
    [
        "(p / person :ARG0-of (d / develop-02 :ARG1 (s / software)))",  # not a leaf
        "(w / want-01 :ARG0 (p / person :ARG0-of (d / develop-02)) :ARG1 d)",  # d has two parents
        "(p / person :ARG0-of (d / preside-01))",  # DO-NOT-VERBALIZE
        "(s / sense-02 :polarity -)",  # target is no PropBank frame
        "(p / person :ARG0-of (l / light-04 :ARG1 (c / candle)))",
    ],
)
def test_no_deverbalization(text, verbalizations):
    assert penman_of(normalize_amr(amr(text), verbalizations)) == penman_of(amr(text))


def test_modes_stay_unaligned_leaves(verbalizations):
    text = '(g / go-02 :mode imperative :ARG0 (y / you) :ARG1 (t / truth-value :mode "interrogative"))'
    prepared = entry(text, "go please", ["VBP", "UH"], {"g": {1}, "g.0": {2}})
    result = normalize(prepared, verbalizations)
    assert penman_of(result.amr) == (
        "(g / go-02 :mode imperative :ARG0 (y / you) :ARG1 (t / truth-value :mode interrogative))"
    )
    assert result.alignment == {"g": frozenset({1})}
    assert result.pos == ["VB", "UH"]
    assert mode_of(result.amr.graph, "g") == "imperative"
    assert mode_of(result.amr.graph, "t") == "interrogative"
    assert mode_of(result.amr.graph, "y") is None


def test_propbank_ancestors_of_amr_unknown_are_interrogative():
    graph = amr("(s / say-01 :ARG0 (p / person :ARG0-of (l / like-01 :ARG1 (a / amr-unknown))) "
                ":ARG1 (r / rain-01))").graph
    assert [mode_of(graph, v) for v in "splar"] == ["interrogative", None, "interrogative", None, None]


def test_wiki_links_are_removed(verbalizations):
    text = '(p / person :wiki - :name (n / name :op1 "Saint-Exupery") :ARG0-of (w / write-01))'
    prepared = entry(text, "saint-exupery wrote", ["NNP", "VBD"], {"p.0": {1}, "n.0": {1}, "w": {2}})
    result = normalize(prepared, verbalizations)
    assert penman_of(result.amr) == '(p / person :name "Saint-Exupery" :ARG0-of (w / write-01))'
    assert result.alignment == {"p.0": frozenset({1}), "w": frozenset({2})}


def test_normalized_graphs_read_back_as_they_are(verbalizations):
    text = """(s / say-01 :ARG0 (p / person :wiki "Antoine" :name (n / name :op1 "Antoine")
                  :ARG0-of (d / develop-02)) :ARG1 (g / go-02 :ARG0 p :mode imperative
                  :ARG1 (c / country :name (n2 / name :op1 "Asteroid" :op2 "B-612"))))"""
    graph = normalize_amr(amr(text), verbalizations)
    again = Amr.from_tree(penman.parse(graph.to_penman()))
    assert again.graph.labels == graph.graph.labels
    assert again.graph.edges == graph.graph.edges
    assert (again.paths, again.constants) == (graph.paths, graph.constants)


def test_canonical_form_renames_constants_by_place():
    graph = amr("(s / say-01 :ARG1 (g / go-02 :polarity - :ARG0 s2) :ARG0 (s2 / sheep))")
    canonical, rename = canonical_form(graph)
    assert penman_of(canonical) == "(s / say-01 :ARG1 (g / go-02 :polarity - :ARG0 (s2 / sheep)) :ARG0 s2)"
    assert rename == {"s": "s", "g": "g", "g.0": "g.0", "s2": "s2"}
    assert canonical.paths[(0, 1)] == "s2" and canonical.paths[(1,)] == "s2"


@pytest.mark.parametrize(("text", "normalized"), [
    ("(s / sleep-01 :ARG0 (b / boy) :mod (a / and))", "(s / sleep-01 :ARG0 (b / boy))"),
    ("(a / and :op1 (b / boy) :op2 (o / or :op1 (m / multi-sentence)) :time (d / date-entity))",
     "(a / and :op1 (b / boy))"),
    ("(s / sleep-01 :ARG0 (b / boy :mod (a / and)) :ARG1 (a2 / and :op1 b :op2 a))",
     "(s / sleep-01 :ARG0 (b / boy) :ARG1 (a2 / and :op1 b))"),
    ("(a / and)", "(a / and)"),
    ("(a / and :op1 (o / or))", "(a / and)"),
    ('(s / say-01 :ARG1 and)', '(s / say-01 :ARG1 and)'),
])
def test_empty_structures_below_the_root_are_removed(text, normalized, verbalizations):
    """Issue 34, point 3: a childless and, or, multi-sentence or date-entity says nothing;
    an empty root is left for the generator to refuse."""
    graph = amr(text).graph
    alignment = {v: {position} for v, position in (("b", 2), ("a", 3)) if v in graph}
    result = normalize(entry(text, "the boy sleeps", ["DT", "NN", "VBZ"], alignment), verbalizations)
    assert penman_of(result.amr) == normalized
    assert set(result.alignment) <= set(result.amr.graph.vertices)
