"""Errors a user can cause: each ends in one clear line, never a traceback."""


class AmrgenError(Exception):
    """Base of errors a user can cause; the message is one clear line."""


class MissingResourceError(AmrgenError):
    """A file, model or other resource the command needs is not there."""


class Terminated(KeyboardInterrupt):
    """The process was asked to end (SIGTERM): the work stops as an interrupted one
    does, its worker processes with it; the exit status is 128 + the signal's number."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number
