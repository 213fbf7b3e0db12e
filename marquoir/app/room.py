"""The room of a tournament played at several tables, as readers see it: each table's
players by seat, the seat list by name, and the moves to make (a table to balance).

`room_data(table)` is the one read function: `balance --json`, `status` and the tournament
page all show what it returns. Nothing here writes; the commands that change the room
(`seat`, `move`, `out`) record their events through `app.table.execute`.
"""

from __future__ import annotations

from ..domain import IllegalAction
from ..domain.i18n import _, follow_session
from ..domain.table import Table
from ..domain.table_room import table_and_seat
from ..storage.ledger import Ledger, SessionInfo, StoredEvent

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..domain.tournament.seating import Move
    from .books import Books
    from .table import Undone

# the rules the moves follow, by their numbers in the TDA's 2024 rules
RULE_BALANCE = "TDA 2024 rule 11"
RULE_BREAK = "TDA 2024 rule 10"
RULE_FINAL = "TDA 2024 rule 7"
RULES = {"balance": RULE_BALANCE, "break": RULE_BREAK, "final": RULE_FINAL}


def rule_words(why: str, part: str = "") -> str:
    """The rule a move follows, in the session's language: `TDA 2024 rule 11 A` (`part`:
    the rule's paragraph, `A`), `règle 11 A de la TDA 2024`."""
    year, _rule, number = RULES[why].split()[1:]
    number = f"{number} {part}" if part else number
    return _("TDA {year} rule {number}").format(year=year, number=number)


def is_room(table: Table) -> bool:
    """Whether the session is a tournament of several tables."""
    return table.room.active


def balance_move(table: Table) -> Move | None:
    """The move that balances the tables now (None: balanced), as TDA 2024 rule 11 A says:
    the player who would be big blind next at the table that gives moves to the worst
    position at the short table; `player` and `seat` are None where a table's button is not
    known (its hands are not recorded): the director finds them."""
    return table.room.layout().balance()


def move_dict(move: Move) -> dict[str, Any]:
    """A move as JSON: from which table, who (null: the director finds him), to which
    table and seat (null: likewise), why and under which rule."""
    return {
        "player": move.player,
        "from_table": move.source,
        "to_table": move.table,
        "to_seat": move.seat,
        "why": move.why,
        "rule": RULES[move.why],
    }


def room_data(table: Table) -> dict[str, Any]:
    """The room now: `tables` (each open table: its number, seats, players by seat with
    their stacks, and the seat of its button at its last recorded hand, or null), `seats`
    (every player still in, by name: table and seat, the list a player looks up), `moves`
    (the move that balances the tables, if one is due), `balanced`, and `last_moves` (the
    seats the last bust drew: a table broken, the final table). Callers check `is_room`
    first (a one-table session has no room)."""
    room = table.room
    layout = room.layout()
    accounts = table.accounts
    tables = []
    for number in sorted(layout.tables):
        seated = layout.tables[number]
        tables.append(
            {
                "table": number,
                "seats": layout.seats_at(number),
                "button": room.buttons.get(number),
                "players": [
                    {"seat": seat, "name": name, "stack": accounts[name].stack}
                    for seat, name in sorted(seated.items())
                ],
            }
        )
    move = layout.balance()
    return {
        "tables": tables,
        "seats": [
            {"name": name, "table": place.table, "seat": place.seat}
            for name, place in layout.seat_list()
        ],
        "balanced": move is None,
        "moves": [] if move is None else [move_dict(move)],
        "last_moves": [move_dict(m) for m in room.last_moves],
    }


def read_room(book: Ledger, session: SessionInfo | None = None) -> dict[str, Any] | None:
    """The room of a session read from an open file (`session`: the current one when not
    given): `room_data` of its table, or None when the session is not a tournament at several
    tables. What a page calls with its own read-only connection."""
    info = book.current() if session is None else session
    table = book.load(info)
    return room_data(table) if is_room(table) else None


def event_table(table: Table, stored: StoredEvent) -> int | None:
    """The table whose recorded hand `stored` belongs to (a deal, an action, a showdown),
    read on the room as it stands after that event; None for an event of the room (a seat
    drawn, a bust recorded with `out`, a move, a count, the clock)."""
    if stored.hand_no is None or stored.hand_no != table.hand_no:
        return None
    at = table.room.hand_table()
    if at is not None:  # (the hand is still in play)
        return at
    return table.room.last_hand_table or None


def undo_at(books: Books, number: int, *, describe: Callable[[StoredEvent], str]) -> Undone:
    """`undo --table T`: take back the room's last event if it belongs to the hand recorded
    at table T; refused otherwise (`describe` says what that last event is), nothing
    undone. The scorekeeper of one table then never takes back another table's event."""
    from .table import Undone

    def check(session: SessionInfo, table: Table, last: StoredEvent) -> None:
        at = event_table(table, last)
        if at != number:
            raise IllegalAction(_not_at(session, last, at, number, describe))

    with books.ledger() as book:
        _session, table = book.read()
        follow_session(table.settings.lang)
        table.room.settings()  # (refused outside a tournament of several tables)
        # (whose the last event is, checked in the undo's own transaction: another table's
        # scorekeeper recording meanwhile cannot make it undo his event)
        session, stored, after = book.undo(check=check)
    return Undone(session, stored, after)


def _not_at(
    session: SessionInfo,
    last: StoredEvent,
    at: int | None,
    number: int,
    describe: Callable[[StoredEvent], str],
) -> str:
    """Why `undo --table T` is refused: whose the last event is, and what it is (with every
    field named, as `undo` says what it took back)."""
    from ..storage import codec

    streets = codec.streets_of(session.settings.table)
    data = codec.expand_event(last.kind, last.data, streets=streets, hand_no=last.hand_no)
    event = describe(last._replace(data=data))
    if at is None:
        text = _(
            "the last event is the room's, not of the hand at table {table}: {event} "
            "(`undo` without --table takes it back)"
        )
    else:
        text = _(
            "the last event is of the hand at table {at}, not at table {table}: "
            "{event} (`undo` without --table takes it back)"
        )
    return text.format(at=at, table=number, event=event)


def place_of(table: Table, name: str) -> tuple[int, int] | None:
    """Where a player sits in the room (table, seat), or None (out, or one table)."""
    if not table.room.active:
        return None
    return table.room.where(name)


def seat_text(seat: int) -> str:
    """A room seat in words: `table 2, seat 7`."""
    number, at = table_and_seat(seat)
    return _("table {table}, seat {seat}").format(table=number, seat=at)


def drawn_text(player: str, seat: int) -> str:
    """What a seat draw says: `anne: table 2, seat 7`."""
    return _("{player}: {place}").format(player=player, place=seat_text(seat))


__all__ = [
    "RULES",
    "balance_move",
    "drawn_text",
    "event_table",
    "is_room",
    "move_dict",
    "place_of",
    "read_room",
    "room_data",
    "rule_words",
    "seat_text",
    "undo_at",
]
