"""The log as rows, a hand's `bets` row (`import phh`) read as the action rows it holds:
what the log said before a hand's actions could be one row."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from marquoir.storage import codec


def unpacked(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """The rows of `sql`, whose first three columns are the session's id, the hand number,
    the kind and the data (the others follow as they are), each `bets` row replaced by an
    `action` row for each of its actions (their players named from the hand's summary);
    the rows without the session's id."""
    rows = []
    for session_id, hand_no, kind, data, *rest in conn.execute(sql, params).fetchall():
        if kind != codec.BETS:
            rows.append((hand_no, kind, data, *rest))
            continue
        (summary,) = conn.execute(
            "SELECT summary FROM hands WHERE session_id = ? AND hand_no = ?",
            (session_id, hand_no),
        ).fetchone()
        players = json.loads(summary)[0]
        for action in codec.unpack_bets(json.loads(data), players):
            rows.append((hand_no, "action", codec.dumps(action), *rest))
    return rows


def packed_events(then: list[list[Any]]) -> list[list[Any]]:
    """Rows of the `actions` view written before m013, each action's `event` (its last
    column) as m013 leaves it when it writes the hand's actions as one `bets` row: the id of
    the hand's last action (the row that holds them); the other columns as they were."""
    last: dict[tuple[Any, Any], Any] = {}
    for row in then:
        last[row[0], row[2]] = max(last.get((row[0], row[2]), row[-1]), row[-1])
    return [[*row[:-1], last[row[0], row[2]]] for row in then]


def same_actions(now: list[list[Any]], then: list[list[Any]]) -> bool:
    """Whether the `actions` view reads now what it read before m013: the same rows, each
    action's `event` its own as then, or the id of its hand's last action (`packed_events`)
    when m013 wrote the hand's actions as one row."""
    if len(now) != len(then):
        return False
    packed = packed_events(then)
    return all(
        a[:-1] == b[:-1] and a[-1] in (b[-1], c[-1])
        for a, b, c in zip(now, then, packed, strict=True)
    )
