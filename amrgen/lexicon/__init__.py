"""What amrgen knows of English, at the bottom of the layers (it imports only :mod:`amrgen.errors`,
:mod:`amrgen.paths`, the standard library and nltk).

- :mod:`amrgen.lexicon.words`: the word lists, read once from ``resources/lexicon/`` (one small
  file a list, each saying what it is and where it comes from).
- :mod:`amrgen.lexicon.wordnet_lexicon`: what amrgen asks WordNet (thesis 4.3.3, 5.2), answered by
- :mod:`amrgen.lexicon.wordnet_table` (WordNet's use counts and morphy as a table), kept by
- :mod:`amrgen.lexicon.wordnet_cache` (the table's file in the user's cache) and built from
- :mod:`amrgen.lexicon.wordnet` (nltk's WordNet reader).
"""
