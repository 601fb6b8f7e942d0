"""Estimating language models with KenLM's tools (amrgen.lm.build)."""

import gzip
import hashlib
import os
import re
from pathlib import Path

import pytest

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.lm.kenlm_tools import ENV_VAR
from amrgen.lm.build import amr_sentences, build_lm, text_sentences
from amrgen.lm.model import LanguageModel, checksum_path

# Natural text: on artificial text modified Kneser-Ney discounts go out of range.
TEXT = """\
The cat sat on the mat .
The dog sat on the log .
the  dog saw The cat's ball , didn't it ?
   
""" + (Path(__file__).resolve().parents[1] / "fixtures" / "story.txt").read_text() + """\
The woman laughed and said that her cat had once hidden a spoon in the same way .
When the stranger left , the dog followed him to the river .
The cat did not move ; it stayed in the sun .
In the evening the woman sat by the fire and thought about the king .
Why would a king lose his crown in a garden ?
She asked the cat , but the cat only looked at the fire .
The next morning the dog came back with a small golden ring in its mouth .
The woman did not know where the ring came from .
She put it on a shelf next to the spoon .
Years later a boy from the village found the ring on the shelf .
He asked the old woman if he could keep it .
She said yes , because she had no use for a ring .
The boy wore the ring every day until he grew up .
When he was a man , he went to the city and became a baker .
He baked bread for the whole city , and people loved it .
Nobody ever asked him about the ring on his finger .
A cat sat on a mat .
"""

#: Sorting memory for lmplz and build_binary: the default share of the machine takes seconds to set up.
MEMORY = "100M"

CORPUS = """\
# AMR release; a header, not an entry

# ::id one ::snt The Prince's sheep ate it .
(e / eat-01 :ARG0 (s / sheep :poss (p / prince)) :ARG1 (i / it))

# ::id two ::tok Where is the SHEEP ?
(b / be-located-at-91 :ARG1 (s / sheep) :ARG2 (a / amr-unknown))

# ::id three
(n / no-sentence)

# ::id four ::snt broken
(x / x :ARG0 (y / y)
"""


def unigrams(arpa_path):
    text = arpa_path.read_text()
    section = text.split("\\1-grams:\n", 1)[1].split("\n\n", 1)[0]
    return {line.split("\t")[1] for line in section.splitlines()}


@pytest.fixture
def text(tmp_path):
    path = tmp_path / "text.txt"
    path.write_text(TEXT)
    return path


@pytest.fixture
def corpus(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text(CORPUS)
    return path


def test_text_sentences_are_tokenized_lower_cased_without_blank_lines(text, tmp_path):
    sentences = list(text_sentences(text))
    assert sentences[1] == ["the", "dog", "sat", "on", "the", "log", "."]
    assert sentences[2] == ["the", "dog", "saw", "the", "cat", "'s", "ball", ",", "did", "n't", "it", "?"]
    assert len(sentences) == 30
    compressed = tmp_path / "text.txt.gz"
    compressed.write_bytes(gzip.compress(TEXT.encode()))
    assert list(text_sentences(compressed)) == sentences


def test_amr_sentences_are_the_lower_cased_reference_tokens(corpus):
    skipped = []
    assert list(amr_sentences(corpus, skipped.append)) == [
        ["the", "prince", "'s", "sheep", "ate", "it", "."],
        ["where", "is", "the", "sheep", "?"],
    ]
    assert len(skipped) == 2
    assert "three" in skipped[0] and "four" in skipped[1]


def test_unreadable_text_is_an_error_naming_file_and_line(tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("fine\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(AmrgenError, match=r"latin1\.txt:2: not UTF-8"):
        list(text_sentences(latin1))
    not_gzip = tmp_path / "plain.txt.gz"
    not_gzip.write_text("the cat\n")
    with pytest.raises(AmrgenError, match=r"plain\.txt\.gz: cannot read it as gzip-compressed text"):
        list(text_sentences(not_gzip))
    with pytest.raises(MissingResourceError, match="nothing.txt"):
        list(text_sentences(tmp_path / "nothing.txt"))


def test_build_binary_model_prefers_a_seen_sentence(kenlm_tools, text, corpus, tmp_path):
    output = tmp_path / "models" / "lm.binary"
    messages = []
    summary = build_lm([text], output, amr_corpora=[corpus], order=3, memory=MEMORY, progress=messages.append)
    assert summary.output == output and summary.order == 3
    assert (summary.sentences, summary.skipped) == (30 + 2, 2)
    assert summary.tokens == sum(map(len, text_sentences(text))) + 7 + 5
    assert summary.size == output.stat().st_size > 0
    recorded = checksum_path(output).read_text().split()
    assert recorded == [str(summary.size), hashlib.sha256(output.read_bytes()).hexdigest()]
    assert any("build_binary" in m for m in messages) and any("skipped" in m for m in messages)
    assert sorted(p.name for p in output.parent.iterdir()) == ["lm.binary", "lm.binary.sha256"]  # no temporary files
    lm = LanguageModel.load(output)
    assert lm.order == 3
    seen = ["the", "cat", "sat", "on", "the", "mat", "."]
    assert lm.log10_probability(seen) > lm.log10_probability(seen[::-1])
    assert not lm.is_oov("'s") and not lm.is_oov("?") and lm.is_oov("The")


def test_build_arpa_with_order_pruning_and_without_quantization(kenlm_tools, text, tmp_path):
    full, pruned = tmp_path / "full.arpa", tmp_path / "pruned.arpa"
    build_lm([text], full, order=4, memory=MEMORY)
    build_lm([text], pruned, order=4, prune=[0, 0, 1], memory=MEMORY)
    counts = {}
    for path in (full, pruned):
        counts[path.name] = [int(n) for n in re.findall(r"^ngram \d=(\d+)$", path.read_text(), re.MULTILINE)]
        assert "sat" in unigrams(path) and "." in unigrams(path) and "The" not in unigrams(path)
    assert len(counts["full.arpa"]) == 4
    assert counts["pruned.arpa"][:2] == counts["full.arpa"][:2]
    assert counts["pruned.arpa"][2] < counts["full.arpa"][2]
    assert LanguageModel.load(full).order == 4
    unquantized = tmp_path / "unquantized.binary"
    build_lm([text], unquantized, order=4, quantize=None, memory=MEMORY)
    seen = ["the", "cat", "sat", "on", "the", "mat", "."]
    assert LanguageModel.load(unquantized).log10_probability(seen) == pytest.approx(
        LanguageModel.load(full).log10_probability(seen), abs=1e-5)


@pytest.mark.parametrize("options, message", [
    ({"order": 1}, "order 1: expected 2 to 6"),
    ({"order": 7}, "order 7: expected 2 to 6"),
    ({"prune": [1, 1]}, "--prune 1 1: expected at most 3 non-decreasing counts starting with 0"),
    ({"prune": [0, 2, 1]}, "--prune 0 2 1"),
    ({"prune": [0, 0, 1, 1]}, "--prune 0 0 1 1"),
    ({"quantize": 30}, "quantize 30"),
])
def test_bad_options_are_refused_before_anything_runs(text, tmp_path, options, message):
    with pytest.raises(AmrgenError, match=re.escape(message)):
        build_lm([text], tmp_path / "lm.binary", **options)
    assert not (tmp_path / "lm.binary").exists()


def test_no_sources_or_a_missing_one(text, tmp_path):
    with pytest.raises(AmrgenError, match="no text files or AMR corpora"):
        build_lm([], tmp_path / "lm.binary")
    with pytest.raises(MissingResourceError, match="absent.txt"):
        build_lm([text], tmp_path / "lm.binary", amr_corpora=[tmp_path / "absent.txt"])


def test_no_sentences_is_an_error(kenlm_tools, tmp_path):
    blank = tmp_path / "blank.txt"
    blank.write_text("\n  \n")
    with pytest.raises(AmrgenError, match="no sentence"):
        build_lm([blank], tmp_path / "lm.binary", memory=MEMORY)


def fake_tools(directory, lmplz_script):
    """A failing ``lmplz`` (and a ``build_binary`` that must not be reached) in ``directory``."""
    directory.mkdir()
    for name, script in (("lmplz", lmplz_script), ("build_binary", "exit 99")):
        tool = directory / name
        tool.write_text(f"#!/bin/sh\n{script}\n")
        tool.chmod(0o755)


@pytest.mark.parametrize("script", [
    "cat > /dev/null; echo 'first line' >&2; echo 'lmplz: it went wrong' >&2; exit 3",
    "echo 'lmplz: it went wrong' >&2; exit 3",  # stops without reading: the writer sees a broken pipe
])
def test_a_failing_tool_is_an_error_with_its_stderr_and_output_is_untouched(text, tmp_path, monkeypatch, script):
    fake_tools(tmp_path / "tools", script)
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "tools"))
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 200)  # more than a pipe holds
    output = tmp_path / "out" / "lm.binary"
    output.parent.mkdir()
    output.write_text("the previous model")
    with pytest.raises(AmrgenError, match=r"lmplz failed \(exit status 3\): .*lmplz: it went wrong$"):
        build_lm([text, big], output)
    assert output.read_text() == "the previous model"
    assert os.listdir(output.parent) == ["lm.binary"]
