"""The ``amrgen`` command line (thesis 5.3): ``amrgen COMMAND ...``.

Each module of :mod:`amrgen.commands` is one command. It defines ``register(subparsers)``, which
adds the command's parser with ``subparsers.add_parser(...)`` and sets ``func`` on it
(``parser.set_defaults(func=run)``): a function from the parsed arguments to an exit status.
Adding a command is adding such a module; nothing else needs to change.

Errors a user can cause (:class:`~amrgen.errors.AmrgenError`) end in one line on stderr and exit
status 2; usage errors exit 2 too, as argparse does.
"""

import argparse
import importlib
import pkgutil
import sys

from amrgen import __version__, commands
from amrgen.errors import AmrgenError, Terminated
from amrgen.io.printable import escaped


def command_modules() -> list[str]:
    """The names of the command modules, in alphabetical order."""
    return sorted(f"{commands.__name__}.{m.name}" for m in pkgutil.iter_modules(commands.__path__))


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every command registered, or only ``command``
    where a command module is named after it (``select-features``:
    ``amrgen.commands.select_features``): a command then imports only what it
    needs (``amrgen generate`` neither scikit-learn nor the training code)."""
    parser = argparse.ArgumentParser(
        prog="amrgen", description="Transition-based generation of English sentences from AMR graphs."
    )
    parser.add_argument("--version", action="version", version=f"amrgen {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    modules = command_modules()
    own = f"{commands.__name__}.{command.replace('-', '_')}" if command else None
    for name in [own] if own in modules else modules:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``amrgen`` with ``argv`` (default: ``sys.argv[1:]``) and return its exit status."""
    argv = sys.argv[1:] if argv is None else argv
    # The first word that is not an option names the command (amrgen's own options take no value).
    command = next((word for word in argv if not word.startswith("-")), None)
    args = build_parser(command).parse_args(argv)
    try:
        return args.func(args)
    except AmrgenError as error:
        print(f"amrgen: error: {escaped(str(error))}", file=sys.stderr)
        return 2
    except Terminated as ended:
        print("amrgen: terminated", file=sys.stderr)
        return 128 + ended.signal_number
    except KeyboardInterrupt:
        print("amrgen: interrupted", file=sys.stderr)
        return 130
