"""``amrgen oracle``: run the oracle on every graph of a corpus (thesis 4.3.3).

For each graph the training data algorithm runs from c_s(G) to a terminal
configuration; ``--transitions`` prints the gold transitions, ``--bleu`` the
BLEU of the oracle's realizations (the ceiling of everything trained on
them), ``--counts`` the number of gold transitions per class.

The constrained system (the default) works on normalized graphs (named
entities collapsed...) and needs what training learns: the Merge table L_M
and empirical POS tags.  They are learnt here from a formal oracle pass over
the same corpus.  ``--formal`` runs Section 4's system alone, on the graphs
as written.

``--losses`` sets the oracle's output beside its reference entry by entry, worst
sentence BLEU first: each word of the reference w' that c_f lacks or misplaces,
its cause and the step where it was lost (:mod:`amrgen.oracle.losses`), then
how many words each cause costs over the corpus.  The application shows the
same (Oracle ▸ Run over Corpus).

``--divergence`` sets the trained generator (the shipped default, or
--model, --lm, --hyperparameters) beside the oracle instead: for each graph,
the first step of generate(G) whose transition is not gold_B(c) at its
configuration (:mod:`amrgen.stepping.divergence`), one tab-separated line
with the step, its stage, σ1, the model's transition and P, and the oracle's
transition and P under the model (``-`` outside all(c)); then how many graphs
first leave the oracle in each stage.  The application shows the same
(Model ▸ Compare with Oracle).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from amrgen.commands import add_encoding_option
from amrgen.commands.generate import add_model_options
from amrgen.errors import AmrgenError
from amrgen.evaluation.bleu import corpus_bleu
from amrgen.io.printable import escaped
from amrgen.oracle.annotations import Approach
from amrgen.oracle.resources import constrained_runs
from amrgen.oracle.training_data import OracleRun, training_data
from amrgen.prep.extended import ExtendedEntry
from amrgen.prep.tokenize import is_punctuation
from amrgen.transitions.listing import format_transitions
from amrgen.transitions.system import TransitionSystem
from amrgen.transitions.transitions import TRANSITION_CLASSES


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "oracle", help="run the oracle on a corpus: gold transitions, oracle BLEU",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", help="AMR corpus: plain (# ::snt), prepared, or with JAMR/ISI alignments")
    add_encoding_option(parser)
    parser.add_argument("--transitions", action="store_true", help="print the gold transitions of every graph")
    parser.add_argument("--bleu", action="store_true", help="print the BLEU of the oracle's realizations")
    parser.add_argument("--counts", action="store_true", help="print the number of gold transitions per class")
    parser.add_argument("--approach", choices=["text", "dependency", "both"], default="text",
                        help="how gold'_B decides where the thesis defines two ways (default: text)")
    parser.add_argument("--formal", action="store_true",
                        help="the formal system of Section 4 alone (no 5.1 constraints, no normalization)")
    parser.add_argument("--divergence", action="store_true",
                        help="for every graph, the first step where the generator leaves the oracle's path")
    parser.add_argument("--losses", action="store_true",
                        help="every graph, worst first: the reference words the oracle's output lacks or "
                             "misplaces, each with its cause and step; the causes counted over the corpus")
    add_model_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from amrgen.prep.pipeline import load_corpus

    if args.divergence and args.formal:
        raise AmrgenError("--divergence compares with the generator, which runs the constrained system: "
                          "it cannot be combined with --formal")
    corpus = load_corpus(args.corpus, args.encoding)
    for error in corpus.errors:
        print(f"amrgen: skipped {error}", file=sys.stderr)
    entries = corpus.entries
    approaches = [Approach.TEXT, Approach.DEPENDENCY] if args.approach == "both" else [Approach(args.approach)]
    failed = False
    for approach in approaches:
        label = f"[{approach.value}] " if len(approaches) > 1 else ""
        if args.divergence:
            failed |= divergences(args, label, entries, approach)
            continue
        if args.losses:
            print_losses(label, entries, approach, TransitionSystem() if args.formal else None)
            if not (args.transitions or args.bleu or args.counts):
                continue
        if args.formal:
            runs = [training_data(e.bigraph(), approach) for e in entries]
        else:
            runs, _ = constrained_runs(entries, approach)
        report(args, label, entries, runs)
    return 1 if failed else 0


def divergences(args: argparse.Namespace, label: str, entries: list[ExtendedEntry], approach: Approach) -> bool:
    """Print where the generator first leaves the oracle's path on each graph (see the module
    docstring); whether some graph could not be compared."""
    from amrgen.stepping.divergence import compare_with_oracle
    from amrgen.stepping.loaded_generator import LoadedGenerator
    from amrgen.stepping.session import USER_ERRORS

    generator = LoadedGenerator.load(args.model, args.lm, args.hyperparameters)
    stages: Counter = Counter()
    failed = False
    for entry in entries:
        try:
            d = compare_with_oracle(entry, generator, approach).divergence
        except USER_ERRORS as error:
            print(escaped(f"amrgen: cannot compare {entry.id}: {error}"), file=sys.stderr)
            failed = True
            continue
        stages[None if d is None else int(d.stage)] += 1
        c = d.configuration if d is not None else None
        fields = [f"{label}{entry.id}", "follows the oracle to the end"] if d is None else [
            f"{label}{entry.id}", f"step {d.position}", f"stage {int(d.stage)}",
            f"σ1 {c.sigma1} {c.graph.label(c.sigma1)}", f"model {d.model} {d.model_probability:.4f}",
            f"oracle {d.oracle} " + ("-" if d.oracle_probability is None else f"{d.oracle_probability:.4f}")]
        print("\t".join(escaped(field) for field in fields))
    counts = ", ".join(f"stage {s}: {stages[s]}" for s in sorted(s for s in stages if s is not None))
    print(f"{label}first divergence: {counts or 'none'}; never: {stages[None]} of {sum(stages.values())} graphs")
    return failed


def print_losses(label: str, entries: list[ExtendedEntry], approach: Approach,
                 system: TransitionSystem | None) -> None:
    """The table of ``--losses`` (see the module docstring)."""
    from amrgen.evaluation.ceiling import cause_counts, corpus_losses

    table = corpus_losses(entries, approach, system)
    for row in table:
        print("\t".join(escaped(field) for field in (f"{label}{row.id}", f"BLEU {row.bleu:.2f}", f"c_f: {row.output}")))
        for loss in row.losses:
            where = f"step {loss.step}" + (f" (σ1 {loss.vertex})" if loss.vertex is not None else "")
            fields = ("", str(loss.position), loss.word, "lacking" if loss.missing else "misplaced", loss.cause.value, where)
            print("\t".join(escaped(field) for field in fields))
    counts = cause_counts(table)
    lacking, misplaced = (sum(pair[k] for pair in counts.values()) for k in (0, 1))
    print(f"{label}causes over {len(table)} graphs ({lacking} words lacking, {misplaced} misplaced):")
    for cause, (lack, place) in counts.items():
        print(f"{label}  {cause.value}: {lack} lacking, {place} misplaced")


def report(args: argparse.Namespace, label: str, entries: list[ExtendedEntry], runs: list[OracleRun]) -> None:
    for entry, run in zip(entries, runs):
        if not run.terminated:
            print(escaped(f"amrgen: oracle did not finish {entry.id}: {run.error}"), file=sys.stderr)
        if args.transitions:
            sys.stdout.write(format_transitions(entry.id, run.transitions, run.output, run.error))
    if args.counts:
        counts = Counter(t.name for run in runs for t in run.transitions)
        for cls in TRANSITION_CLASSES:
            print(f"{label}{cls.name}: {counts[cls.name]}")
    if args.bleu:
        outputs = [run.output or "" for run in runs]
        print(f"{label}BLEU: {corpus_bleu(outputs, [' '.join(e.tokens) for e in entries]):.2f}")
        words = [" ".join(word for word in output.split() if not is_punctuation(word)) for output in outputs]
        print(f"{label}BLEU (no punctuation): {corpus_bleu(words, [' '.join(e.words) for e in entries]):.2f}")
    terminated = sum(run.terminated and run.output is not None for run in runs)
    if args.bleu or args.counts:
        print(f"{label}terminated: {terminated}/{len(runs)}")
