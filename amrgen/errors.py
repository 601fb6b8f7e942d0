"""Errors a user can cause: each ends in one clear line, never a traceback."""


class AmrgenError(Exception):
    """Base of errors a user can cause; the message is one clear line."""


class MissingResourceError(AmrgenError):
    """A file, model or other resource the command needs is not there."""
