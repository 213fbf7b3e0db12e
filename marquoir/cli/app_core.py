"""The typer application itself, and what its command modules share.

`app.py` (the table) and `app_evening.py` (the end of the evening, hand histories) register
their commands on `app`; both import this module, neither imports the other's commands.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from ..app.books import Books
from ..domain import MarquoirError
from ..domain.i18n import LANGUAGES, _
from . import vocabulary
from .errors import report as report_error
from .help import PlainCommand, PlainGroup

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="marquoir",
    cls=PlainGroup,
    help="Marquoir keeps the books of a real card table: bets, pots, stacks, caves, who pays whom.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    epilog=vocabulary.help_text(
        _("The French words at the table (any case, with or without accents) and their command:")
    ),
    context_settings={"help_option_names": ["-h", "--help"]},
)


def command(name: str | None = None) -> Callable[[F], F]:
    """`app.command`, with a refused command turned into its `Error:` line and exit code."""

    def register(function: F) -> F:
        @functools.wraps(function)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except (MarquoirError, sqlite3.Error) as failure:
                raise typer.Exit(report_error(failure)) from None

        app.command(name, cls=PlainCommand)(run)
        return function

    return register


AsOption = Annotated[
    str | None, typer.Option("--as", help="Refuse unless PLAYER is the one to act.")
]
AtOption = Annotated[
    str | None,
    typer.Option("--table", metavar="T", help="Several tables: refuse unless the hand is at T."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def db_of(ctx: typer.Context) -> str | None:
    """The `--db PATH` given before the command, if any."""
    return books_of(ctx).db


def books_of(ctx: typer.Context) -> Books:
    """The books the command works on: `--db PATH` (or the default), and inside `play` the
    connections it keeps (`run_typer` hands them down as the context's object)."""
    books: Books = ctx.obj
    return books


@app.callback()
def main(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="PATH",
            help="The database file (default: $MARQUOIR_DB, else marquoir.db in the app dir).",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="fr|en",
            help="The language of the output (default: the locale's, else English).",
        ),
    ] = None,
) -> None:
    """Marquoir: the scorekeeper beside a real card table."""
    if lang is not None and lang not in LANGUAGES:
        raise typer.BadParameter(f"{lang!r}: say fr or en", param_hint="'--lang'")
    # (`play`'s line: its kept connections, on the file this line names)
    ctx.obj = ctx.obj.at(db) if isinstance(ctx.obj, Books) else Books(db)
