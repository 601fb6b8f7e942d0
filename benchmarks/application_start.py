"""How long ``amrgen-gui --mode model`` takes to be ready: seconds from the
start of a fresh Python process until the window is shown and until the
shipped generator (models, LM, WordNet table, lemminflect) has loaded in the
background, as ``amrgen_gui.app.main`` starts it on the bundled sample.

Usage: python benchmarks/application_start.py [RUNS]   (default: 5 runs; offscreen)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

_RUN = """
import importlib.util, os, sys, time
started = time.perf_counter()


def timed(window_class):
    load_generator = window_class.load_generator

    def timed_load(window, *args, **kwargs):
        shown = time.perf_counter() - started

        def ready():
            print(f"{shown} {time.perf_counter() - started} {window.model.generator is not None}", flush=True)
            os._exit(0)

        window.generatorLoaded.connect(ready)
        return load_generator(window, *args, **kwargs)

    window_class.load_generator = timed_load


class PatchMainWindow:
    # main() imports the window (and Qt) itself, after the generator has started
    # loading; importing it here first would change what is measured.
    def find_spec(self, name, path, target=None):
        if name != "amrgen_gui.qt.main_window":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            timed(module.MainWindow)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, PatchMainWindow())
from amrgen_gui import app

app.main(["--mode", "model"])
"""


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    shown, ready = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", _RUN], capture_output=True, text=True, env=environment,
                              timeout=120, check=True)
        window, generator, loaded = done.stdout.split()
        if loaded != "True":
            sys.exit(f"the generator did not load: {done.stderr.strip().splitlines()[-1:]}")
        shown.append(float(window))
        ready.append(float(generator))
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for name, seconds in (("window shown", shown), ("generator ready", ready)):
        print(f"{name:16} median {statistics.median(seconds):.2f} s, "
              f"runs {' '.join(f'{s:.2f}' for s in seconds)}")


if __name__ == "__main__":
    main()
