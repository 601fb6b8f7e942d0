"""Evaluation: BLEU, length buckets, timing, model accuracy, hyperparameter search (thesis 4.5, 6)."""
