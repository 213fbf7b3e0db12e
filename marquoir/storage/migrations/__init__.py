"""The schema, as numbered, append-only migrations: one module each, `mNNN_what.py`.

The version is the number in the module's name, and the newest one is found from the names
(`LATEST`), so no count is kept by hand. Each module has a `migrate(db)` that states whole
what it creates (a view it changes is written out in full, never derived from an older
one's text) and a comment saying why. A migration holds no game data and calls no domain
code: it does the same to a file whatever the rules later become. What needs today's code
comes after the last migration (`apply`): the games' `streets` rows, and the hand rows of a
file made before there were any.

Importing this package is cheap (a folder listing): the table commands compare `LATEST` with
the file's count of applied migrations and import sqlite-utils (~90 ms) only to upgrade.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sqlite_utils import Database, Migrations

SET = "marquoir"


def names() -> list[str]:
    """The migrations' names (their modules', `mNNN_what`), in the order of their numbers."""
    # (plain string tests, not `re`: this runs on every table command, which never loads it)
    found = [
        name[:-3]
        for name in os.listdir(os.path.dirname(__file__))
        if name.startswith("m")
        and name[1:4].isdigit()
        and name[4:5] == "_"
        and name.endswith(".py")
    ]
    return sorted(found, key=lambda name: int(name[1:4]))


LATEST = len(names())


def registry() -> Migrations:
    """The migrations as sqlite-utils applies them, each under its module's name (the name a
    file records once it is applied)."""
    import importlib

    from sqlite_utils import Migrations

    migrations = Migrations(SET)
    for name in names():
        module = importlib.import_module(f"{__name__}.{name}")
        migrations(name=name)(module.migrate)
    return migrations


def apply(db: Database) -> None:
    """Bring the database to the current schema, then write what needs today's code."""
    from .. import game_data, rebuild
    from .m002_hands import REBUILD_HANDS

    registry().apply(db)
    conn = db.conn
    for (game,) in conn.execute(
        "SELECT DISTINCT json_extract(settings, '$.table.game') FROM sessions"
    ).fetchall():
        game_data.ensure_streets(conn, game)  # (a new session writes its game's: see Ledger)
    if conn.execute("SELECT 1 FROM meta WHERE key = ?", (REBUILD_HANDS,)).fetchone():
        rebuild.hand_rows(conn)
        conn.execute("DELETE FROM meta WHERE key = ?", (REBUILD_HANDS,))
