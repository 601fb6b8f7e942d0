"""prune_n and prune_(n,r): worked example 12."""

from amrgen.ml.prune import prune

S = [("α", 0.9), ("β", 0.3), ("γ", 0.8), ("δ", 0.45)]


def test_prune_n():
    """Worked example 12: prune_n(S) = S for n ≥ 4, prune_3(S) = {(α,0.9), (γ,0.8), (δ,0.45)}."""
    for n in (4, 5, 10):
        assert set(prune(S, n)) == set(S)
    assert set(prune(S, 3)) == {("α", 0.9), ("γ", 0.8), ("δ", 0.45)}
    assert prune(S, 0) == [] and prune([], 3) == []


def test_prune_n_r():
    """Worked example 12: prune_(3,0.15)(S) = {(α,0.9), (γ,0.8)}."""
    assert set(prune(S, 3, 0.15)) == {("α", 0.9), ("γ", 0.8)}
    assert prune(S, 3, 0.15) == [("α", 0.9), ("γ", 0.8)]
