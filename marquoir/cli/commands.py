"""What each table command prints, shared by the fast path, the typer app and `play`.

Each function calls one function of the application layer (`app/table.py`), which opens
the database and records the event, and prints the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..app import table as tables
from ..app.books import Books
from ..app.table import execute
from ..domain import Action, ForcedBetSchedule, UsageError, tie
from ..domain.actions import ActionEvent
from ..domain.events import LevelSet, Seated
from ..domain.hand import ShowdownEvent
from ..domain.i18n import N_, _, colon, follow_session, french, money, number
from ..domain.ranking import parse_ranking
from ..domain.table import SessionSettings, Table, TableEvent, name_key
from ..storage.codec import settings_to_dict
from ..storage.ledger import Ledger, Outcome
from . import render

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _print_data(data: Any) -> None:
    import json  # (not on the table commands' path)

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _at(table: Table, number: int | None) -> Table:
    """The table, once the hand in play is checked to be at table `number` (several
    tables: `--table T` on the table commands)."""
    if number is not None:
        table.room.check_hand_table(number)
    return table


def act(db: Books, action: Action, *, table: int | None = None) -> None:
    """check, call, fold, allin, bet N, raise N."""
    outcome = execute(db, lambda t: _at(t, table).act_event(action))
    assert isinstance(outcome.detail, ActionEvent)
    print("\n".join(render.action_lines(outcome.detail, outcome.table)))


def act_named(db: Books, build: Callable[[Table], Action], *, table: int | None = None) -> None:
    """What the scorekeeper says: a bring-in, who speaks first, a false opener."""
    outcome = execute(db, lambda t: _at(t, table).act_event(build(t)))
    assert isinstance(outcome.detail, ActionEvent)
    print("\n".join(render.action_lines(outcome.detail, outcome.table)))


def deal(db: Books, *, table: int | None = None) -> None:
    moved: list[str] = []

    def events(book: Ledger, table: Table) -> Iterator[TableEvent]:
        follow_session(table.settings.lang)  # before the command: its refusal too
        if table.director.state is not None:
            # a tournament's level reached by the clock applies from this deal (TDA 2024
            # rule 23): the move is recorded before the deal; no deal during a break
            from ..app.tournament import catch_up
            from .tournament import level_line

            for event in catch_up(book, table, dealing=True):
                yield event
                if isinstance(event, LevelSet):
                    moved.append(_("the clock moves to {value}").format(value=level_line(table)))
        if at_table is not None:
            table.room.settings()  # (refused outside a tournament of several tables)
        yield table.deal_event(at_table or 0)

    at_table = table
    done, _count = tables.execute_all(db, events)
    print("\n".join([*moved, *render.deal_lines(done)]))


def showdown(
    db: Books,
    ranking_text: str,
    *,
    odd_chip: str | None = None,
    low: str | None = None,
    table: int | None = None,
) -> None:
    """The showdown as a ranking; `low` ranks the qualifying lows of a hi-lo game."""
    ranking = parse_ranking(ranking_text)
    low_ranking = None if low is None else parse_ranking(low)
    _print_showdown(
        execute(db, lambda t: _at(t, table).showdown_event(ranking, odd_chip, low=low_ranking))
    )


def showdown_cards(
    db: Books,
    board: str,
    shown: dict[str, str],
    *,
    odd_chip: str | None = None,
    lang: str = "fr",
    english: bool = False,
    table: int | None = None,
) -> None:
    """The showdown read from the cards shown: each hand named, then the pots. The cards
    are typed in the notation of the session's language (`english`: the English one)."""
    from ..domain.cards import canonical, labels

    values: dict[str, Any] = {}
    at_table = table

    def read(table: Table) -> TableEvent:
        in_french = french() and not english  # (the session's language, followed by now)
        on_board = canonical(board, french=in_french) if board else board
        hands = {name: canonical(text, french=in_french) for name, text in shown.items()}
        event, found = _at(table, at_table).game.cards_showdown_event(on_board, hands, odd_chip)
        values.update(found)
        return event

    outcome = execute(db, read)
    for name, value in values.items():
        cards = labels(value.cards) if not english else " ".join(map(str, value.cards))
        mark = ":" if lang == "en" else colon()  # (an English hand's name: English typography)
        print(f"{name}{mark} {value.name(lang)} ({cards})")
    assert isinstance(outcome.detail, ShowdownEvent)
    print("\n".join(render.showdown_lines(outcome.detail, outcome.table)))


def showdown_retourne(
    db: Books, retourne: str, shown: dict[str, str], *, english: bool = False
) -> None:
    """Bouillotte from the cards: the reading (brelans, points, owners, the winning colour),
    each pot by its own ranking, and the brelans paid. The cards are typed in the notation
    of the session's language (`english`: the English one)."""
    refusal = N_("--retourne is Bouillotte's: the card the dealer turns up")
    done = tables.game_command(
        db, "retourne_showdown", refusal, retourne, shown, says=True, english=english
    )
    outcome = done.outcome
    print("\n".join(done.said))
    assert isinstance(outcome.detail, ShowdownEvent)
    print("\n".join(render.showdown_lines(outcome.detail, outcome.table)))
    if done.paid:
        paid_text = ", ".join(f"{name} {render.signed(c)}" for name, c in done.paid)
        print(_("brelans paid: {moves}").format(moves=paid_text))


def win(
    db: Books, players: list[str], *, odd_chip: str | None = None, table: int | None = None
) -> None:
    ranking = tie(players)
    _print_showdown(execute(db, lambda t: _at(t, table).showdown_event(ranking, odd_chip)))


def brelans(db: Books, players: list[str], *, carre: str | None, misdeal: bool = False) -> None:
    """Bouillotte: pay the brelans of the last hand (`misdeal`: of a misdeal)."""
    refusal = N_("brelans are paid at Bouillotte only")
    done = tables.game_command(db, "brelans_event", refusal, tuple(players), carre, misdeal=misdeal)
    moves = ", ".join(f"{name} {render.signed(chips)}" for name, chips in done.paid)
    print(
        _("brelans paid: {moves}").format(moves=moves)
        if moves
        else _("brelans: nobody had chips to pay them")
    )


def _print_showdown(outcome: Outcome) -> None:
    assert isinstance(outcome.detail, ShowdownEvent)
    print("\n".join(render.showdown_lines(outcome.detail, outcome.table)))


def undo(db: Books) -> None:
    _session, stored, table = tables.undo(db)
    follow_session(table.settings.lang)
    print(
        _("undone: {describe_stored}").format(
            describe_stored=render.describe_stored(stored.kind, stored.data)
        )
    )
    if stored.kind in ("blinds", "level"):
        print(_("the forced bets are {stakes} again").format(stakes=table.config.stakes()))
    print(render.next_step(table))


def status(db: Books, *, json_output: bool) -> None:
    _show(db, json_output=json_output, as_dict=render.status_dict, as_text=render.status_text)


def stacks(db: Books, *, json_output: bool) -> None:
    _show(db, json_output=json_output, as_dict=render.stacks_dict, as_text=render.stacks_text)


def _show(
    db: Books,
    *,
    json_output: bool,
    as_dict: Callable[[str, Table], dict[str, Any]],
    as_text: Callable[[str, Table], str],
) -> None:
    session, table = tables.read(db)
    follow_session(table.settings.lang)
    if json_output:
        _print_data(as_dict(session.name, table))
    else:
        print(as_text(session.name, table))


def new(db: Books, name: str, settings: SessionSettings) -> None:
    name = tables.create(db, name, settings).name
    follow_session(settings.lang)
    print(
        _("session {name} created and current: {game_title}").format(
            name=name, game_title=render.game_title(Table(settings))
        )
    )
    if settings.tournament is not None:
        from .tournament import structure_lines

        print("\n".join(structure_lines(settings.tournament, settings.currency)))
    caves = settings.caves
    if caves.default is not None:
        print(
            _("default cave {default} chips, a chip is worth {money}").format(
                default=number(caves.default), money=money(settings.chip_value, settings.currency)
            )
        )


def use(db: Books, name: str) -> None:
    name = tables.use(db, name).name
    print(_("session {name} is current").format(name=name))


def sessions(db: Books, *, json_output: bool) -> None:
    rows, current = tables.sessions(db)
    if json_output:
        _print_data(
            {
                "version": render.JSON_VERSION,
                "sessions": [
                    {
                        "session": info.name,
                        "date": created[:10],
                        "current": info.name == current,
                        "created_at": created,
                        "settings": settings_to_dict(info.settings),
                    }
                    for info, created in rows
                ],
            }
        )
        return
    if not rows:
        print(_("no session yet"))
    for info, created in rows:
        mark = "*" if info.name == current else " "
        print(f"{mark} {info.name}  {render.game_title(Table(info.settings))}  {created[:10]}")


def seat(db: Books, player: str, *, seat: int | None, cave: int | None) -> None:
    outcome = execute(db, lambda table: table.seat_event(player, seat=seat, cave=cave))
    event = outcome.event
    assert isinstance(event, Seated)
    name = event.player
    if event.seed is not None:  # several tables: the seat drawn
        from ..app.room import drawn_text

        print(drawn_text(name, event.seat))
        return
    if not event.returning:
        print(
            _("{name} sits in seat {seat} with {chips} chips").format(
                name=name, seat=event.seat, chips=number(event.chips)
            )
        )
        return
    account = outcome.table.accounts[name]
    limit = outcome.table.settings.caves.recaves
    count = f"recave {account.recaves}" + (f" of {limit}" if limit is not None else "")
    same = "" if name_key(player) != name_key(name) or player == name else f"{player} is {name}: "
    print(
        _(
            "{same}{name} returns to seat {seat} with {chips} chips ({count}; bought {bought} in "
            "all)"
        ).format(
            same=same,
            name=name,
            seat=event.seat,
            chips=number(event.chips),
            count=count,
            bought=account.bought,
        )
    )


def _player_of(outcome: Outcome) -> str:
    """The recorded name of the player an event is about (`recave ALICE` is alice's)."""
    name: str = getattr(outcome.event, "player")  # noqa: B009 (every player event has one)
    return name


def recave(db: Books, player: str, chips: int | None) -> None:
    outcome = execute(db, lambda table: table.house.recave_event(player, chips))
    name = _player_of(outcome)
    account = outcome.table.accounts[name]
    print(
        _("{name} recaves {chips}: stack {stack}").format(
            name=name,
            chips=number(outcome.event.chips),  # type: ignore[union-attr]
            stack=number(account.stack),
        )
    )


def fine(db: Books, player: str, chips: int | None) -> None:
    outcome = execute(db, lambda table: table.house.fine_event(player, chips))
    name = _player_of(outcome)
    table = outcome.table
    print(
        _(
            "{name} pays a fine of {chips} to the next pot: stack {stack}, "
            "waiting in the middle {carry}"
        ).format(
            name=name,
            chips=number(outcome.event.chips),  # type: ignore[union-attr]
            stack=number(table.accounts[name].stack),
            carry=number(table.house.carry),
        )
    )


def _cash_game_only(table: Table, command: str) -> None:
    if table.settings.tournament is not None:
        from ..domain.tournament.presence import check_cash_game_command

        check_cash_game_command(table.settings.tournament, command)


def leave(db: Books, player: str) -> None:
    def command(table: Table) -> TableEvent:
        _cash_game_only(table, "leave")
        return table.leave_event(player)

    outcome = execute(db, command)
    name = _player_of(outcome)
    account = outcome.table.accounts[name]
    print(
        _("{name} leaves with {cashed_out} chips (bought {bought}, result {signed})").format(
            name=name,
            cashed_out=account.cashed_out,
            bought=account.bought,
            signed=render.signed(account.result),
        )
    )


def blinds(db: Books, schedule: ForcedBetSchedule) -> None:
    """Between hands: the forced-bet schedule of the next deals."""
    before = ""

    def change(table: Table) -> TableEvent:
        nonlocal before
        _cash_game_only(table, "blinds")
        before = table.config.stakes()
        needed = table.config.rules.blinds_needed  # (hold'em and the games built on it)
        if needed and not schedule.big_blind:
            raise UsageError(_(needed))
        return table.house.blinds_event(schedule)

    outcome = execute(db, change)
    print(
        _("from the next deal: {stakes} (before: {before})").format(
            stakes=outcome.table.config.stakes(), before=before
        )
    )


def clef(db: Books) -> None:
    """Jackpots, between hands: the next deal is the pot à la clef (the ante doubled)."""
    refusal = N_("the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)")
    outcome = tables.game_command(db, "clef_event", refusal).outcome
    print(render.clef_line(outcome.table.deal_config().ante, dealt=False))


def button(db: Books, player: str) -> None:
    outcome = execute(db, lambda table: table.seating.button_event(player))
    print(_("the next deal puts the button on {player_of}").format(player_of=_player_of(outcome)))


def sitout(db: Books, player: str) -> None:
    def command(table: Table) -> TableEvent:
        _cash_game_only(table, "sitout")
        return table.seating.sitout_event(player)

    outcome = execute(db, command)
    print(_("{player_of} sits out from the next hand").format(player_of=_player_of(outcome)))


def back(db: Books, player: str) -> None:
    outcome = execute(db, lambda table: table.seating.back_event(player))
    print(_("{player_of} is back from the next hand").format(player_of=_player_of(outcome)))
