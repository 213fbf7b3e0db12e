"""One command line, run: the grammar's fast path, else the full parser.

`main` (the console script) and `play` run every line through `run_line`; what reads a line
the fast path leaves (typer) is handed in, so this module never imports the typer app and
the app's `play` command can run its lines here too.
"""

from __future__ import annotations

import sqlite3

from ..domain import MarquoirError
from . import grammar
from .errors import locate, report

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..app.books import Books

    # Reads and runs a line the fast path leaves: (args, books, where) -> exit code.
    Fallback = Callable[[list[str], Books, str], int]


def _amount_word(args: list[str]) -> bool:
    """`open de 4` (`play`'s spelling of `j'ouvre de 4`): a French word after an English
    verb (the same test as vocabulary.takes_amount_word, without importing the vocabulary)."""
    return len(args) > 2 and args[0] in ("raise", "open") and args[1].lower() in ("de", "à", "a")


def run_line(args: list[str], *, db: Books, fallback: Fallback, where: str = "") -> int:
    """Run one command line (without the word `marquoir`) on the books `db`; return its exit
    code."""
    outer = locate(where)
    try:
        if args and (args[0] not in grammar.VERBS or _amount_word(args)):
            from . import vocabulary  # its table is built at import: not for the English verbs

            args = vocabulary.to_english(args)  # a French word: its command, for every parser
        command = grammar.route(args)
        if command is None:  # not a hot verb, or a line only typer reads (help, usage errors)
            return fallback(args, db, where)
        command(db)
        return 0
    except (MarquoirError, sqlite3.Error) as failure:
        return report(failure)
    finally:
        locate(outer)
