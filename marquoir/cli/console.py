"""One `marquoir` command line: the hot verbs read here (`grammar.route`, the fast path),
the rest handed to typer, imported only then.

Errors are turned into one `Error: ...` line and an exit code in `errors.py`, and only there.
"""

from __future__ import annotations

import gc
import os
import sys

from ..app.books import Books
from ..domain.i18n import LANGUAGES, set_language
from .runner import run_line

# The console script (`marquoir.cli.script`) turned the cyclic garbage collector off for a
# table command; a line typer reads turns it back on.
_collector_paused = False


def pause_collector() -> None:
    """Note that the console script turned the cyclic collector off (`gc.disable()`, before
    this module loaded): the first line typer reads turns it back on."""
    global _collector_paused
    _collector_paused = True


def collector_paused() -> bool:
    """Whether the collector the console script turned off is still off: only the fast
    path ran."""
    return _collector_paused


def _typer(args: list[str], db: Books, where: str) -> int:
    global _collector_paused
    if _collector_paused:  # a command typer reads may run long (play, serve, a report)
        gc.enable()
        _collector_paused = False
    from .app import run_typer  # ~150 ms: only for the lines the fast path leaves

    return run_typer(args, db, where)


def dispatch(args: list[str], *, db: str | None, where: str = "") -> int:
    """Run one command line (without the word `marquoir`); return its exit code."""
    return run_line(args, db=Books(db), fallback=_typer, where=where)


def split_db(args: list[str]) -> tuple[str | None, list[str]]:
    """Take a leading `--db PATH` (or `--db=PATH`) off the arguments."""
    if len(args) >= 2 and args[0] == "--db":
        return args[1], args[2:]
    if args and args[0].startswith("--db="):
        return args[0][5:], args[1:]
    return None, args


def split_globals(args: list[str]) -> tuple[str | None, str | None, list[str]]:
    """Take the leading `--db PATH` and `--lang fr|en` off the arguments, in either order.

    A `--lang` that is neither fr nor en stays on the line: typer refuses it (exit 2).
    """
    db = lang = None
    while args:
        if args[0] == "--lang" and len(args) >= 2 and args[1] in LANGUAGES:
            lang, args = args[1], args[2:]
        elif args[0].startswith("--lang=") and args[0][7:] in LANGUAGES:
            lang, args = args[0][7:], args[1:]
        elif args[0] == "--db" or args[0].startswith("--db="):
            found, rest = split_db(args)
            if found is None:
                break
            db, args = found, rest
        else:
            break
    return db, lang, args


def main(argv: list[str] | None = None) -> int:
    """Run one command line (`sys.argv` by default); return its exit code."""
    db, lang, args = split_globals(list(sys.argv[1:] if argv is None else argv))
    set_language(lang)
    try:
        code = dispatch(args, db=db)
        if sys.stdout is not None:  # (None: started with it closed, `>&-`)
            sys.stdout.flush()
    except BrokenPipeError:  # `marquoir status --json | head`: the reader went away
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return code
