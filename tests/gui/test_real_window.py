"""The application in a real X window (Xvfb, Qt's xcb platform), driven by the keyboard:
steps forward and back, the next entry, run to the end, the presentation on and off, and
a screenshot of what the X server shows (tests/gui/real_window.py does it)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

pytestmark = pytest.mark.gui
HERE = Path(__file__).resolve().parent


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is missing (setup.sh installs xvfb)")
def test_a_real_window_steps_with_the_keyboard_and_is_photographed(tmp_path):
    png = tmp_path / "real.png"
    root = HERE.parents[1]
    environment = {**os.environ, "QT_QPA_PLATFORM": "xcb",
                   "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", sys.executable,
                           str(HERE / "real_window.py"), str(png)],
                          env=environment, capture_output=True, text=True, timeout=300, cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = dict(part.split("=", 1) for line in done.stdout.splitlines() for part in line.split(" ") if "=" in part)
    lines = done.stdout.splitlines()
    assert "platform=xcb" in lines
    assert "after=Key_Rightx5 entry=developer step=5" in lines
    assert "after=Key_Leftx1 entry=developer step=4" in lines
    assert "after=Key_PageDownx1 entry=lpp_1943.7 step=0" in lines
    assert seen["terminal"] == "True" and seen["presenting"] == "True"
    assert seen["saved"] == "True" and QImage(str(png)).size().toTuple() == (1280, 800)
    image = QImage(str(png))
    colours = {image.pixel(x, y) for x in range(0, 1280, 37) for y in range(0, 800, 29)}
    assert len(colours) > 20  # a window drawn, not a blank screen
