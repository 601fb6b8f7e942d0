"""Maximum-entropy models over indicator features and the model store (thesis 2.7, 4.3)."""
