"""A feature list compiled against a model's vocabulary finds the columns of the
model's known strings among those :func:`extract` gives (issue 18: the same answers)."""

import numpy as np

from amrgen.amr import Amr
from amrgen.graph import Graph
from amrgen.ml.columns import FeatureColumns, split_string
from amrgen.ml.context import FeatureContext, FeatureResources
from amrgen.ml.features import extract, parse_feature_list
from amrgen.ml.maxent import MaxentModel
from amrgen.transitions import Configuration, Key

RESOURCES = FeatureResources(empirical_pos={"person": "NN"}, lexicon=None)
FEATURES = parse_feature_list("""Concept(v)
Concept(v) * InLabel(c1)
Concept(c1) * Concept(c2) * InLabel(c2)
OutLabels(v) * Pos(v)
SameSideLabels(c1) * Concept(c2)
Concept(p)""")


def test_split_keeps_escapes():
    assert split_string(r"Concept(v)=x\|y|InLabel(c1)=a\\|Height(c2)=1") == [
        r"Concept(v)=x\|y", r"InLabel(c1)=a\\", "Height(c2)=1"]


def contexts():
    g = Graph({"a": "x|y", "b": "per\\son", "c": "c", "d": "d"},
              [("a", "ARG0", "b"), ("a", "op|1", "c"), ("a", "mod", "d")])
    c = Configuration(g, ("a",), rho=Configuration(g, ()).rho.updated([(Key.POS, "a", "VB")]))
    base = FeatureContext(c, RESOURCES)
    for pair in [("b", "c"), ("c", "b"), ("b", "d"), ("d", "c")]:
        for sides in [{"b": "left", "c": "left", "d": "right"}, {"b": "right", "c": "left", "d": "left"}]:
            yield base.derive(children=pair, sides=sides)
    developer = Amr.from_penman("(w / want-01 :ARG0 (p / person) :ARG1 (s / sleep-01 :ARG0 p))").graph
    for v in developer.vertices:
        yield FeatureContext.at_vertex(developer, v, RESOURCES)


def test_the_columns_are_those_of_the_known_strings():
    every = sorted({s for x in contexts() for s in extract(FEATURES, x)})
    vocabulary = every[::2] + ["Concept(v)=never", "Height(v)=3"]  # half of them, and strings never active
    model = MaxentModel(["n", "y"], vocabulary, np.zeros((len(vocabulary), 2)), np.zeros(2))
    compiled = FeatureColumns(FEATURES, model.vocabulary)
    checked = 0
    for x in contexts():
        expected = tuple(model._columns(extract(FEATURES, x)))
        assert compiled.columns(x) == expected
        checked += bool(expected)
    assert checked > 10
