"""What the reports add up, asked of SQLite over the readable views (docs/design.md).

Read-only queries for `report` and `standings`: each player's result in every session (the
`players_now` view), the hands each was dealt in, the pots each won (`hand_results`), the
caves, recaves and cash-outs (`ledger`). SQLite does the counting and the JSON work; Python
gets one row per player or per move, not one object per hand, so a session of 100,000 hands
and a file of 1,000 sessions are read in well under a second.
"""

from __future__ import annotations

import sqlite3

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
