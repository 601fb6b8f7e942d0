"""Final configurations, a bigram LM and a uniform DENOM model for the postprocessing tests."""

from itertools import pairwise

from amrgen.graph import Graph
from amrgen.order import Order
from amrgen.postprocess.step import Context
from amrgen.transitions.annotations import NONE, AnnotationFunction, Key
from amrgen.transitions.configuration import Configuration


def final(labels, edges, sequence, pos=None, real=None, inserted=0):
    """ĉ = (Ĝ, ε, ε, ρ̂): ≺̂ the sequence (total on V̂), every vertex realized as
    its label unless ``real`` says otherwise."""
    g = Graph(labels, edges, Order(pairwise(sequence)))
    rho = AnnotationFunction({Key.REAL: {**labels, **(real or {})}, Key.POS: pos or {}})
    return Configuration(g, (), (), rho, inserted)


class BigramLM:
    """log10 p of a word sequence: given bigram scores, -3 for any other bigram,
    -1 for a first word without <s>."""

    def __init__(self, bigrams):
        self.bigrams = bigrams
        self.asked = []

    def log10_probability(self, words, bos=True, eos=True):
        self.asked.append((list(words), bos, eos))
        tokens = [*(["<s>"] if bos else []), *words, *(["</s>"] if eos else [])]
        first = 0.0 if bos or not words else -1.0
        return first + sum(self.bigrams.get(pair, -3.0) for pair in pairwise(tokens))

    def score_lm(self, words, bos=True, eos=True):
        return self.log10_probability(words, bos, eos) / max(len(words), 1)


def uniform_denom(c, v):
    return {"the": 1 / 3, "a": 1 / 3, NONE: 1 / 3}


CONTEXT = Context(BigramLM({}), uniform_denom)
