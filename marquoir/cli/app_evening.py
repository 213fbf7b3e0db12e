"""The end of the evening and the hand histories: count, settle, report, export, standings,
import. Registered on the app when `app.py` imports this module."""

from __future__ import annotations

import enum
from datetime import date
from typing import Annotated

import typer

from ..domain import UsageError
from ..domain.inputs import read_date
from .app_core import JsonOption, app, command, db_of
from .app_core import books_of as _db

__all__ = ["app"]


# -- the end of the evening -------------------------------------------------------------------

SessionOption = Annotated[
    str | None, typer.Option("--session", help="Another session than the current one.")
]
OutputOption = Annotated[
    str | None,
    typer.Option(
        "-o",
        "--output",
        metavar="FILE",
        help="Write to FILE (- for standard output); never over the database.",
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Overwrite FILE when it exists already.")
]
ExcelOption = Annotated[
    bool,
    typer.Option(
        "--excel", help="CSV for French spreadsheets: UTF-8 with BOM, `;`, decimal comma."
    ),
]


@command()
def count(
    ctx: typer.Context,
    counts: Annotated[list[str], typer.Argument(help="Counted stacks: alice=340 bob=120 ...")],
    record: Annotated[
        bool, typer.Option("--record", help="Correct the tracked stacks to the counts.")
    ] = False,
    table: Annotated[
        int | None,
        typer.Option("--table", metavar="T", help="Several tables: the count of table T."),
    ] = None,
) -> None:
    """Compare counted stacks with the tracked ones, between hands."""
    from . import closing

    closing.count(_db(ctx), counts, record=record, table=table)


@command()
def settle(
    ctx: typer.Context,
    bank: Annotated[
        bool, typer.Option("--bank", help="Everybody paid the bank at each cave.")
    ] = False,
    why: Annotated[bool, typer.Option("--why", help="Show who settles among whom.")] = False,
    json_output: JsonOption = False,
    missing: Annotated[
        str | None,
        typer.Option(
            "--missing",
            metavar="shared|host|PLAYER",
            help="When the count does not balance: who absorbs the difference (shared in "
            "proportion to the chips cashed out, the house, or one player).",
        ),
    ] = None,
) -> None:
    """Who pays whom: the fewest transfers, in exact money."""
    from . import closing

    closing.settle(_db(ctx), bank=bank, why=why, json_output=json_output, missing=missing)


@command()
def reopen(ctx: typer.Context) -> None:
    """Reopen a settled session, to change it after all (settle closes it)."""
    from . import closing

    closing.reopen(_db(ctx))


class ReportFormat(enum.StrEnum):
    text = "text"
    md = "md"
    html = "html"
    csv = "csv"
    json = "json"


@command()
def report(
    ctx: typer.Context,
    fmt: Annotated[ReportFormat, typer.Option("--format", "-f", help="The format.")] = (
        ReportFormat.text
    ),
    output: OutputOption = None,
    session: SessionOption = None,
    force: ForceOption = False,
    excel: ExcelOption = False,
) -> None:
    """The session's report: players, settlement, hand log, stacks after every hand."""
    from . import closing

    closing.report(
        _db(ctx), fmt=fmt.value, output=output, session=session, force=force, excel=excel
    )


class ExportFormat(enum.StrEnum):
    csv = "csv"
    json = "json"
    pokernow = "pokernow"
    phh = "phh"


class ExportWhat(enum.StrEnum):
    ledger = "ledger"
    hands = "hands"


@command()
def export(
    ctx: typer.Context,
    fmt: Annotated[
        ExportFormat,
        typer.Argument(help="csv, json, pokernow (ledger CSV) or phh (hand histories)."),
    ],
    what: Annotated[ExportWhat, typer.Option("--what", help="The ledger or the hand log.")] = (
        ExportWhat.ledger
    ),
    output: OutputOption = None,
    session: SessionOption = None,
    force: ForceOption = False,
    excel: ExcelOption = False,
) -> None:
    """Export the ledger or the hand log (csv, json), the ledger in PokerNow's layout, or
    every hand as a PHH hand history (phh)."""
    from . import closing

    closing.export(
        _db(ctx),
        what=what.value,
        fmt=fmt.value,
        output=output,
        session=session,
        force=force,
        excel=excel,
    )


def _date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return read_date(text)
    except UsageError as failure:
        raise typer.BadParameter(str(failure)) from None


@command()
def standings(
    ctx: typer.Context,
    files: Annotated[
        list[str] | None,
        typer.Argument(
            help="Marquoir files to read together (a season over several clubs' evenings); "
            "by default the database.",
            show_default=False,
        ),
    ] = None,
    since: Annotated[str | None, typer.Option("--from", help="First day, YYYY-MM-DD.")] = None,
    until: Annotated[str | None, typer.Option("--to", help="Last day, YYYY-MM-DD.")] = None,
    points: Annotated[
        str | None,
        typer.Option(
            "--points",
            help="Tournaments' league points: field (n - place + 1, the default), sqrt "
            "(10 x sqrt(n / place)) or points by place like 10/7/5/3/1.",
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """The club's history: every player's results across the sessions of the file (or of
    the FILEs given), and the league points of its tournaments."""
    from . import closing

    closing.show_standings(
        _db(ctx),
        files=files or [],
        since=_date(since),
        until=_date(until),
        json_output=json_output,
        points=points,
    )


class ImportFormat(enum.StrEnum):
    phh = "phh"


@command("import")
def import_(
    ctx: typer.Context,
    fmt: Annotated[ImportFormat, typer.Argument(help="phh: Poker Hand History files.")],
    files: Annotated[list[str], typer.Argument(help="The .phh or .phhs files.")],
    session: Annotated[
        str | None,
        typer.Option("--session", help="The new session's name (default: the first file's)."),
    ] = None,
) -> None:
    """Replay hand histories into a new session, through the same rules, and compare the
    final stacks with the files' own."""
    from . import closing

    closing.import_phh(_db(ctx), files, session=session)


@command()
def serve(
    ctx: typer.Context,
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8001,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Listen on the local network (the players' phones)."),
    ] = False,
    sql: Annotated[
        bool,
        typer.Option(
            "--sql",
            help="Also let visitors run read-only SQL and see Datasette's own pages "
            "(these show the file's path).",
        ),
    ] = False,
) -> None:
    """A read-only live page of the table for the players, on Datasette
    (pip install 'marquoir[serve]'); 127.0.0.1 only unless --lan. Visitors see the live
    pages, the tables and the views; no SQL of their own unless --sql."""
    from .serve import serve as run

    run(db_of(ctx), port=port, lan=lan, sql=sql)


@command("datasette-metadata")
def datasette_metadata(
    ctx: typer.Context,
    file: Annotated[
        str | None,
        typer.Argument(help="The database file (default: the one the commands use)."),
    ] = None,
) -> None:
    """Print the descriptions of the file's tables and views as Datasette metadata, under
    the name Datasette gives the file: datasette FILE --metadata THIS_OUTPUT.json."""
    from .serve import print_metadata

    print_metadata(file if file is not None else db_of(ctx))
