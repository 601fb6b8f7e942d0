"""``amrgen oracle``: gold transitions and oracle BLEU of a corpus."""

import pytest

from amrgen.cli import main
from amrgen.oracle.training_data import training_data
from amrgen.prep.pipeline import load_corpus

FIXTURE = "tests/fixtures/developer.txt"


def test_transitions_listing_and_bleu(capsys):
    assert main(["oracle", FIXTURE, "--transitions", "--bleu", "--formal"]) == 0
    out, err = capsys.readouterr()
    blocks = [b for b in out.split("\n\n") if b.startswith("# ::id")]
    assert [b.splitlines()[0] for b in blocks] == ["# ::id developer", "# ::id boy"]
    developer = blocks[0].splitlines()
    assert developer[1] == "Merge-(developer,NN)" and developer[-1] == "# ::realization the developer wants to sleep"
    assert len(developer) == 2 + 23
    assert "broken" in err  # the malformed entry is reported, the others go on
    assert "terminated: 2/2" in out
    assert "BLEU (no punctuation): " in out


def test_listing_matches_the_training_data_algorithm(capsys):
    main(["oracle", FIXTURE, "--transitions", "--formal"])
    out = capsys.readouterr().out
    corpus = load_corpus(FIXTURE)
    run = training_data(corpus.entries[0].bigraph())
    lines = out.split("\n\n")[0].splitlines()
    assert lines[1:-1] == [str(t) for t in run.transitions]


def test_counts_per_class(capsys):
    main(["oracle", FIXTURE, "--counts", "--formal"])
    out = capsys.readouterr().out
    assert "Reorder: " in out and "Delete-Reentrance: " in out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["little-prince-training", "little-prince-dev", "little-prince-test",
                                  "bio-alignments-dev"])
def test_the_oracle_terminates_on_every_graph_in_both_systems(shared_corpus, name, capsys):
    for system in (["--formal"], []):
        assert main(["oracle", str(shared_corpus(name)), "--bleu", "--approach", "both", *system]) == 0
        out = capsys.readouterr().out
        terminated = [line.split()[-1] for line in out.splitlines() if "terminated:" in line]
        assert len(terminated) == 2
        for value in terminated:
            done, total = value.split("/")
            assert done == total and int(total) > 100


def test_divergence_prints_where_the_generator_leaves_the_oracle_on_each_graph(default_generator, capsys):
    from amrgen.stepping.divergence import compare_with_oracle

    sample = "assets/sample.amr"
    assert main(["oracle", sample, "--divergence"]) == 0
    *lines, summary = capsys.readouterr().out.splitlines()
    entries = load_corpus(sample).entries
    assert [line.split("\t")[0] for line in lines] == [e.id for e in entries]
    stages = []
    for line, entry in zip(lines, entries):
        d = compare_with_oracle(entry, default_generator).divergence
        fields = line.split("\t")
        assert fields[1:3] == [f"step {d.position}", f"stage {int(d.stage)}"]
        assert fields[4] == f"model {d.model} {d.model_probability:.4f}"
        assert fields[5].startswith(f"oracle {d.oracle} ")
        stages.append(int(d.stage))
    assert summary.startswith(f"first divergence: stage 1: {stages.count(1)}, stage 2: {stages.count(2)}")
    assert summary.endswith(f"never: 0 of {len(entries)} graphs")


def test_divergence_is_refused_with_the_formal_system(capsys):
    assert main(["oracle", FIXTURE, "--divergence", "--formal"]) == 2
    assert "cannot be combined with --formal" in capsys.readouterr().err
