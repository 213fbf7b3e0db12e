"""m002: a summary row for each finished hand."""

from __future__ import annotations

from sqlite_utils import Database

# The `meta` key that asks for the hand rows to be rebuilt from the log once the schema is up
# to date (see `migrations.apply`).
REBUILD_HANDS = "rebuild_hands"


def migrate(db: Database) -> None:
    """Create `hands`; ask for its rows to be rebuilt from the log."""
    # Why: reports, exports and standings read every hand of a session; replaying the whole
    # log for that would take minutes on 100,000 hands. A finished hand now leaves a summary
    # row (pots, winners, stacks after), written with the event that ended it and removed by
    # undo. The rows of a file made before this migration are not computed here: that needs
    # the rules of the game, which a migration must not take from today's code (it would do
    # something else whenever they change). The migration only asks for them (`meta`); once
    # the last migration has run, today's code replays the log and writes them in today's
    # form, as `verify` rebuilds them.
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
    if db.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None:
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", [REBUILD_HANDS])
