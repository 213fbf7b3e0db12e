"""Opening the database: plain sqlite3, WAL, a busy timeout, the schema brought up to date."""

from __future__ import annotations

import os
import sqlite3

from ..domain import MarquoirError

# How many migrations `migrations.py` defines; a test keeps the two in step. Checking the count
# with plain sqlite3 lets the table commands skip importing sqlite-utils.
MIGRATION_COUNT = 3  # m003: the readable views (ledger, actions, ...)
BUSY_TIMEOUT_MS = 10_000


class DatabaseError(MarquoirError):
    """The database file cannot be used (unreadable, or written by a newer Marquoir)."""


def connect(path: str) -> sqlite3.Connection:
    """Open (creating if needed) the database at `path`, in autocommit mode.

    Commands open their own transaction with `BEGIN IMMEDIATE`, so two terminals on the same
    file take turns instead of losing an event.
    """
    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        applied = _applied_migrations(conn)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseError(f"cannot open the database {path}: {error}") from error
    if applied > MIGRATION_COUNT:
        raise DatabaseError(
            f"the database {path} was written by a newer version of Marquoir: upgrade first"
        )
    if applied < MIGRATION_COUNT:
        _migrate(conn)
    return conn


def _applied_migrations(conn: sqlite3.Connection) -> int:
    try:
        row = conn.execute(
            "SELECT count(*) FROM _sqlite_migrations WHERE migration_set = 'marquoir'"
        ).fetchone()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return 0
        raise
    return int(row[0])


def _migrate(conn: sqlite3.Connection) -> None:
    from sqlite_utils import Database

    from . import migrations

    # WAL lets readers and one writer work at once; it stays set in the file.
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        if _applied_migrations(conn) < MIGRATION_COUNT:  # another process may have done it
            migrations.apply(Database(conn))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
