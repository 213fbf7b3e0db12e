"""`marquoir verify` (replay the log, rebuild the derived rows) and `marquoir backup FILE`."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def evening(cli: Marquoir) -> Marquoir:
    """The example evening, closed: 4 hands, caves, recaves, departures."""
    cli.play((EXAMPLES / "evening.txt").read_text(encoding="utf-8"))
    return cli


def sql(cli: Marquoir, statement: str, *args: object) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(cli.db, isolation_level=None)
    try:
        return conn.execute(statement, args).fetchall()
    finally:
        conn.close()


def verified(cli: Marquoir) -> dict[str, object]:
    data: dict[str, object] = json.loads(cli("verify", "--json"))
    return data


def test_verify_says_a_sound_file_is_sound(evening: Marquoir) -> None:
    out = evening("verify")
    hands = sql(evening, "SELECT count(*) FROM hands")[0][0]
    snapshots = sql(evening, "SELECT count(*) FROM snapshots")[0][0]
    events = sql(evening, "SELECT count(*) FROM events WHERE undone = 0")[0][0]
    assert out.splitlines() == [
        "integrity: ok",
        f"vendredi: {events} events replayed, {snapshots} snapshots and {hands} hands "
        "compared: all match",
        "the file is sound",
    ]
    assert hands == 4  # the example evening plays 4 hands (examples/evening.txt)


def test_verify_rebuilds_wrong_or_missing_derived_rows(evening: Marquoir) -> None:
    report = evening("report", "--format", "json")
    stacks = evening("stacks", "--json")
    kept = [event for (event,) in sql(evening, "SELECT event_id FROM snapshots")]
    sql(evening, "DELETE FROM hands WHERE hand_no = 2")
    sql(evening, "UPDATE hands SET summary = '{\"hand\": 3}' WHERE hand_no = 3")
    sql(evening, "UPDATE snapshots SET state = replace(state, '\"stack\":', '\"stack\":1')")
    sql(evening, "INSERT INTO snapshots VALUES (1, 999999, '{}')")  # no such event
    assert evening.refused("stacks", "--json") == (  # the damage shows, without a traceback
        "Error: the saved table of session vendredi is damaged (KeyError('hand_no')): "
        "`marquoir verify` rebuilds it from the log"
    )

    data = verified(evening)
    (session,) = data["sessions"]  # type: ignore[misc]
    assert sorted(session["wrong"]) == sorted(
        [
            "hand 2: missing",
            "hand 3: differs from the log",
            "snapshot 999999: no such event between hands",
        ]
        + [f"snapshot {event}: differs from the log" for event in kept]
    )
    assert data["rebuilt"] == len(session["wrong"]) and data["sound"] is True
    assert [event for (event,) in sql(evening, "SELECT event_id FROM snapshots")] == kept
    assert evening("stacks", "--json") == stacks
    assert evening("report", "--format", "json") == report
    assert verified(evening)["rebuilt"] == 0  # the second time, all match


def test_verify_reports_an_event_it_cannot_replay_and_exits_1(evening: Marquoir) -> None:
    before = sql(evening, "SELECT * FROM snapshots")
    first_seat = sql(evening, "SELECT min(id) FROM events WHERE kind = 'seat'")[0][0]
    sql(evening, "UPDATE events SET data = '{\"nonsense\": 1}' WHERE id = ?", first_seat)
    done = evening.run("verify")
    assert done.returncode == 1
    assert f"vendredi: event {first_seat} (seat) cannot be replayed" in done.stdout
    assert done.stderr == "Error: the file has problems that verify cannot fix (see above)\n"
    assert sql(evening, "SELECT * FROM snapshots") == before  # nothing rebuilt from a bad log


def test_verify_on_an_empty_or_missing_file_creates_nothing(cli: Marquoir) -> None:
    assert cli("verify").splitlines()[-2:] == ["no session in the file", "the file is sound"]
    assert not cli.db.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files anyway")
def test_verify_on_a_read_only_file_reports_and_rebuilds_nothing(evening: Marquoir) -> None:
    sql(evening, "DELETE FROM hands WHERE hand_no = 2")
    evening.db.chmod(0o444)
    before = evening.db.read_bytes()
    done = evening.run("verify")
    assert done.returncode == 1 and "  hand 2: missing" in done.stdout
    assert f"not rebuilt: cannot write {evening.db}: the file is read-only" in done.stdout
    assert evening.db.read_bytes() == before


# -- backup -----------------------------------------------------------------------------------


def test_backup_is_a_whole_copy_that_marquoir_reads(evening: Marquoir, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    out = evening("backup", str(copy))
    assert out.startswith(f"{evening.db} copied to {copy} (1 session, ")
    other = Marquoir(tmp_path, in_process=True)
    other.env["MARQUOIR_DB"] = str(copy)
    assert other("stacks", "--json") == evening("stacks", "--json")
    assert other("report", "--format", "json") == evening("report", "--format", "json")
    assert verified(other)["sound"] is True
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == ["copy.db"]


def test_backup_takes_what_is_committed_while_another_terminal_writes(
    evening: Marquoir, tmp_path: Path
) -> None:
    writer = sqlite3.connect(evening.db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute(
        "INSERT INTO events (session_id, kind, data, created_at) VALUES (1, 'x', '{}', 'now')"
    )
    copy = tmp_path / "copy.db"
    evening("backup", str(copy))  # does not wait for, nor see, the open transaction
    writer.execute("ROLLBACK")
    writer.close()
    kinds = sqlite3.connect(copy).execute("SELECT kind FROM events").fetchall()
    assert ("x",) not in kinds and len(kinds) == len(sql(evening, "SELECT 1 FROM events"))


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_backup_refuses_the_database_itself(evening: Marquoir, suffix: str) -> None:
    holder = sqlite3.connect(evening.db)  # keeps the -wal and -shm in place
    holder.execute("SELECT 1 FROM events").fetchall()
    before = evening.db.read_bytes()
    done = evening.run("backup", f"{evening.db}{suffix}", "--force")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith(f"Error: {evening.db}{suffix} is the database")
    assert evening.db.read_bytes() == before
    holder.close()


def test_backup_does_not_overwrite_without_force(evening: Marquoir, tmp_path: Path) -> None:
    kept = tmp_path / "old.db"
    kept.write_bytes(b"yesterday")
    done = evening.run("backup", str(kept))
    assert (done.returncode, done.stderr) == (
        1,
        f"Error: {kept} already exists: add --force to overwrite it\n",
    )
    assert kept.read_bytes() == b"yesterday"
    evening("backup", str(kept), "--force")
    assert sqlite3.connect(kept).execute("SELECT name FROM sessions").fetchall() == [("vendredi",)]


def test_verify_checks_again_when_a_command_comes_in_during_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check reads without the write lock; a command recorded meanwhile makes the
    rebuild wait for a second check, so the rows rebuilt match the log as it is then."""
    from marquoir.domain.table import CavePolicy, SessionSettings, TableConfig
    from marquoir.storage import verify as verifying
    from marquoir.storage.ledger import Ledger

    path = tmp_path / "m.db"
    with Ledger(path) as book:
        book.create_session("s", SessionSettings(TableConfig(1, 2), CavePolicy(default=50)))
        book.execute(lambda t: t.seat_event("alice"))
        # a wrong stack in the saved table, which the next command carries on
        book.conn.execute(
            "UPDATE snapshots SET state = replace(state, '\"stack\":50', '\"stack\":51')"
        )
    passes = []
    real_check = verifying._check_session

    def check_then_seat(conn: sqlite3.Connection, session: object) -> object:
        passes.append(session)
        result = real_check(conn, session)  # type: ignore[arg-type]
        if len(passes) == 1:  # another terminal records a seat after the first read
            with Ledger(path) as other:
                other.execute(lambda t: t.seat_event("bob"))
        return result

    monkeypatch.setattr(verifying, "_check_session", check_then_seat)
    with Ledger(path) as book:
        result = verifying.verify(book)
        # the second pass finds both saved tables wrong: alice's, and bob's built on it
        assert len(passes) == 2 and result.sound and result.rebuilt == 2
        stacks = {a.name: a.stack for a in book.read()[1].accounts.values()}
        assert stacks == {"alice": 50, "bob": 50}
    monkeypatch.undo()
    with Ledger(path) as book:
        again = verifying.verify(book)
    assert (again.rebuilt, [c.wrong for c in again.sessions]) == (0, [()])


def test_verify_replays_leave_all_and_rebuilds_its_snapshot(evening: Marquoir) -> None:
    """`leave --all` is one event of its own kind: verify replays it like any other, and a
    snapshot after it that lies about a cash-out is found and rebuilt."""
    evening("leave", "--all")
    (gone,) = sql(evening, "SELECT id, data FROM events WHERE kind = 'leave-all'")
    cashed = dict(json.loads(str(gone[1]))["leaves"])
    assert verified(evening)["sound"] is True
    stacks = evening("stacks", "--json")
    sql(
        evening,
        "UPDATE snapshots SET state = replace(state, '\"cashed_out\":', '\"cashed_out\":9') "
        "WHERE event_id = ?",
        gone[0],
    )
    data = verified(evening)
    (session,) = data["sessions"]  # type: ignore[misc]
    assert session["wrong"] == [f"snapshot {gone[0]}: differs from the log"]
    assert data["sound"] is True
    assert evening("stacks", "--json") == stacks
    players = {p["name"]: p for p in json.loads(stacks)["players"]}
    assert all(players[name]["left"] and players[name]["stack"] == 0 for name in cashed)
