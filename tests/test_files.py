"""Files and paths: no file harmed, nothing created by reading, foreign files left alone."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

EVENING = """\
new vendredi --blinds 1/2 --cave 100
seat alice
seat bob
deal
call
check
"""

READERS = [
    ("status",),
    ("status", "--json"),
    ("stacks",),
    ("sessions",),
    ("report",),
    ("export", "csv"),
    ("standings",),
    ("settle",),
]
WRITERS = [("new", "s", "--blinds", "1/2"), ("seat", "zoe", "--cave", "50"), ("deal",), ("undo",)]


def files_in(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes: what a command must not change."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def one_error(done: object, code: int) -> str:
    """The refused command's single `Error:` line, checking its exit code and stdout."""
    assert (done.returncode, done.stdout) == (code, ""), done  # type: ignore[attr-defined]
    lines = done.stderr.splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    return str(lines[0])


# -- 1. -o: never over the database, never over a file without --force ------------------------


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
@pytest.mark.parametrize(
    "command", [("report",), ("report", "-f", "html"), ("export", "csv"), ("export", "phh")]
)
def test_output_refuses_the_database_and_its_side_files(
    cli: Marquoir, command: tuple[str, ...], suffix: str
) -> None:
    cli.play(EVENING + "fold\n")
    target = Path(f"{cli.db}{suffix}")
    holder = sqlite3.connect(cli.db)  # another terminal has the file open: -wal and -shm exist
    holder.execute("SELECT count(*) FROM events").fetchone()
    assert target.exists()
    before = cli.db.read_bytes(), target.read_bytes()
    for force in ((), ("--force",)):  # --force does not make the database a report
        line = one_error(cli.run(*command, "-o", str(target), *force), 1)
        assert line.startswith(f"Error: {target} is the database")
    assert (cli.db.read_bytes(), target.read_bytes()) == before
    holder.close()
    assert "vendredi" in cli("sessions")


def test_output_refuses_another_name_of_the_database(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(EVENING)
    other = tmp_path / "sub" / ".." / "marquoir.db"
    (tmp_path / "sub").mkdir()
    link = tmp_path / "hard.db"
    os.link(cli.db, link)
    before = cli.db.read_bytes()
    for name in (other, link):
        assert "is the database" in one_error(cli.run("report", "-o", str(name), "--force"), 1)
    assert cli.db.read_bytes() == before


def test_output_does_not_overwrite_a_file_without_force(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(EVENING)
    kept = tmp_path / "notes.txt"
    kept.write_text("my notes\n", encoding="utf-8")
    line = one_error(cli.run("export", "json", "-o", str(kept)), 1)
    assert line == f"Error: {kept} already exists: add --force to overwrite it"
    assert kept.read_text(encoding="utf-8") == "my notes\n"
    assert cli("export", "json", "-o", str(kept), "--force") == f"written to {kept}\n"
    assert json.loads(kept.read_text(encoding="utf-8"))["rows"][0]["player"] == "alice"


def test_an_empty_output_name_is_a_usage_error(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(EVENING)
    for command in (("report", "-o", ""), ("export", "csv", "-o", ""), ("backup", "")):
        assert "file name is empty" in one_error(cli.run(*command), 2)
    assert "not standard output" in one_error(cli.run("backup", "-"), 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["marquoir.db"]


def test_output_dash_is_standard_output(
    cli: Marquoir, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # where a file named "-" would land
    cli.play(EVENING)
    assert cli("report", "-o", "-") == cli("report")
    assert cli("export", "csv", "-o", "-").startswith("session,date,seat,player,")
    assert not (tmp_path / "-").exists()


# -- 2. a foreign SQLite file is refused and left byte-identical -------------------------------


def foreign_files(folder: Path) -> dict[str, Path]:
    """SQLite files that another program made, each with data in it."""
    made = {}
    for name, setup in {
        "plain": [
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",
            "INSERT INTO notes VALUES (1, 'x')",
        ],
        # the names Marquoir uses, in another program's file: still not ours
        "events": [
            "CREATE TABLE events (id INTEGER, what TEXT)",
            "INSERT INTO events VALUES (1, 'x')",
        ],
        "wal": ["PRAGMA journal_mode = WAL", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"],
        "other-migrations": [
            "CREATE TABLE _sqlite_migrations (id INTEGER PRIMARY KEY, migration_set TEXT,"
            " name TEXT, applied_at TEXT)",
            "INSERT INTO _sqlite_migrations (migration_set, name) VALUES ('theirs', 'm001')",
        ],
    }.items():
        path = folder / f"{name}.sqlite"
        conn = sqlite3.connect(path, isolation_level=None)
        for statement in setup:
            conn.execute(statement)
        conn.close()
        made[name] = path
    return made


@pytest.mark.parametrize("command", [*READERS, *WRITERS, ("import", "phh", "x.phh")])
def test_a_foreign_database_is_refused_and_left_untouched(
    cli: Marquoir, tmp_path: Path, command: tuple[str, ...]
) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir()
    for path in foreign_files(folder).values():
        before = files_in(folder)
        line = one_error(cli.run("--db", str(path), *command), 1)
        assert line.startswith(f"Error: {path} is not a Marquoir database"), line
        assert files_in(folder) == before  # no table, no WAL switch, no -wal/-shm left


def test_a_file_that_is_not_sqlite_is_refused_untouched(cli: Marquoir, tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_bytes(b"not a database at all, but a long enough text file " * 4)
    for command in (("status",), ("new", "s", "--blinds", "1/2")):
        assert "cannot open the database" in one_error(cli.run("--db", str(text), *command), 1)
    assert text.read_bytes() == b"not a database at all, but a long enough text file " * 4


# -- 3. reading creates nothing; only `new` creates a file; --db "" ----------------------------


@pytest.mark.parametrize("command", [*READERS, *WRITERS])
def test_no_folder_is_created_for_a_path_in_a_missing_folder(
    cli: Marquoir, tmp_path: Path, command: tuple[str, ...]
) -> None:
    path = tmp_path / "no" / "such" / "dir" / "x.db"
    line = one_error(cli.run("--db", str(path), *command), 1)
    assert line == f"Error: cannot open the database {path}: no folder {path.parent}"
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("command", [*READERS, *WRITERS[1:]])
def test_reading_or_a_refused_write_creates_no_file(
    cli: Marquoir, tmp_path: Path, command: tuple[str, ...]
) -> None:
    done = cli.run(*command)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr
    assert files_in(tmp_path) == {}
    assert not cli.db.exists()


def test_an_empty_file_becomes_a_database_only_through_new(cli: Marquoir) -> None:
    cli.db.touch()
    for command in [*READERS, *WRITERS[1:]]:
        done = cli.run(*command)
        assert "Traceback" not in done.stderr
        assert cli.db.read_bytes() == b"", command
    assert cli.run("sessions").stdout == "no session yet\n"
    cli("new", "s", "--blinds", "1/2")
    assert cli.db.stat().st_size > 0 and "s" in cli("sessions")


def test_only_new_creates_the_default_app_folder(cli: Marquoir, tmp_path: Path) -> None:
    del cli.env["MARQUOIR_DB"]  # the default file, in XDG_CONFIG_HOME/marquoir
    app = tmp_path / "config" / "marquoir"
    for command in (("status",), ("sessions",), ("seat", "bob")):
        cli.run(*command)
        assert not app.exists(), command
    cli("new", "s", "--blinds", "1/2")
    assert (app / "marquoir.db").is_file()


@pytest.mark.parametrize("db", [["--db", ""], ["--db="]])
@pytest.mark.parametrize("command", [("status",), ("new", "s", "--blinds", "1/2"), ("report",)])
def test_an_empty_database_path_is_a_usage_error(
    cli: Marquoir, tmp_path: Path, db: list[str], command: tuple[str, ...]
) -> None:
    line = one_error(cli.run(*db, *command), 2)
    assert line == "Error: the database path is empty: give a file name to --db"
    assert files_in(tmp_path) == {}


def test_a_path_with_uri_characters_is_the_file_named(cli: Marquoir, tmp_path: Path) -> None:
    """SQLite reads `?`, `#` and `%` in a URI: the file opened is still the one named."""
    odd = tmp_path / "club ?x=1 #2 %41.db"
    cli("--db", str(odd), "new", "s", "--blinds", "1/2")
    assert "session s" in cli("--db", str(odd), "status")
    assert sorted(p.name for p in tmp_path.iterdir()) == [odd.name]


# -- 4. a read-only file or folder -------------------------------------------------------------

AS_ROOT = pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes read-only files anyway"
)


def test_reading_a_wal_file_changes_nothing_and_leaves_no_side_files(cli: Marquoir) -> None:
    cli.play(EVENING)

    def database_files() -> dict[str, bytes]:
        return {k: v for k, v in files_in(cli.db.parent).items() if k.startswith("marquoir")}

    before = database_files(), cli.db.stat().st_mtime_ns
    assert list(before[0]) == ["marquoir.db"]
    for command in [*READERS, ("backup", str(cli.db.parent / "copy.db")), ("verify",)]:
        cli.run(*command)
        assert (database_files(), cli.db.stat().st_mtime_ns) == before, command


@AS_ROOT
def test_a_read_only_file_is_read_and_left_clean(cli: Marquoir) -> None:
    cli.play(EVENING)
    cli.db.chmod(0o444)
    before = files_in(cli.db.parent)
    for command in READERS:
        assert cli.run(*command).returncode in (0, 1), command
    assert files_in(cli.db.parent) == before  # no -shm/-wal (0444) to block later writes
    line = one_error(cli.run("fold"), 1)
    assert line == f"Error: cannot write {cli.db}: the file is read-only; nothing was recorded"
    cli.db.chmod(0o644)
    assert "folds" in cli("fold")


@AS_ROOT
def test_a_file_in_a_read_only_folder_is_read_and_says_why_it_cannot_be_written(
    cli: Marquoir,
) -> None:
    cli.play(EVENING)
    folder = cli.db.parent
    folder.chmod(0o555)
    try:
        assert cli.stacks() == {"alice": 98, "bob": 98}
        line = one_error(cli.run("fold"), 1)
        assert line.startswith(f"Error: cannot write {cli.db}: its folder {folder} is read-only")
    finally:
        folder.chmod(0o755)


# -- the same decisions in-process, where root cannot test them with file modes ----------------


def test_a_file_nobody_may_write_is_read_immutable_and_refused_to_writers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from marquoir.domain.table import CavePolicy, SessionSettings, TableConfig
    from marquoir.storage import db
    from marquoir.storage.ledger import Ledger

    path = tmp_path / "m.db"
    with Ledger(path) as book:
        book.create_session("s", SessionSettings(TableConfig(1, 2), CavePolicy(default=50)))
    real_access = os.access
    monkeypatch.setattr(
        db.os, "access", lambda p, mode: False if mode == os.W_OK else real_access(p, mode)
    )
    with Ledger(path, mode=db.READ) as book:
        assert book.current().name == "s"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["m.db"]  # no -wal, no -shm
    with pytest.raises(db.DatabaseError, match="the file is read-only; nothing was recorded"):
        Ledger(path, mode=db.WRITE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.db"]


# -- a property: whatever -o or backup is given, the database and other files survive ---------

TARGETS = ["database", "database-wal", "database-shm", "hard link", "existing", "new", "-"]
WRITING = [
    ("report",),
    ("report", "--format", "html"),
    ("export", "csv"),
    ("export", "json", "--what", "hands"),
    ("export", "pokernow"),
    ("export", "phh"),
    ("backup",),
]


@pytest.fixture(scope="module")
def evening_db(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a database with an evening in it (built once for the property)."""
    import contextlib
    import io

    from marquoir.cli import main

    path = tmp_path_factory.mktemp("evening") / "m.db"
    with contextlib.redirect_stdout(io.StringIO()):
        for line in [*EVENING.splitlines(), "fold"]:
            assert main(["--db", str(path), *line.split()]) == 0, line
    return path.read_bytes()


@given(
    command=st.sampled_from(WRITING),
    target=st.sampled_from(TARGETS),
    force=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_no_output_target_harms_the_database_or_a_file(
    evening_db: bytes, command: tuple[str, ...], target: str, force: bool
) -> None:
    import contextlib
    import io
    import tempfile

    from marquoir.cli import main

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "m.db"
        db.write_bytes(evening_db)
        holder = sqlite3.connect(db)  # another terminal: the -wal and -shm exist
        holder.execute("SELECT count(*) FROM events").fetchone()
        existing = Path(folder) / "existing.txt"
        existing.write_bytes(b"keep me")
        os.link(db, Path(folder) / "hard link")
        named = {
            "database": db,
            "database-wal": Path(f"{db}-wal"),
            "database-shm": Path(f"{db}-shm"),
            "existing": existing,
            "new": Path(folder) / "new.out",
        }
        path = str(named.get(target, Path(folder) / target)) if target != "-" else "-"
        words = [*command, path] if command == ("backup",) else [*command, "-o", path]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--db", str(db), *words, *(["--force"] if force else [])])
        holder.close()
        assert db.read_bytes() == evening_db  # written to or not, the database is unchanged
        assert sqlite3.connect(db).execute("SELECT name FROM sessions").fetchall() == [
            ("vendredi",)
        ]
        if target in ("database", "database-wal", "database-shm", "hard link"):
            assert code == 1 and "is the database" in err.getvalue()
        elif target == "existing":
            assert code == (0 if force else 1)
            assert (existing.read_bytes() == b"keep me") == (not force)
        elif target == "-":
            assert code == (2 if command == ("backup",) else 0)
        else:
            assert code == 0 and named["new"].stat().st_size > 0
