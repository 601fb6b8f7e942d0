"""The statistical aligner A'_wa (thesis 4.3.1, after Pourdamghani et al. 2014)."""

import os
import subprocess
import sys
from pathlib import Path

from amrgen.amr import Amr
from amrgen.prep.align.spans import is_contiguous
from amrgen.prep.align.statistical import english_tokens, linearize, statistical_alignments

# A tiny parallel corpus in which "cat", "dog", "see" and "chase" recur in different company.
CORPUS = [
    ("(s / see-01 :ARG0 (c / cat) :ARG1 (d / dog))", "the cat saw a dog", "the cat see a dog"),
    ("(c / chase-01 :ARG0 (d / dog) :ARG1 (c2 / cat))", "the dog chased the cat", "the dog chase the cat"),
    ("(s / see-01 :ARG0 (d / dog) :ARG1 (b / bird))", "a dog sees birds", "a dog see bird"),
    ("(c / chase-01 :ARG0 (c2 / cat) :ARG1 (b / bird))", "cats chase a bird", "cat chase a bird"),
    ("(s / sleep-01 :ARG0 (b / bird))", "the bird is sleeping", "the bird be sleep"),
]


def sentences():
    return [(Amr.from_penman(g), w.split(), lemmas.split()) for g, w, lemmas in CORPUS]


def test_linearize_depth_first_with_hyphen_parts_and_without_unrealized_constants():
    amr = Amr.from_penman(
        '(w / want-01 :ARG0 (g / growth-factor :name (n / name :op1 "B-Raf")) :ARG1 g :mode imperative :wiki -)'
    )
    assert linearize(amr) == [("want", "w"), ("growth", "g"), ("factor", "g"), ("name", "n"),
                              ("b", "n.0"), ("raf", "n.0")]


def test_english_tokens_are_lemmas_without_articles_and_be_forms():
    assert english_tokens("the cats are here".split(), "the cat be here".split()) == [("cat", 2), ("here", 4)]


def test_aligns_recurring_words_to_their_concepts():
    alignments = statistical_alignments(sentences())
    labels = [
        {amr.graph.label(v): sorted(ps) for v, ps in a.items()}
        for (amr, _, _), a in zip(sentences(), alignments)
    ]
    assert labels[0] == {"see-01": [3], "cat": [2], "dog": [5]}
    assert labels[1] == {"chase-01": [3], "dog": [2], "cat": [5]}
    assert labels[4] == {"sleep-01": [4], "bird": [2]}
    assert all(is_contiguous(ps) for a in alignments for ps in a.values())


def test_progress_counts_the_two_directions():
    calls = []
    statistical_alignments(sentences(), progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 2), (2, 2)]


def test_deterministic_across_processes_and_hash_seeds():
    program = (
        "from tests.prep.align.test_align_statistical import sentences;"
        "from amrgen.prep.align.statistical import statistical_alignments;"
        "print(sorted(sorted((v, sorted(p)) for v, p in a.items()) for a in statistical_alignments(sentences())))"
    )
    root = Path(__file__).resolve().parents[3]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", program], cwd=root, capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1
