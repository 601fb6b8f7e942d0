"""A hyperparameter file that is corrupt or out of bounds is refused in one
line naming the file and the field (issue 19 point 5), before any graph."""

import pytest

from amrgen.cli import main
from amrgen.errors import AmrgenError
from amrgen.hyperparameters import MAX_COUNT, Hyperparameters


@pytest.mark.parametrize("text, message", [
    ('{"n1": NaN}', "n1 must be a finite number, not nan"),
    ('{"n4": 1e999}', "n4 must be a finite number, not inf"),
    ('{"theta_lm": NaN}', "theta_lm must be a finite number"),
    ('{"theta_lm": -Infinity}', "theta_lm must be a finite number"),
    ('{"n5": -3}', "n5 must not be negative, not -3"),
    ('{"r2": -0.5}', "r2 must not be negative"),
    ('{"n2": 2.5}', "n2 must be a whole number, not 2.5"),
    ('{"n3": 1000000000}', f"n3 must be at most {MAX_COUNT}, not 1000000000"),
    ('{"n1": 0}', "n1 must be at least 1, not 0"),
    ('{"p_tilde": 3}', "p_tilde must be a probability, at most 1, not 3"),
    ('{"n1": true}', "n1 must be a number, not True"),
    ("[" * 100000 + "]" * 100000, "not a JSON hyperparameter file (nested too deep)"),
])
def test_a_hyperparameter_out_of_bounds_is_refused_naming_file_and_field(tmp_path, text, message):
    path = tmp_path / "hyper.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AmrgenError) as refused:
        Hyperparameters.load(path)
    assert str(refused.value).startswith(f"{path}: ") and message in str(refused.value)


def test_values_within_bounds_load(tmp_path):
    path = tmp_path / "hyper.json"
    path.write_text('{"n1": 8, "r4": 1000.0, "theta_lm": 0, "p_epsilon": 1, "article_window": 0}', encoding="utf-8")
    hyper = Hyperparameters.load(path)
    assert (hyper.n1, hyper.r4, hyper.theta_lm, hyper.p_epsilon) == (8, 1000.0, 0.0, 1.0)


def test_generate_refuses_the_file_in_one_line(tmp_path, capsys):
    hyper, corpus = tmp_path / "hyper.json", tmp_path / "in.txt"
    hyper.write_text('{"n2": NaN}', encoding="utf-8")
    corpus.write_text("# ::id a\n(b / boy)\n", encoding="utf-8")
    code = main(["generate", "-i", str(corpus), "-o", str(tmp_path / "out.txt"), "--hyperparameters", str(hyper)])
    err = capsys.readouterr().err
    assert code == 2 and f"{hyper}: n2 must be a finite number, not nan" in err and "Traceback" not in err
    assert not (tmp_path / "out.txt").exists()
