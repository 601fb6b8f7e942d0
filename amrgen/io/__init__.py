"""Readers and writers for AMR corpora, alignments and syntactic annotations (thesis 5.3)."""
