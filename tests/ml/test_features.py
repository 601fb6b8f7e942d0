"""Indicator features, composition and feature lists (thesis 2.7, Tables
tab:syntactic-annotation-features and tab:transition-features)."""

import time

import pytest

from amrgen.amr import Amr
from amrgen.errors import MissingResourceError
from amrgen.graph import Graph
from amrgen.lexicon.wordnet_lexicon import WordNetLexicon
from amrgen.ml import context as feature_context
from amrgen.ml.context import FeatureContext, FeatureResources
from amrgen.ml.features import (
    FEATURES_DIR,
    FeatureSpecError,
    extract,
    load_feature_list,
    parse_feature,
    parse_feature_list,
)
from amrgen.ml.indicators import Feature, Indicator
from amrgen.transitions import AnnotationFunction, Configuration, Key, Realize, Reorder, SyntacticAnnotation

DEVELOPER = """(v1 / want-01 :ARG0 (v2 / person :ARG0-of (v4 / develop-02))
                     :ARG1 (v3 / sleep-01 :ARG0 v2))"""
NO_WORDNET = FeatureResources(empirical_pos={"person": "NN", "little": "JJ"}, lexicon=None)
MODELS = ["denom", "first-stage", "insert-between-arg", "insert-between-other", "insert-child", "number", "pos",
          "realize", "reorder-head", "reorder-left", "reorder-right", "tense", "voice"]


def graph(penman: str) -> Graph:
    return Amr.from_penman(penman).graph


def at(penman_or_graph, v, resources=NO_WORDNET) -> FeatureContext:
    g = graph(penman_or_graph) if isinstance(penman_or_graph, str) else penman_or_graph
    return FeatureContext.at_vertex(g, v, resources)


def values(spec: str, context: FeatureContext) -> set:
    """The value set of a one-indicator spec, or the set of tuples of a composition."""
    feature = parse_feature(spec)
    return set(feature.parts[0].values(context)) if len(feature.parts) == 1 else feature.values(context)


def flags(prefix: str, true: set[int]) -> set[str]:
    return {f"({prefix.format(i)},{'true' if i in true else 'false'})" for i in range(1, 6)}


# -- the examples of Section 2.7 ---------------------------------------------------


def test_example_features_f1_and_f2_question_or_statement():
    """Worked example 9 (Example example:features and the example after f^Y): f1^y fires for y
    when G has a vertex labeled interrogative, f2^y is |V|, and
    f2^(q,s) = (f2^q, f2^s) with f^y(x, y') = f(x) iff y = y'.  The
    interrogative flag is read off the graph-wide indicator AllCombinedLabels;
    pairing a feature with the outputs is the maximum entropy model's part."""
    question = graph("(p / possible-01 :mode interrogative :ARG1 (g / go-02 :ARG0 (y / you)))")
    statement = graph("(p / possible-01 :ARG1 (g / go-02 :ARG0 (y / you)))")

    def f1(g: Graph) -> int:
        combined = Indicator("AllCombinedLabels").values(at(g, g.root))
        return int(any(value.endswith(",interrogative)") for value in combined))

    def f2(g: Graph) -> int:
        return len(g)

    def lift(f, y):  # f^y of Section 2.7
        return lambda g, y2: f(g) if y == y2 else 0

    f = [lift(f1, "q"), lift(f1, "s"), lift(f2, "q"), lift(f2, "s")]
    assert [fi(question, "q") for fi in f] == [1, 0, 4, 0]
    assert [fi(question, "s") for fi in f] == [0, 1, 0, 4]
    assert [fi(statement, "q") for fi in f] == [0, 0, 3, 0]
    # The binary feature behind f1 is an active string of the context:
    assert "AllCombinedLabels=(mode,interrogative)" in extract(parse_feature_list("AllCombinedLabels"),
                                                                 at(question, "p"))


def test_example_composition_of_children_and_parents_labels():
    """Worked example 9 (the example after Def. of composition): s1 = labels of ch(v), s2 =
    labels of pa(v), (s1∘s2)(G', v) = {(L'(c), L'(p))}."""
    x = at(DEVELOPER, "v2")
    assert values("Children(v)", x) == {"develop-02"}
    assert values("Parents(v)", x) == {"want-01", "sleep-01"}
    assert values("Children(v) * Parents(v)", x) == {("develop-02", "want-01"), ("develop-02", "sleep-01")}
    assert parse_feature("Children(v) * Parents(v)").strings(x) == [
        "Children(v)=develop-02|Parents(v)=sleep-01", "Children(v)=develop-02|Parents(v)=want-01"]
    # With an empty factor the composition is empty.
    assert values("Children(v) * Parents(v)", at(DEVELOPER, "v1")) == set()


# -- Table tab:syntactic-annotation-features ---------------------------------------

DEVELOPER_VALUES = [
    # (spec, vertex, values)
    ("Concept(v)", "v2", {"person"}),
    ("Concept[person,thing](v)", "v2", {"true"}),
    ("Concept[thing](v)", "v2", {"false"}),
    ("Lemma(v)", "v1", {"want"}),
    ("Lemma(v)", "v2", {"person"}),
    ("Pos(v)", "v2", {"NONE"}),
    ("Number(v)", "v2", {"NONE"}),
    ("InLabel(v)", "v2", {"ARG0"}),
    ("InLabel(v)", "v4", {"ARG0-of"}),
    ("InLabel(v)", "v1", {"ROOT"}),
    ("InLabelInv(v)", "v4", {"true"}),
    ("InLabelInv(v)", "v2", {"false"}),
    ("InLabelArg(v)", "v2", {"true"}),
    ("InLabelArg(v)", "v1", {"false"}),
    ("HasChild[develop-02](v)", "v2", {"true"}),
    ("HasChild[person](v)", "v2", {"false"}),
    ("HasEdge[ARG0-of](v)", "v2", {"true"}),
    ("HasEdge[ARG0](v)", "v2", {"false"}),
    ("OutSize(v)", "v1", {"2"}),
    ("OutEmpty(v)", "v4", {"true"}),
    ("OutEmpty(v)", "v1", {"false"}),
    ("OutLabels(v)", "v1", {"ARG0", "ARG1"}),
    ("InLabels(v)", "v2", {"ARG0"}),
    ("OutLabelsPos(v)", "v1", {"(ARG0,NN)", "(ARG1,PROP)"}),
    ("InLabelsPos(v)", "v2", {"(ARG0,PROP)"}),
    ("Children(v)", "v1", {"person", "sleep-01"}),
    ("Parents(v)", "v2", {"want-01", "sleep-01"}),
    ("OutLabelsChildren(v)", "v3", {"(ARG0,person)"}),
    ("NonLinkChildren(v)", "v1", {"person", "sleep-01"}),
    ("NonLinkChildren(v)", "v3", set()),  # v2's gold parent is v1, nearer the root
    ("ChildrenPos(v)", "v1", {"NN", "PROP"}),
    ("ChildrenPos(v)", "v2", {"PROP"}),
    ("Name(v)", "v2", {"NONE"}),
    ("Height(v)", "v3", {"2"}),
    ("Height(v)", "v4", {"0"}),
    ("Height(v)", "v1", {"NONE"}),  # G|v1 is no tree: v2 has two parents
    ("Depth(v)", "v1", {"0"}),
    ("Depth(v)", "v4", {"2"}),
    ("NrOfArgs(v)", "v1", {"2"}),
    ("NrOfArgs(v)", "v2", {"0"}),  # ARG0-of is no ARGi
    ("AllEdgeLabels", "v1", {"ARG0", "ARG0-of", "ARG1"}),
    ("AllCombinedLabels", "v4", {"(ARG0,person)", "(ARG0-of,develop-02)", "(ARG1,sleep-01)"}),
]


@pytest.mark.parametrize(("spec", "vertex", "expected"), DEVELOPER_VALUES)
def test_syntactic_annotation_indicators_on_the_developer_graph(spec, vertex, expected):
    assert values(spec, at(DEVELOPER, vertex)) == expected


def test_arg_flags_for_i_from_1_to_5():
    g = graph("(b / believe-01 :ARG0 (p / person) :ARG1 (l / like-01 :ARG1 p :ARG1-of (h / hope-01)))")
    assert values("ArgFlags(v)", at(g, "b")) == flags("ARG{}", {1})
    assert values("ArgFlags(v)", at(g, "l")) == flags("ARG{}", {1})
    # l's ARG1 child p hangs from b, nearer the root: a link, not l's own.
    assert values("ArgLinkFlags(v)", at(g, "l")) == flags("ARG{}", set())
    assert values("ArgLinkFlags(v)", at(g, "b")) == flags("ARG{}", {1})
    assert values("ArgOfFlags(v)", at(g, "l")) == flags("ARG{}-of", set())
    assert values("ArgOfFlags(v)", at(g, "h")) == flags("ARG{}-of", {1})


def test_name_mod_and_mod_pos():
    written = '(c / country :name (n / name :op1 "United" :op2 "States"))'
    collapsed = '(c / country :name "United States")'
    assert values("Name(v)", at(written, "c")) == {"United States"}
    assert values("Name(v)", at(collapsed, "c")) == {"United States"}
    boy = "(b / boy :mod (l / little) :mod (t / tall))"
    assert values("Mod(v)", at(boy, "b")) == {"little", "tall"}
    assert values("ModPos(v)", at(boy, "b")) == {"JJ", "NONE"}  # "tall" was never seen in training
    assert values("ModPos(v)", at(boy, "l")) == set()


def test_empirical_pos_needs_the_resource():
    assert values("ChildrenPos(v)", at(DEVELOPER, "v1", FeatureResources(lexicon=None))) == {"NONE", "PROP"}


def test_wordnet_pos_and_realization_lemma(wordnet):
    lexicon = WordNetLexicon(wordnet)
    resources = FeatureResources(lexicon=lexicon)
    g = graph("(w / want-01 :ARG1 (p / person) :mod (g / good) :manner (q / quick))")
    assert [values("WordNetPos(v)", at(g, v, resources)) for v in "wpgq"] == [{"verb"}, {"noun"}, {"adj"}, {"adj"}]
    assert values("WordNetPos(v)", at("(x / xyzzy-01)", "x", resources)) == {"NONE"}
    rho = AnnotationFunction({Key.REAL: {"w": "wanted", "p": "people"}, Key.POS: {"w": "VB", "p": "NN"}})
    c = Configuration(g, ("w",), (), rho)
    assert values("RealizationLemma(v)", FeatureContext(c, resources)) == {"want"}
    assert values("RealizationLemma(v)", FeatureContext(c, resources, vertex="p")) == {"people"}
    assert values("RealizationLemma(v)", FeatureContext(c, resources, vertex="g")) == {"NONE"}
    assert values("WordNetPos(v)", FeatureContext(c, NO_WORDNET)) == {"NONE"}


# -- Table tab:transition-features --------------------------------------------------

TREE = "(v1 / want-01 :ARG0 (v2 / boy) :ARG1 (v3 / sleep-01) :time (v5 / now))"


def reordered(**rho) -> Configuration:
    """σ1 = v1 after Reorder-(v2, v1, v3, v5): β = v2 v3 v5."""
    g = graph(TREE)
    g.order = g.order.with_pairs([("v2", "v1"), ("v1", "v3"), ("v3", "v5")])
    base = {Key.DEL: {"v1": 0}, Key.POS: {"v1": "VB", "v2": "NN"}, Key.TENSE: {"v1": "present"},
            Key.VOICE: {"v1": "active"}, Key.NUMBER: {"v2": "singular"}, Key.REAL: {"v1": "wants"},
            Key.SWAPS: {"v2": 1}}
    return Configuration(g, ("v1",), ("v2", "v3", "v5"), AnnotationFunction(base | rho))


def test_rho_k_for_every_key():
    x = FeatureContext(reordered(**{Key.INS_DONE: {"v1": 1}, Key.LINK: {"v5": "v3"},
                                    Key.INIT_CONCEPT: {"v1": "wish-01"}, Key.DENOM: {"v2": "the"}}), NO_WORDNET)
    assert values("Rho[POS](v)", x) == {"VB"}
    assert values("Rho[DENOM](c1)", x.derive(children=["v2"])) == {"the"}
    assert values("Rho[TENSE](v)", x) == {"present"}
    assert values("Rho[NUMBER](b)", x) == {"singular"}
    assert values("Rho[VOICE](v)", x) == {"active"}
    assert values("Rho[REAL](v)", x) == {"wants"}
    assert values("Rho[DEL](v)", x) == {"0"}
    assert values("Rho[INS-DONE](v)", x) == {"1"}
    assert values("Rho[LINK](c1)", x.derive(children=["v5"])) == {"v3"}
    assert values("Rho[SWAPS](b)", x) == {"1"}
    assert values("Rho[INIT-CONCEPT](v)", x) == {"wish-01"}
    assert values("Rho[TENSE](b)", x) == {"NONE"}


def test_relative_position_and_the_same_side():
    x = FeatureContext(reordered(), NO_WORDNET)
    pairs = {"v2": "left", "v3": "right", "v5": "right"}
    assert {v: values("RelativePosition(c1)", x.derive(children=[v])) for v in pairs} == {
        v: {side} for v, side in pairs.items()}
    assert values("RelativePosition(v)", x) == {"NONE"}  # the root has no parent
    right = x.derive(children=["v3"])
    assert values("SameSideSize(c1)", right) == {"2"}
    assert values("SameSideLabels(c1)", right) == {"ARG1", "time"}
    assert values("SameSideLabelsPos(c1)", right) == {"(ARG1,PROP)", "(time,NONE)"}
    assert values("SameSidePos(c1)", right) == {"PROP", "NONE"}
    assert values("SameSideSize(b)", x) == {"1"}
    deleted = FeatureContext(reordered(**{Key.DEL: {"v1": 1}}), NO_WORDNET)
    assert values("RelativePosition(b)", deleted) == {"del"}


def test_an_order_event_hypothesises_sides_before_reorder():
    g = graph(TREE)
    c = Configuration(g, ("v1",), (), AnnotationFunction({Key.DEL: {"v1": 0}}))
    x = FeatureContext(c, NO_WORDNET, children=["v3", "v5"])
    assert values("SameSideSize(c1)", x) == {"NONE"}  # ≺ says nothing yet
    assert values("RelativePosition(c1)", x) == {"del"}
    hypothesis = x.derive(sides={"v2": "right", "v3": "left", "v5": "left"})
    assert values("SameSideLabels(c1)", hypothesis) == {"ARG1", "time"}
    assert values("RelativePosition(c2)", hypothesis) == {"left"}
    assert g.order.pairs() == set()


def test_out_labels_within_a_set():
    x = FeatureContext(reordered(), NO_WORDNET)
    assert values("OutLabels[ARG0,ARG1,time](v)", x) == {"true"}
    assert values("OutLabels[ARG0,ARG1](v)", x) == {"false"}
    assert values("OutLabels[mod](b)", x) == {"true"}  # ∅ ⊆ S


def test_mergeable_asks_the_merge_table():
    c = reordered()
    table = FeatureResources(merge_table={("want-01", "boy"): ("boy", "NN")}, lexicon=None)
    assert values("Mergeable(b)", FeatureContext(c, table)) == {"true"}
    assert values("Mergeable(c1)", FeatureContext(c, table, children=["v3"])) == {"false"}
    assert values("Mergeable(v)", FeatureContext(c, table)) == {"NONE"}  # no parent
    assert values("Mergeable(b)", FeatureContext(c, NO_WORDNET)) == {"NONE"}  # no table


def test_complex_pos():
    x = FeatureContext(reordered(), NO_WORDNET)
    assert values("ComplexPos(v)", x) == {"(VB,present,active,none,singular)"}
    assert values("ComplexPos(b)", x) == {"(NN,singular)"}
    assert values("ComplexPos(c1)", x.derive(children=["v3"])) == {"NONE"}
    g = graph("(g / go-01 :mode imperative :ARG0 (y / you))")
    rho = AnnotationFunction({Key.POS: {"g": "VB", "y": "PRP"}, Key.TENSE: {"g": "--"}, Key.VOICE: {"g": "active"},
                              Key.NUMBER: {"y": "--"}})
    x = FeatureContext(Configuration(g, ("g",), (), rho), NO_WORDNET)
    assert values("ComplexPos(v)", x) == {"(VB,--,active,imperative,--)"}
    assert values("ComplexPos(v)", x.derive(vertex="y")) == {"PRP"}


def test_the_annotation_of_an_event_stands_in_for_rho_on_v():
    """p_REAL's context (c, α): Pos, Number, Rho and ComplexPos of v read α."""
    c = Configuration(graph(TREE), ("v2",), (), AnnotationFunction({Key.DEL: {"v2": 0}, Key.POS: {"v3": "VB"}}))
    alpha = SyntacticAnnotation(pos="NN", number="plural", denom="the")
    x = FeatureContext(c, NO_WORDNET, annotation=alpha)
    assert values("Pos(v) * Number(v) * Rho[DENOM](v)", x) == {("NN", "plural", "the")}
    assert values("ComplexPos(v)", x) == {"(NN,plural)"}
    assert values("Pos(p)", x) == {"NONE"}
    # a partial α, as p_DENOM gets it: α(POS), α(NUMBER)
    partial = FeatureContext(c, NO_WORDNET, annotation={Key.POS: "NN"})
    assert values("Pos(v) * Number(v)", partial) == {("NN", "NONE")}


# -- roles and NONE -------------------------------------------------------------------


def test_roles_that_do_not_exist_are_none():
    x = at(DEVELOPER, "v1")
    for spec in ["Concept(p)", "Concept(g)", "Concept(b)", "Concept(c1)", "InLabel(c2)", "Rho[POS](p)"]:
        assert values(spec, x) == {"NONE"}, spec
    assert extract(parse_feature_list("Concept(v) * InLabel(p)"), x) == ["Concept(v)=want-01|InLabel(p)=NONE"]
    assert values("Concept(v)", FeatureContext(Configuration(graph(DEVELOPER), ()), NO_WORDNET)) == {"NONE"}


def test_roles_follow_gold_parents():
    x = at(DEVELOPER, "v4")
    assert [x.vertex(r) for r in ("v", "p", "g")] == ["v4", "v2", "v1"]
    assert values("InLabel(p) * Concept(g)", x) == {("ARG0", "want-01")}
    with pytest.raises(ValueError):
        FeatureContext(Configuration(graph(DEVELOPER), ("v1",)), children=["v2", "v3", "v4"])


def test_depths_are_computed_once_per_configuration(monkeypatch):
    calls = []
    real = feature_context.depths
    monkeypatch.setattr(feature_context, "depths", lambda g: calls.append(1) or real(g))
    g = graph(DEVELOPER)
    x = at(g, "v1")
    feature_list = parse_feature_list("Depth(v)\nInLabel(v)\nConcept(g)\nNonLinkChildren(v)")
    for v in g.vertices:
        extract(feature_list, x.derive(vertex=v))
    assert len(calls) == 1


# -- strings, namespaces and the text format ------------------------------------------------


def test_feature_strings_are_namespaced_and_escaped():
    g = Graph({"a": "x|y=z", "b": "x"}, [("a", "op1", "b")])
    x = at(g, "a")
    assert extract(parse_feature_list("Concept(v)\nChildren(v) * Concept(v)"), x) == [
        r"Concept(v)=x\|y=z", r"Children(v)=x|Concept(v)=x\|y=z"]
    assert extract(parse_feature_list("Concept(v)\nConcept(b)"), at(g, "b")) == ["Concept(v)=x", "Concept(b)=NONE"]


def test_the_text_format():
    text = """# a comment
    Concept(v)
    HasChild[-](v)       # polarity as a child concept
    Concept[thing , person](v) *  InLabel(p)

    AllEdgeLabels * Rho[INS-DONE](v)
    """
    parsed = parse_feature_list(text, "example")
    assert parsed.name == "example"
    assert [str(f) for f in parsed] == ["Concept(v)", "HasChild[-](v)", "Concept[person,thing](v) * InLabel(p)",
                                        "AllEdgeLabels * Rho[INS-DONE](v)"]
    assert parse_feature("Concept(v) * InLabel(p)") == Feature((Indicator("Concept", None, "v"),
                                                                 Indicator("InLabel", None, "p")))


@pytest.mark.parametrize(("line", "message"), [
    ("Concpt(v)", "unknown indicator feature 'Concpt' (did you mean Concept"),
    ("Concept", "Concept needs a vertex role"),
    ("AllEdgeLabels(v)", "AllEdgeLabels is graph-wide"),
    ("Concept(x)", "unknown role 'x'"),
    ("HasChild(v)", "HasChild needs a parameter"),
    ("Lemma[a](v)", "Lemma takes no parameter"),
    ("HasEdge[mod,poss](v)", "HasEdge takes exactly one parameter"),
    ("Rho[TENSES](v)", "no annotation key 'TENSES'"),
    ("Concept[](v)", "bad parameter ''"),
    ("Concept(v) *", "empty indicator"),
    ("Concept(v", "cannot read 'Concept(v'"),
])
def test_parse_errors_name_the_file_and_line(line, message):
    with pytest.raises(FeatureSpecError) as error:
        parse_feature_list(f"# header\nConcept(p)\n{line}\n", source="models/x.txt")
    assert str(error.value).startswith("models/x.txt:3: ")
    assert message in str(error.value)


def test_a_repeated_feature_is_an_error():
    with pytest.raises(FeatureSpecError, match=r"x.txt:2: Concept\[a,b\]\(v\) repeats line 1"):
        parse_feature_list("Concept[a,b](v)\nConcept[b,a](v)", source="x.txt")


def test_loading_lists_by_name_and_path(tmp_path):
    assert load_feature_list("first-stage").name == "first-stage"
    path = tmp_path / "mine.txt"
    path.write_text("Concept(v)\nBad(v)\n")
    with pytest.raises(FeatureSpecError, match=f"{path}:2: unknown indicator feature 'Bad'"):
        load_feature_list(path)
    with pytest.raises(MissingResourceError, match="no feature list 'nothing'"):
        load_feature_list("nothing")


def test_every_model_has_a_list():
    assert sorted(p.stem for p in FEATURES_DIR.glob("*.txt")) == MODELS
    for name in MODELS:
        assert len(load_feature_list(name)) > 0


# -- Little Prince ------------------------------------------------------------------------


def events(run, resources):
    """One context per configuration of an oracle run, with every role an
    event can give: c1, c2 (the first two children of σ1), α of a gold
    Realize, the sides of a gold Reorder."""
    for c, t in run.pairs:
        children = c.graph.children(c.sigma1)[:2] if c.node_buffer else []
        sides = None
        if isinstance(t, Reorder):
            k = t.sequence.index(c.sigma1)
            sides = {v: "left" if i < k else "right" for i, v in enumerate(t.sequence) if i != k}
        annotation = t.annotation if isinstance(t, Realize) else None
        yield FeatureContext(c, resources, children=children, annotation=annotation, sides=sides)


def oracle_runs(shared_corpus, limit=None):
    from amrgen.oracle.resources import learn_resources
    from amrgen.oracle.training_data import training_data
    from amrgen.prep.normalize import normalize
    from amrgen.prep.pipeline import load_corpus
    from amrgen.transitions.constraints import Constraints
    from amrgen.transitions.system import TransitionSystem

    corpus = load_corpus(shared_corpus("little-prince-dev"), progress=False)
    entries = [normalize(e) for e in corpus.entries]
    if limit is not None:
        entries = sorted(entries, key=lambda e: -len(e.amr.graph))[:limit]
    learnt = learn_resources([training_data(e.bigraph()) for e in entries])
    system = TransitionSystem(Constraints(learnt))
    return [training_data(e.bigraph(), system=system) for e in entries], learnt


def extract_everything(runs, resources, monkeypatch):
    """Every feature of every list on every configuration, without copying
    or changing a graph; the number of configurations and the seconds taken."""
    lists = [load_feature_list(name) for name in MODELS]
    snapshots = {id(c.graph): (c.graph, c.graph.copy()) for run in runs for c, _ in run.pairs}
    monkeypatch.setattr(Graph, "copy", lambda self: pytest.fail("feature extraction copied a graph"))
    count, started = 0, time.perf_counter()
    for run in runs:
        for x in events(run, resources):
            for feature_list in lists:
                active = extract(feature_list, x)
                assert len(active) == len(set(active))
            count += 1
    seconds = time.perf_counter() - started
    assert all(g == snapshot for g, snapshot in snapshots.values())
    return count, seconds


def test_extraction_on_a_little_prince_oracle_run_is_fast(shared_corpus, wordnet, monkeypatch):
    runs, learnt = oracle_runs(shared_corpus, limit=1)
    resources = FeatureResources.from_constraints(learnt, WordNetLexicon(wordnet))
    count, seconds = extract_everything(runs, resources, monkeypatch)
    assert count == len(runs[0].pairs) > 50
    print(f"\n{count} configurations, {1000 * seconds / count:.2f} ms each for all {len(MODELS)} lists")


@pytest.mark.slow
def test_every_list_extracts_on_every_little_prince_dev_configuration(shared_corpus, wordnet, monkeypatch):
    runs, learnt = oracle_runs(shared_corpus)
    resources = FeatureResources.from_constraints(learnt, WordNetLexicon(wordnet))
    count, seconds = extract_everything(runs, resources, monkeypatch)
    assert count == sum(len(run.pairs) for run in runs)
    print(f"\n{count} configurations, {1000 * seconds / count:.2f} ms each for all {len(MODELS)} lists")
