"""m001: sessions, the event log, snapshots and meta."""

from __future__ import annotations

from sqlite_utils import Database


def migrate(db: Database) -> None:
    """Create the first tables."""
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
