"""The options of a tournament at several tables on the typer application: those of `new`
(`--tables`, `--seats`, `--final-table`, `--seed`), and `--table T` on `deal`, `status` and
`undo` (on the betting commands it is `app_core.AtOption`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..domain import UsageError
from ..domain.i18n import _
from ..domain.inputs import read_chips


def _number(text: str | int | None) -> int | None:
    """A whole number, 0 or more (None and the defaults as they are)."""
    if text is None or isinstance(text, int):
        return text
    try:
        return read_chips(text)
    except UsageError as failure:
        raise typer.BadParameter(str(failure)) from None


TablesOption = Annotated[
    int, typer.Option(parser=_number, help="Tournament: several tables, seats drawn.")
]
SeatsOption = Annotated[int, typer.Option(parser=_number, help="Tournament: seats a table.")]
FinalTableOption = Annotated[
    int, typer.Option(parser=_number, help="Tournament: the final table's seats.")
]
SeedOption = Annotated[
    int | None, typer.Option(parser=_number, help="Tournament: the seed of the seat draws.")
]
DealTableOption = Annotated[
    str | None, typer.Option("--table", metavar="T", help="Several tables: deal at table T.")
]
StatusTableOption = Annotated[
    str | None,
    typer.Option("--table", metavar="T", help="Several tables: table T's players and hand."),
]
UndoTableOption = Annotated[
    str | None,
    typer.Option(
        "--table", metavar="T", help="Several tables: only if it is of the hand at table T."
    ),
]


def room_options(tournament: bool, **options: Any) -> dict[str, Any]:
    """The options of several tables given to `new`, refused without `--tournament`."""
    given = any(value for key, value in options.items() if key != "seed")
    if not tournament and (given or options["seed"] is not None):
        raise typer.BadParameter(
            _("--tables, --seats, --final-table and --seed go with --tournament"),
            param_hint="'--tables'",
        )
    return options
