"""Nothing outside the file harmed: what `backup`, `report -o` and `export -o` may write over,
written whole or not at all; an over-long `play` line; the messages of a full disk, of a
copy SQLite cannot write, and of an event `verify` does not know."""

from __future__ import annotations

import os
import resource
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from .installed import MARQUOIR, Marquoir
from .test_files import one_error

WRITERS = [
    ("backup",),
    ("report",),
    ("report", "-f", "html"),
    ("export", "csv"),
    ("export", "phh"),
]


def _evening(cli: Marquoir) -> None:
    """A session with one hand played: something for every writer to write."""
    cli.play("new club --blinds 1/2 --cave 100\nseat ann\nseat bob\ndeal\nfold\n")


def _target_args(command: tuple[str, ...], target: Path) -> list[str]:
    if command[0] == "backup":
        return [*command, str(target), "--force"]
    return [*command, "-o", str(target), "--force"]


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _device(path: Path) -> None:
    """A character device like /dev/null, made in the test's folder (root only)."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))


def _folder(path: Path) -> None:
    path.mkdir()


KINDS: dict[str, Callable[[Path], None]] = {"fifo": _fifo, "device": _device, "folder": _folder}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("command", WRITERS)
def test_never_over_anything_but_a_regular_file(
    cli: Marquoir, tmp_path: Path, command: tuple[str, ...], kind: str
) -> None:
    """`--force` replaces a regular file only: a FIFO, a device node or a folder is refused,
    and stays what it was (`backup /dev/full --force` used to replace the device)."""
    _evening(cli)
    target = tmp_path / "target"
    KINDS[kind](target)
    before = os.lstat(target)
    line = one_error(cli.run(*_target_args(command, target)), 1)
    assert "not a regular file" in line
    after = os.lstat(target)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (
        stat.S_IFMT(before.st_mode),
        before.st_ino,
    )


@pytest.mark.parametrize("command", WRITERS)
def test_a_symbolic_link_is_refused_the_same_way_by_every_writer(
    cli: Marquoir, tmp_path: Path, command: tuple[str, ...]
) -> None:
    _evening(cli)
    pointed = tmp_path / "pointed.txt"
    pointed.write_text("mine\n")
    link = tmp_path / "link"
    link.symlink_to(pointed)
    line = one_error(cli.run(*_target_args(command, link)), 1)
    assert "symbolic link" in line
    assert link.is_symlink() and pointed.read_text() == "mine\n"


def test_a_regular_file_is_still_replaced_with_force(cli: Marquoir, tmp_path: Path) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    out = tmp_path / "report.txt"
    out.write_text("old\n")
    cli("report", "-o", str(out), "--force")
    assert "club" in out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("report")) == [
        "report.txt"
    ]  # no temporary file left beside it


KILLED_MID_WRITE = """
import os, signal, sys
from marquoir.cli.output import write_chunks

def chunks():
    yield "x" * 5000
    os.kill(os.getpid(), signal.SIGKILL)  # killed half-way through the report
    yield "never"

write_chunks(chunks(), sys.argv[1], force=False, database=sys.argv[2])
"""


def test_a_report_killed_half_way_leaves_nothing_under_its_name(
    cli: Marquoir, tmp_path: Path
) -> None:
    """`report -o` writes a temporary file and renames it: a kill leaves no partial file
    under the final name, and the same command then succeeds without --force."""
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    out = tmp_path / "report.txt"
    done = subprocess.run(
        [sys.executable, "-c", KILLED_MID_WRITE, str(out), str(cli.db)],
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == -signal.SIGKILL
    assert not out.exists()
    cli("report", "-o", str(out))
    assert "club" in out.read_text()


def test_an_over_long_play_line_is_refused_up_front(cli: Marquoir, tmp_path: Path) -> None:
    """A 10 MB line (it used to hang the parser) is refused before it is parsed, with one
    error line; the line before it stays recorded, nothing of it is."""
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    script = tmp_path / "long.txt"
    script.write_text("seat ann\nseat " + "x" * 10_000_000 + "\nseat bob\n")
    done = cli.run("play", str(script))
    assert done.returncode == 1
    [line] = done.stderr.splitlines()
    assert line.startswith("Error: line 2: ") and "10,000,005 characters" in line
    assert set(cli.stacks()) == {"ann"}


def _limited_file_size() -> None:
    # about 20 KB: too small for a new database file (SIGXFSZ is ignored by Python, so the
    # write fails with EFBIG instead of killing the process)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


@pytest.mark.skipif(MARQUOIR is None, reason="the installed command is needed")
def test_new_on_a_full_disk_says_so_and_leaves_no_file(tmp_path: Path) -> None:
    db = tmp_path / "full.db"
    assert MARQUOIR is not None
    done = subprocess.run(
        [MARQUOIR, "--db", str(db), "new", "club", "--blinds", "1/2"],
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "en"},
        preexec_fn=_limited_file_size,
        check=False,
        timeout=60,
    )
    line = one_error(done, 1)
    assert "cannot rollback" not in line
    assert f"cannot create {db}" in line and "disk is full" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_copy_sqlite_cannot_write_names_the_file(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2")
    target = "/proc/marquoir-backup-test.db"  # a folder nobody can create a file in
    line = one_error(cli.run("backup", target), 1)
    assert line == f"Error: cannot write {target}: unable to open database file"


def test_verify_names_an_unknown_event_kind_in_words(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2")
    conn = sqlite3.connect(cli.db)
    conn.execute(
        "INSERT INTO events (session_id, hand_no, kind, data, created_at) "
        "VALUES (1, NULL, 'bogus', '{}', '2026-12-04T00:00:00')"
    )
    conn.commit()
    conn.close()
    done = cli.run("verify")
    assert done.returncode == 1
    assert "event 1 (bogus) cannot be replayed: unknown kind of event bogus" in done.stdout
    assert "'bogus'" not in done.stdout
