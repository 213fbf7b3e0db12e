"""What `standings` and the reports ask of SQLite, read-only.

`standings` adds up in SQL: each player's result in every session from the `players_now`
view (docs/design.md, the readable views), the hands each was dealt in counted over the
summaries; no table is loaded, no hand read in Python. A report reads its hands once in
Python instead (reports/scan.py says why); it asks here for the hand count and the chip
moves of its chart.
"""

from __future__ import annotations

import json
import sqlite3

from ..domain.records import Record


class SessionRow(Record):
    """A session as `standings` needs it: no settings parsed, the chip value as stored."""

    id: int
    name: str
    created_at: str
    currency: str
    chip_value: object  # the stored text ("0.10"), as the session's settings hold it
    tournament: bool  # a tournament: its result is its prizes, its points the league's
    uid: str  # what names the session in every copy of the file (see `identity`)
    lang: str = ""  # the language it was created in (`new --lang fr`), "" if none

    @property
    def identity(self) -> str:
        """What tells this session from any other, in whatever file it is found: the random
        `uid` it was created with; a session written before there were any (or imported from
        hand histories) is known by its name and creation second, which a copy keeps too."""
        return self.uid or f"{self.name}@{self.created_at}"


def session_rows(conn: sqlite3.Connection) -> list[SessionRow]:
    """Every session of the file, oldest first."""
    rows = conn.execute(
        "SELECT id, name, created_at, json_extract(settings, '$.currency'), "
        "json_extract(settings, '$.chip_value'), "
        "coalesce(json_type(settings, '$.tournament'), 'null') != 'null', "
        "coalesce(json_extract(settings, '$.uid'), ''), "
        "coalesce(json_extract(settings, '$.lang'), '') "
        "FROM sessions ORDER BY id"
    )
    return [
        SessionRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]), str(r[6]), str(r[7])) for r in rows
    ]


def absorbed_sessions(conn: sqlite3.Connection) -> set[str]:
    """The sessions whose settlement recorded who absorbed a count that did not balance
    (`settle --missing`), read from each session's last snapshot (reopened: no longer)."""
    rows = conn.execute(
        "SELECT s.name FROM sessions s JOIN snapshots p ON p.session_id = s.id AND "
        "p.event_id = (SELECT max(event_id) FROM snapshots WHERE session_id = s.id) "
        "WHERE json_extract(p.state, '$.absorbed') IS NOT NULL"
    )
    return {row[0] for row in rows}


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
        "SELECT p.value, count(*) FROM hands h, json_each(h.summary, '$[0]') p "
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


def chip_moves(conn: sqlite3.Connection, session_id: int) -> list[tuple[int, str, str, int]]:
    """The caves, recaves and cash-outs of the session in the order recorded, each with the
    number of the last hand dealt before it: (after_hand, player, kind, chips), kind "cave",
    "recave" or "leave", the chips brought or taken away (a tournament's rebuys, add-ons and
    re-entries are marked as recaves are) (a `leave --all` names everyone it
    cashed out). Read from the session's events in one pass, not from the `ledger`
    view, which goes through every session's events once per kind of line (1.8 s for a
    session of 100,000 hands, against 0.2 s)."""
    rows = conn.execute(
        # (the deals too, for their number only: the same pass over the events)
        # (the kind tested first: it rules out most events, the actions, before SQLite reads
        # their other columns; 0.18 s for 1.25 million events, against 0.24 s)
        "SELECT kind, hand_no, CASE kind WHEN 'deal' THEN NULL ELSE data END FROM events"
        " WHERE kind IN ('deal', 'seat', 'recave', 'rebuy', 'addon', 'reenter', 'leave',"
        " 'leave-all') AND session_id = ? AND undone = 0 ORDER BY id",
        (session_id,),
    )
    moves: list[tuple[int, str, str, int]] = []
    kinds = {"seat": "cave", "leave": "leave"}
    hand = 0
    for kind, number, text in rows:
        if kind == "deal":
            hand = int(number)
            continue
        data = json.loads(text)
        if kind == "leave-all":
            moves.extend((hand, name, "leave", int(chips)) for name, chips in data["leaves"])
        elif type(data) is list:  # a first seat [player, seat, chips], a departure or a
            # recave [player, chips]
            moves.append((hand, data[0], kinds.get(kind, "recave"), int(data[-1])))
        else:
            moves.append((hand, data["player"], kinds.get(kind, "recave"), int(data["chips"])))
    return moves
