"""What the reports add up, asked of SQLite over the readable views (docs/design.md).

Read-only queries for `report` and `standings`: each player's result in every session (the
`players_now` view), the hands each was dealt in, the pots each won (`hand_results`), the
caves, recaves and cash-outs (`ledger`). SQLite does the counting and the JSON work; Python
gets one row per player or per move, not one object per hand, so a session of 100,000 hands
and a file of 1,000 sessions are read in well under a second.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from ..domain.records import Record


class SessionRow(Record):
    """A session as `standings` needs it: no settings parsed, the chip value as stored."""

    id: int
    name: str
    created_at: str
    currency: str
    chip_value: object  # the stored text ("0.10"), as the session's settings hold it


def session_rows(conn: sqlite3.Connection) -> list[SessionRow]:
    """Every session of the file, oldest first."""
    rows = conn.execute(
        "SELECT id, name, created_at, json_extract(settings, '$.currency'), "
        "json_extract(settings, '$.chip_value') FROM sessions ORDER BY id"
    )
    return [SessionRow(*row) for row in rows]


class ResultRow(Record):
    """A player's chips won or lost in a session, as its last snapshot leaves him."""

    session: str
    player: str
    result: int
    hand_in_play: bool  # the snapshot is from before the hand in play: not final


def results_now(conn: sqlite3.Connection) -> list[ResultRow]:
    """Every player of every session, from the `players_now` view."""
    rows = conn.execute("SELECT session, player, result, hand_in_play FROM players_now")
    return [ResultRow(row[0], row[1], int(row[2]), bool(row[3])) for row in rows]


def hands_dealt(conn: sqlite3.Connection, session_ids: list[int]) -> dict[str, int]:
    """How many finished hands each player was dealt in, over these sessions."""
    rows = conn.execute(
        "SELECT p.value, count(*) FROM hands h, json_each(h.summary, '$.players') p "
        "WHERE h.session_id IN (SELECT value FROM json_each(?)) GROUP BY p.value",
        (_ids(session_ids),),
    )
    return {str(name): int(count) for name, count in rows}


def _ids(session_ids: list[int]) -> str:
    return "[" + ",".join(str(int(i)) for i in session_ids) + "]"


# -- one session's report ----------------------------------------------------------------


def hand_count(conn: sqlite3.Connection, session_id: int) -> int:
    """How many hands of the session are finished."""
    row = conn.execute("SELECT count(*) FROM hands WHERE session_id = ?", (session_id,))
    return int(row.fetchone()[0])


def last_hand(conn: sqlite3.Connection, session_id: int) -> int:
    """The number of the session's last finished hand (0: none)."""
    row = conn.execute("SELECT max(hand_no) FROM hands WHERE session_id = ?", (session_id,))
    return int(row.fetchone()[0] or 0)


def pot_wins(conn: sqlite3.Connection, session: str) -> dict[str, tuple[int, int]]:
    """Per player: the hands in which he took chips from the pots, and the most he took in
    one hand (the `hand_results` view, added up by hand)."""
    rows = conn.execute(
        "SELECT player, count(*), max(taken) FROM ("
        " SELECT hand, player, sum(won) AS taken FROM hand_results WHERE session = ?"
        " GROUP BY hand, player) WHERE taken > 0 GROUP BY player",
        (session,),
    )
    return {str(name): (int(won), int(biggest)) for name, won, biggest in rows}


def chip_moves(conn: sqlite3.Connection, session_id: int) -> list[tuple[int, str, str, int]]:
    """The caves, recaves and cash-outs of the session in the order recorded, each with the
    number of the last hand dealt before it: (after_hand, player, kind, chips), kind "cave",
    "recave" or "leave", the chips brought or taken away (a `leave --all` names everyone it
    cashed out). Read from the session's events on their index, not from the `ledger`
    view, which goes through every session's events once per kind of line (1.8 s for a
    session of 100,000 hands, against 0.2 s)."""
    rows = conn.execute(
        # (the deals too, for their number only: one pass on the events' index)
        "SELECT kind, hand_no, CASE kind WHEN 'deal' THEN NULL ELSE data END FROM events"
        " WHERE session_id = ? AND undone = 0"
        " AND kind IN ('deal', 'seat', 'recave', 'leave', 'leave-all') ORDER BY id",
        (session_id,),
    )
    moves: list[tuple[int, str, str, int]] = []
    kinds = {"seat": "cave", "recave": "recave", "leave": "leave"}
    hand = 0
    for kind, number, text in rows:
        if kind == "deal":
            hand = int(number)
            continue
        data = json.loads(text)
        if kind == "leave-all":
            moves.extend((hand, name, "leave", int(chips)) for name, chips in data["leaves"])
        else:
            moves.append((hand, data["player"], kinds[kind], int(data["chips"])))
    return moves


# -- the hand log, row by row --------------------------------------------------------------

# What Markdown would read as formatting (reports/render.py `md_escape`), escaped by SQLite:
# the backslash first, so that the others' backslashes are not doubled.
_MD_SPECIAL = "\\`*_[]<>|~&"


def _escaped(expr: str, markdown: bool) -> str:
    if not markdown:
        return expr
    for char in _MD_SPECIAL:
        quoted = char.replace("'", "''")
        expr = f"replace({expr}, '{quoted}', '\\{quoted}')"
    return expr


def _shares(field: str, markdown: bool) -> str:
    """ "alice 13, bob 12": a pot's shares (or one half's) as the hand log writes them."""
    name = _escaped("json_extract(s.value, '$[0]')", markdown)
    return (
        f"coalesce((SELECT group_concat({name} || ' ' || json_extract(s.value, '$[1]'), ', ')"
        f" FROM json_each(pot.value, '$.{field}') s), '')"
    )


def _pot_lines_sql(markdown: bool) -> str:
    """One row per pot of each finished hand, or one for a void deal (no pot): hand,
    whether it is the hand's first row, button, forced bets (JSON, NULL: the session's),
    pot, chips, winners: the cells of the report's hand log but the stakes."""
    return f"""
        SELECT h.hand_no AS hand, pot.key IS NULL OR pot.key = 0 AS first,
               {_escaped("json_extract(h.summary, '$.button')", markdown)} AS button,
               json_extract(h.summary, '$.schedule') AS schedule,
               CASE WHEN pot.key IS NULL THEN 'void'
                    ELSE {_escaped("json_extract(pot.value, '$.name')", markdown)} END AS pot,
               CASE WHEN pot.key IS NULL THEN coalesce(json_extract(h.summary, '$.carry'), 0)
                    ELSE json_extract(pot.value, '$.amount') END AS chips,
               CASE WHEN pot.key IS NULL THEN 'next deal'
                    WHEN json_array_length(pot.value, '$.low') > 0
                    THEN 'high ' || {_shares("high", markdown)}
                         || ' / low ' || {_shares("low", markdown)}
                    ELSE {_shares("shares", markdown)}
                         || CASE WHEN json_extract(h.summary, '$.by_fold')
                                 THEN ' (others folded)' ELSE '' END
               END AS winners
        FROM hands h LEFT JOIN json_each(h.summary, '$.pots') pot
        WHERE h.session_id = ?
    """


def pot_lines(
    conn: sqlite3.Connection, session_id: int, *, markdown: bool = False
) -> Iterator[tuple[int, int, str, str | None, str, int, str]]:
    """The hand log's rows, in order, read as they go (`markdown`: names escaped)."""
    return iter(conn.execute(_pot_lines_sql(markdown) + " ORDER BY h.hand_no", (session_id,)))


def pot_widths(conn: sqlite3.Connection, session_id: int, *, markdown: bool = False) -> list[int]:
    """The longest hand number, button, pot, chips and winners of the hand log."""
    row = conn.execute(
        "SELECT max(length(hand)), max(length(button)), max(length(pot)), "
        f"max(length(chips)), max(length(winners)) FROM ({_pot_lines_sql(markdown)})",
        (session_id,),
    ).fetchone()
    return [int(width or 0) for width in row]


def pot_texts(conn: sqlite3.Connection, session_id: int) -> list[str]:
    """Every name and pot name that the hand log writes (whether each is printable decides
    how its tables are drawn)."""
    rows = conn.execute(
        "SELECT DISTINCT json_extract(h.summary, '$.button') FROM hands h "
        "WHERE h.session_id = ?1 UNION "
        "SELECT DISTINCT json_extract(pot.value, '$.name') FROM hands h, "
        "json_each(h.summary, '$.pots') pot WHERE h.session_id = ?1",
        (session_id,),
    )
    return [str(row[0]) for row in rows if row[0] is not None]


def schedule_runs(conn: sqlite3.Connection, session_id: int) -> list[tuple[str | None, int, int]]:
    """The hands' forced bets as runs of consecutive hands: (schedule JSON or NULL for the
    session's own, first hand, last hand), in order."""
    rows = conn.execute(
        """
        SELECT schedule, min(hand_no), max(hand_no) FROM (
            SELECT hand_no, json_extract(summary, '$.schedule') AS schedule,
                   row_number() OVER (ORDER BY hand_no)
                   - row_number() OVER (PARTITION BY json_extract(summary, '$.schedule')
                                        ORDER BY hand_no) AS run
            FROM hands WHERE session_id = ?)
        GROUP BY schedule, run ORDER BY 2
        """,
        (session_id,),
    )
    return [(row[0], int(row[1]), int(row[2])) for row in rows]


def _stack_path(name: str) -> str | None:
    """The JSON path of a player's stack in a summary, or None when his name cannot be
    written in one."""
    return None if '"' in name or "\\" in name else f'$.stacks."{name}"'


def stack_lines(
    conn: sqlite3.Connection, session_id: int, names: list[str]
) -> Iterator[tuple[Any, ...]] | None:
    """Per finished hand, in order: its number, then each player's stack after it (None:
    not at the table); None when a name cannot be looked up in SQL."""
    paths = [_stack_path(name) for name in names]
    if None in paths:
        return None
    columns = "".join(", json_extract(summary, ?)" for _ in names)
    return iter(
        conn.execute(
            f"SELECT hand_no{columns} FROM hands WHERE session_id = ? ORDER BY hand_no",
            (*paths, session_id),
        )
    )


def stack_widths(
    conn: sqlite3.Connection, session_id: int, names: list[str], skipped: list[int]
) -> tuple[list[int], bool] | None:
    """The longest hand number and stack of each player over the hands but the `skipped`
    ones, and whether the stacks name nobody else; None when a name cannot be looked up."""
    paths = [_stack_path(name) for name in names]
    if None in paths:
        return None
    columns = "".join(", max(length(json_extract(summary, ?)))" for _ in names)
    counted = "".join(" + (json_extract(summary, ?) IS NOT NULL)" for _ in names)
    row = conn.execute(
        f"SELECT max(length(hand_no)){columns}, "
        f"sum((SELECT count(*) FROM json_each(summary, '$.stacks')) - (0{counted})) "
        "FROM hands WHERE session_id = ? AND hand_no NOT IN (SELECT value FROM json_each(?))",
        (*paths, *paths, session_id, _ids(skipped)),
    ).fetchone()
    return [int(width or 0) for width in row[:-1]], not row[-1]
