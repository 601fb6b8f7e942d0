"""Keeping Python's cyclic garbage collector off the objects that stay.

A full collection holds the interpreter for as long as it scans every object
alive, whichever thread sets it off: a loaded generator (its models, LM and
tables) and a session of a 150-vertex graph are hundreds of thousands of
objects, scanned again at every full collection.  Work that makes many
long-lived objects and no cyclic garbage runs inside
:func:`without_collection_pauses`.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_collection_lock = threading.Lock()
_collection_holds = 0


@contextlib.contextmanager
def without_collection_pauses() -> Iterator[None]:
    """Run the block with the cyclic garbage collector off, then freeze what is alive
    (:func:`gc.freeze`: it is never scanned again, and freezing takes no time),
    so that neither the block nor later collections scan its objects.  For work
    that makes no cyclic garbage (generation, layout, loading a model: reference
    counting frees what they drop); blocks in several threads share one hold."""
    global _collection_holds
    with _collection_lock:
        _collection_holds += 1
        gc.disable()
    try:
        yield
    finally:
        with _collection_lock:
            _collection_holds -= 1
            if not _collection_holds:
                gc.freeze()
                gc.enable()
