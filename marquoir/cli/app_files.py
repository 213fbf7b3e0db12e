"""The file's upkeep: `verify` (replay the log, rebuild what differs) and `backup FILE`.
Registered on the app by `app.py`."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

from ..app import upkeep
from ..domain import IllegalAction, UsageError
from ..domain.i18n import _, colon, grouped, ngettext
from ..storage import db as database
from ..storage.ledger import Ledger
from ..storage.paths import database_path
from ..storage.verify import Verification
from ..storage.verify import backup as copy_database
from .app_core import JsonOption, app, books_of, command
from .app_core import db_of as _db
from .app_evening import ForceOption
from .output import STDOUT, check_target

__all__ = ["app"]


@command()
def verify(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Replay every session's log from the start and compare it with the stored snapshots
    and hand rows (and SQLite's integrity check); rebuild the rows that differ.

    Exit 0 when the file is sound (after any rebuild), 1 when a problem remains that verify
    cannot fix: a damaged file, an event that cannot be replayed, or a read-only file."""
    result = upkeep.verify(books_of(ctx))
    if json_output:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(verification_lines(result)))
    if not result.sound:
        raise database.DatabaseError(_("the file has problems that verify cannot fix (see above)"))


def verification_lines(result: Verification) -> list[str]:
    """`verify` in words: SQLite's checks, each session, what was rebuilt, the verdict."""
    checks = "; ".join(result.integrity) if result.integrity else _("ok")
    lines = [_("integrity: {checks}").format(checks=checks)]
    for check in result.sessions:
        if check.problem:
            lines.append(f"{check.name}{colon()} {check.problem}")
            continue
        verdict = (
            ngettext("{count} differs", "{count} differ", len(check.wrong)).format(
                count=len(check.wrong)
            )
            if check.wrong
            else _("all match")
        )
        lines.append(
            _("{name}: {events} replayed, {snapshots} and {hands} compared: {verdict}").format(
                name=check.name,
                events=ngettext("{n} event", "{n} events", check.events).format(n=check.events),
                snapshots=ngettext("{n} snapshot", "{n} snapshots", check.snapshots).format(
                    n=check.snapshots
                ),
                hands=ngettext("{n} hand", "{n} hands", check.hands).format(n=check.hands),
                verdict=verdict,
            )
        )
        lines.extend(f"  {what}" for what in check.wrong)
    if not result.sessions:
        lines.append(_("no session in the file"))
    if result.rebuilt:
        rows = ngettext("{n} row", "{n} rows", result.rebuilt).format(n=result.rebuilt)
        lines.append(_("rebuilt {rows} from the log").format(rows=rows))
    wrong = sum(len(check.wrong) for check in result.sessions)
    if wrong > result.rebuilt and result.cannot_write:
        lines.append(_("not rebuilt: {why}").format(why=result.cannot_write))
    if result.sound:
        lines.append(_("the file is sound"))
    return lines


@command()
def backup(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(metavar="FILE", help="Where to write the copy.")],
    force: ForceOption = False,
) -> None:
    """Copy the database to FILE with SQLite's online backup: a consistent copy, even while
    another terminal records hands."""
    path = database_path(_db(ctx))
    if file == STDOUT:
        raise UsageError(_("backup writes a database file, not standard output: name the file"))
    check_target(file, force=force, database=path)
    folder = os.path.dirname(os.path.abspath(file))
    if not os.path.isdir(folder):
        raise IllegalAction(
            _("cannot write {file}: no folder {folder}").format(file=file, folder=folder)
        )
    with Ledger(path, mode=database.READ) as book:
        sessions = len(book.sessions())
        try:
            copy_database(book, file, replace=force)
        except FileExistsError:
            raise IllegalAction(
                _("{file} already exists: add --force to overwrite it").format(file=file)
            ) from None
        except OSError as failure:
            raise IllegalAction(
                _("cannot write {file}: {strerror}").format(file=file, strerror=failure.strerror)
            ) from None
    size = os.path.getsize(file)
    print(
        _("{path} copied to {file} ({sessions}, {size} bytes)").format(
            path=path,
            file=file,
            sessions=ngettext("{count} session", "{count} sessions", sessions).format(
                count=sessions
            ),
            size=grouped(size),  # (`69,632`; French groups the thousands its way: `69 632`)
        )
    )
