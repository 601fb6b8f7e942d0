"""Corpus preparation (thesis 4.3.1): tokens, POS tags, dependency trees and alignments."""
