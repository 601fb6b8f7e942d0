"""The reference realization as preparation sees it (thesis 4.3.1).

Section 4.3.1 turns the reference w of an AMR graph into w' = w1 ... wm: "we
convert w to lower case and remove all punctuation from it".  Three views of
a reference are kept:

- the **tokens**: the tokenized reference, original case, punctuation
  included, as evaluation (BLEU) needs it.  They come from ``# ::tok`` when
  the entry has one (the LDC and ISI alignment releases), else from
  ``# ::snt`` through :func:`strip_markup` and :func:`tokenize`;
- the **words** w': the tokens that are not punctuation, lower-cased.  A
  punctuation token is one without any letter or digit (``,`` ``--`` ``"``
  ``@-@`` ``...``), so ``'s``, ``n't`` and ``B-612`` are words;
- the map from token index (0-based, as JAMR and ISI alignments count) to
  word position (1-based, as the thesis counts), ``None`` for punctuation.

:func:`tokenize` splits a sentence on whitespace and then splits each piece
with a small regular-expression tokenizer in the style of the Penn Treebank,
which is what the LDC ``::tok`` lines and the already-tokenized ``::snt``
lines of *The Little Prince* follow.  It is idempotent on such text (every
sentence of *The Little Prince* comes back unchanged) and it never looks
inside a word:

- leading and trailing punctuation is split off, each run of one repeated
  character being one token (``"Hello,`` → ``"`` ``Hello`` ``,``;
  ``wait...`` → ``wait`` ``...``; ``?"`` → ``?`` ``"``);
- a final period stays on an abbreviation of single letters (``U.S.``,
  ``e.g.``);
- the clitics ``'s 're 've 'll 'm 'd n't`` are split off a word (``prince's``
  → ``prince`` ``'s``; ``don't`` → ``do`` ``n't``), as in the Treebank;
- everything between the first and the last letter or digit stays one token
  (``o'clock``, ``B-612``, ``7,500,000``, ``3.5``).

Some corpora write ``::snt`` as it stood in a marked-up document: Bio AMR
keeps ``<i>BRAF</i>``, ``<sc>``, ``<sub>``, ``<sup>``, ``<xref ...>3</xref>``
and ``<ce:cross-ref ...>``.  :func:`strip_markup` removes the tags and keeps
the text between them, so neither training nor BLEU sees a tag.  A
superscript written onto a word becomes a word of its own
(``B-Raf<sup>V600E</sup>`` → ``B-Raf V600E``): in Bio AMR it is nearly
always a mutation, which the graph holds apart from the gene (``:ARG1-of
(m / mutate-01 :value "V600E")``).  A citation keeps its brackets and
numbers (``[<xref ...>14</xref>]`` → ``[14]``): the graph says it too
(``publication :ARG1-of (c / cite-01 :ARG2 14)``), so the reference keeps
the words that realize it.

Several references: ``# ::alt-snts`` holds paraphrases of ``::snt``
separated by ``|||`` (the AMR guidelines' examples); :func:`alternatives_of`
gives them tokenized as ``::snt`` is.  Only evaluation reads them: the
training reference stays ``::snt``.

spaCy's tokenizer was not used: it changes already-tokenized text
(``cannot`` → ``can`` ``not``) and its rules vary between model versions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from amrgen.io import CorpusFormatError

_CLITIC = r"n['’]t|['’](?:s|re|ve|ll|m|d)"
_CLITIC_TOKEN = re.compile(rf"(?i){_CLITIC}")
_FINAL_CLITIC = re.compile(rf"(?i)(?<=\w)(?:{_CLITIC})$")
_LETTER_ABBREVIATION = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]")
_SAME_CHARACTER_RUN = re.compile(r"(.)\1*", re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>")
"""An HTML or XML tag: ``<i>``, ``</i>``, ``<xref rid="B1">``, ``<ce:cross-ref>``, ``<br/>``."""
_SUPERSCRIPT = re.compile(r"(?P<glued>(?<=\w))?<sup(?:\s[^<>]*)?>")
"""A superscript's opening tag, ``glued`` when it follows a letter or digit."""

ALTERNATIVES = "alt-snts"
"""The metadata key of the paraphrases of ``::snt``."""
ALTERNATIVES_SEPARATOR = "|||"


@dataclass(frozen=True)
class Reference:
    """A reference realization: tokens, words w' and where each token went."""

    tokens: list[str]
    words: list[str]
    token_to_word: list[int | None]
    """For each 0-based token index, the 1-based position of its word, None for punctuation."""

    @classmethod
    def from_tokens(cls, tokens: Sequence[str]) -> Reference:
        words: list[str] = []
        positions: list[int | None] = []
        for token in tokens:
            if is_punctuation(token):
                positions.append(None)
            else:
                words.append(token.lower())
                positions.append(len(words))
        return cls(list(tokens), words, positions)

    @property
    def word_to_token(self) -> list[int]:
        """For each word (position i at index i - 1), the 0-based index of its token."""
        return [index for index, position in enumerate(self.token_to_word) if position is not None]


def is_punctuation(token: str) -> bool:
    """Whether a token is punctuation: it has no letter or digit."""
    return not any(character.isalnum() for character in token)


def tokenize(sentence: str) -> list[str]:
    """Split a sentence into Penn-Treebank-style tokens (see the module docstring)."""
    tokens: list[str] = []
    for piece in sentence.split():
        tokens.extend(_split_piece(piece))
    return tokens


def strip_markup(text: str) -> str:
    """``text`` without HTML or XML tags, the text inside them kept (see the module
    docstring); a ``<`` that starts no tag (``x < 5``) stays."""
    # the superscripts after the other tags are gone: K-RAS</i><sup>V12</sup> is glued too
    text = _TAG.sub(lambda tag: tag.group() if _SUPERSCRIPT.fullmatch(tag.group()) else "", text)
    return _SUPERSCRIPT.sub(lambda tag: " " if tag.group("glued") is not None else "", text)


REFERENCE_KEYS = frozenset({"tok", "snt"})
"""The metadata that give an entry's reference sentence."""


def reference_of(metadata: Mapping[str, str]) -> Reference:
    """The reference of a corpus entry: ``::tok`` split on whitespace, else ``::snt``
    without markup, tokenized.

    Raises :class:`CorpusFormatError` if the entry has neither.
    """
    if "tok" in metadata:
        return Reference.from_tokens(metadata["tok"].split())
    if "snt" in metadata:
        return Reference.from_tokens(tokenize(strip_markup(metadata["snt"])))
    raise CorpusFormatError("no reference sentence: neither # ::tok nor # ::snt")


def alternatives_of(metadata: Mapping[str, str]) -> list[list[str]]:
    """The tokens of each paraphrase in ``# ::alt-snts`` (none without that line), as
    ``::snt`` is tokenized; an empty one is left out."""
    pieces = metadata.get(ALTERNATIVES, "").split(ALTERNATIVES_SEPARATOR)
    return [tokens for tokens in (tokenize(strip_markup(piece)) for piece in pieces) if tokens]


def _split_piece(piece: str) -> list[str]:
    alnum = [index for index, character in enumerate(piece) if character.isalnum()]
    if not alnum:
        return _runs(piece)
    start, end = alnum[0], alnum[-1] + 1
    if start and _CLITIC_TOKEN.fullmatch(piece[start - 1 : end]):
        start -= 1
    if piece[end : end + 1] == "." and _LETTER_ABBREVIATION.fullmatch(piece[start:end]):
        end += 1
    core = piece[start:end]
    clitic = _FINAL_CLITIC.search(core)
    words = [core[: clitic.start()], clitic.group()] if clitic else [core]
    return _runs(piece[:start]) + words + _runs(piece[end:])


def _runs(punctuation: str) -> list[str]:
    return [match.group() for match in _SAME_CHARACTER_RUN.finditer(punctuation)]
