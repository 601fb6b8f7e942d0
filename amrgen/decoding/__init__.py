"""Decoding: greedy phase 1, beam search with the language model in phase 2 (thesis 4.2.2)."""
