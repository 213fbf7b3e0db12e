"""The tournament's commands on the typer application (the levels, the clock, the places)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..domain.i18n import _
from .app_core import books_of, command
from .app_core import db_of as _db


@command()
def level(
    ctx: typer.Context,
    where: Annotated[
        str | None,
        typer.Argument(help="next, prev or a level number (none: show it).", metavar="next|prev|N"),
    ] = None,
) -> None:
    """Tournament: move to the next, the previous or a given level (from the next deal)."""
    from . import tournament

    if where is None:
        tournament.show_level(_db(ctx))
    else:
        tournament.level(_db(ctx), where)


PlayerArg = Annotated[str, typer.Argument(help="The player's name (one word).")]


@command()
def rebuy(ctx: typer.Context, player: PlayerArg) -> None:
    """Tournament: a rebuy (same entry), within its limit and period, at or below the
    starting stack."""
    from . import tournament

    tournament.rebuy(_db(ctx), player)


@command()
def addon(ctx: typer.Context, player: PlayerArg) -> None:
    """Tournament: the add-on, at the break at the end of the rebuy period."""
    from . import tournament

    tournament.addon(_db(ctx), player)


@command()
def reenter(ctx: typer.Context, player: PlayerArg) -> None:
    """Tournament: a busted player buys a new entry (late registration open)."""
    from . import tournament

    tournament.reenter(_db(ctx), player)


@command()
def places(
    ctx: typer.Context,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Tournament: every entry's place, prize and bounties, and the prize pool."""
    from . import tournament

    tournament.places(_db(ctx), json_output=json_output)


@command()
def chop(
    ctx: typer.Context,
    icm: Annotated[bool, typer.Option("--icm", help="By ICM (Malmuth-Harville).")] = False,
    by_chips: Annotated[
        bool, typer.Option("--chips", help="The last prize each, the rest by chips.")
    ] = False,
    even: Annotated[bool, typer.Option("--even", help="Equal shares.")] = False,
    custom: Annotated[
        bool, typer.Option("--custom", help="The players' own amounts: NAME=AMOUNT each.")
    ] = False,
    amounts: Annotated[
        list[str] | None,
        typer.Argument(help="With --custom: the amount of each player left.", show_default=False),
    ] = None,
    keep: Annotated[str, typer.Option(help="Money left to play for (first prize's).")] = "0",
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Tournament: a deal between the players left; play goes on for what is kept."""
    from . import tournament

    chosen = (("icm", icm), ("chips", by_chips), ("even", even), ("custom", custom))
    methods = [name for name, on in chosen if on]
    if len(methods) != 1:
        raise typer.BadParameter(_("choose one: --icm, --chips, --even or --custom"))
    if amounts and not custom:
        raise typer.BadParameter(_("NAME=AMOUNT goes with --custom"))
    tournament.chop(_db(ctx), methods[0], keep, json_output=json_output, amounts=amounts or [])


@command()
def pause(ctx: typer.Context) -> None:
    """Tournament: stop the clock."""
    from . import tournament

    tournament.pause(_db(ctx))


@command("break")
def break_command(
    ctx: typer.Context,
    minutes: Annotated[
        int | None,
        typer.Argument(help="Its length (default: the schedule's breaks, else 10).", min=1),
    ] = None,
) -> None:
    """Tournament: a break starts now; the level's time stands still until it ends."""
    from . import tournament

    tournament.start_break(_db(ctx), minutes)


@command()
def resume(ctx: typer.Context) -> None:
    """Tournament: start the stopped clock again."""
    from . import tournament

    tournament.resume(_db(ctx))


@command()
def clock(ctx: typer.Context) -> None:
    """Tournament: the clock on the whole terminal (level, time left, blinds, players, prize
    pool), refreshed every second; Ctrl-C to leave."""
    from .clock_view import run_clock

    run_clock(_db(ctx))


@command("chips")
def chips_command(ctx: typer.Context) -> None:
    """Tournament: how to make up the starting stack from the chip set (--chips)."""
    from . import tournament

    tournament.stack_make_up(_db(ctx))


@command()
def race(
    ctx: typer.Context,
    removed: Annotated[
        int, typer.Argument(help="The chip that leaves the table (one of --chips).")
    ],
    odd: Annotated[
        list[str],
        typer.Argument(help="Each player's odd chips of it, after changing up."),
    ],
    draw: Annotated[
        str | None,
        typer.Option(help="The racing players by their highest card, highest first: a,b,c."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Deal the cards here from this seed (default: any).")
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Tournament: the chip race at a colour-up (TDA 2024 rule 24): the odd chips are raced
    into chips of the next denomination, one at most to a player, nobody raced out."""
    from . import tournament

    tournament.race(_db(ctx), removed, odd, draw=draw, seed=seed, json_output=json_output)


@command()
def out(
    ctx: typer.Context,
    player: PlayerArg,
    by: Annotated[
        str | None, typer.Option("--by", help="Who won his last chips (his bounty).")
    ] = None,
) -> None:
    """Several tables: a bust recorded without its hand (places, bounties, then the tables
    broken or balanced)."""
    from .room import out as record_out

    record_out(books_of(ctx), player, by=by)


@command()
def move(
    ctx: typer.Context,
    player: PlayerArg,
    where: Annotated[
        str, typer.Argument(help="The new seat, TABLE:SEAT (2:7).", metavar="TABLE:SEAT")
    ],
) -> None:
    """Several tables: a player moves to another seat (to balance the tables)."""
    from .room import move as record_move

    record_move(books_of(ctx), player, where)


@command()
def balance(
    ctx: typer.Context,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Several tables: each table's players, and the move that balances them (TDA rule 11)."""
    from .room import balance as show_balance

    show_balance(books_of(ctx), json_output=json_output)
