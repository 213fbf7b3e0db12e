"""A file of the version before a hand's betting actions could be one row (twelve
migrations, up to m012) opens, migrates (m013), and gives what that version gave: every
session's reports, exports and status, the readable views, and `verify` replaying the log
against the snapshots and hand summaries that version wrote.

The expected outputs were printed by that version from the same file
(tests/data/make_m012_file.py): an oracle independent of today's code.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from marquoir.storage import migrations
from tests.html_layout import content_of
from tests.installed import NOT_INSTALLED, Marquoir
from tests.logs import same_actions

DATA = Path(__file__).parent / "data"


@pytest.fixture
def m012_file(tmp_path: Path) -> Marquoir:
    cli = Marquoir(tmp_path)
    with gzip.open(DATA / "m012-file.db.gz", "rb") as source, open(cli.db, "wb") as target:
        shutil.copyfileobj(source, target)
    return cli


def _expected() -> dict[str, Any]:
    with gzip.open(DATA / "m012-file-outputs.json.gz", "rt", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _query(db: Path, sql: str) -> list[list[Any]]:
    conn = sqlite3.connect(db)
    try:
        return [list(row) for row in conn.execute(sql)]
    finally:
        conn.close()


@NOT_INSTALLED
def test_a_file_of_twelve_migrations_converts_and_prints_the_same(m012_file: Marquoir) -> None:
    db = m012_file.db
    actions = _query(db, "SELECT count(*) FROM events WHERE kind = 'action'")[0][0]
    returns = _query(
        db, "SELECT data FROM events WHERE kind = 'seat' AND json_type(data) = 'object'"
    )
    assert returns and all(json.loads(data).get("returning") for (data,) in returns)
    expected = _expected()
    # `verify` first: it brings the file up to date, then replays every session's log
    # against the snapshots and summaries the old version wrote
    assert m012_file.run("verify").stdout == expected["verify"][1]
    assert _query(db, "SELECT name FROM _sqlite_migrations ORDER BY id")[-1] == [
        migrations.names()[-1]
    ]
    # every return is now [player, seat, 1, chips], with the same facts
    after = _query(
        db, "SELECT data FROM events WHERE kind = 'seat' AND json_array_length(data) = 4"
    )
    assert sorted(json.loads(d) for (d,) in after) == sorted(
        [o["player"], o["seat"], 1, o["chips"]] for o in (json.loads(d) for (d,) in returns)
    )
    # the imported hands' actions are one row each (the PHH samples: one a hand)
    packed = _query(db, "SELECT count(*) FROM events WHERE kind = 'bets'")[0][0]
    imported = _query(
        db,
        "SELECT count(*) FROM hands h JOIN sessions s ON s.id = h.session_id"
        " WHERE s.name LIKE 'pluribus%'",
    )[0][0]
    assert imported > 100 and packed >= imported
    left = _query(db, "SELECT count(*) FROM events WHERE kind = 'action'")[0][0]
    assert left < actions / 2
    for key, printed_then in expected.items():
        if key in ("views", "verify"):
            continue
        code, stdout, stderr = printed_then
        session, *command = key.split(" ")
        done = m012_file.run(*command, "--session", session)
        printed = (done.returncode, content_of(done.stdout), done.stderr)
        assert printed == (code, content_of(stdout), stderr), key
    for view, rows in expected["views"].items():
        now = _query(db, f"SELECT * FROM {view}")
        if view == "actions":  # (a packed action's event is the row that holds it)
            assert same_actions(now, rows)
        else:
            assert now == rows, view


@NOT_INSTALLED
def test_a_converted_file_undoes_an_imported_hand_and_stays_sound(m012_file: Marquoir) -> None:
    """The last imported session, undone back into its last hand: each undo leaves a file
    `verify` finds sound, and the hand's actions that are left read as the version before
    showed them (its `actions` view), each its own row again."""
    session = _query(
        m012_file.db, "SELECT name FROM sessions WHERE name LIKE 'pluribus%' ORDER BY id DESC"
    )[0][0]
    then = [row for row in _expected()["views"]["actions"] if row[0] == session]
    last = max(row[2] for row in then)
    then = [row[:-1] for row in then if row[2] == last]
    m012_file("use", session)
    for _step in range(12):  # (the departures after the last hand, then its end)
        assert m012_file.run("undo").returncode == 0
        assert m012_file.run("verify").returncode == 0
        if json.loads(m012_file("status", "--json"))["in_hand"]:
            break
    now = _query(
        m012_file.db,
        f"SELECT * FROM actions WHERE session = '{session}' AND hand = {last}",
    )
    # (a hand ended by a fold: its last action undone; by a showdown: every action left)
    assert len(now) in (len(then), len(then) - 1) and len(now) > 1
    assert [row[:-1] for row in now] == then[: len(now)]
    rows = _query(
        m012_file.db,
        f"SELECT kind FROM events WHERE undone = 0 AND hand_no = {last} AND session_id ="
        f" (SELECT id FROM sessions WHERE name = '{session}')",
    )
    assert [kind for (kind,) in rows].count("action") == len(now)
