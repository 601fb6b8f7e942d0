"""Model > the postprocessing pipeline of the loaded generator (thesis 4.4): the
thesis's, the full default, or a file of step names as ``amrgen generate
--postprocess`` takes them.  The menu's actions are enabled with a generator
only, and checked after the pipeline it runs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QWidget

from amrgen.errors import AmrgenError
from amrgen_gui.qt.notices import tell
from amrgen_gui.state.workspace import Workspace

PIPELINES = [("&Thesis Postprocessing (Section 4.4)", "thesis", None),
             ("&Full Postprocessing (the shipped default)", "full", None),
             ("Postprocessing from a F&ile…", "", None)]
"""The menu's choices: text, pipeline (empty: ask for a file), shortcut."""


class PostprocessChoice:
    """Switches the workspace's generator to the pipeline chosen in :attr:`actions`."""

    def __init__(self, parent: QWidget, workspace: Workspace) -> None:
        self.parent, self.workspace = parent, workspace
        self.actions: list[QAction] = []
        """One checkable action per entry of :data:`PIPELINES`, their data the pipeline."""

    def choose(self, pipeline: str) -> None:
        """The loaded generator with another postprocessing pipeline (empty: ask for a file of step names)."""
        loaded = self.workspace.generator  # never None: the actions are enabled with a generator
        if not pipeline:
            pipeline, _ = QFileDialog.getOpenFileName(self.parent, "Open Postprocessing Steps", str(Path.home()),
                                                      "Step lists (*.txt);;All files (*)")
        if pipeline:
            try:
                self.workspace.set_generator(self.workspace.generator_paths, loaded.with_postprocess(pipeline))
            except AmrgenError as error:
                tell(self.parent, "Cannot use these postprocessing steps", str(error))
        self.check()

    def check(self) -> None:
        """Check the loaded generator's pipeline in the menu: a named one with its
        steps, else the file entry."""
        loaded = self.workspace.generator
        if loaded is None:
            return
        from amrgen.postprocess.pipeline import (
            named_pipelines,  # loaded with the generator
        )

        steps = loaded.generator.pipeline.step_names
        name = next((name for name, named in named_pipelines().items() if named == steps), "")
        for action in self.actions:
            action.setChecked(action.data() == name)
