"""Two generators on the open corpus (issue 17, point 5): outputs side by side,
sorted by the difference in sentence BLEU, in the background with a cancel."""

import pytest
from test_main_window import settle
from test_responsive import MAX_STALL, StallMeter

from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu
from amrgen.prep.prepared_format import read_prepared
from amrgen.stepping.session import Mode
from amrgen_gui.state.paths import SAMPLE

pytestmark = pytest.mark.gui

def test_two_generators_side_by_side_sorted_by_the_difference_in_bleu(qtbot, model_window, default_generator,
                                                                      hyperparameters_without_lm):
    from amrgen.decoding.generator import Generator

    window = model_window
    view = window.comparisons.generators
    meter = StallMeter()
    with qtbot.waitSignal(view.finished, timeout=300_000):
        window.comparisons.compare_generators(None, str(hyperparameters_without_lm))
        assert view.running() and view.cancel_button.isVisible()
    stall = meter.longest_stall()
    print(f"longest stall while comparing two generators on the sample: {stall:.3f} s")
    assert stall <= MAX_STALL, f"the event loop stalled for {stall:.3f} s"
    entries = {e.id: e for e in read_prepared(SAMPLE).entries}
    assert [c.pair.entry_id for c in view.compared] == list(entries)
    no_lm = Generator.load(hyperparameters=hyperparameters_without_lm)
    for c in view.compared:
        amr = entries[c.pair.entry_id].amr
        assert c.pair.sentences == (default_generator.generator.generate(amr).sentence, no_lm.generate(amr).sentence)
        reference = " ".join(entries[c.pair.entry_id].tokens).lower()
        assert c.pair.bleu == (sentence_bleu(c.pair.sentences[0], reference),
                               sentence_bleu(c.pair.sentences[1], reference))
    assert any(c.pair.sentences[0] != c.pair.sentences[1] for c in view.compared)
    shown = [float(difference) for difference, *_ in view.rows()]
    assert shown == sorted(shown) and len(set(shown)) > 1  # B's worst losses first
    top = next(c.pair for c in view.compared if c.pair.entry_id == view.rows()[0][3])
    assert view.rows()[0][1:3] == tuple(f"{bleu:.1f}" for bleu in top.bleu)
    references = [c.pair.reference for c in view.compared]
    for label, i in (("A", 0), ("B", 1)):
        score = corpus_bleu([c.pair.sentences[i] for c in view.compared], references)
        assert f"{label} = " in view.summary.text() and f"corpus BLEU {score:.2f}" in view.summary.text()
    assert hyperparameters_without_lm.name in view.summary.text()
    # Double-clicking an entry opens its derivation with the loaded generator.
    window.set_mode(Mode.ORACLE)
    settle(window)
    view.table.activated.emit(view.table.model().index(0, 3))
    settle(window)
    assert window.model.mode is Mode.MODEL and window.model.entry.id == top.entry_id


def test_comparing_two_generators_can_be_cancelled(qtbot, model_window, hyperparameters_without_lm):
    view = model_window.comparisons.generators
    with qtbot.waitSignal(view.finished, timeout=10_000):
        model_window.comparisons.compare_generators(str(hyperparameters_without_lm), None)
        view.cancel_button.click()
    assert not view.running() and not view.cancel_button.isVisible()
    assert len(view.compared) < len(model_window.workspace.corpus.entries)
    qtbot.wait(1500)  # what the cancelled run still makes is dropped
    assert len(view.rows()) == len(view.compared) < len(model_window.workspace.corpus.entries)
    assert "stopped" in view.summary.text()


def test_a_side_that_is_neither_model_nor_hyperparameters_is_said(qtbot, model_window, tmp_path):
    view = model_window.comparisons.generators
    with qtbot.waitSignal(view.finished, timeout=30_000):
        model_window.comparisons.compare_generators(str(tmp_path / "missing"), None)
    assert f"{tmp_path / 'missing'}: neither a model directory nor a hyperparameters file" in view.summary.text()


def test_the_dialog_gives_each_side_or_none_for_the_loaded_generator(qtbot, hyperparameters_without_lm):
    from amrgen_gui.qt.dialogs.generator_pair import GeneratorPairDialog

    dialog = GeneratorPairDialog("the shipped default")
    qtbot.addWidget(dialog)
    assert dialog.chosen() == (None, None)
    dialog.paths[1].setText(f"  {hyperparameters_without_lm}  ")
    assert dialog.chosen() == (None, str(hyperparameters_without_lm))
