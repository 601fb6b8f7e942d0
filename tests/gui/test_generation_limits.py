"""The application's generation within limits (issue 19 point 2): Model >
Generation Limits…, kept in QSettings; a graph past them is named with its
limit and costs itself alone, in model mode and in corpus generation, which
run in worker threads."""

import sys
from pathlib import Path

import pytest
from test_main_window import select

from amrgen.decoding.limits import DEFAULT_LIMITS, Limits
from amrgen.stepping.loaded_generator import LoadedGenerator
from amrgen_gui.qt.dialogs.limits import (
    MEMORY_KEY,
    SECONDS_KEY,
    LimitsDialog,
    stored_limits,
)
from amrgen_gui.state.corpus_generation import generate_corpus_file

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from graph_sizes import ops

pytestmark = pytest.mark.gui


def test_a_graph_past_the_limit_is_named_in_the_status_bar_and_the_next_one_shows(model_window, settings):
    entries = model_window.workspace.corpus.entries
    model_window.limits.choose(Limits(seconds=0.001))
    assert model_window.model.generator.limits == Limits(seconds=0.001)
    select(model_window, entries[1].id)
    assert model_window.model.session is None
    assert model_window.statusBar().currentMessage() == \
        f"entry {entries[1].id} cannot be generated: over the time limit of 0.001 s"
    model_window.limits.choose(DEFAULT_LIMITS)
    select(model_window, entries[2].id)
    assert model_window.model.session is not None and model_window.model.session.generation.sentence
    assert stored_limits(settings) == DEFAULT_LIMITS


def test_corpus_generation_names_the_graph_past_its_limit_and_goes_on(default_generator, tmp_path):
    path = tmp_path / "in.txt"  # 600 operands: 2.5-3.5 s of generation, over 1 s however fast the search
    path.write_text("# ::id good-1\n(s / see-01 :ARG0 (b / boy) :ARG1 (r / rose))\n\n"
                    f"# ::id wide\n{ops(600)}\n\n# ::id good-2\n(l / love-01 :ARG0 (g / girl))\n", encoding="utf-8")
    bounded = LoadedGenerator(default_generator.spec, default_generator.generator, 0.0, limits=Limits(seconds=1.0))
    delivered = []
    generated = generate_corpus_file(path, bounded, lambda done, total: None, delivered.append)
    assert delivered == generated and [g.entry_id for g in generated] == ["good-1", "wide", "good-2"]
    assert generated[1].error == "over the time limit of 1 s" and generated[1].sentence == ""
    assert generated[1].seconds < 3 and generated[1].place == f"{path}:4"
    assert generated[0].sentence and generated[2].sentence and not (generated[0].error or generated[2].error)


def test_limits_are_kept_in_the_settings_and_a_bad_value_gives_the_default(window, settings):
    window.limits.choose(Limits(seconds=30.0, memory_mb=None))
    assert stored_limits(settings) == Limits(30.0, None) == window.workspace.limits
    for bad in ("x", "-1", "nan", "inf"):
        settings.setValue(SECONDS_KEY, bad)
        settings.setValue(MEMORY_KEY, bad)
        assert stored_limits(settings) == DEFAULT_LIMITS


def test_the_dialog_gives_no_limit_for_zero(qtbot):
    dialog = LimitsDialog(Limits(seconds=12.5, memory_mb=512))
    qtbot.addWidget(dialog)
    assert dialog.limits() == Limits(12.5, 512)
    dialog.seconds.setValue(0)
    dialog.memory.setValue(0)
    assert dialog.limits() == Limits(None, None)
