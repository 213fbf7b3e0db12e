"""Where commands write files (`report -o`, `export -o`, `backup`): never over the database,
never over an existing file unless `--force`, never over anything but a regular file
(`storage.files`), always whole (a temporary file renamed into place), and `-o -` is
standard output.

Each refusal is a rules refusal (exit 1): the command line parses, the file system says no;
only an empty file name is a usage error (exit 2), like an empty `--db`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

from ..domain import IllegalAction, UsageError
from ..domain.i18n import _
from ..storage.files import put_in_place, target_refusal, temporary_beside

STDOUT = "-"
# The files SQLite keeps beside a database while it is open or after a crash.
SIDE_FILES = ("", "-wal", "-shm", "-journal")


def check_target(target: str, *, force: bool, database: str) -> None:
    """Refuse to write `target` when it is the database (or one of its side files), or when
    it exists and `force` is not given."""
    if not target:
        raise UsageError(_("the output file name is empty (use - for standard output)"))
    real = os.path.realpath(target)
    base = os.path.realpath(database)
    for suffix in SIDE_FILES:
        if real == base + suffix or _same_file(target, database + suffix):
            what = "the database" if not suffix else f"the database's {suffix} file"
            raise IllegalAction(
                _("{target} is {what} {database}: write to another file").format(
                    target=target, what=what, database=database
                )
            )
    refusal = target_refusal(target)
    if refusal is not None:
        raise IllegalAction(refusal)
    if not force and os.path.lexists(target):
        raise IllegalAction(
            _("{target} already exists: add --force to overwrite it").format(target=target)
        )


def _same_file(a: str, b: str) -> bool:
    """Two names of one file (a hard link, another spelling)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return False


def write_chunks(chunks: Iterator[str], output: str | None, *, force: bool, database: str) -> None:
    """Write `chunks` one after the other to `output`, or to standard output for None or `-`
    (a report of 100,000 hands is written as it is read, never held whole). The chunks go to
    a temporary file beside `output`, renamed to it once complete: a failure or a kill never
    leaves a partial file under the final name."""
    if output is None or output == STDOUT:
        last = ""
        for chunk in chunks:
            sys.stdout.write(chunk)
            last = chunk or last
        if not last.endswith("\n"):
            sys.stdout.write("\n")
        return
    check_target(output, force=force, database=database)
    temporary = temporary_beside(output)
    try:
        try:
            with open(temporary, "x", encoding="utf-8", newline="") as handle:
                for chunk in chunks:
                    handle.write(chunk)
            put_in_place(temporary, output, replace=force)
        finally:
            if os.path.lexists(temporary):
                os.remove(temporary)
    except FileExistsError:
        raise IllegalAction(
            _("{output} already exists: add --force to overwrite it").format(output=output)
        ) from None
    except OSError as failure:
        raise IllegalAction(
            _("cannot write {output}: {strerror}").format(output=output, strerror=failure.strerror)
        ) from None
    print(_("written to {output}").format(output=output))


def write_text(text: str, output: str | None, *, force: bool, database: str) -> None:
    """Write `text` to `output`, or to standard output for None or `-` (`write_chunks`)."""
    write_chunks(iter((text,)), output, force=force, database=database)
