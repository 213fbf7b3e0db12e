"""The table commands: each opens the books, runs one rule of the table and records its
event, and returns what happened (the storage's `Outcome`, or a record below).

On the path of every table command: no typing, no dataclasses at run time (the results are
`Record`s, the package's frozen records).
"""

from __future__ import annotations

from ..domain.i18n import follow_session
from ..domain.records import Record
from ..domain.table import SessionSettings, Table, TableEvent, check_name
from ..storage.db import CREATE, READ
from ..storage.ledger import Ledger, Outcome, SessionInfo, StoredEvent
from .books import Books

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any


class Undone(Record):
    """What `undo` took back: the session, the event, and the table as it is now."""

    session: SessionInfo
    stored: StoredEvent
    table: Table


class Sessions(Record):
    """The file's sessions with their creation dates, oldest first, and the current one's
    name (None when there is none)."""

    rows: list[tuple[SessionInfo, str]]
    current: str | None


def execute(books: Books, command: Callable[[Table], Any]) -> Outcome:
    """Run one table command on the current session and record its event; a refusal is
    said in the session's language."""

    def speaking(table: Table) -> Any:
        follow_session(table.settings.lang)  # before the command: its refusal too
        return command(table)

    with books.ledger() as book:
        outcome: Outcome = book.execute(speaking)
    return outcome


class GameCommandDone(Record):
    """A game's own command, carried out: the outcome, what the command said beside its
    event (Bouillotte's reading of the retourne), and the side payments it made (the
    brelans), each player's in seat order, without those who paid or got nothing."""

    outcome: Outcome
    said: Any
    paid: list[tuple[str, int]]


def game_command(
    books: Books, method: str, refusal: str, *args: Any, says: bool = False, **options: Any
) -> GameCommandDone:
    """Run one of the game's own commands (`GameSide.own_command`: Bouillotte's `brelan`,
    jackpots' `clef`), or `refusal` when the session's game has none. A command that
    `says` something returns its event and what it says (`said`)."""
    said: list[Any] = [None]
    before: list[dict[str, int]] = []

    def command(table: Table) -> Any:
        before.append(table.game.side_payments)
        done = table.game.own_command(method, refusal)(*args, **options)
        if says:  # (the event, and what it says)
            done, said[0] = done
        return done

    outcome = execute(books, command)
    table = outcome.table
    # (a payment replaces the side's record of the last one: the same record, none made)
    moves = table.game.side_payments
    moves = {} if moves is before[0] else moves
    paid = [(a.name, moves[a.name]) for a in table.present() if moves.get(a.name)]
    return GameCommandDone(outcome, said[0], paid)


def execute_all(
    books: Books, events: Callable[[Ledger, Table], Iterable[TableEvent]]
) -> tuple[Table, int]:
    """Several events in one transaction (`events` reads the books too: a deal's clock);
    the table afterwards and how many were recorded."""
    with books.ledger() as book:
        return book.execute_all(lambda table: events(book, table))


def read(books: Books) -> tuple[SessionInfo, Table]:
    """The current session and its table, as they are."""
    with books.ledger(READ) as book:
        return book.read()


def undo(books: Books) -> Undone:
    """Take back the session's last event."""
    with books.ledger() as book:
        session, stored, table = book.undo()
    return Undone(session, stored, table)


def current_settings(books: Books) -> SessionSettings | None:
    """The current session's settings, read alone (not its table); None when the file or the
    session is missing or cannot be read: what a line needs before it is parsed (the
    session's language) or to choose its command (a tournament's `recave` is a rebuy)."""
    import sqlite3

    from ..domain import MarquoirError

    try:
        with books.ledger(READ) as book:
            return book.current().settings
    except (MarquoirError, sqlite3.Error):
        return None


def create(books: Books, name: str, settings: SessionSettings) -> SessionInfo:
    """A new session, current from now on (the file created when there is none)."""
    check_name(name, what="session")  # before the file is created: a refusal creates nothing
    with books.ledger(CREATE) as book:
        return book.create_session(name, settings)


def use(books: Books, name: str) -> SessionInfo:
    """Make another session current."""
    with books.ledger() as book:
        return book.use(name)


def sessions(books: Books) -> Sessions:
    """The file's sessions and which one is current."""
    with books.ledger(READ) as book:
        rows = book.sessions()
        current = None
        try:
            current = book.current().name
        except Exception:
            current = None
    return Sessions(rows, current)
