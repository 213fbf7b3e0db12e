"""The command line: `main` parses the hot verbs itself and hands the rest to typer.

Errors are turned into one `Error: ...` line and an exit code here, and only here.
"""

from __future__ import annotations

import os
import sqlite3
import sys

from ..domain import MarquoirError
from . import fast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_click_command: Any = None
# Where the command being run comes from ("line 12: " in a script), for its error line.
_where = ""


def error(message: str, where: str | None = None) -> None:
    """Print the one error line."""
    print(f"Error: {_where if where is None else where}{message}", file=sys.stderr)


def report(failure: Exception) -> int:
    """Print a refused command's error line; return its exit code."""
    if isinstance(failure, MarquoirError):
        error(str(failure))
        return failure.exit_code
    error(f"database: {failure}")
    return 1


def dispatch(args: list[str], *, db: str | None, where: str = "") -> int:
    """Run one command line (without the word `marquoir`); return its exit code."""
    global _where
    outer, _where = _where, where
    try:
        if fast.run(args, db):
            return 0
        return _run_typer(args, db, where)
    except (MarquoirError, sqlite3.Error) as failure:
        return report(failure)
    finally:
        _where = outer


def _run_typer(args: list[str], db: str | None, where: str) -> int:
    global _click_command
    import typer
    import typer.main

    from .app import app

    if _click_command is None:
        _click_command = typer.main.get_command(app)
    full = (["--db", db] if db is not None else []) + (args or ["--help"])
    try:
        result = _click_command.main(args=full, prog_name="marquoir", standalone_mode=False)
    except typer.Exit as stop:
        return int(stop.exit_code)
    except typer.Abort:
        error("aborted", where)
        return 1
    except typer.TyperException as failure:
        error(failure.format_message(), where)
        return int(failure.exit_code)
    return result if isinstance(result, int) else 0


def split_db(args: list[str]) -> tuple[str | None, list[str]]:
    """Take a leading `--db PATH` (or `--db=PATH`) off the arguments."""
    if len(args) >= 2 and args[0] == "--db":
        return args[1], args[2:]
    if args and args[0].startswith("--db="):
        return args[0][5:], args[1:]
    return None, args


def main(argv: list[str] | None = None) -> int:
    """The `marquoir` console script."""
    db, args = split_db(list(sys.argv[1:] if argv is None else argv))
    try:
        code = dispatch(args, db=db)
        sys.stdout.flush()
    except BrokenPipeError:  # `marquoir status --json | head`: the reader went away
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return code
