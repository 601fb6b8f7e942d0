"""Corpus preparation (thesis 4.3.1): tokens, POS tags, dependency trees and alignments.

- :mod:`.tokenize`: the reference as tokens and as words w' (lower case, no punctuation);
- :mod:`.parser`: the tagger and dependency parser (spaCy, or any :class:`~.parser.Annotator`);
- :mod:`.corpus_alignments`: the ISI and JAMR alignments a corpus carries;
- :mod:`.align`: the aligners for corpora without alignments;
- :mod:`.pipeline`: :func:`~.pipeline.prepare_corpus`, C ↦ C_ext;
- :mod:`.extended`: the elements B = (G, D, w^POS, A_G, A_D) of C_ext;
- :mod:`.prepared_format`: C_ext as a PENMAN file, written and read back;
- :mod:`.normalize`: the graph normalization of the constrained generator (thesis 5.2).
"""
