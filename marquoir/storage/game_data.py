"""The games' data a database file keeps, written from the games' registry, not by
migrations: the `streets` table (each game's betting rounds by number, which the views use to
name an action's street).

A game added to the registry (`domain/games/__init__.py`) thus needs no migration: its rows
are written when a file is made or upgraded (`write_streets`, every game), and when a
session of that game starts (`ensure_streets`, one look-up: the table commands never pay
for it).
"""

from __future__ import annotations

from ..domain.games import GAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3


def streets_rows(game: str) -> list[tuple[str, int, str]]:
    """The `streets` rows of a game: (game, number, name), numbered from 0."""
    return [(str(game), number, name) for number, name in enumerate(GAMES[game].streets)]


def write_streets(conn: sqlite3.Connection) -> None:
    """Write the streets of every registered game, those already there replaced (within the
    caller's transaction)."""
    for game in GAMES:
        _replace(conn, game)


def ensure_streets(conn: sqlite3.Connection, game: str) -> None:
    """Write the streets of `game` unless the file already has them as the game declares."""
    have = conn.execute(
        "SELECT game, number, name FROM streets WHERE game = ? ORDER BY number", (str(game),)
    ).fetchall()
    if [tuple(row) for row in have] != streets_rows(game):
        _replace(conn, game)


def _replace(conn: sqlite3.Connection, game: str) -> None:
    conn.execute("DELETE FROM streets WHERE game = ?", (str(game),))
    conn.executemany(
        "INSERT INTO streets (game, number, name) VALUES (?, ?, ?)", streets_rows(game)
    )


__all__ = ["ensure_streets", "streets_rows", "write_streets"]
