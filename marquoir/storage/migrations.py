"""The schema, as numbered, append-only migrations (sqlite-utils).

Imported only when a database is new or behind: the table commands check the count of
applied migrations with plain sqlite3 and skip this module (sqlite-utils costs ~90 ms to
import).
"""

from __future__ import annotations

import json

from sqlite_utils import Database, Migrations

from ..domain.table import SessionSettings, Table
from . import codec

migrations = Migrations("marquoir")


@migrations()
def m001_sessions_events_snapshots(db: Database) -> None:
    # Why: the first schema. Sessions hold their settings as JSON; events are the append-only
    # log (an undo marks an event undone, it never deletes it); a snapshot of the table is kept
    # after every event that leaves no hand in play, so loading the table costs one snapshot
    # plus the events of the hand in play, whatever the number of hands in the file.
    db.execute(
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            settings TEXT NOT NULL,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX events_session ON events (session_id, undone, id)")
    db.execute(
        """
        CREATE TABLE snapshots (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            event_id INTEGER NOT NULL REFERENCES events(id),
            state TEXT NOT NULL,
            PRIMARY KEY (session_id, event_id)
        )
        """
    )
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def apply(db: Database) -> None:
    """Bring the database to the current schema."""
    migrations.apply(db)


@migrations()
def m002_hands(db: Database) -> None:
    # Why: reports, exports and standings read every hand of a session; replaying the whole
    # log for that would take minutes on 100,000 hands. A finished hand now leaves a summary
    # row (pots, winners, stacks after), written with the event that ended it and removed by
    # undo. Files made before this migration get their rows rebuilt from their events here.
    db.execute(
        """
        CREATE TABLE hands (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER NOT NULL,
            event_id INTEGER NOT NULL REFERENCES events(id),
            summary TEXT NOT NULL,
            PRIMARY KEY (session_id, hand_no)
        )
        """
    )
    db.execute("CREATE INDEX hands_event ON hands (session_id, event_id)")
    for session_id, settings in db.execute("SELECT id, settings FROM sessions").fetchall():
        _rebuild_hands(db, session_id, codec.settings_from_dict(json.loads(settings)))


def _rebuild_hands(db: Database, session_id: int, settings: SessionSettings) -> None:
    table = Table(settings)
    rows = db.execute(
        "SELECT id, kind, data FROM events WHERE session_id = ? AND undone = 0 ORDER BY id",
        [session_id],
    ).fetchall()
    for event_id, kind, data in rows:
        in_hand = table.hand is not None
        event = codec.event_from_record(kind, json.loads(data))
        table.apply(event)
        if table.hand is None and table.last_hand is not None and (in_hand or kind == "deal"):
            summary = codec.hand_summary(table, table.last_hand)
            db.execute(
                "INSERT INTO hands (session_id, hand_no, event_id, summary) VALUES (?, ?, ?, ?)",
                [session_id, table.hand_no, event_id, codec.dumps(summary)],
            )
