"""Tests for amrgen.prep.pipeline: preparing a corpus into C_ext (thesis 4.3.1)."""

import pytest

from amrgen.amr import Amr
from amrgen.io import CorpusFormatError
from amrgen.prep.pipeline import load_corpus, prepare_corpus
from amrgen.prep.prepared_format import read_prepared, write_prepared

CORPUS = """\
# AMR release; a header that is no entry

# ::id ok.1 ::snt The boy wants to go.
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id bad.graph ::snt Broken.
(b / broken :ARG0 (x / y)

# ::id bad.alignment
# ::tok The sheep .
# ::alignments 1-1.3
(s / sheep)

# ::id no.words ::snt -- !
(s / say-01)

# ::id ok.2 ::snt Draw me a sheep!
(d / draw-01 :mode imperative :ARG1 (s / sheep) :ARG2 (i / i))
"""

ALIGNED = """\
# ::id a.1 ::annotator someone
# ::tok The boy wants to go .
(w / want-01~e.2 :ARG0 (b / boy~e.0,1) :ARG1 (g / go-02~e.4 :ARG0 b))

# ::id a.2
# ::tok Sheep eat flowers .
# ::alignments 0-1|0.0 1-2|0 2-3|0.1 ::annotator JAMR
(e / eat-01 :ARG0 (s / sheep) :ARG1 (f / flower))
"""

CONLLU = """\
1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_
2\tboy\tboy\tNOUN\tNN\t_\t3\tnsubj\t_\t_
3\twants\twant\tVERB\tVBZ\t_\t0\troot\t_\t_
4\tto\tto\tPART\tTO\t_\t5\taux\t_\t_
5\tgo\tgo\tVERB\tVB\t_\t3\txcomp\t_\t_
6\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

1\tSheep\tsheep\tNOUN\tNNS\t_\t2\tnsubj\t_\t_
2\teat\teat\tVERB\tVBP\t_\t0\troot\t_\t_
3\tflowers\tflower\tNOUN\tNNS\t_\t2\tdobj\t_\t_
4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""


def test_entries_are_prepared_and_bad_ones_skipped(corpus_file, chain_annotator, stub_aligner):
    path = corpus_file(CORPUS)
    corpus = prepare_corpus(path, annotator=chain_annotator, progress=False)
    assert [e.id for e in corpus.entries] == ["ok.1", "ok.2"]
    assert [str(error) for error in corpus.errors] == [
        f"{path}:6: entry bad.graph: unbalanced parenthesis: 1 '(' not closed",
        f"{path}:9: entry bad.alignment: token 1 is aligned to a missing place: "
        "path (2) does not exist: node s has 0 children",
        f"{path}:14: entry no.words: the sentence has no words, only punctuation",
    ]
    first = corpus.entries[0]
    assert first.tokens == ["The", "boy", "wants", "to", "go", "."]
    assert first.words == ["the", "boy", "wants", "to", "go"]
    assert first.pos == ["NN"] * 5 and first.lemmas == first.words
    assert first.heads == [0, 1, 2, 3, 4]  # the period is gone
    assert first.alignment == {"b": frozenset({2}), "g": frozenset({5})}
    assert first.metadata == {"id": "ok.1", "snt": "The boy wants to go."}
    assert stub_aligner == [2]  # one call, for the whole corpus
    assert chain_annotator.calls == 2


def test_the_corpus_alignments_are_used_with_the_handwritten_rules(corpus_file, chain_annotator, no_computing):
    corpus = prepare_corpus(corpus_file(ALIGNED), annotator=chain_annotator, progress=False)
    assert not corpus.errors
    first, second = corpus.entries
    # ISI aligns boy to "The boy"; the rules take the article away.
    assert first.alignment == {"w": frozenset({3}), "b": frozenset({2}), "g": frozenset({5})}
    assert second.alignment == {"s": frozenset({1}), "e": frozenset({2}), "f": frozenset({3})}
    assert first.metadata == {"id": "a.1", "annotator": "someone"}


def test_a_conllu_sidecar_replaces_the_annotator(corpus_file, no_computing):
    corpus = prepare_corpus(corpus_file(ALIGNED), dependencies=corpus_file(CONLLU, "deps.conllu"),
                            progress=False)
    first, second = corpus.entries
    assert (first.pos, first.lemmas) == (["DT", "NN", "VBZ", "TO", "VB"], ["the", "boy", "want", "to", "go"])
    assert (first.heads, first.labels) == ([2, 3, 0, 5, 3], ["det", "nsubj", "root", "aux", "xcomp"])
    assert (second.heads, second.pos) == ([2, 0, 2], ["NNS", "VBP", "NNS"])


def test_stanford_and_pos_sidecars_leave_only_the_lemmas_to_the_annotator(corpus_file, chain_annotator):
    stanford = corpus_file(
        "det(boy-2, The-1)\nnsubj(wants-3, boy-2)\nroot(ROOT-0, wants-3)\naux(go-5, to-4)\n"
        "xcomp(wants-3, go-5)\npunct(wants-3, .-6)\n\n"
        "nsubj(eat-2, Sheep-1)\nroot(ROOT-0, eat-2)\ndobj(eat-2, flowers-3)\npunct(eat-2, .-4)\n",
        "deps.txt",
    )
    pos = corpus_file("DT\tNN\tVBZ\tTO\tVB\t.\nNNS\tVBP\tNNS\t.\n", "pos.txt")
    corpus = prepare_corpus(corpus_file(ALIGNED), annotator=chain_annotator, dependencies=stanford,
                            pos=pos, progress=False)
    first = corpus.entries[0]
    assert (first.heads, first.pos) == ([2, 3, 0, 5, 3], ["DT", "NN", "VBZ", "TO", "VB"])
    assert first.lemmas == first.words  # the chain annotator's
    assert chain_annotator.calls == 2


def test_a_sidecar_sentence_that_does_not_fit_skips_its_entry(corpus_file, no_computing):
    deps = corpus_file(CONLLU.replace("\tgo\tgo\t", "\tgone\tgo\t"), "deps.conllu")
    corpus = prepare_corpus(corpus_file(ALIGNED), dependencies=deps, progress=False)
    assert [e.id for e in corpus.entries] == ["a.2"]
    assert str(corpus.errors[0]).endswith(
        f"entry a.1: {deps}: sentence 1 has 'gone' as token 5, the entry 'go'"
    )


def test_a_sidecar_of_another_length_is_refused(corpus_file, no_computing):
    pos = corpus_file("NNS\tVBP\tNNS\t.\n", "pos.txt")
    with pytest.raises(CorpusFormatError, match="1 POS lines for 2 corpus entries"):
        prepare_corpus(corpus_file(ALIGNED), pos=pos, progress=False)


def test_a_prepared_corpus_prepares_to_itself(corpus_file, chain_annotator, stub_aligner, same_entry,
                                              tmp_path, monkeypatch):
    corpus = prepare_corpus(corpus_file(CORPUS), annotator=chain_annotator, progress=False)
    write_prepared(tmp_path / "prepared.txt", corpus.entries)
    from amrgen.prep import parser

    monkeypatch.setattr(parser.SpacyAnnotator, "annotate", None)
    again = prepare_corpus(tmp_path / "prepared.txt", progress=False)
    assert stub_aligner == [2]  # not called again: the alignments are in the file
    for a, b in zip(corpus.entries, again.entries, strict=True):
        same_entry(a, b)


def test_load_corpus_reads_prepared_files_and_prepares_others(corpus_file, chain_annotator, stub_aligner,
                                                              tmp_path, monkeypatch):
    path = corpus_file(ALIGNED)
    corpus = load_corpus(path, annotator=chain_annotator, progress=False)
    assert chain_annotator.calls == 2
    write_prepared(tmp_path / "prepared.txt", corpus.entries)
    from amrgen.prep import pipeline

    monkeypatch.setattr(pipeline, "prepare_corpus", None)
    assert len(load_corpus(tmp_path / "prepared.txt").entries) == 2
    assert read_prepared(tmp_path / "prepared.txt").entries[0].alignment == corpus.entries[0].alignment


def test_a_pos_line_of_another_length_skips_its_entry(corpus_file, no_computing):
    pos = corpus_file("DT\tNN\tVBZ\tTO\tVB\t.\nNNS\tVBP\t.\n", "pos.txt")
    deps = corpus_file(CONLLU, "deps.conllu")
    corpus = prepare_corpus(corpus_file(ALIGNED), dependencies=deps, pos=pos, progress=False)
    assert [e.id for e in corpus.entries] == ["a.1"]
    assert corpus.errors[0].message == f"{pos}: sentence 2 has 3 POS tags, the entry has 4 tokens"


def test_report_follows_the_preparation_and_can_stop_it():
    from amrgen.prep.pipeline import prepare_corpus

    calls = []
    prepare_corpus("tests/fixtures/developer.txt", progress=False, report=lambda done, total: calls.append((done, total)))
    assert calls and all(0 <= done <= total for done, total in calls)
    # One count over tagging and aligning: it never goes back, and ends full.
    assert len({total for _, total in calls}) == 1 and calls[-1][0] == calls[-1][1]
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        prepare_corpus("tests/fixtures/developer.txt", progress=False, report=stop)


OWN = """\
# ::id own.1
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id ok.1 ::snt Sheep eat.
(e / eat-01 :ARG0 (s / sheep))

# ::id own.bad
(b / broken :ARG0 (x / y)

# ::id own.2 ::date 2026
(s / sleep-01 :ARG0 (g / girl))
"""


def test_graph_only_keeps_graphs_without_a_reference_for_generation(corpus_file, chain_annotator, stub_aligner):
    path = corpus_file(OWN)
    refused = prepare_corpus(path, annotator=chain_annotator, progress=False)
    assert [e.id for e in refused.entries] == ["ok.1"]
    assert [error.message for error in refused.errors][0] == "no reference sentence: neither # ::tok nor # ::snt"
    kept = prepare_corpus(path, annotator=chain_annotator, progress=False, graph_only=True)
    assert [e.id for e in kept.entries] == ["own.1", "ok.1", "own.2"]  # in file order
    assert [e.has_reference for e in kept.entries] == [False, True, False]
    own = kept.entries[0]
    assert (own.words, own.pos, own.lemmas, own.heads, own.labels, own.alignment, own.tokens) == \
        ([], [], [], [], [], {}, [])
    assert own.amr.to_penman() == Amr.from_penman("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))").to_penman()
    assert kept.entries[2].metadata == {"id": "own.2", "date": "2026"}
    assert [str(error).split(": ", 2)[1] for error in kept.errors] == ["entry own.bad"]  # a bad graph still is one
    assert kept.entries[1].words == refused.entries[0].words
    assert stub_aligner == [1, 1]  # ok.1 alone each time: the aligner never sees a graph without a sentence
