"""Opening the database: plain sqlite3, WAL, a busy timeout, the schema brought up to date.

Three ways to open a file, one per kind of command:

- `READ` (status, stacks, report, export, settle, standings, backup...) never writes: not a
  table, not a journal switch, not a `-wal`/`-shm` left behind, not a folder. A missing or
  empty file reads as an empty database (in memory).
- `WRITE` (the table commands) records events in a file Marquoir made; a missing or empty
  file is not created (the command then finds no session and records nothing).
- `CREATE` (`new`, `import`) may create the file, and the default app folder, not others.

Whatever the mode, a non-empty SQLite file that Marquoir did not create is refused untouched.
"""

from __future__ import annotations

import errno
import os
import sqlite3

from ..domain import MarquoirError, UsageError
from ..domain.i18n import _
from .paths import default_database_path

# How many migrations `migrations.py` defines; a test keeps the two in step. Checking the count
# with plain sqlite3 lets the table commands skip importing sqlite-utils.
# m006: the brelans a showdown read from the cards paid; m007: the log and the summaries by
# the byte; m010: a tournament's chips are no money in the views
MIGRATION_COUNT = 10
BUSY_TIMEOUT_MS = 10_000

READ = "read"
WRITE = "write"
CREATE = "create"

_APPLIED = "SELECT count(*) FROM _sqlite_migrations WHERE migration_set = 'marquoir'"


class DatabaseError(MarquoirError):
    """The database file cannot be used (unreadable, foreign, read-only, or from a newer
    Marquoir)."""


def connect(path: str, *, mode: str = CREATE) -> sqlite3.Connection:
    """Open the database at `path` in autocommit mode, as `mode` allows (see the module).

    Commands open their own transaction with `BEGIN IMMEDIATE`, so two terminals on the same
    file take turns instead of losing an event.
    """
    if not path:
        raise UsageError(_("the database path is empty: give a file name to --db"))
    try:
        if not os.path.exists(path):
            return _missing(path, mode)
        conn = _open(path, mode)
        try:
            applied = _ours(conn, path)
        except BaseException:
            conn.close()
            raise
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseError(
            _("cannot open the database {path}: {error}").format(path=path, error=error)
        ) from error
    if applied > MIGRATION_COUNT:
        conn.close()
        raise DatabaseError(
            _(
                "the database {path} was written by a newer version of Marquoir: upgrade first"
            ).format(path=path)
        )
    if applied == 0 and mode != CREATE:  # an empty file: only `new` turns it into a database
        conn.close()
        return _empty_database()
    if applied < MIGRATION_COUNT:
        if mode == READ:  # an older file of ours: upgrading it is a write
            conn.close()
            reason = unwritable(path)
            if reason is not None:
                raise DatabaseError(
                    _(
                        "{path} was written by an older Marquoir and must be upgraded, but {reason}"
                    ).format(path=path, reason=reason)
                )
            conn = _open(path, WRITE)
        _migrate(conn)
    return conn


def unwritable(path: str) -> str | None:
    """Why `path` (an existing file) cannot be written, or None when it can.

    SQLite in WAL mode writes `-wal` and `-shm` files beside the database, so the folder (and
    those files, when they exist) must be writable too.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if not os.access(path, os.W_OK):
        return _("the file is read-only")
    if not os.access(folder, os.W_OK):
        return _(
            "its folder {folder} is read-only (SQLite writes its -wal and -shm files there)"
        ).format(folder=folder)
    for suffix in ("-wal", "-shm"):
        side = path + suffix
        if os.path.exists(side) and not os.access(side, os.W_OK):
            return _("{side} is read-only").format(side=side)
    return None


def _uri(path: str, query: str) -> str:
    # Characters that end or escape the path part of an SQLite URI; a leading "//" would read
    # as an authority, hence the absolute path after "file://".
    quoted = os.path.abspath(path).replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    if not quoted.startswith("/"):  # Windows: file:///C:/...
        quoted = "/" + quoted.replace("\\", "/")
    return f"file://{quoted}?{query}"


def _open(path: str, mode: str) -> sqlite3.Connection:
    """Connect to an existing file: read-write for writers, read-only for readers."""
    if mode == READ:
        conn = _open_for_reading(path)
    else:
        reason = unwritable(path)
        if reason is not None:
            raise DatabaseError(
                _("cannot write {path}: {reason}; nothing was recorded").format(
                    path=path, reason=reason
                )
            )
        conn = _sqlite(_uri(path, "mode=rw"))
    return conn


def _open_for_reading(path: str) -> sqlite3.Connection:
    """A connection that cannot write the file and leaves nothing behind.

    A `mode=ro` connection to a WAL file must find (or create) the `-shm` and `-wal` files,
    and, unable to checkpoint, it never removes the ones it created: left behind with the
    file's permissions, they block the next writer. So: `mode=ro` when another connection
    has them open already; otherwise, a file nobody may write is read as immutable (no lock,
    no side files), and a writable one through a read-write connection made read-only with
    `query_only`, which removes its side files on closing like any last connection.
    """
    if os.path.exists(path + "-wal"):
        return _sqlite(_uri(path, "mode=ro"))
    if unwritable(path) is not None:
        return _sqlite(_uri(path, "mode=ro&immutable=1"))
    conn = _sqlite(_uri(path, "mode=rw"))
    conn.execute("PRAGMA query_only = 1")
    return conn


def _sqlite(uri: str) -> sqlite3.Connection:
    # (`timeout` is SQLite's busy timeout: the same as `PRAGMA busy_timeout`, one query less)
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    return conn


def _missing(path: str, mode: str) -> sqlite3.Connection:
    """No file at `path`: create it for `new`, else read an empty database."""
    folder = os.path.dirname(os.path.abspath(path))
    is_default = path == default_database_path()
    if not os.path.isdir(folder):
        if not is_default:
            raise DatabaseError(
                _("cannot open the database {path}: no folder {folder}").format(
                    path=path, folder=folder
                )
            )
        if mode != CREATE:
            return _empty_database()
        os.makedirs(folder, exist_ok=True)  # the app folder, on first use
    if mode != CREATE:
        return _empty_database()
    if not os.access(folder, os.W_OK):
        raise DatabaseError(
            _("cannot create {path}: its folder {folder} is read-only").format(
                path=path, folder=folder
            )
        )
    conn = None
    try:
        conn = _sqlite(_uri(path, "mode=rwc"))
        _migrate(conn)
    except (OSError, sqlite3.Error) as error:
        # nothing half-made is left behind: the file and its side files are new, remove them
        if conn is not None:
            conn.close()
        for suffix in ("", "-wal", "-shm", "-journal"):
            # (not contextlib.suppress: contextlib stays off the table commands' imports)
            try:  # noqa: SIM105
                os.remove(path + suffix)
            except FileNotFoundError:
                pass
        raise DatabaseError(
            _("cannot create {path}: {reason}; nothing was written").format(
                path=path, reason=_disk_reason(error)
            )
        ) from None
    return conn


def _disk_reason(error: BaseException) -> str:
    """SQLite's words for a write that failed, as a player can act on them."""
    text = str(error)
    if (isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EFBIG)) or any(
        words in text for words in ("disk is full", "disk I/O error")
    ):
        return _("the disk is full (or a file size limit was reached)")
    return text


def _empty_database() -> sqlite3.Connection:
    """An empty database in memory: what a missing or empty file reads as."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    _migrate(conn)
    return conn


def _ours(conn: sqlite3.Connection, path: str) -> int:
    """How many of Marquoir's migrations the file has (one query, for the table commands);
    refuses a file that holds tables but none of Marquoir's migrations."""
    applied = _applied_migrations(conn)
    if applied == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise DatabaseError(
            _(
                "{path} is not a Marquoir database (it holds tables Marquoir did not create): "
                "left untouched; point --db at another file"
            ).format(path=path)
        )
    return applied


def _applied_migrations(conn: sqlite3.Connection) -> int:
    try:
        row = conn.execute(_APPLIED).fetchone()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return 0
        raise
    return int(row[0])


def _migrate(conn: sqlite3.Connection) -> None:
    from sqlite_utils import Database

    from . import migrations, migrations_later  # noqa: F401  (it registers m009 on)

    # WAL lets readers and one writer work at once; it stays set in the file.
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        if _applied_migrations(conn) < MIGRATION_COUNT:  # another process may have done it
            migrations.apply(Database(conn))
        conn.execute("COMMIT")
    except BaseException:
        # SQLite may have rolled back already (a full disk): the first error is the one to tell
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
