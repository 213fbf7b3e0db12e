"""Files Marquoir writes besides its database (`backup`, `report -o`, `export -o`): only a
regular file or a new path, and always whole.

A name that exists must be a regular file: a symbolic link, a device (`/dev/full`), a pipe, a
socket or a folder is refused, `--force` or not, so that a copy or a report never replaces
something that is not ours. The content goes to a temporary file beside the target, which is
then renamed over it: killed half-way, a command leaves the target as it was (and at most a
`NAME.PID.tmp` file beside it), never a partial file under the final name.
"""

from __future__ import annotations

import os
import stat

from ..domain.errors import IllegalAction
from ..domain.i18n import _


def target_refusal(target: str) -> str | None:
    """Why `target` may not be written (None: it is a new path or a regular file)."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as failure:
        return _("cannot write {target}: {strerror}").format(
            target=target, strerror=failure.strerror
        )
    if stat.S_ISLNK(info.st_mode):
        return _(
            "{target} is a symbolic link: Marquoir writes only to a regular file or a new "
            "path (name the file the link points to)"
        ).format(target=target)
    if not stat.S_ISREG(info.st_mode):
        return _(
            "{target} is not a regular file (a folder, a device or a pipe): Marquoir writes "
            "only to a regular file or a new path"
        ).format(target=target)
    return None


def temporary_beside(target: str) -> str:
    """A name for the temporary file that becomes `target` (same folder: the rename is
    atomic)."""
    return f"{target}.{os.getpid()}.tmp"


def put_in_place(temporary: str, target: str, *, replace: bool) -> None:
    """Rename the finished `temporary` to `target`. Without `replace`, an existing `target`
    is an error (FileExistsError), checked atomically where hard links exist; with it, only a
    regular file is replaced (checked again here, just before the rename)."""
    if replace:
        refusal = target_refusal(target)
        if refusal is not None:
            raise IllegalAction(refusal)
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system (FAT, some network shares)
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.replace(temporary, target)
    else:
        os.unlink(temporary)
