"""The file's upkeep: `verify` (replay the log, rebuild what differs), and an older file
brought up to date before another program reads it (`serve`)."""

from __future__ import annotations

import os

from ..storage import db as database
from ..storage.verify import Verification
from ..storage.verify import verify as check_file
from .books import Books


def verify(books: Books) -> Verification:
    """Replay every session's log and compare it with what is stored, rebuilding the rows
    that differ; a file that cannot be written is only read (and says why)."""
    path = books.path
    reason = database.unwritable(path) if os.path.exists(path) else None
    with books.own(database.READ if reason else database.WRITE) as book:
        return check_file(book, cannot_write=reason and f"cannot write {path}: {reason}")


def bring_up_to_date(books: Books) -> None:
    """Open the file once: an older file gets this version's tables and views; an
    up-to-date one is only read (a read-only file can still be served)."""
    books.own(database.READ).close()
