"""A refused command's one `Error: ...` line and its exit code, for every way in.

The fast path, the typer app and `play` all print their errors here, so a refused line reads
the same whichever parser took it (a script's lines add where they come from: `line 12: `).
"""

from __future__ import annotations

import sys

from ..domain import MarquoirError
from ..domain.i18n import _

# Where the command being run comes from ("line 12: " in a script), for its error line.
_where = ""


def error(message: str, where: str | None = None) -> None:
    """Print the one error line (`where` defaults to the line being run)."""
    print(_("Error: ") + (_where if where is None else where) + message, file=sys.stderr)


def report(failure: Exception) -> int:
    """Print a refused command's error line; return its exit code."""
    if isinstance(failure, MarquoirError):
        error(str(failure))
        return failure.exit_code
    error(_("database: {failure}").format(failure=failure))
    return 1


def locate(where: str) -> str:
    """Say where the next errors come from; returns where the previous ones came from."""
    global _where
    outer, _where = _where, where
    return outer
