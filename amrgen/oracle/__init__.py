"""The oracle and the training data (thesis 4.3.2-4.3.3)."""

from amrgen.oracle.annotations import Approach, best_prefix, gold_annotation, left, simplify
from amrgen.oracle.oracle import Gold, Oracle, OracleState
from amrgen.oracle.training_data import OracleRun, training_data

__all__ = ["Approach", "best_prefix", "gold_annotation", "left", "simplify", "Gold", "Oracle", "OracleState",
           "OracleRun", "training_data"]
