"""`import phh`: hand histories replayed into new sessions of the file, in one process and
one transaction (`storage.phh_import`); the result is the report the command prints."""

from __future__ import annotations

import os
import re

from ..storage.db import CREATE
from ..storage.phh_import import ImportReport
from ..storage.phh_import import import_phh as replay_into
from .books import Books


def session_name(files: list[str]) -> str:
    """The session an import makes when none is named: the first file's name, without its
    extension, each run of other characters than letters, digits, `.`, `_` and `-` made
    one `-` ("imported" when nothing is left)."""
    stem = os.path.splitext(os.path.basename(files[0]))[0]
    return re.sub(r"[^\w.-]+", "-", stem) or "imported"


def import_phh(books: Books, files: list[str], *, session: str | None = None) -> ImportReport:
    """Import every hand of these PHH files into new sessions named after `session` (the
    first file's name when None), the file made if need be: what became of each hand."""
    with books.own(CREATE) as book:
        named = session if session is not None else session_name(files)
        return replay_into(book, files, session=named)


__all__ = ["ImportReport", "import_phh", "session_name"]
