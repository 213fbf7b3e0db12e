"""The typer application: every command, with its help. Imported only off the fast path."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, TypeVar

import typer

from ..domain import (
    Action,
    BettingKind,
    ConfigError,
    Game,
    MarquoirError,
    TableConfig,
    UsageError,
)
from ..domain.config import STUD_GAMES
from ..domain.table import CavePolicy, SessionSettings
from . import commands
from . import report as report_error
from .fast import is_chips

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="marquoir",
    help="Marquoir keeps the books of a real card table: bets, pots, stacks, caves, who pays whom.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
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

        app.command(name)(run)
        return function

    return register


AsOption = Annotated[
    str | None, typer.Option("--as", help="Refuse unless PLAYER is the one to act.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _db(ctx: typer.Context) -> str | None:
    db: str | None = ctx.obj
    return db


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
) -> None:
    """Marquoir: the scorekeeper beside a real card table."""
    ctx.obj = db


def chips(text: str | int) -> int:
    """A number of chips: a whole number, 0 or more."""
    if isinstance(text, int):  # a default value
        return text
    if not is_chips(text.strip()):
        raise typer.BadParameter(f"an amount is a whole number of chips (got {text!r})")
    return int(text)


def _pair(text: str, option: str) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(is_chips(p.strip()) for p in parts):
        raise typer.BadParameter(
            f"write it as SMALL/BIG in whole chips, e.g. 1/2 (got {text!r})",
            param_hint=f"'{option}'",
        )
    return int(parts[0]), int(parts[1])


def _money(text: str) -> str:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise typer.BadParameter(f"not an amount of money: {text!r}") from None
    if not value.is_finite() or value <= 0:
        raise typer.BadParameter(f"a chip must be worth more than 0 (got {text!r})")
    return str(value)


@command()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The session's name (one word).")],
    blinds: Annotated[
        str | None, typer.Option(help="Small and big blind, e.g. 1/2 (hold'em, draw).")
    ] = None,
    game: Annotated[
        Game,
        typer.Option(
            help="holdem, omaha, omaha-hilo, draw (five-card draw), bouillotte, stud, "
            "stud-hilo or razz."
        ),
    ] = Game.HOLDEM,
    betting: Annotated[
        BettingKind | None,
        typer.Option(
            help="nl (no-limit), pl (pot-limit) or fl (fixed-limit; the stud games' only; "
            "omaha-hilo's default)."
        ),
    ] = None,
    ante: Annotated[int, typer.Option(parser=chips, help="Ante posted by every player.")] = 0,
    bb_ante: Annotated[
        bool, typer.Option("--bb-ante", help="The big blind alone posts the ante for the table.")
    ] = False,
    straddle: Annotated[
        bool, typer.Option("--straddle", help="A live straddle (twice the big blind) each hand.")
    ] = False,
    limits: Annotated[
        str | None, typer.Option(help="Fixed-limit small/big bet (default: BB/2BB).")
    ] = None,
    cap: Annotated[
        int | None,
        typer.Option(parser=chips, help="Fixed-limit raises allowed after the opening bet (3)."),
    ] = None,
    heads_up_uncapped: Annotated[
        bool, typer.Option("--heads-up-uncapped", help="No raise cap heads-up (fixed-limit).")
    ] = False,
    cave: Annotated[int | None, typer.Option(parser=chips, help="Default buy-in in chips.")] = None,
    cave_min: Annotated[int | None, typer.Option(parser=chips, help="Smallest buy-in.")] = None,
    cave_max: Annotated[int | None, typer.Option(parser=chips, help="Largest buy-in.")] = None,
    recaves: Annotated[
        int | None, typer.Option(parser=chips, help="Re-buys allowed per player (default: any).")
    ] = None,
    chip_value: Annotated[str, typer.Option(help="What one chip is worth in money.")] = "1",
    currency: Annotated[str, typer.Option(help="The money's currency.")] = "EUR",
    chip_unit: Annotated[
        int,
        typer.Option(parser=chips, help="The smallest chip in play: split pots go in units of it."),
    ] = 1,
    open_with: Annotated[
        str | None, typer.Option("--open", help="jacks: jackpots, jacks or better to open (draw).")
    ] = None,
    second_round: Annotated[
        str, typer.Option(help="Draw: who speaks first after the draw, dealer or opener.")
    ] = "dealer",
    passe: Annotated[
        int | None, typer.Option(parser=chips, help="Bouillotte: the dealer's passe (1).")
    ] = None,
    bring_in: Annotated[
        int, typer.Option(parser=chips, help="Stud: the bring-in of the lowest card.")
    ] = 0,
    deck: Annotated[
        int,
        typer.Option(
            parser=chips,
            help="Draw: 52 cards, or 32 (document 000: brelan > quinte, flush > full).",
        ),
    ] = 52,
) -> None:
    """Start a session (it becomes the current one)."""
    if blinds is None and game in (Game.HOLDEM,):
        raise typer.BadParameter("hold'em needs its blinds, e.g. 1/2", param_hint="'--blinds'")
    if open_with not in (None, "jacks"):
        raise typer.BadParameter(
            f"jackpots open with jacks or better: --open jacks (got {open_with!r})",
            param_hint="'--open'",
        )
    small_blind, big_blind = _pair(blinds, "--blinds") if blinds else (0, 0)
    if betting is None:
        fixed = game in STUD_GAMES or game is Game.OMAHA_HILO
        betting = BettingKind.FIXED_LIMIT if fixed else BettingKind.NO_LIMIT
    if cap is not None and betting is not BettingKind.FIXED_LIMIT:
        raise ConfigError("the raise cap (--cap) only applies to fixed-limit betting")
    small_bet = big_bet = None
    if limits is not None:
        small_bet, big_bet = _pair(limits, "--limits")
    config = TableConfig(
        small_blind=small_blind,
        big_blind=big_blind,
        game=game,
        betting=betting,
        ante=ante,
        bb_ante=bb_ante,
        straddle=straddle,
        small_bet=small_bet,
        big_bet=big_bet,
        # Robert's Rules: a bet and four raises in two-round draw games, three elsewhere.
        cap=(4 if game is Game.DRAW else 3) if cap is None else cap,
        heads_up_uncapped=heads_up_uncapped,
        chip_unit=chip_unit,
        jackpots=open_with == "jacks",
        second_round=second_round,
        passe=(1 if game is Game.BOUILLOTTE else 0) if passe is None else passe,
        bring_in=bring_in,
        deck=deck,
    )
    caves = CavePolicy(default=cave, minimum=cave_min, maximum=cave_max, recaves=recaves)
    settings = SessionSettings(config, caves, _money(chip_value), currency)
    commands.new(_db(ctx), name, settings)


@command()
def use(
    ctx: typer.Context, name: Annotated[str, typer.Argument(help="The session to make current.")]
) -> None:
    """Make another session current."""
    commands.use(_db(ctx), name)


@command()
def sessions(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the sessions of the file (* marks the current one)."""
    commands.sessions(_db(ctx), as_json=as_json)


PlayerArg = Annotated[str, typer.Argument(help="The player's name (one word).")]


@command()
def seat(
    ctx: typer.Context,
    player: PlayerArg,
    seat: Annotated[
        int | None, typer.Option(help="Seat number, 1 to 10 (default: first free).", parser=chips)
    ] = None,
    cave: Annotated[
        int | None, typer.Option(help="Buy-in in chips (default: the session's).", parser=chips)
    ] = None,
) -> None:
    """Sit a player down and buy in."""
    commands.seat(_db(ctx), player, seat=seat, cave=cave)


@command()
def recave(
    ctx: typer.Context,
    player: PlayerArg,
    chips: Annotated[
        int | None, typer.Argument(help="Chips (default: the session's cave).", parser=chips)
    ] = None,
) -> None:
    """Re-buy, between hands only."""
    commands.recave(_db(ctx), player, chips)


@command()
def leave(
    ctx: typer.Context,
    player: Annotated[str | None, typer.Argument(help="The player who leaves.")] = None,
    everyone: Annotated[
        bool, typer.Option("--all", help="Everyone still at the table leaves (end of night).")
    ] = False,
) -> None:
    """Cash out the stack and leave, between hands only."""
    if everyone == (player is not None):
        raise typer.BadParameter("name one PLAYER, or give --all", param_hint="'PLAYER'")
    if everyone:
        from . import closing

        closing.leave_all(_db(ctx))
    else:
        commands.leave(_db(ctx), str(player))


@command()
def button(ctx: typer.Context, player: PlayerArg) -> None:
    """The next deal puts the button on PLAYER."""
    commands.button(_db(ctx), player)


@command()
def sitout(ctx: typer.Context, player: PlayerArg) -> None:
    """PLAYER skips the next hands."""
    commands.sitout(_db(ctx), player)


@command()
def back(ctx: typer.Context, player: PlayerArg) -> None:
    """PLAYER plays again."""
    commands.back(_db(ctx), player)


@command()
def deal(ctx: typer.Context) -> None:
    """Start a hand: button, forced bets, who acts."""
    commands.deal(_db(ctx))


@command()
def check(ctx: typer.Context, as_: AsOption = None) -> None:
    """The player to act checks."""
    commands.act(_db(ctx), Action.check(as_))


@command()
def call(ctx: typer.Context, as_: AsOption = None) -> None:
    """The player to act calls (a check when there is nothing to call)."""
    commands.act(_db(ctx), Action.call(as_))


@command()
def fold(ctx: typer.Context, as_: AsOption = None) -> None:
    """The player to act folds."""
    commands.act(_db(ctx), Action.fold(as_))


@command()
def allin(ctx: typer.Context, as_: AsOption = None) -> None:
    """The player to act puts his whole stack in."""
    commands.act(_db(ctx), Action.allin(as_))


AmountArg = Annotated[
    int, typer.Argument(help="The total bet for this round.", metavar="N", parser=chips)
]


@command()
def bet(ctx: typer.Context, n: AmountArg, as_: AsOption = None) -> None:
    """Make the total bet for this round N (same as raise)."""
    commands.act(_db(ctx), Action.bet(n, as_))


@command("raise")
def raise_(ctx: typer.Context, n: AmountArg, as_: AsOption = None) -> None:
    """Make the total bet for this round N (same as bet)."""
    commands.act(_db(ctx), Action.bet(n, as_))


OddChipOption = Annotated[
    str | None,
    typer.Option(
        "--odd-chip",
        help="The winner who takes a split's odd chips first (stud: highest card by suit).",
    ),
]


@command()
def win(
    ctx: typer.Context,
    players: Annotated[list[str], typer.Argument(help="The winners; several players tie.")],
    odd_chip: OddChipOption = None,
) -> None:
    """Showdown: these players tie for the best hand, the others lose."""
    commands.win(_db(ctx), players, odd_chip=odd_chip)


@command()
def showdown(
    ctx: typer.Context,
    result: Annotated[
        list[str],
        typer.Argument(
            help='The ranking, e.g. "alice > bob = carol"; or the shown cards, '
            'e.g. alice="As Ks" bob="Qh Qd" (with --board for hold\'em and Omaha).',
            metavar="RANKING | PLAYER=CARDS...",
        ),
    ],
    board: Annotated[str | None, typer.Option(help='The board, e.g. "Ah Kd 7c 2s 9h".')] = None,
    low: Annotated[
        str | None,
        typer.Option(
            "--low",
            help='Hi-lo games: the qualifying lows, best first, e.g. "bob > carol" '
            "(none named: the high hand scoops).",
        ),
    ] = None,
    odd_chip: OddChipOption = None,
    english: Annotated[bool, typer.Option("--english", help="Name the hands in English.")] = False,
) -> None:
    """Showdown as a ranking ('>' beats, '=' ties; players not named lost or mucked), or
    from the cards shown: Marquoir reads the hands and names them."""
    if board is not None or all(_shows_cards(word) for word in result):
        if low is not None:
            raise UsageError("with the cards shown, the cards decide the low half: drop --low")
        shown: dict[str, str] = {}
        for word in result:
            name, sep, cards = word.partition("=")
            if not sep or not name:
                raise UsageError(
                    f"give each hand shown as PLAYER=CARDS, e.g. alice=AsKs (got {word!r})"
                )
            if name in shown:
                raise UsageError(f"{name} shows his cards twice")
            shown[name] = cards
        commands.showdown_cards(
            _db(ctx), board or "", shown, odd_chip=odd_chip, lang="en" if english else "fr"
        )
    else:
        commands.showdown(_db(ctx), " ".join(result), odd_chip=odd_chip, low=low)


def _shows_cards(word: str) -> bool:
    """`alice=As Ks`: a player and his cards (a ranking puts spaces around '=')."""
    name, sep, cards = word.partition("=")
    return bool(sep and name.strip() == name and name and cards and cards[0] != " ")


@command("open")
def open_(ctx: typer.Context, n: AmountArg, as_: AsOption = None) -> None:
    """Open the pot for N: jackpots, once the opener shows jacks or better (or Bouillotte)."""
    commands.act(_db(ctx), Action.open(n, as_))


@command()
def bringin(
    ctx: typer.Context,
    player: PlayerArg,
    complete: Annotated[
        bool, typer.Option("--complete", help="He completes to the small bet instead.")
    ] = False,
) -> None:
    """Stud: PLAYER (the lowest up-card) brings in, or completes."""
    from ..domain.table import Table

    def bring(table: Table) -> Action:
        small = table.config.limits[0]
        return Action.bring_in(player, complete_to=small if complete else None)

    commands.act_named(_db(ctx), bring)


@command()
def first(ctx: typer.Context, player: PlayerArg) -> None:
    """Stud: PLAYER (the best hand showing) speaks first on this street."""
    commands.act_named(_db(ctx), lambda table: Action.first(player))


@command("false-open")
def false_open(ctx: typer.Context, player: PlayerArg) -> None:
    """Jackpots: PLAYER opened without jacks or better: out of the hand, fined one ante."""
    commands.act_named(_db(ctx), lambda table: Action.false_open(player))


@command()
def brelan(
    ctx: typer.Context,
    players: Annotated[
        list[str] | None, typer.Argument(help="The brelans of the last hand, best first.")
    ] = None,
    carre: Annotated[
        str | None, typer.Option("--carre", help="The player with a brelan carré.")
    ] = None,
) -> None:
    """Bouillotte: each brelan gets one passe from every other player (two for a carré)."""
    commands.brelans(_db(ctx), players or [], carre=carre)


@command()
def undo(ctx: typer.Context) -> None:
    """Undo the last recorded event of the session."""
    commands.undo(_db(ctx))


@command()
def status(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """The table: seats, stacks, bets, pots, whose turn and the legal actions."""
    commands.status(_db(ctx), as_json=as_json)


@command()
def stacks(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Each player's stack, caves, recaves and result so far."""
    commands.stacks(_db(ctx), as_json=as_json)


@command()
def play(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Argument(help="A script of commands (default: interactive or stdin).")
    ] = None,
) -> None:
    """Interactive mode, or run a script of commands (FILE or stdin), one per line."""
    from .play import run_play

    code = run_play(_db(ctx), file)
    if code:
        raise typer.Exit(code)


# The rest of the commands live in their own module (kept small); importing it registers them.
from . import app_evening  # noqa: E402, F401
