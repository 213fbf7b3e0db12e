"""The typer application: every command, with its help. Imported only off the fast path.

The hot verbs (check ... showdown, see `grammar.py`) read their words with the grammar's
functions, the same ones the fast path calls: a line means the same on both.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Annotated, Any

import typer
import typer.main

from ..app.books import Books
from ..domain import (
    BettingKind,
    ConfigError,
    ForcedBetSchedule,
    TableConfig,
    UsageError,
)
from ..domain.games import DEFAULT_GAME, GAMES, game_named
from ..domain.i18n import LANGUAGES, _, follow_session, french, language
from ..domain.inputs import check_currency, read_chip_value, read_chips
from ..domain.table import CavePolicy, SessionSettings
from . import app_room, commands, grammar, vocabulary
from .app_core import AsOption, AtOption, JsonOption, app, command, db_of
from .app_core import books_of as _db
from .app_room import room_options
from .errors import error
from .grammar import parse_chips
from .help import usage_hint
from .line_language import line_language
from .runner import run_line

__all__ = ["app", "run_typer"]  # the whole app: the table's commands and the evening's


def chips(text: str | int) -> int:
    """A number of chips: a whole number, 0 or more."""
    if isinstance(text, int):  # a default value
        return text
    try:
        return read_chips(text)
    except UsageError as failure:
        raise typer.BadParameter(str(failure)) from None


def count(text: str | int) -> int:
    """A count (minutes, hands, levels): a whole number, 0 or more."""
    if isinstance(text, int):  # a default value
        return text
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise typer.BadParameter(
            _("a whole number, e.g. 20 (got {value!r})").format(value=text[:40])
        )
    return int(digits)


def _pair(text: str, option: str) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(parse_chips(p) is not None for p in parts):
        raise typer.BadParameter(
            _("write it as SMALL/BIG in whole chips, e.g. 1/2 (got {value!r})").format(
                value=text[:40]
            ),
            param_hint=f"'{option}'",
        )
    try:
        return read_chips(parts[0]), read_chips(parts[1])
    except UsageError as failure:
        raise typer.BadParameter(str(failure), param_hint=f"'{option}'") from None


def _checked(read: Callable[[str], str], text: str, option: str | None = None) -> str:
    """The value `read` makes of an option, or typer's usage error (naming the option)."""
    try:
        return read(text)
    except UsageError as failure:
        hint = f"'{option}'" if option else None
        raise typer.BadParameter(str(failure), param_hint=hint) from None


# typer reads only `enum.Enum` types as choices, and the domain's enumerations are lighter
# (marquoir/domain/enums.py): the same words as real enumerations, for the options.
GameWord = enum.StrEnum(  # type: ignore[misc]
    "GameWord", [(str(name).upper().replace("-", "_"), str(name)) for name in GAMES]
)
BettingWord = enum.StrEnum("BettingWord", [(k.name, k.value) for k in BettingKind])  # type: ignore[misc]
HOLDEM_WORD = GameWord(DEFAULT_GAME)


@command()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The session's name (one word).")],
    blinds: Annotated[
        str | None, typer.Option(help="Small and big blind, e.g. 1/2 (hold'em, draw).")
    ] = None,
    game_word: Annotated[
        GameWord,
        typer.Option(
            "--game",
            help="holdem, omaha, omaha-hilo, draw (five-card draw), bouillotte, stud, "
            "stud-hilo or razz.",
        ),
    ] = HOLDEM_WORD,
    betting_word: Annotated[
        BettingWord | None,
        typer.Option(
            "--betting",
            help="nl (no-limit), pl (pot-limit) or fl (fixed-limit; the stud games' only; "
            "omaha-hilo's default).",
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
        typer.Option(
            parser=chips,
            help="Fixed-limit raises allowed after the opening bet (default: 3; 4 at draw).",
        ),
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
            help="Draw: 52 cards, or 32 (the French 32-card game: brelan > quinte, flush > full).",
        ),
    ] = 52,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            metavar="fr|en",
            help="The session's language (default: the locale's); --lang before the command wins.",
        ),
    ] = "",
    tournament: Annotated[
        bool, typer.Option("--tournament", help="A tournament (buy-in, stack, levels).")
    ] = False,
    buy_in: Annotated[str | None, typer.Option(help="Tournament: the buy-in (money).")] = None,
    fee: Annotated[str, typer.Option(help="Tournament: the fee, apart from the prizes.")] = "0",
    stack: Annotated[
        int | None, typer.Option(parser=chips, help="Tournament: the starting stack.")
    ] = None,
    levels: Annotated[
        str | None,
        typer.Option(help="Tournament: SB/BB[:ANTE],... or a CSV/TOML file or a preset."),
    ] = None,
    level_minutes: Annotated[
        int | None, typer.Option(parser=count, help="Tournament: minutes a level.")
    ] = None,
    level_hands: Annotated[
        int | None, typer.Option(parser=count, help="Tournament: hands a level.")
    ] = None,
    breaks: Annotated[
        str | None, typer.Option(help="Tournament: a break EVERY:MINUTES (levels:minutes).")
    ] = None,
    late_until: Annotated[
        int | None, typer.Option(parser=chips, help="Tournament: late registration's last level.")
    ] = None,
    reentries: Annotated[
        int, typer.Option(parser=chips, help="Tournament: re-entries allowed per player.")
    ] = 0,
    rebuys: Annotated[
        int, typer.Option(parser=chips, help="Tournament: rebuys allowed per entry.")
    ] = 0,
    rebuy_until: Annotated[
        int | None, typer.Option(parser=chips, help="Tournament: the last level of rebuys.")
    ] = None,
    rebuy_stack: Annotated[
        int | None, typer.Option(parser=chips, help="Tournament: a rebuy's chips.")
    ] = None,
    rebuy_price: Annotated[
        str | None, typer.Option(help="Tournament: a rebuy's price (default: the buy-in).")
    ] = None,
    add_on: Annotated[int, typer.Option(parser=chips, help="Tournament: the add-on's chips.")] = 0,
    add_on_price: Annotated[
        str | None, typer.Option(help="Tournament: the add-on's price.")
    ] = None,
    bounty: Annotated[str, typer.Option(help="Tournament: the bounty on each entry.")] = "0",
    progressive: Annotated[
        bool, typer.Option("--progressive", help="Tournament: progressive bounties.")
    ] = False,
    payouts: Annotated[
        str, typer.Option(help="Tournament: 50/30/20 (default: a table by field size).")
    ] = "",
    payout_unit: Annotated[str, typer.Option(help="Tournament: prizes rounded to it.")] = "1",
    chip_set: Annotated[
        str, typer.Option("--chips", help="Tournament: the chip denominations, 25,100,500.")
    ] = "",
    duration: Annotated[
        str | None,
        typer.Option(help="Tournament: the planned time (4h, 3h30): proposes the levels."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(parser=chips, help="Tournament: the players expected (with --duration)."),
    ] = None,
    tables: app_room.TablesOption = 0,
    seats: app_room.SeatsOption = 0,
    final_table: app_room.FinalTableOption = 0,
    seed: app_room.SeedOption = None,
) -> None:
    """Start a session (it becomes the current one)."""
    game = game_named(game_word.value)
    betting = None if betting_word is None else BettingKind(betting_word.value)
    if lang not in ("", *LANGUAGES):
        raise typer.BadParameter(
            _("{lang!r}: say fr or en").format(lang=lang), param_hint="'--lang'"
        )
    structure = None
    proposal_lines: list[str] = []  # printed once every option is checked
    if duration is not None or players is not None:
        from .structure import planned_levels

        levels, level_minutes, breaks, proposal_lines = planned_levels(
            tournament=tournament,
            duration=duration,
            players=players,
            chips=chip_set,
            stack=stack,
            levels=levels,
            level_minutes=level_minutes,
            level_hands=level_hands,
            breaks=breaks,
            lang=lang,
        )
    room = room_options(tournament, tables=tables, seats=seats, final_table=final_table, seed=seed)
    if tournament:
        from .tournament import tournament_settings

        structure = tournament_settings(
            buy_in=buy_in,
            fee=fee,
            stack=stack,
            levels=levels,
            level_minutes=level_minutes,
            level_hands=level_hands,
            breaks=breaks,
            late_until=late_until,
            reentries=reentries,
            rebuys=rebuys,
            rebuy_until=rebuy_until,
            rebuy_stack=rebuy_stack,
            rebuy_price=rebuy_price,
            add_on=add_on,
            add_on_price=add_on_price,
            bounty=bounty,
            progressive=progressive,
            payouts=payouts,
            payout_unit=payout_unit,
            chips=chip_set,
            **room,
        )
        if blinds is not None:
            raise typer.BadParameter(
                _("a tournament's blinds come from its levels (--levels)"), param_hint="'--blinds'"
            )
        first = structure.level(1)
        blinds = f"{first.small_blind}/{first.big_blind}"
        ante, bb_ante = first.ante, first.big_blind_ante
    if blinds is None and GAMES[game].asks_blinds:
        raise typer.BadParameter(_("hold'em needs its blinds, e.g. 1/2"), param_hint="'--blinds'")
    if open_with not in (None, "jacks"):
        raise typer.BadParameter(
            _("jackpots open with jacks or better: --open jacks (got {open_with!r})").format(
                open_with=open_with
            ),
            param_hint="'--open'",
        )
    small_blind, big_blind = _pair(blinds, "--blinds") if blinds else (0, 0)
    # Options left out take the game's defaults (TableConfig asks the game), as in Python.
    given: dict[str, Any] = {
        key: value
        for key, value in (("betting", betting), ("cap", cap), ("passe", passe))
        if value is not None
    }
    if cap is not None and TableConfig.default(game, "betting", betting) is not (
        BettingKind.FIXED_LIMIT
    ):
        raise ConfigError(_("the raise cap (--cap) only applies to fixed-limit betting"))
    small_bet = big_bet = None
    if limits is not None:
        small_bet, big_bet = _pair(limits, "--limits")
    config = TableConfig(
        small_blind=small_blind,
        big_blind=big_blind,
        game=game,
        ante=ante,
        bb_ante=bb_ante,
        straddle=straddle,
        small_bet=small_bet,
        big_bet=big_bet,
        heads_up_uncapped=heads_up_uncapped,
        chip_unit=chip_unit,
        jackpots=open_with == "jacks",
        second_round=second_round,
        bring_in=bring_in,
        deck=deck,
        **given,
    )
    caves = CavePolicy(default=cave, minimum=cave_min, maximum=cave_max, recaves=recaves)
    settings = SessionSettings(
        config,
        caves,
        _checked(read_chip_value, chip_value, "--chip-value"),
        _checked(check_currency, currency, "--currency"),
        structure,
        lang,
    )
    for line in proposal_lines:
        print(line)
    commands.new(_db(ctx), name, settings)


@command()
def blinds(
    ctx: typer.Context,
    stakes: Annotated[
        str | None,
        typer.Argument(
            help="Small and big blind, e.g. 2/4 (none in stud, Bouillotte, jackpots).",
            metavar="SMALL/BIG",
        ),
    ] = None,
    ante: Annotated[int, typer.Option(parser=chips, help="Ante posted by every player.")] = 0,
    bb_ante: Annotated[
        bool, typer.Option("--bb-ante", help="The big blind alone posts the ante for the table.")
    ] = False,
    limits: Annotated[
        str | None, typer.Option(help="Fixed-limit small/big bet (default: BB/2BB).")
    ] = None,
    bring_in: Annotated[
        int, typer.Option(parser=chips, help="Stud: the bring-in of the lowest card.")
    ] = 0,
    passe: Annotated[int, typer.Option(parser=chips, help="Bouillotte: the dealer's passe.")] = 0,
) -> None:
    """Between hands: the forced bets of the next deals (what is not given is not posted,
    and the fixed-limit bets are BB/2BB unless given)."""
    small_blind, big_blind = _pair(stakes, "SMALL/BIG") if stakes else (0, 0)
    small_bet, big_bet = _pair(limits, "--limits") if limits else (None, None)
    schedule = ForcedBetSchedule(
        small_blind, big_blind, ante, bb_ante, small_bet, big_bet, bring_in, passe
    )
    commands.blinds(_db(ctx), schedule)


@command()
def use(
    ctx: typer.Context, name: Annotated[str, typer.Argument(help="The session to make current.")]
) -> None:
    """Make another session current."""
    commands.use(_db(ctx), name)


@command()
def sessions(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the sessions of the file (* marks the current one)."""
    commands.sessions(_db(ctx), json_output=json_output)


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
    """Re-buy, between hands only (a tournament: a rebuy, as `rebuy PLAYER`)."""
    if chips is None and in_tournament(_db(ctx)):  # the table says recave for a rebuy too
        from . import tournament

        tournament.rebuy(db_of(ctx), player)
        return
    commands.recave(_db(ctx), player, chips)


def in_tournament(books: Books) -> bool:
    """Whether the current session is a tournament."""
    from ..app.table import current_settings

    settings = current_settings(books)
    return settings is not None and settings.tournament is not None


@command()
def fine(
    ctx: typer.Context,
    player: PlayerArg,
    chips: Annotated[int | None, typer.Argument(help="Chips (default: 1).", parser=chips)] = None,
) -> None:
    """A house fine to the next pot (the dealer who forgot to announce it), between hands."""
    commands.fine(_db(ctx), player, chips)


@command()
def clef(ctx: typer.Context) -> None:
    """Jackpots, between hands: the next deal is the pot à la clef (every ante doubled)."""
    commands.clef(_db(ctx))


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
        raise typer.BadParameter(_("name one PLAYER, or give --all"), param_hint="'PLAYER'")
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
def deal(ctx: typer.Context, table: app_room.DealTableOption = None) -> None:
    """Start a hand: button, forced bets, who acts."""
    grammar.deal(_db(ctx), table=table)


@command()
def check(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """The player to act checks."""
    grammar.check(_db(ctx), player=as_, table=table)


@command()
def parole(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """Bouillotte: pass (before the opening) or pass the word; the same as check."""
    grammar.check(_db(ctx), player=as_, table=table)


@command()
def abattre(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """Bouillotte: hold the last raise without more and call the showdown."""
    grammar.abattre(_db(ctx), player=as_, table=table)


@command()
def call(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """The player to act calls (a check when there is nothing to call)."""
    grammar.call(_db(ctx), player=as_, table=table)


@command()
def fold(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """The player to act folds."""
    grammar.fold(_db(ctx), player=as_, table=table)


@command()
def allin(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """The player to act puts his whole stack in."""
    grammar.allin(_db(ctx), player=as_, table=table)


@command("pass")
def pass_(ctx: typer.Context, as_: AsOption = None, table: AtOption = None) -> None:
    """Je passe: a check while nobody has bet; after a bet, a fold at draw and Bouillotte
    (hold'em and stud: refused, say call or fold)."""
    grammar.pass_(_db(ctx), player=as_, table=table)


AmountArg = Annotated[
    int, typer.Argument(help="The total bet for this round.", metavar="N", parser=chips)
]


@command()
def bet(ctx: typer.Context, n: AmountArg, as_: AsOption = None, table: AtOption = None) -> None:
    """Make the total bet for this round N (same as raise)."""
    grammar.bet(_db(ctx), n, player=as_, table=table)


@command("raise")
def raise_(ctx: typer.Context, n: AmountArg, as_: AsOption = None, table: AtOption = None) -> None:
    """Make the total bet for this round N (same as bet)."""
    grammar.bet(_db(ctx), n, player=as_, table=table)


@command("raise-by")
def raise_by(
    ctx: typer.Context,
    n: Annotated[
        int,
        typer.Argument(help="How much more than the bet to call.", metavar="N", parser=chips),
    ],
    as_: AsOption = None,
    table: AtOption = None,
) -> None:
    """Raise by N: the total bet for this round becomes the bet to call plus N."""
    grammar.raise_by(_db(ctx), n, player=as_, table=table)


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
    table: AtOption = None,
) -> None:
    """Showdown: these players tie for the best hand, the others lose."""
    grammar.win(_db(ctx), players, odd_chip=odd_chip, table=table)


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
    english: Annotated[
        bool,
        typer.Option(
            "--english",
            help="The cards in the English notation (Ah Kd Tc 7s) and the hands named in "
            "English; a French session reads the French notation (Ap Rk 10t 7p) without it.",
        ),
    ] = False,
    retourne: Annotated[
        str | None, typer.Option(help='Bouillotte: the card turned up, e.g. "Ah".')
    ] = None,
    table: AtOption = None,
) -> None:
    """Showdown as a ranking ('>' beats, '=' ties; players not named lost or mucked), or
    from the cards shown: Marquoir reads the hands and names them."""
    grammar.showdown(
        _db(ctx),
        result,
        board=board,
        low=low,
        odd_chip=odd_chip,
        english=english,
        retourne=retourne,
        table=table,
    )


@command("open")
def open_(ctx: typer.Context, n: AmountArg, as_: AsOption = None, table: AtOption = None) -> None:
    """Open the pot for N: jackpots, once the opener shows jacks or better (or Bouillotte)."""
    grammar.open_pot(_db(ctx), n, player=as_, table=table)


@command()
def bringin(
    ctx: typer.Context,
    player: PlayerArg,
    complete: Annotated[
        bool, typer.Option("--complete", help="He completes to the small bet instead.")
    ] = False,
) -> None:
    """Stud games: PLAYER (the lowest up-card; razz: the highest) brings in, or completes."""
    grammar.bringin(_db(ctx), player, complete=complete)


@command()
def first(ctx: typer.Context, player: PlayerArg) -> None:
    """Stud games: PLAYER (the best hand showing; razz: the lowest) speaks first on this
    street."""
    grammar.first(_db(ctx), player)


@command("false-open")
def false_open(ctx: typer.Context, player: PlayerArg) -> None:
    """Jackpots: PLAYER opened without jacks or better: out of the hand, fined one ante."""
    grammar.false_open(_db(ctx), player)


@command()
def brelan(
    ctx: typer.Context,
    players: Annotated[
        list[str] | None, typer.Argument(help="The brelans of the last hand, best first.")
    ] = None,
    carre: Annotated[
        str | None, typer.Option("--carre", help="The player with a brelan carré.")
    ] = None,
    misdeal: Annotated[
        bool,
        typer.Option(
            "--misdeal", help="The brelans of a misdeal (its deal undone), paid as if good."
        ),
    ] = False,
) -> None:
    """Bouillotte: each brelan gets one passe from every other player (two for a carré)."""
    commands.brelans(_db(ctx), players or [], carre=carre, misdeal=misdeal)


@command()
def undo(ctx: typer.Context) -> None:
    """Undo the last recorded event of the session."""
    grammar.undo(_db(ctx))


@command()
def status(
    ctx: typer.Context,
    json_output: JsonOption = False,
    clock: Annotated[
        bool, typer.Option("--clock", help="Tournament: and the clock (the time left).")
    ] = False,
) -> None:
    """The table: seats, stacks, bets, pots, whose turn and the legal actions."""
    grammar.status(_db(ctx), json_output=json_output, clock=clock)


@command()
def stacks(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Each player's stack, caves, recaves and result so far."""
    grammar.stacks(_db(ctx), json_output=json_output)


@command()
def play(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Argument(help="A script of commands (default: interactive or stdin).")
    ] = None,
) -> None:
    """Interactive mode, or run a script of commands (FILE or stdin), one per line."""
    from .play import run_play

    def run(books: Books, words: list[str], where: str) -> int:
        return run_line(words, db=books, fallback=run_typer, where=where)

    code = run_play(_db(ctx), file, run)
    if code:
        raise typer.Exit(code)


_click_command: Any = None  # built once, on the first line typer reads
_spoken: Any = None  # its words, in the language of the line (french_help.Spoken)


def unknown_command(word: str, commands: list[str]) -> str:
    """The error line's message for an unknown first word, with the nearest known word."""
    near = vocabulary.nearest(word, french=french(), commands=commands)
    message = _("No such command {name!r}.").format(name=word)
    return (
        message if near is None else message + " " + _("Did you mean {word!r}?").format(word=near)
    )


def run_typer(args: list[str], db: Books, where: str) -> int:
    """Read and run a line with the typer app (help, usage errors, the other commands)."""
    global _click_command, _spoken
    # the line speaks its session's language (`new ... --lang fr`), unless `--lang` chose
    # one: its usage errors and its help too, which are written before any table is read
    follow_session(line_language(args, db))
    if _click_command is None:
        from .french_help import Spoken

        _click_command = typer.main.get_command(app)
        _spoken = Spoken(_click_command)
    _spoken.speak(language())
    if args and not args[0].startswith("-") and args[0] not in _click_command.commands:
        hint = usage_hint(args)  # a short form of `play` says what was meant
        error(hint or unknown_command(args[0], sorted(_click_command.commands)), where)
        return 2
    full = (["--db", db.db] if db.db is not None else []) + (args or ["--help"])
    try:
        # (the books as the context's object: `play`'s kept connections reach the command)
        result = _click_command.main(args=full, prog_name="marquoir", standalone_mode=False, obj=db)
    except typer.Exit as stop:
        return int(stop.exit_code)
    except typer.Abort:
        error(_("aborted"), where)
        return 1
    except typer.TyperException as failure:
        message = usage_hint(args) or failure.format_message()
        if french():
            from .french_help import usage_error

            message = usage_error(message)
        error(message, where)
        return int(failure.exit_code)
    return result if isinstance(result, int) else 0


# The rest of the commands live in their own modules (kept small); importing registers them.
from . import app_evening, app_files, app_tournament  # noqa: E402, F401
