"""The commands of a tournament played at several tables: `out`, `move`, `balance`, and
what the room says after each bust (a table broken, the final table drawn, a table to
balance, each with the rule it follows).

Imported only by these commands and at a bust in a room: the table verbs never load it.
"""

from __future__ import annotations

from ..app import table as tables
from ..app.books import Books
from ..app.room import balance_move, move_dict, room_data, rule_words
from ..domain import UsageError
from ..domain.i18n import _, follow_session, number
from ..domain.table import Table
from ..domain.table_room import table_and_seat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..domain.tournament.seating import Move


def parse_place(text: str) -> tuple[int, int]:
    """`2:7` -> (2, 7): a table and a seat (a usage error otherwise)."""
    table, sep, seat = text.partition(":")
    if not (sep and table.isascii() and table.isdigit() and seat.isascii() and seat.isdigit()):
        raise UsageError(_("a seat is TABLE:SEAT, e.g. 2:7 (got {text!r})").format(text=text[:20]))
    return int(table), int(seat)


def drawn_lines(moves: list[Move]) -> list[str]:
    """The seats a bust drew: a table broken, or the final table."""
    lines: list[str] = []
    for why in ("break", "final"):
        made = [m for m in moves if m.why == why]
        if not made:
            continue
        if why == "break":
            for source in sorted({m.source for m in made}):
                lines.append(
                    _(
                        "table {table} breaks: the players left fit on one table fewer, the "
                        "highest-numbered table breaks, its players draw new seats "
                        "({rule})"
                    ).format(table=source, rule=rule_words("break"))
                )
        else:
            lines.append(
                _("final table: everyone left draws a seat at table 1 ({rule})").format(
                    rule=rule_words("final")
                )
            )
        for move in sorted(made, key=lambda m: (m.table, m.seat or 0)):
            lines.append(
                _("  {player}: table {table}, seat {seat} (from table {source})").format(
                    player=move.player, table=move.table, seat=move.seat, source=move.source
                )
            )
    return lines


def balance_lines(table: Table) -> list[str]:
    """The move that balances the tables (TDA 2024 rule 11), or that they are balanced."""
    move = balance_move(table)
    layout = table.room.layout()
    counts = ", ".join(
        _("table {table}: {count}").format(table=t, count=layout.count(t))
        for t in sorted(layout.tables)
    )
    if move is None:
        return [_("the tables are balanced ({counts})").format(counts=counts)]
    head = _(
        "table {source} must give a player to table {short} ({counts}): the tables may differ "
        "by one player at most ({rule})"
    ).format(source=move.source, short=move.table, counts=counts, rule=rule_words("balance", "A"))
    where = table.room.where(move.player) if move.player is not None else None
    if where is not None and move.seat is not None:
        how = _(
            "{player} ({source}:{seat_from}), big blind next there, moves to the worst position "
            "at table {table}, seat {seat}: `move {player} {table}:{seat}`"
        ).format(
            player=move.player,
            source=where[0],
            seat_from=where[1],
            table=move.table,
            seat=move.seat,
        )
    elif where is not None:
        how = _(
            "{player} ({source}:{seat_from}), big blind next there, moves to the worst position "
            "at table {table} (the seat that would be big blind next, never the small blind): "
            "`move {player} {table}:SEAT`"
        ).format(player=move.player, source=where[0], seat_from=where[1], table=move.table)
    else:
        how = _(
            "the player who would be big blind next at table {source} moves to the worst "
            "position at table {table} (the seat that would be big blind next, never the "
            "small blind): `move PLAYER {table}:SEAT`"
        ).format(source=move.source, table=move.table)
    return [head, how]


def status_room_lines(table: Table) -> list[str]:
    """`status` in a room: the tables in play with their players, and the move that
    balances them when one is due."""
    layout = table.room.layout()
    counts = ", ".join(
        _("table {table}: {count}").format(table=t, count=layout.count(t))
        for t in sorted(layout.tables)
    )
    lines = [_("tables in play: {counts}").format(counts=counts)]
    at = table.room.hand_table()
    if at is not None:
        lines.append(_("the hand in play is at table {table}").format(table=at))
    if balance_move(table) is not None:
        lines.extend(balance_lines(table))
    return lines


def room_lines(table: Table, *, busts: bool) -> list[str]:
    """After a bust: the seats it drew (a table broken, the final table), then the move
    that balances the tables, if one is due."""
    lines = drawn_lines(table.room.last_moves) if busts else []
    state = table.director.state
    alive = [e for e in state.entries if not e.busted] if state is not None else []
    if len(alive) > 1 and len(table.room.tables) > 1:
        move = balance_move(table)
        if move is not None:
            lines.extend(balance_lines(table))
    return lines


def out(db: Books, player: str, *, by: str | None) -> None:
    """`out PLAYER [--by PLAYER]`: a bust at a table whose hands are not recorded."""
    outcome = tables.execute(db, lambda table: table.room.out_event(player, by or ""))
    name = getattr(outcome.event, "player")  # noqa: B009 (a player event)
    print("\n".join(bust_lines_after_out(outcome.table, name)))


def bust_lines_after_out(table: Table, name: str) -> list[str]:
    """The bust `out` recorded: his place (provisional while entries are open), who busted
    him, the winner when one is left; then what the room does."""
    state = table.director.state
    assert state is not None
    entry = state.entries[max(i for i, e in enumerate(state.entries) if e.player == name)]
    places = {p.entry: p.place for p in state.places()}
    lines = []
    by = ", ".join(entry.eliminators)
    if not entry.out:
        text = _("{player} has no chips: out unless a rebuy comes before the next deal")
        lines.append(text.format(player=entry.label))
    elif table.director.entries_open():
        text = _("{player} is out (place {place} for now: entries are still open)")
        lines.append(text.format(player=entry.label, place=places[entry.label]))
    else:
        text = _("{player} is out in place {place}")
        lines.append(text.format(player=entry.label, place=places[entry.label]))
    if by:
        lines.append(_("knocked out by {players}").format(players=by))
    alive = [e for e in state.entries if not e.busted]
    if len(alive) == 1:
        lines.append(_("{player} wins the tournament").format(player=alive[0].label))
    lines.extend(room_lines(table, busts=True))
    return lines


def move(db: Books, player: str, where: str) -> None:
    """`move PLAYER T:S`: the player takes that seat (balancing, or the director's
    choice)."""
    number_, seat = parse_place(where)
    outcome = tables.execute(db, lambda table: table.room.move_event(player, number_, seat))
    name = getattr(outcome.event, "player")  # noqa: B009 (a player event)
    at, seat_at = table_and_seat(outcome.table.accounts[name].seat)
    print(
        _("{player} moves to table {table}, seat {seat}").format(
            player=name, table=at, seat=seat_at
        )
    )
    lines = room_lines(outcome.table, busts=False)
    if lines:
        print("\n".join(lines))


def balance(db: Books, *, json_output: bool) -> None:
    """`balance [--json]`: the tables, and the move that balances them (if any)."""
    session, table = tables.read(db)
    follow_session(table.settings.lang)
    table.room.settings()  # (refused outside a tournament of several tables)
    if json_output:
        data: dict[str, Any] = {"version": 1, "session": session.name, **room_data(table)}
        _print_data_of(data)
        return
    print("\n".join([*table_lines(table), *balance_lines(table)]))


def button_lines(table: Table, name: str) -> list[str]:
    """After `button PLAYER` in a room: the table whose next button it sets, then the
    balancing move if one is due (it may name its player now)."""
    number_, seat = table_and_seat(table.accounts[name].seat)
    said = _("the next hand at table {table} puts the button on {player} (seat {seat})")
    lines = [said.format(table=number_, player=name, seat=seat)]
    if balance_move(table) is not None:
        lines.extend(balance_lines(table))
    return lines


def _print_data_of(data: dict[str, Any]) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def table_lines(table: Table) -> list[str]:
    """Each table in play: its players by seat, with their stacks."""
    data = room_data(table)
    lines = []
    for row in data["tables"]:
        players = ", ".join(
            f"{p['seat']}. {p['name']} {number(p['stack'])}" for p in row["players"]
        )
        lines.append(
            _("table {table} ({count}/{seats}): {players}").format(
                table=row["table"],
                count=len(row["players"]),
                seats=row["seats"],
                players=players or "-",
            )
        )
    return lines


__all__ = [
    "balance",
    "button_lines",
    "move",
    "move_dict",
    "out",
    "parse_place",
    "room_lines",
    "table_lines",
]
