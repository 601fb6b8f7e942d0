"""``amrgen generate``, ``amrgen evaluate`` and ``amrgen tune`` with a tiny
model trained here on six Little Prince graphs and an LM of the Little
Prince training sentences (the corpora in ../shared; KenLM's lmplz)."""

import json
from pathlib import Path

import pytest

from amrgen.cli import main
from amrgen.corpus_registry import corpus
from amrgen.hyperparameters import Hyperparameters
from amrgen.postprocess.pipeline import BY_NAME
from amrgen.run.trace import TRACE_KEYS

LP = {part: corpus(f"little-prince-{part}") for part in ("training", "dev", "test")}
"""Little Prince's parts (resources/corpora.json)."""

BROKEN = """# ::id broken-1 ::snt This one is broken .
(b / break-01 :ARG1 (t / this"""


def _entries(path: Path, first: int, count: int) -> list[str]:
    """Entries ``first`` to ``first + count`` of a corpus file (after its header comment)."""
    return path.read_text(encoding="utf-8").strip().split("\n\n")[1 + first:1 + first + count]


@pytest.fixture(scope="session")
def tiny(tmp_path_factory, kenlm_tools):
    """(model directory, LM, input corpus): the model trained on six training
    graphs, the input three dev graphs with a malformed entry second."""
    if missing := [part.missing() for part in LP.values() if not part.present()]:
        pytest.skip(missing[0])
    from amrgen.lm.build import build_lm

    directory = tmp_path_factory.mktemp("tiny-generator")
    train = directory / "train.txt"
    train.write_text("\n\n".join(_entries(LP["training"].location, 0, 6)) + "\n", encoding="utf-8")
    assert main(["train", str(train), "--dev", str(train), "-o", str(directory / "model"), "--workers", "1"]) == 0
    build_lm([], directory / "lm.binary", amr_corpora=[LP["training"].location])
    dev = _entries(LP["dev"].location, 0, 3)
    corpus = directory / "input.txt"
    corpus.write_text("\n\n".join([dev[0], BROKEN, *dev[1:]]) + "\n", encoding="utf-8")
    return directory / "model", directory / "lm.binary", corpus


def _generator_options(tiny) -> list[str]:
    model, lm, _ = tiny
    return ["--model", str(model), "--lm", str(lm)]


def test_generate_gives_the_good_graphs_an_empty_line_and_a_message(tiny, tmp_path, capsys):
    _, _, corpus = tiny
    output = tmp_path / "out.txt"
    assert main(["generate", "-i", str(corpus), "-o", str(output), "-b", "-s", *_generator_options(tiny)]) == 1
    lines = output.read_text(encoding="utf-8").split("\n")
    assert len(lines) == 5 and lines[-1] == ""  # four graphs, one line each
    assert lines[1] == "" and all(lines[i] for i in (0, 2, 3))
    assert lines[0] == "chapter 1 ."
    out, err = capsys.readouterr()
    messages = [line for line in err.splitlines() if "could not generate" in line]
    assert len(messages) == 1
    line = corpus.read_text().splitlines().index(BROKEN.splitlines()[0]) + 1
    assert f"{corpus}:{line}: entry broken-1: unbalanced parenthesis" in messages[0]
    assert "1 of 4 graphs could not be generated" in err
    shown = out.splitlines()
    assert shown[:3] == [lines[0], lines[2], lines[3]]  # -s: each sentence as generated
    assert shown[3].startswith("BLEU: ") and float(shown[3].split()[1]) > 0
    assert "1 graph without a reference" in shown[3]  # the malformed entry's
    assert shown[4].startswith("chrF++: ") and 0 < float(shown[4].split()[1]) < 100


def test_an_error_before_generating_keeps_the_older_output(tiny, tmp_path, capsys):
    model, _, corpus = tiny
    output = tmp_path / "out.txt"
    output.write_text("older\n")
    code = main(["generate", "-i", str(corpus), "-o", str(output), "--model", str(model),
                 "--lm", str(tmp_path / "missing.binary")])
    assert code == 2
    assert "missing.binary" in capsys.readouterr().err
    assert output.read_text() == "older\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_bleu_needs_references(tiny, tmp_path, capsys):
    no_references = tmp_path / "plain.txt"
    no_references.write_text("(c / chapter :mod 1)\n")
    assert main(["generate", "-i", str(no_references), "-o", str(tmp_path / "out.txt"), "-b",
                 *_generator_options(tiny)]) == 2
    assert "no entry has a reference sentence" in capsys.readouterr().err


def test_two_workers_give_what_one_gives_and_the_trace_is_json_lines(tiny, tmp_path):
    _, _, corpus = tiny
    runs = {}
    for workers in ("1", "2"):
        output, trace = tmp_path / f"out{workers}.txt", tmp_path / f"trace{workers}.jsonl"
        main(["generate", "-i", str(corpus), "-o", str(output), "--trace", str(trace), "--workers", workers,
              *_generator_options(tiny)])
        runs[workers] = output.read_text(), trace.read_text()
    assert runs["1"] == runs["2"]
    lines = [json.loads(line) for line in runs["1"][1].splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert all(tuple(line) == TRACE_KEYS for line in lines)
    broken, good = lines[1], lines[0]
    assert broken["id"] == "broken-1" and "unbalanced" in broken["error"] and broken["phase2"] is None
    assert good["error"] is None and good["sentence"] == runs["1"][0].splitlines()[0]
    assert good["phase1"] and all(0 < step["p"] <= 1 for step in good["phase1"])
    vertices = [entry["vertex"] for entry in good["phase2"]]
    assert len(vertices) == len(set(vertices)) and vertices[-1] == "c"  # bottom-up: the root last
    assert good["phase2"][-1]["transitions"][0]["transition"].startswith("Realize-(chapter")
    score = good["score"]
    assert score["total"] == pytest.approx(score["theta_lm_score_lm"] + score["score_ts_total"])
    assert score["score_ts_total"] == pytest.approx(sum(score["score_ts"].values()))
    assert score["said_total"] == pytest.approx(score["total"] + score["theta_lm_score_lm_said"])


def test_evaluate_prints_bleu_the_buckets_and_writes_csv_and_plots(tiny, tmp_path, capsys):
    _, _, corpus = tiny
    csv, plots = tmp_path / "table.csv", tmp_path / "plots"
    code = main(["evaluate", "-i", str(corpus), "--csv", str(csv), "--plots", str(plots), *_generator_options(tiny)])
    assert code == 1  # the malformed entry
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("BLEU: ") and float(out[0].split()[1]) > 0
    assert out[1].startswith("BLEU (l_max = 30): ")
    rows = {line.split()[0]: line.split()[1:] for line in out[3:10]}
    assert list(rows) == ["all", "<=10", "11-20", "21-30", "31-40", ">40", "<=30"]
    # Dev references: "Chapter 1 ." (3 tokens), 28 and 16 tokens.
    assert [rows[label][0] for label in ("all", "<=10", "11-20", "21-30", "31-40", ">40", "<=30")] == \
        ["3", "1", "1", "1", "0", "0", "3"]
    assert rows["31-40"][1:] == ["-", "-"] and float(rows["<=10"][2]) > 0
    assert csv.read_text().splitlines()[0] == "length,graphs,bleu,seconds"
    assert sorted(p.name for p in plots.iterdir()) == ["bleu-by-length.png", "time-by-length.png"]
    assert (plots / "bleu-by-length.png").read_bytes()[:4] == b"\x89PNG"


def test_evaluate_over_several_corpora_prints_one_table_and_scores_paraphrases(tiny, tmp_path, capsys):
    _, _, corpus = tiny
    output = tmp_path / "out.txt"
    main(["generate", "-i", str(corpus), "-o", str(output), *_generator_options(tiny)])
    generated = output.read_text(encoding="utf-8").split("\n")[2]
    # the same graphs, the second good one with its generated sentence as a paraphrase of its reference
    paraphrased = tmp_path / "paraphrased.txt"
    text = corpus.read_text(encoding="utf-8")
    snt = [line for line in text.splitlines() if line.startswith("# ::snt")][1]
    assert generated.split() != snt.lower().split()[2:]
    paraphrased.write_text(text.replace(snt, f"{snt}\n# ::alt-snts Something else . ||| {generated}"),
                           encoding="utf-8")
    csv, plots = tmp_path / "table.csv", tmp_path / "plots"
    code = main(["evaluate", "-i", str(corpus), str(paraphrased), "--csv", str(csv), "--plots", str(plots),
                 *_generator_options(tiny)])
    assert code == 1  # the malformed entry
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["corpus", "graphs", "BLEU", "chrF++", "len", "ratio", "s/graph"]
    rows = [line.split() for line in out[1:3]]
    assert [row[0] for row in rows] == [str(corpus), str(paraphrased)]
    assert [row[1] for row in rows] == ["3", "3"]
    plain, several = ([float(cell) for cell in row[2:]] for row in rows)
    assert several[0] > plain[0] and several[1] > plain[1]  # BLEU and chrF++ against the paraphrase too
    assert plain[2] == several[2] > 0  # the length ratio is against the first references
    assert out[3].startswith("s/graph: ")
    lines = csv.read_text().splitlines()
    assert lines[0] == "corpus,graphs,bleu,chrf,length_ratio,seconds" and lines[1].startswith(f"{corpus},3,")
    assert sorted(p.name for p in plots.iterdir()) == ["bleu-by-length.png", "corpora.png", "time-by-length.png"]
    assert main(["evaluate", "-i", str(corpus), str(paraphrased), "--oracle", *_generator_options(tiny)]) == 2
    assert capsys.readouterr().err.strip().endswith("--oracle takes one corpus")


def test_tune_writes_a_loadable_file_and_resumes_from_its_log(tiny, tmp_path, capsys):
    model, lm, corpus = tiny
    output = tmp_path / "tuned.json"
    command = ["tune", str(model), str(corpus), "--lm", str(lm), "--samples", "2", "--steps", "1",
               "--budget", "0.05", "-o", str(output), "--workers", "1"]
    assert main(command) == 0
    first = capsys.readouterr()
    log = (tmp_path / "tuned.json.log").read_text().splitlines()
    assert json.loads(log[0])["settings"]["model"] == str(model.resolve())
    records = [json.loads(line) for line in log[1:]]
    assert records[0]["stage"] == "start" and records[0]["hyperparameters"] == json.loads(Hyperparameters().to_json())
    best = max(records, key=lambda r: r["bleu"])
    assert json.loads(Hyperparameters.load(output).to_json()) == best["hyperparameters"]
    assert "best so far, written to" in first.out

    # Resumes: the logged assignments are not generated again.  A finer sweep, so that there
    # is more to do even where the first search finished within its budget.
    assert main([*command[:command.index("--steps") + 1], "2", *command[command.index("--steps") + 2:]]) == 0
    second = capsys.readouterr()
    assert f"resuming: {len(records)} assignments scored" in second.err
    again = [json.loads(line) for line in (tmp_path / "tuned.json.log").read_text().splitlines()[1:]]
    assert again[:len(records)] == records
    keys = [json.dumps(r["hyperparameters"], sort_keys=True) for r in again]
    assert len(keys) == len(set(keys))
    assert len(again) > len(records)


def test_tune_on_several_dev_corpora_scores_the_mean_of_their_bleus(tiny, tmp_path, capsys):
    """Each dev corpus weighted equally: the start's score is the mean of the BLEUs
    that evaluate gives each corpus, and the line printed names both."""
    model, lm, corpus = tiny
    other = tmp_path / "other.txt"
    other.write_text("\n\n".join(_entries(LP["dev"].location, 3, 8)) + "\n", encoding="utf-8")
    main(["evaluate", "-i", str(corpus), str(other), *_generator_options(tiny)])
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:3]]
    bleus = [float(row[2]) for row in rows]
    assert bleus[0] != bleus[1]
    output = tmp_path / "tuned.json"
    assert main(["tune", str(model), str(corpus), str(other), "--lm", str(lm), "--samples", "0", "--steps", "1",
                 "--budget", "0.01", "-o", str(output), "--workers", "1"]) == 0
    printed = capsys.readouterr().out
    start = json.loads((tmp_path / "tuned.json.log").read_text().splitlines()[1])
    assert start["stage"] == "start" and start["bleu"] == pytest.approx(sum(bleus) / 2, abs=0.01)
    assert f"({corpus.name} {bleus[0]:.2f}, other.txt {bleus[1]:.2f})" in printed


def test_tune_refuses_an_output_it_did_not_write(tiny, tmp_path, capsys):
    model, lm, corpus = tiny
    output = tmp_path / "mine.json"
    output.write_text("{}\n")
    assert main(["tune", str(model), str(corpus), "--lm", str(lm), "-o", str(output)]) == 2
    assert "give it as --start" in capsys.readouterr().err
    assert output.read_text() == "{}\n"


def test_generate_follows_the_conventions_of_another_corpus(tiny, tmp_path, capsys):
    """--conventions CORPUS: references without a final mark (MASSIVE's style) leave the
    sentence unpunctuated, as the same model's own conventions do not; a file without a
    reference is one error line naming it."""
    _, _, corpus = tiny
    output, unpunctuated = tmp_path / "out.txt", tmp_path / "questions.txt"
    unpunctuated.write_text("# ::snt what time is it\n(t / time :domain (a / amr-unknown))\n\n"
                            "# ::snt wake me up at seven\n(w / wake-up-02 :ARG1 (i / i))\n", encoding="utf-8")
    assert main(["generate", "-i", str(corpus), "-o", str(output), *_generator_options(tiny)]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1 ."
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--conventions", str(unpunctuated),
                 *_generator_options(tiny)]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1"
    bare = tmp_path / "bare.txt"
    bare.write_text("(t / time)\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--conventions", str(bare),
                 *_generator_options(tiny)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bare) in err[0] and "no entry has a reference sentence" in err[0]


def test_generate_takes_the_postprocessing_pipeline(tiny, tmp_path, capsys):
    """--postprocess thesis: Section 4.4 alone, so the two-vertex "chapter 1" gets
    no full stop; a file without a step; a file with an unknown step is one error line."""
    _, _, corpus = tiny
    output = tmp_path / "out.txt"
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--postprocess", "thesis",
                 *_generator_options(tiny)]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1"
    steps = tmp_path / "steps.txt"
    steps.write_text("punctuation-refined\n# no duplicates\n")
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--postprocess", str(steps),
                 *_generator_options(tiny)]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1 ."
    steps.write_text("punctuation-refined\nduplicate\n")
    capsys.readouterr()
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--postprocess", str(steps),
                 *_generator_options(tiny)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"amrgen: error: {steps}:2: unknown postprocessing step 'duplicate' (known: "
                   + ", ".join(BY_NAME) + ")"]


def test_a_model_with_learnt_punctuation_says_its_own_final_mark(tiny, tmp_path):
    """``train --learnt-punctuation``: the model ends "chapter 1" with the mark itself, even
    under ``--postprocess thesis`` (whose rule gives a two-vertex graph none); where the
    conventions followed do not punctuate, the mark is unsaid."""
    _, lm, corpus = tiny
    train = tmp_path / "train.txt"
    train.write_text("\n\n".join(_entries(LP["training"].location, 0, 6)) + "\n", encoding="utf-8")
    model = tmp_path / "model"
    assert main(["train", str(train), "--dev", str(train), "-o", str(model), "--workers", "1",
                 "--learnt-punctuation"]) == 0
    assert json.loads((model / "manifest.json").read_text(encoding="utf-8"))["settings"]["learnt punctuation"]
    output = tmp_path / "out.txt"
    options = ["--model", str(model), "--lm", str(lm)]
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--postprocess", "thesis", *options]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1 ."
    unpunctuated = tmp_path / "requests.txt"
    unpunctuated.write_text("# ::snt wake me up at seven\n(w / wake-up-02 :ARG1 (i / i))\n", encoding="utf-8")
    assert main(["generate", "-i", str(corpus), "-o", str(output), "--conventions", str(unpunctuated), *options]) == 1
    assert output.read_text(encoding="utf-8").split("\n")[0] == "chapter 1"
