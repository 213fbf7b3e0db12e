"""The tournament's commands on the typer application (the levels, the clock, the places)."""

from __future__ import annotations

from typing import Annotated

import typer

from .app_core import command
from .app_core import db_of as _db


@command()
def level(
    ctx: typer.Context,
    where: Annotated[
        str | None, typer.Argument(help="next, prev or a level number (none: show it).")
    ] = None,
) -> None:
    """Tournament: move to the next, the previous or a given level (from the next deal)."""
    from . import tournament

    if where is None:
        tournament.show_level(_db(ctx))
    else:
        tournament.level(_db(ctx), where)
