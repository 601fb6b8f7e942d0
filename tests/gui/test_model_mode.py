"""Model mode with the shipped default generator: its choices step by step,
phase 2's candidates, the corpus generated in the background, loading
another model, and the derivation exported as HTML."""

import base64
import html
import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from test_main_window import press, select, settle

from amrgen.cli import main
from amrgen.decoding.beam import AGREEMENT, BEST, RepeatStage
from amrgen.decoding.partial import generate_partial
from amrgen.evaluation.bleu import corpus_bleu, sentence_bleu
from amrgen.prep.prepared_format import read_prepared
from amrgen.stepping.search_record import Dropped
from amrgen.stepping.session import Mode
from amrgen.transitions import Keep, finalize
from amrgen_gui.qt.exports import files
from amrgen_gui.qt.exports.embedded_font import FALLBACK
from amrgen_gui.qt.theme import FONT_FILES
from amrgen_gui.qt.views.phase2_inspector import MIN_YIELD_WIDTH, YIELD_COLUMN
from amrgen_gui.state.paths import ASSETS, SAMPLE
from amrgen_gui.state.phase2 import COLUMNS, MAX_DROPPED

pytestmark = pytest.mark.gui


def by_vertex(steps) -> dict[str, list[str]]:
    """Phase-2 transitions grouped by the σ1 they were applied at, as ``--trace`` groups b̂."""
    grouped: dict[str, list[str]] = {}
    for c, t, _ in steps:
        grouped.setdefault(str(c.sigma1), []).append(str(t))
    return grouped


def test_stepping_to_the_end_reproduces_what_amrgen_generate_traced(qtbot, model_window, tmp_path):
    output, trace = tmp_path / "out.txt", tmp_path / "trace.jsonl"
    main(["generate", "-i", str(SAMPLE), "-o", str(output), "--trace", str(trace)])
    traced = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    sentences = output.read_text(encoding="utf-8").splitlines()
    for line, sentence in zip(traced, sentences, strict=True):
        select(model_window, line["id"])
        session = model_window.model.session
        press(qtbot, model_window, Qt.Key.Key_End)
        assert session.is_terminal() and session.on_generation_path()
        count = len(line["phase1"])
        assert [str(t) for t in session.transitions[:count]] == [step["transition"] for step in line["phase1"]]
        phase2 = [(session.steps[k - 1].configuration, t, None)
                  for k, t in enumerate(session.transitions, start=1) if k > count]
        assert by_vertex(phase2) == {v["vertex"]: [step["transition"] for step in v["transitions"]]
                                     for v in line["phase2"]}
        assert model_window.output.sentence.text() == sentence == line["sentence"] != ""
        assert session.transitions == [t for _, t, _ in session.generation.steps]
        assert [s.probability for s in session.steps[1:]] == [p for _, _, p in session.generation.steps]


def test_the_choice_and_the_gold_transition_are_marked_and_an_override_changes_course(qtbot, model_window):
    session = model_window.model.session
    press(qtbot, model_window, Qt.Key.Key_Right)  # past Delete-Reentrance, the only choice at c_s
    listed, ranked = model_window.choices.transitions(), [t for t, _ in session.ranked()]
    assert listed[:len(ranked)] == ranked and len(ranked) >= 2  # the gold transition last if the model prunes it
    choice, _ = session.choice()
    rows = [model_window.choices.list.item(i).text() for i in range(len(listed))]
    assert rows[listed.index(choice)].startswith("▶")
    gold = session.gold()
    assert gold in listed and rows[listed.index(gold)][1] == "★"
    other = next(t for t in ranked if t != choice)
    view = model_window.choices.list
    view.scrollToItem(view.item(listed.index(other)))
    where = view.visualItemRect(view.item(listed.index(other))).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert session.transitions[1:] == [other] and not session.on_generation_path()
    press(qtbot, model_window, Qt.Key.Key_End)
    assert session.is_terminal() and finalize(session.current) is not None
    press(qtbot, model_window, Qt.Key.Key_Home)
    qtbot.keyClick(model_window.graph, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, model_window, Qt.Key.Key_End)
    assert session.on_generation_path() and session.sentence() == session.generation.sentence


def test_model_mode_shows_the_normalized_graph_the_generator_used(model_window):
    select(model_window, "lpp_1943.23")  # "China" and "Arizona": named entities, collapsed
    session = model_window.model.session
    assert session.current.graph == session.generation.graph.graph
    assert set(model_window.graph.nodes) == set(session.generation.graph.graph.vertices)
    assert set(model_window.graph.nodes) != set(model_window.model.entry.amr.graph.vertices)


def test_the_phase2_inspector_lists_best_v_as_the_engine_returns_it(qtbot, model_window, default_generator):
    model_window.docks["phase2"].raise_()
    inspector = model_window.inspector
    qtbot.waitUntil(inspector.isVisible, timeout=2000)
    entry = select(model_window, "lpp_1943.7")
    engine = default_generator.generator.generate(entry.amr)  # generated afresh, not the session's
    assert inspector.order() == engine.phase2.order
    pruned_somewhere = False
    for v in engine.phase2.order:
        inspector.select_vertex(v)
        rows = inspector.table.rows
        kept = [row for row in rows if row.rank is not None]
        assert [(h.words, h.lm, h.ts, h.score) for h in (row.hypothesis for row in kept)] == \
            [(h.words, h.lm, h.ts, h.score) for h in engine.phase2.best[v]]
        assert kept and all(inspector.table.cells[rows.index(row)][-1] == "kept in best(v)" for row in kept)
        pruned = [row for row in rows if row.rank is None]
        assert all(row.stage for row in pruned)
        # A candidate merged into one of the same yield may tie with it; one pruned by (n, r) is not kept.
        assert not {(r.hypothesis.words, r.hypothesis.score) for r in pruned if not r.stage.startswith("merged")} & \
            {(h.words, h.score) for h in engine.phase2.best[v]}
        pruned_somewhere |= bool(pruned)
        assert sum(row.on_path for row in rows) == 1  # every vertex is on the winner's path
    assert pruned_somewhere
    root_rows = inspector.table.rows
    winner_row = next(i for i, row in enumerate(root_rows) if row.on_path)
    assert root_rows[winner_row].hypothesis.words == engine.winner.words
    inspector.view.selectRow(winner_row)
    generation = model_window.model.session.generation
    expected = generate_partial(generation.phase1.configuration, root_rows[winner_row].hypothesis.function(),
                                generation.phase2.numbering)
    assert model_window.model.preview == expected == generation.final
    assert {v: item.look for v, item in model_window.graph.nodes.items()}.keys() == set(expected.graph.vertices)
    press(qtbot, model_window, Qt.Key.Key_Right)  # stepping ends the preview
    assert model_window.model.preview is None


def described(h) -> tuple:
    """A candidate as two runs of the search both have it."""
    return h.words, h.score, tuple((str(t), p) for t, p in h.steps), tuple(child.words for child in h.children)


def test_the_phase2_inspector_says_which_pruning_dropped_each_candidate(qtbot, model_window, default_generator,
                                                                      observed_search):
    """At the root of lpp_1943.7 (four children), a complete candidate pruned at
    the last child, one pruned from best(v) and one dropped as disagreeing are told
    apart, as the search itself reports; at lpp_1943.38's, one merged into a
    candidate of the same yield says so."""
    model_window.docks["phase2"].raise_()
    inspector = model_window.inspector
    qtbot.waitUntil(inspector.isVisible, timeout=2000)
    select(model_window, "lpp_1943.7")
    generation = model_window.model.session.generation
    c = generation.phase1.configuration
    root = c.graph.root
    assert len(c.graph.children(root)) == 4
    g = default_generator.generator
    search = observed_search(g.probabilities, g.lm, g.hyper)
    search.run(c)
    expected: dict[tuple, set[str]] = {}
    for v, stage, candidates, kept in search.prunings:
        if v != root:
            continue
        kept_ids = {id(h) for h in kept}
        for k, h in enumerate(candidates):
            if id(h) in kept_ids:
                continue
            if stage == AGREEMENT or isinstance(stage, RepeatStage):  # dropped, not merged nor pruned
                expected.setdefault(described(h), set()).add(Dropped(h, stage).reason)
                continue
            other = next((o for o in candidates[:k] if o.words == h.words and o.score >= h.score), None) or \
                next((o for o in candidates[k + 1:] if o.words == h.words and o.score > h.score), None)
            where = "in best(v)" if stage == BEST else f"at child {stage.i} of {stage.n}"
            if other is not None:
                better = "a better" if other.score > h.score else "an equally scored"
                text = f"merged {where} into {better} candidate of the same yield"
            else:
                text = "pruned from best(v) (n5, r5)" if stage == BEST else f"pruned {where} (n4, r4)"
            expected.setdefault(described(h), set()).add(text)

    inspector.select_vertex(root)
    pruned = [row for row in inspector.table.rows if row.rank is None]
    for row in pruned:
        assert inspector.table.cells[inspector.table.rows.index(row)][-1] == row.stage
        assert row.stage in expected[described(row.hypothesis)]
    stages = [row.stage for row in pruned]
    assert "pruned at child 4 of 4 (n4, r4)" in stages and "pruned from best(v) (n5, r5)" in stages
    assert "dropped before best(v): disagrees (phase-2 agreement)" in stages  # each said as the search saw it
    assert not any(" or " in stage for stage in stages)
    last = stages.index("pruned at child 4 of 4 (n4, r4)")
    assert all("best(v)" in stage for stage in stages[:last])  # best(v) first, then the last child
    complete = [row for row in pruned if row.stage == "pruned at child 4 of 4 (n4, r4)"]
    assert all(len(row.hypothesis.children) == 4 for row in complete)  # complete, yet not offered to best(v)
    dropped = sum(len(candidates) - len(kept) for v, _, candidates, kept in search.prunings if v == root)
    assert inspector.count.text().startswith(f"best({root}): {g.hyper.n5} kept; ")
    assert f"the first {MAX_DROPPED} dropped listed" in inspector.count.text() and dropped > MAX_DROPPED
    inspector.view.selectRow(inspector.table.rows.index(complete[0]))
    assert f"a candidate for {root} pruned at child 4 of 4 (n4, r4)" in model_window.model.preview_caption
    # lpp_1943.38's root has candidates merged into one of the same yield
    select(model_window, "lpp_1943.38")
    inspector.select_vertex(model_window.model.session.generation.phase1.configuration.graph.root)
    assert any(row.stage.startswith("merged ") for row in inspector.table.rows if row.rank is None)


def test_generating_the_sample_in_the_background_gives_the_generators_sentences(qtbot, model_window,
                                                                                default_generator):
    view = model_window.generated
    with qtbot.waitSignal(view.finished, timeout=300_000):
        model_window.generate_corpus_action.trigger()
        assert view.running()
        press(qtbot, model_window, Qt.Key.Key_Right)  # the window stays usable meanwhile
    entries = {e.id: e for e in read_prepared(SAMPLE).entries}
    assert [g.entry_id for g in view.generated] == list(entries)
    for generated in view.generated:
        expected = default_generator.generator.generate(entries[generated.entry_id].amr).sentence
        assert generated.sentence == expected and generated.error is None
        reference = " ".join(entries[generated.entry_id].tokens).lower()
        assert generated.reference == reference
        assert generated.bleu == sentence_bleu(expected, reference)
    score = corpus_bleu([g.sentence for g in view.generated], [g.reference for g in view.generated])
    assert f"Corpus BLEU {score:.2f}" in view.summary.text()
    shown = [float(bleu) for bleu, _, _ in view.rows()]
    assert shown == sorted(shown)  # worst first
    worst_id, worst_sentence = view.rows()[0][1:]
    model_window.set_mode(Mode.ORACLE)
    settle(model_window)
    view.table.activated.emit(view.table.model().index(0, 1))
    settle(model_window)
    assert model_window.model.mode is Mode.MODEL and model_window.model.entry.id == worst_id
    press(qtbot, model_window, Qt.Key.Key_End)
    assert model_window.output.sentence.text() == worst_sentence


def test_generating_can_be_cancelled_and_keeps_what_was_done(qtbot, model_window):
    view = model_window.generated
    with qtbot.waitSignal(view.finished, timeout=10_000):
        model_window.generate_corpus()
        view.cancel_button.click()
    assert not view.running() and len(view.generated) < len(model_window.workspace.corpus.entries)
    assert "stopped" in view.summary.text() or not view.generated


def exported_page(qtbot, window, path) -> str:
    """The derivation exported as a web page (made in the background) to ``path``, read."""
    files.export(window, "html", path)
    qtbot.waitUntil(path.exists, timeout=60_000)
    return path.read_text(encoding="utf-8")


def test_html_export_of_a_model_derivation_shows_each_probability(qtbot, model_window, tmp_path):
    press(qtbot, model_window, Qt.Key.Key_End)
    session = model_window.model.session
    page = exported_page(qtbot, model_window, tmp_path / "derivation.html")
    sections = re.findall(r"<section.*?</section>", page, re.DOTALL)
    assert len(sections) == len(session.steps)
    for section, step in zip(sections[1:], session.steps[1:]):
        assert f"p = {step.probability:.4f}" in section
    assert session.generation.sentence in page


def test_a_model_that_cannot_be_loaded_is_reported_and_the_window_stays_usable(qtbot, window, tmp_path,
                                                                               monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *rest: errors.append(text))
    missing = tmp_path / "no-model"
    with qtbot.waitSignal(window.generatorLoaded, timeout=120_000):
        window.load_generator(missing)
    assert len(errors) == 1 and str(missing) in errors[0]
    assert window.model.generator is None
    window.set_mode(Mode.MODEL)
    assert window.model.session is None and "no generator" in window.statusBar().currentMessage()
    window.set_mode(Mode.ORACLE)
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.model.session.position == 1


def test_html_export_is_self_contained_with_one_section_per_step(qtbot, window, tmp_path):
    press(qtbot, window, Qt.Key.Key_End)
    session = window.model.session
    session.back(3)  # the derivation up to the step shown
    page = exported_page(qtbot, window, tmp_path / "derivation.html")
    sections = re.findall(r'<section id="step-(\d+)">(.*?)</section>', page, re.DOTALL)
    assert [int(i) for i, _ in sections] == list(range(session.position + 1))
    for (_, section), step in zip(sections[1:], session.steps[1:]):
        assert str(step.transition) in section.replace("&gt;", ">").replace("&#x27;", "'")
        assert "σ" in section and "β" in section
    assert "<td>v2</td><td>REAL</td>" in page  # ρ of the vertices a transition changed
    assert not re.search(r"<link|@import|(?:src|href)\s*=\s*[\"'](?!#)", page)  # nothing outside the page
    assert re.findall(r"<script([^>]*)>", page) == [' type="application/json" id="data"', '']  # inline only
    fonts = ["data:font/otf;base64," + base64.b64encode((ASSETS / "fonts" / name).read_bytes()).decode("ascii")
             for name in FONT_FILES]
    assert re.findall(r"url\(([^)]*)\)", page) == fonts  # the bundled faces, once for the page
    assert page.count('<svg class="graph"') == 1  # one picture, the step slider's
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.DOTALL)
                      .group(1).replace("<\\/", "</"))
    assert len(data["steps"]) == session.position + 1 and data["transitions"][1:] == [str(t) for t in session.transitions]
    families = set(re.findall(r'font-family="([^"]*)"', page))
    assert f"'Inter', {FALLBACK}" in families <= {f"'Inter', {FALLBACK}", FALLBACK}  # never a serif without Inter
    entry = session.entry
    aligned = next(v for v, positions in entry.alignment.items() if positions)
    word = entry.words[min(entry.alignment[aligned]) - 1]
    assert re.search(rf"<span>{re.escape(html.escape(word))}<small>[^<]*\b{aligned}\b", page)
    assert f"<dd>{html.escape(' '.join(entry.tokens or entry.words))}</dd>" in page
    assert Keep() in session.transitions


def test_the_model_menu_switches_the_postprocessing_pipeline(qtbot, model_window, tmp_path, monkeypatch):
    thesis, full, from_file = model_window.postprocess.actions
    assert full.isChecked() and not thesis.isChecked()
    session = model_window.model.session
    said = {}
    for action, name in ((thesis, "thesis"), (full, "full")):
        action.trigger()
        assert action.isChecked()
        press(qtbot, model_window, Qt.Key.Key_End)
        said[name] = model_window.output.sentence.text()
        generator = model_window.workspace.generator.generator
        assert said[name] == generator.generate(session.entry.amr).sentence and generator.pipeline.name == name
    assert said["full"] != said["thesis"]  # the thesis revises phase 2's articles too
    steps = tmp_path / "steps.txt"
    steps.write_text("articles\nno-such-step\n", encoding="utf-8")
    errors = []
    monkeypatch.setattr("amrgen_gui.qt.dialogs.postprocess.QFileDialog.getOpenFileName", lambda *a, **k: (str(steps), ""))
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    from_file.trigger()
    assert errors == [f"{steps}:2: unknown postprocessing step 'no-such-step' " + errors[0].split("' ", 1)[1]]
    assert full.isChecked() and model_window.workspace.generator.generator.pipeline.name == "full"


def test_the_postprocessing_choices_wait_for_a_model(window):
    assert window.workspace.generator is None
    assert not any(action.isEnabled() for action in [*window.postprocess.actions, *window.conventions.actions])


def test_the_phase2_inspector_fits_says_why_b_was_said_and_follows_overrides(qtbot, model_window):
    model_window.resize(1280, 800)
    model_window.docks["phase2"].raise_()
    inspector = model_window.inspector
    qtbot.waitUntil(inspector.isVisible, timeout=2000)
    generation = model_window.model.session.generation
    caption = inspector.caption.text()
    assert f"ŝ = {generation.winner.score:.2f}" in caption and f"= {generation.score:.2f}" in caption
    root = generation.phase2.best[generation.phase2.root]
    assert f"#{1 + sum(h.score > generation.winner.score for h in root)} of {len(root)}" in caption
    view, header = inspector.view, inspector.view.horizontalHeader()
    score = COLUMNS.index("score")
    assert header.sectionViewportPosition(score) + header.sectionSize(score) <= view.viewport().width() \
        or view.columnWidth(YIELD_COLUMN) == MIN_YIELD_WIDTH  # the yield gives way before the scores do
    assert view.textElideMode() == Qt.TextElideMode.ElideMiddle
    session = model_window.model.session
    press(qtbot, model_window, Qt.Key.Key_Right)  # past Delete-Reentrance, the only choice at c_s
    choice, _ = session.choice()
    other = next(t for t, _ in session.ranked() if t != choice)
    model_window.model.step(other)  # an override
    assert inspector.table.rowCount() == 0 and inspector.vertices.count() == 0
    assert "step 2 left generate(G)'s path" in inspector.caption.text()
    press(qtbot, model_window, Qt.Key.Key_Left)
    assert inspector.vertices.count() == len(generation.phase2.order) and inspector.table.rowCount() > 0


def test_the_model_menu_follows_the_punctuation_of_another_corpus(qtbot, model_window, tmp_path, monkeypatch):
    """Model > Punctuation of a Corpus…: references without a final mark leave the sentence
    unpunctuated, the model's own punctuation comes back, a corpus without references is one message."""
    corpus_action, model_action = model_window.conventions.actions
    assert corpus_action.isEnabled() and not model_action.isEnabled()
    session = model_window.model.session
    own = model_window.workspace.generator.generator.generate(session.entry.amr).sentence
    assert own.endswith((" .", " ?", " !"))
    unpunctuated, chosen = tmp_path / "questions.txt", []
    unpunctuated.write_text("# ::snt what time is it\n(t / time :domain (a / amr-unknown))\n", encoding="utf-8")
    monkeypatch.setattr("amrgen_gui.qt.dialogs.conventions.QFileDialog.getOpenFileName",
                        lambda *a, **k: (str(chosen[-1]), ""))
    chosen.append(unpunctuated)
    corpus_action.trigger()
    loaded = model_window.workspace.generator
    assert loaded.spec.conventions == str(unpunctuated.resolve())
    assert "punctuation of questions.txt" in loaded.describe()
    assert loaded.generator.generate(session.entry.amr).sentence == own.rsplit(" ", 1)[0]
    assert model_action.isEnabled()
    press(qtbot, model_window, Qt.Key.Key_End)
    assert model_window.output.sentence.text() == own.rsplit(" ", 1)[0]
    model_action.trigger()
    assert model_window.workspace.generator.spec.conventions is None and not model_action.isEnabled()
    assert model_window.workspace.generator.generator.generate(session.entry.amr).sentence == own
    bare, errors = tmp_path / "bare.txt", []
    bare.write_text("(t / time)\n", encoding="utf-8")
    chosen.append(bare)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    corpus_action.trigger()
    assert len(errors) == 1 and str(bare) in errors[0] and model_window.workspace.generator.spec.conventions is None


def test_the_realization_dock_lists_each_postprocessing_step_that_changed_the_words(qtbot, model_window, tmp_path):
    """Issue 31: no rewrite goes unseen; the dock names the steps --trace records."""
    trace = tmp_path / "trace.jsonl"
    main(["generate", "-i", str(SAMPLE), "-o", str(tmp_path / "out.txt"), "--trace", str(trace)])
    line = json.loads(trace.read_text(encoding="utf-8").splitlines()[0])
    select(model_window, line["id"])
    press(qtbot, model_window, Qt.Key.Key_End)
    session = model_window.model.session
    edits = session.postprocess_edits()
    assert [vars(edit) for edit in edits] == line["postprocess"] != []
    assert edits[-1].after == session.sentence()
    shown = model_window.output.edits.text()
    assert all(f"<i>{edit.step}</i>" in shown for edit in edits)
