"""Where a command's database is opened: `Books`, one command's file, or `play`'s.

Inside `play` the file's write connection is opened once and kept from line to line, with
the table in memory (`KeptBooks`): a line costs its own work only. That state is an object
that `play` makes and hands down with each line, never a module's global.

Plain classes, not dataclasses: this module is on the table commands' path, where
`dataclasses` (and the `re` and `inspect` it imports) would cost milliseconds.
"""

from __future__ import annotations

from ..storage.db import CREATE, READ, WRITE
from ..storage.ledger import Ledger
from ..storage.paths import database_path


class KeptBooks:
    """`play`'s connections, kept open from line to line (by path).

    `batch` (a script, not a person typing): each line is still one transaction, all of it
    or nothing, but its commit is not forced to the disk one by one; `close` forces them all
    at the end (see `Ledger.relax_sync`).
    """

    __slots__ = ("batch", "ledgers")

    def __init__(self, *, batch: bool) -> None:
        self.batch = batch
        self.ledgers: dict[str, Ledger] = {}

    def close(self) -> None:
        """The end of `play`: the kept connections' commits forced to the disk, then closed."""
        kept, self.ledgers = self.ledgers, {}
        for book in kept.values():
            book.sync()
            book.close()


class Books:
    """The database a command works on (`--db`, else the default), and `play`'s kept
    connections when the command is one of its lines."""

    __slots__ = ("db", "kept")

    def __init__(self, db: str | None = None, kept: KeptBooks | None = None) -> None:
        self.db = db
        self.kept = kept

    @property
    def path(self) -> str:
        """The database file's path (`--db`, else $MARQUOIR_DB, else the app dir's)."""
        return database_path(self.db)

    def at(self, db: str | None) -> Books:
        """The same connections, for the file `db` (a line's own `--db`)."""
        return Books(db, self.kept)

    def own(self, mode: str = WRITE) -> Ledger:
        """A connection of its own, never kept (the evening's commands, a report)."""
        return Ledger(self.path, mode=mode)

    def ledger(self, mode: str = WRITE) -> Ledger:
        """The database, opened to read, write (the default) or create it.

        Inside `play` the write connection is kept (see the module); `new` and `import`
        still open their own connection, and so does a read before the first write.
        """
        path = self.path
        kept = self.kept
        if kept is None or mode == CREATE:
            single = Ledger(path, mode=mode)
            if mode == WRITE:
                single.sync_at_close()  # (one command: its event on the disk before it answers)
            return single
        book = kept.ledgers.get(path)
        if book is not None:
            return book
        if mode == READ:
            return Ledger(path, mode=mode)
        book = Ledger(path, mode=mode, keep_open=True)
        if not book.on_disk():  # no file yet: `new` will create it, then a line opens it
            book.keep_open = False
            return book
        if kept.batch:
            book.relax_sync()
        kept.ledgers[path] = book
        return book
