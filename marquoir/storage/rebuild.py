"""The hand rows of a file rebuilt from its log with today's rules (after an upgrade from a
file made before it kept them: migration m002 asks for it, since a migration may not use
the rules itself)."""

from __future__ import annotations

import json
import sqlite3

from ..domain.table import Table
from . import codec, summaries


def hand_rows(conn: sqlite3.Connection) -> None:
    """Replace every session's hand rows by those its log gives (within the caller's
    transaction)."""
    sessions = conn.execute("SELECT id, settings FROM sessions").fetchall()
    for session_id, text in sessions:
        conn.execute("DELETE FROM hands WHERE session_id = ?", (session_id,))
        settings = codec.settings_from_dict(json.loads(text))
        table = Table(settings)
        rows = conn.execute(
            "SELECT id, kind, data FROM events WHERE session_id = ? AND undone = 0 ORDER BY id",
            (session_id,),
        ).fetchall()
        for event_id, kind, data in rows:
            playing = table.hand is not None or kind == "deal"
            for event in codec.events_from_record(kind, json.loads(data), table):
                table.apply(event)
            if playing and table.hand is None and table.last_hand is not None:
                summary = summaries.hand_summary(table, table.last_hand)
                conn.execute(
                    "INSERT INTO hands (session_id, hand_no, event_id, summary)"
                    " VALUES (?, ?, ?, ?)",
                    (
                        session_id,
                        table.hand_no,
                        event_id,
                        codec.dumps(summaries.compact_summary(summary, settings)),
                    ),
                )
