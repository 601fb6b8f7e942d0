"""One graph of a corpus run: generate(G) (Algorithm 5 with normalization and
postprocessing, :class:`~amrgen.decoding.generator.Generator`) on one entry of a
corpus file, every failure caught.

Whatever goes wrong with one graph costs that graph alone: a malformed entry,
a graph that is not an AMR graph, a
:class:`~amrgen.decoding.generator.GenerationError`, a graph past its limits
(:mod:`amrgen.decoding.limits`) or any other exception inside generation gives a
:class:`GraphResult` with an empty sentence and a one-line message naming the
file, line and entry; the other graphs go on.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from amrgen.amr import Amr
from amrgen.decoding.generator import Generation, Generator
from amrgen.decoding.limits import Limits, address_space_capped, bounded, limit_memory, memory_error
from amrgen.decoding.phase1 import Phase1Result
from amrgen.decoding.segments import segments
from amrgen.errors import AmrgenError
from amrgen.io.penman_corpus import CorpusEntry, ReadError
from amrgen.io.printable import escaped, printable
from amrgen.run.trace import trace_line

Item = CorpusEntry | ReadError
FirstPhase = tuple[Amr, Phase1Result]


@dataclass
class GraphResult:
    """What generating one entry of a corpus gave."""

    index: int
    """Position among the file's entries, malformed ones included."""
    entry_id: str
    place: str
    """``file:line`` where the entry starts."""
    sentence: str = ""
    """The generated sentence (lower-cased tokens joined by spaces); empty if it failed."""
    error: str | None = None
    seconds: float = 0.0
    """Time of generate(G) for this graph (first phase included unless it was given), model loaded."""
    trace: dict[str, Any] | None = None
    first_phase: FirstPhase | None = None
    """The normalized graph and phase 1's result, when asked to keep them (for reuse)."""

    @property
    def failed(self) -> bool:
        return self.error is not None

    @property
    def message(self) -> str:
        """The one-line message of a graph that could not be generated, control characters escaped."""
        return escaped(f"{self.place}: entry {self.entry_id}: {self.error}")


def generate_graph(generator: Generator, item: Item, trace: bool = False, first_phase: FirstPhase | None = None,
                   keep_first_phase: bool = False, limits: Limits | None = None,
                   capped: bool = False) -> GraphResult:
    """generate(G) for one entry, every failure caught (see the module docstring);
    past a limit of ``limits`` (:func:`~amrgen.decoding.limits.bounded`, in any
    thread), or out of memory, it fails with a message naming the limit.  Where
    ``capped`` (a process that generates and does nothing else), the process's
    address space is capped at its size now plus the memory limit
    (:func:`~amrgen.decoding.limits.limit_memory`): each graph's growth from its
    own start, whatever the graphs before it left allocated."""
    if isinstance(item, ReadError):
        return failed_result(item, item.message, trace)
    if capped and limits is not None:
        limit_memory(limits.memory_mb)
    result = GraphResult(item.index, item.id, f"{item.path}:{item.line}")
    generation: Generation | None = None
    pieces: list[Generation] = []
    said = ""
    started = time.perf_counter()
    try:
        with bounded(limits):
            amr = Amr.from_tree(item.tree)
            parts = [amr] if first_phase is not None else segments(amr)
            if len(parts) > 1:  # too large to generate whole: its segments one by one
                pieces = [generator.generate(part) for part in parts]
                said = " ".join(piece.sentence for piece in pieces)
            else:
                first_phase = first_phase or generator.first_phase(amr)
                generation = generator.generate(amr, first_phase)
                said = generation.sentence
    except AmrgenError as error:
        result.error = str(error)
    except MemoryError:
        result.error = memory_error(limits)
    except SystemError as error:  # under a cap, most likely an allocation a C extension did not report
        result.error = memory_error(limits) if address_space_capped() else _internal_error(error)
    except Exception as error:  # noqa: BLE001 - one graph's failure must not cost the others
        result.error = _internal_error(error)
    result.seconds = time.perf_counter() - started
    if result.error is None:
        result.sentence = printable(said)  # one line, nothing a terminal acts on
    if keep_first_phase:
        result.first_phase = first_phase
    if trace:
        result.trace = trace_line(item.index, item.id, generator, first_phase, generation, result.error, pieces)
        result.trace["sentence"] = said if result.error is None else ""
    return result


def _internal_error(error: Exception) -> str:
    """The message of a failure that is not the input's: the exception and where it was raised."""
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"internal error {type(error).__name__}: {error} ({Path(frame.filename).name}:{frame.lineno})"


def failed_result(item: Item, message: str, trace: bool) -> GraphResult:
    """The result of an item that failed outside generate(G)."""
    entry_id = item.entry_id if isinstance(item, ReadError) else item.id
    return GraphResult(item.index, entry_id, f"{item.path}:{item.line}", error=message,
                       trace=trace_line(item.index, entry_id, error=message) if trace else None)


