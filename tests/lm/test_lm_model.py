"""The language model and score_LM (amrgen.lm.model; thesis 2.6, Eq. equ:score_lm)."""

import gzip
import itertools
import pickle

import pytest

from amrgen.errors import AmrgenError, MissingResourceError
from amrgen.lm.build import amr_sentences
from amrgen.lm.model import DEFAULT_LM, LanguageModel, checksum_path, write_checksum

# A hand-written 3-gram model: log10 probabilities, then backoff weights.
ARPA = """\
\\data\\
ngram 1=5
ngram 2=4
ngram 3=1

\\1-grams:
-1.0\t<unk>\t0
-99\t<s>\t-0.5
-0.7\t</s>\t0
-0.6\tthe\t-0.3
-0.8\tcat\t-0.2

\\2-grams:
-0.2\t<s> the\t-0.1
-0.3\tthe cat\t-0.05
-0.4\tcat </s>
-0.5\tthe </s>

\\3-grams:
-0.1\t<s> the cat

\\end\\
"""


@pytest.fixture
def arpa(tmp_path):
    path = tmp_path / "tiny.arpa"
    path.write_text(ARPA)
    return path


@pytest.fixture
def lm(arpa):
    return LanguageModel.load(arpa)


def test_loads_arpa_with_its_order_and_path(lm, arpa):
    assert lm.order == 3
    assert lm.path == arpa


def test_loads_gzip_compressed_arpa(tmp_path):
    path = tmp_path / "tiny.arpa.gz"
    path.write_bytes(gzip.compress(ARPA.encode()))
    assert LanguageModel.load(path).log10_probability(["the", "cat"]) == pytest.approx(-0.75, abs=1e-6)


def test_log10_probability_sums_the_arpa_entries_with_backoff(lm):
    # p(the | <s>) + p(cat | <s> the) + [bo(the cat) + p(</s> | cat)]
    assert lm.log10_probability(["the", "cat"]) == pytest.approx(-0.2 - 0.1 + (-0.05 - 0.4), abs=1e-6)
    # [bo(<s>) + p(cat)] + [bo(cat) + p(the)] + p(</s> | the)
    assert lm.log10_probability(["cat", "the"]) == pytest.approx((-0.5 - 0.8) + (-0.2 - 0.6) - 0.5, abs=1e-6)
    # unknown word: p(the | <s>) + [bo(<s> the) + bo(the) + p(<unk>)] + p(</s>)
    assert lm.log10_probability(["the", "dog"]) == pytest.approx(-0.2 + (-0.1 - 0.3 - 1.0) - 0.7, abs=1e-6)


def test_boundaries_on_and_off(lm):
    assert lm.log10_probability(["the", "cat"], bos=False) == pytest.approx(-0.6 - 0.3 - 0.45, abs=1e-6)
    assert lm.log10_probability(["the", "cat"], eos=False) == pytest.approx(-0.2 - 0.1, abs=1e-6)
    assert lm.log10_probability(["the", "cat"], bos=False, eos=False) == pytest.approx(-0.6 - 0.3, abs=1e-6)
    assert lm.log10_probability([], bos=True, eos=True) == pytest.approx(-0.5 - 0.7, abs=1e-6)


def test_score_lm_divides_by_the_number_of_words_not_boundaries(lm):
    assert lm.score_lm(["the", "cat"]) == pytest.approx(-0.75 / 2, abs=1e-6)
    assert lm.score_lm(["the", "cat"], eos=False) == pytest.approx(-0.3 / 2, abs=1e-6)
    assert lm.score_lm(["cat"], bos=False, eos=False) == pytest.approx(-0.8, abs=1e-6)


def test_empty_tokens_are_dropped_and_multiword_tokens_split(lm):
    assert lm.score_lm(["", "the", "", "cat", ""]) == pytest.approx(lm.score_lm(["the", "cat"]))
    assert lm.score_lm(["the cat"]) == pytest.approx(lm.score_lm(["the", "cat"]))
    assert lm.score_lm([]) == 0.0
    assert lm.score_lm(["", ""]) == 0.0


class CountingModel:
    """Stands in for the kenlm.Model inside a LanguageModel and counts its calls."""

    def __init__(self, model):
        self.model, self.calls = model, 0

    def score(self, sentence, bos, eos):
        self.calls += 1
        return self.model.score(sentence, bos=bos, eos=eos)


def test_scores_are_memoised_per_words_and_boundaries(arpa):
    lm = LanguageModel.load(arpa, cache_size=2)
    counting = lm._model = CountingModel(lm._model)
    first = lm.score_lm(["the", "cat"])
    assert lm.score_lm(["the", "cat"]) == first
    assert lm.log10_probability(("the", "cat")) == first * 2
    assert counting.calls == 1
    assert lm.score_lm(["the", "cat"], eos=False) != first
    assert counting.calls == 2
    lm.score_lm(["the", "cat"])  # a hit: now ("the", "cat") without eos is the least recently used
    lm.score_lm(["cat"])  # a third key: the least recently used goes
    lm.score_lm(["the", "cat"])
    assert counting.calls == 3
    lm.score_lm(["the", "cat"], eos=False)
    assert counting.calls == 4


def test_forgotten_answers_are_asked_of_kenlm_again(arpa):
    lm = LanguageModel.load(arpa)
    counting = lm._model = CountingModel(lm._model)
    lm.score_lm(["the", "cat"])
    kept = lm.memoised()
    assert kept == {(("the", "cat"), True, True)}
    lm.score_lm(["cat"])
    lm.forget_answers(kept)
    assert lm.memoised() == kept
    lm.score_lm(["the", "cat"])
    lm.score_lm(["cat"])
    assert counting.calls == 3  # ["cat"] forgotten, ["the", "cat"] kept
    lm.forget_answers()
    assert lm.memoised() == frozenset()
    lm.score_lm(["the", "cat"])
    assert counting.calls == 4


def test_pickling_reloads_from_the_path(lm):
    lm.score_lm(["the", "cat"])
    copy = pickle.loads(pickle.dumps(lm))
    assert copy is not lm and copy.path == lm.path and copy.order == 3
    assert copy.score_lm(["cat", "the"]) == lm.score_lm(["cat", "the"])
    assert copy._cache_size == lm._cache_size


def test_perplexity_counts_end_of_sentence(lm):
    # two sentences: log10 p = -0.75 and -2.6 over 2 + 1 and 2 + 1 terms
    assert lm.perplexity([["the", "cat"], ["cat", "the"]]) == pytest.approx(10 ** ((0.75 + 2.6) / 6), rel=1e-5)
    with pytest.raises(ValueError):
        lm.perplexity([])


def test_is_oov(lm):
    assert lm.is_oov("dog")
    assert not lm.is_oov("cat")


def test_missing_file_is_a_missing_resource(tmp_path):
    missing = tmp_path / "nowhere.binary"
    with pytest.raises(MissingResourceError, match="nowhere.binary"):
        LanguageModel.load(missing)


@pytest.mark.parametrize("content", [b"", b"hello world\n", ARPA[:150].encode(), b"mmap lm \x00\x01garbage" * 5],
                         ids=["empty", "text", "truncated ARPA", "binary garbage"])
def test_unreadable_file_is_an_error_naming_it(tmp_path, content):
    path = tmp_path / "broken.lm"
    path.write_bytes(content)
    with pytest.raises(AmrgenError, match=r"broken\.lm: not a language model KenLM can read: \S") as caught:
        LanguageModel.load(path)
    assert not isinstance(caught.value, MissingResourceError)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("content", "reason"), [
    (ARPA.replace("-0.6\tthe", "nan\tthe"), 'Could not parse "nan" into a float in the 1-gram'),
    (ARPA.replace("-0.6\tthe", "0.6\tthe"), "Positive log probability 0.6"),
    (ARPA.replace("-0.6\tthe", "inf\tthe"), "Positive log probability inf"),
    (ARPA.replace("\\3-grams:\n-0.1\t<s> the cat\n", "\\3-grams:\n"), r'Could not parse "\\end\\" into a float'),
], ids=["NaN", "positive", "infinite", "an n-gram fewer than declared"])
def test_garbage_in_an_arpa_file_is_an_error_naming_it(tmp_path, content, reason):
    path = tmp_path / "broken.arpa"
    path.write_text(content)
    with pytest.raises(AmrgenError, match=rf"broken\.arpa: not a language model KenLM can read: {reason}") as caught:
        LanguageModel.load(path)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
def test_an_arpa_header_declaring_more_than_the_file_holds_is_refused_before_allocating(tmp_path, compress):
    """3e9 n-grams would be a 54 GB allocation in KenLM: the header is checked against the file's size first."""
    content = ARPA.replace("ngram 2=4", "ngram 2=3000000000").encode()
    path = tmp_path / "huge.arpa"
    path.write_bytes(gzip.compress(content) if compress else content)
    with pytest.raises(AmrgenError, match=r"huge\.arpa:3: the header declares 3000000005 n-grams, more than the file"):
        LanguageModel.load(path)


def test_a_truncated_binary_is_an_error_naming_it(tmp_path):
    path = tmp_path / "cut.binary"
    path.write_bytes(DEFAULT_LM.read_bytes()[: DEFAULT_LM.stat().st_size // 2])
    with pytest.raises(AmrgenError, match=r"cut\.binary: not a language model KenLM can read: Binary file has size"):
        LanguageModel.load(path)


def test_a_binary_cut_short_or_with_a_byte_flipped_is_refused_by_its_checksum(tmp_path):
    content = DEFAULT_LM.read_bytes()
    assert checksum_path(DEFAULT_LM).is_file()  # the shipped model carries its checksum
    path = tmp_path / "lm.binary"
    path.write_bytes(content)
    write_checksum(path)
    assert LanguageModel.load(path).order == 3
    path.write_bytes(content[:-10])  # KenLM alone loads this one
    with pytest.raises(AmrgenError, match=rf"lm\.binary: damaged: {len(content) - 10} bytes, where "
                                          rf"lm\.binary\.sha256 records '{len(content)}'"):
        LanguageModel.load(path)
    flipped = bytearray(content)
    flipped[len(content) // 3] ^= 0x01
    path.write_bytes(bytes(flipped))
    with pytest.raises(AmrgenError, match=r"lm\.binary: damaged: its SHA-256 is not the one lm\.binary\.sha256 records"):
        LanguageModel.load(path)
    checksum_path(path).unlink()  # a model built by KenLM's tools alone has no checksum: loaded as it is
    assert LanguageModel.load(path).order == 3


def test_the_default_lm_scores_little_prince_dev(shared_corpus):
    if not DEFAULT_LM.is_file():
        pytest.fail(f"{DEFAULT_LM} is missing: the default language model is part of the checkout")
    lm = LanguageModel.load(DEFAULT_LM)
    assert lm.order == 3
    dev = list(itertools.islice(amr_sentences(shared_corpus("little-prince-dev")), 20))
    assert len(dev) == 20
    # 168.3 for these 20 when it was built (127.8 for the whole of dev, README.md)
    assert 100 < lm.perplexity(dev) < 185
    assert lm.score_lm(["the", "little", "prince", "said", "."]) > lm.score_lm([".", "said", "prince", "little", "the"])


@pytest.mark.parametrize("record", ["", "abc", "12 34", "1 " + "0" * 64 + "\n\n", "1 " + "A" * 64,
                                    " ".join(["1", "0" * 64]) * 10])
def test_a_checksum_file_that_is_not_one_is_refused_in_one_line(tmp_path, record):
    path = tmp_path / "lm.binary"
    path.write_bytes(DEFAULT_LM.read_bytes())
    checksum_path(path).write_text(record, encoding="ascii")
    with pytest.raises(AmrgenError, match=r"lm\.binary\.sha256: malformed: expected the model's size and SHA-256"):
        LanguageModel.load(path)


def test_only_a_model_without_a_checksum_file_is_said_unchecked(tmp_path):
    from amrgen.lm.model import unchecked_note

    assert unchecked_note(DEFAULT_LM) is None
    path = tmp_path / "lm.binary"
    path.write_bytes(DEFAULT_LM.read_bytes())
    assert unchecked_note(path).startswith(f"{path}: no lm.binary.sha256 beside it")
    write_checksum(path)
    assert unchecked_note(path) is None


def test_a_checksum_file_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    """Issue 34, point 8: opening a FIFO named LM.sha256 waited for a writer for ever."""
    import os
    import threading

    path = tmp_path / "lm.binary"
    path.write_bytes(DEFAULT_LM.read_bytes())
    os.mkfifo(checksum_path(path))
    refused = []

    def load():
        with pytest.raises(AmrgenError, match=r"lm\.binary\.sha256: not a regular file") as error:
            LanguageModel.load(path)
        refused.append(error)

    loading = threading.Thread(target=load, daemon=True)
    loading.start()
    loading.join(timeout=30)
    if loading.is_alive():  # let the blocked open go on, so the test ends
        with open(checksum_path(path), "w"):
            pass
        pytest.fail("loading waited on the FIFO")
    assert refused


def test_no_unchecked_warning_for_a_model_that_is_not_there(tmp_path):
    from amrgen.lm.model import unchecked_note

    assert unchecked_note(tmp_path / "absent.binary") is None
