"""`status --table T` in a room of several tables: table T's players by seat, and the hand
in play when it is at T (one hand is played at a time in the room).

Imported only by `status --table`: the table verbs never load it.
"""

from __future__ import annotations

from ..app import table as tables
from ..app.books import Books
from ..domain.i18n import _, follow_session, number, street
from ..domain.table import Table
from . import render

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def status_table(db: Books, number_: int, *, json_output: bool) -> None:
    """`status --table T`: table T's players by seat, and the hand in play if it is
    there (refused outside a room, or for a table not in play)."""
    session, table = tables.read(db)
    follow_session(table.settings.lang)
    table.room.settings()  # (refused outside a tournament of several tables)
    names = set(table.room.players_at(number_))  # (refused: a table not in play)
    at = table.room.hand_table()
    players = [
        p for p in render.status_players(table) if p["name"] in names and p.get("table") == number_
    ]
    if json_output:
        _print_table_data(session.name, table, number_, players, at)
    else:
        print(_table_text(session.name, table, number_, players, at))


def _table_text(
    session: str, table: Table, number_: int, players: list[dict[str, Any]], at: int | None
) -> str:
    """Table T's players as `status` shows the table, its hand when the hand in play is
    there, else where the hand in play is or what comes next at T."""
    hand = table.hand if at == number_ else None
    head = _("session {session} | table {table} ({count}/{seats})").format(
        session=session,
        table=number_,
        count=len(players),
        seats=table.room.layout().seats_at(number_),
    )
    if hand is not None:
        head += _(" | hand {number} {street}").format(
            number=table.hand_no, street=street(hand.street)
        )
    head += _(" | level {level}").format(level=table.director.level)
    rows = [[_("seat"), _("player"), _("stack"), _("bet"), ""]]
    for entry in players:
        row = [str(entry["seat"]), entry["name"], number(entry["stack"]), number(entry["bet"])]
        rows.append([*row, entry["note"]])
    lines = [head, render.columns(rows)]
    if hand is not None:
        lines.extend([render.describe_pot(hand), render.next_step(table)])
    elif at is not None:
        lines.append(
            _("the hand in play is at table {at}: table {table} deals when it is over").format(
                at=at, table=number_
            )
        )
    else:
        lines.append(
            _("next at table {table}: deal --table {table}, or `out PLAYER` for a bust").format(
                table=number_
            )
        )
    return "\n".join(lines)


def _print_table_data(
    session: str, table: Table, number_: int, players: list[dict[str, Any]], at: int | None
) -> None:
    """`status --table T --json`: `status --json`'s keys, its players those of table T and
    its hand the hand in play only if it is at T; `table` (T) and `hand_at` (the table of
    the hand in play, or null) added, the whole room (`room`) left to `status --json`."""
    import json

    data = render.status_dict(session, table)
    data.pop("room", None)
    for entry in players:
        del entry["note"]
    data["players"] = players
    data["table"] = number_
    data["hand_at"] = at
    if at != number_:  # (the hand in play is another table's)
        data.update(
            in_hand=False,
            street=None,
            phase=None,
            button=None,
            to_act=None,
            fines={},
            pots=[],
            pot=0,
            legal=None,
        )
    print(json.dumps(data, indent=2, ensure_ascii=False))


__all__ = ["status_table"]
