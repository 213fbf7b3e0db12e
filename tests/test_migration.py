"""A file written before the compact storage (migration m004) opens, migrates, and gives
what the version that wrote it gave: the reports, the exports, the views, and `verify`.

The expected outputs were printed by that version from the same file (tests/data/README.md):
an oracle independent of today's code.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from marquoir.storage import migrations
from tests.html_layout import content_of
from tests.installed import NOT_INSTALLED, Marquoir
from tests.logs import same_actions

DATA = Path(__file__).parent / "data"
VIEWS = ("session_settings", "ledger", "actions", "hand_results", "stacks_after_hand")


def _expected() -> dict[str, Any]:
    with gzip.open(DATA / "m003-file-outputs.json.gz", "rt", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


@pytest.fixture
def old_file(tmp_path: Path) -> Marquoir:
    cli = Marquoir(tmp_path, in_process=True)
    with gzip.open(DATA / "m003-file.db.gz", "rb") as source, open(cli.db, "wb") as target:
        shutil.copyfileobj(source, target)
    return cli


def _migrations(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id")]
    finally:
        conn.close()


@NOT_INSTALLED
def test_an_older_file_migrates_and_prints_what_its_version_printed(old_file: Marquoir) -> None:
    assert "m004_compact_storage" not in _migrations(old_file.db)
    expected = _expected()
    outputs = {key: value for key, value in expected.items() if key != "views"}
    for key, (code, stdout, stderr) in outputs.items():
        session, *command = key.split(" ")
        args = [*command, "--session", session] if command[0] in ("report", "export") else command
        done = old_file.run(*args)
        # (the HTML report's layout changed since, for a phone: its content did not)
        printed = (done.returncode, content_of(done.stdout), done.stderr)
        assert printed == (code, content_of(stdout), stderr), key
    assert "m004_compact_storage" in _migrations(old_file.db)


@NOT_INSTALLED
def test_the_views_read_the_same_rows_after_the_migration(old_file: Marquoir) -> None:
    old_file("status")  # migrates the file
    expected = _expected()["views"]
    conn = sqlite3.connect(old_file.db)
    try:
        for view in (*VIEWS, "players_now"):
            rows = [list(row) for row in conn.execute(f"SELECT * FROM {view}")]
            if view == "actions":  # (m013: a hand's actions may be one row since)
                assert same_actions(rows, expected[view])
            else:
                assert rows == expected[view], view
        # the migration left out what it could: actions without their defaults, fewer
        # snapshots, summaries without their hand number
        assert conn.execute(
            "SELECT count(*) FROM events WHERE kind = 'action' "
            "AND json_extract(data, '$.added') = 0"
        ).fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] <= 8
        assert conn.execute(
            "SELECT count(*) FROM hands WHERE json_extract(summary, '$.hand') IS NOT NULL"
        ).fetchone() == (0,)
    finally:
        conn.close()


@NOT_INSTALLED
def test_verify_finds_nothing_lost_in_the_migrated_file(old_file: Marquoir) -> None:
    result = json.loads(old_file("verify", "--json"))
    assert result["sound"] and result["rebuilt"] == 0, result
    assert [s["wrong"] for s in result["sessions"]] == [[], []]
    hands = [row[-1] for row in _expected()["views"]["session_settings"]]  # as it counted
    assert [s["hands"] for s in result["sessions"]] == hands


@NOT_INSTALLED
def test_the_migrated_file_plays_on(old_file: Marquoir) -> None:
    """The hand in play goes on from the kept snapshot; undo reaches back past the
    migration."""
    status = json.loads(old_file("status", "--json"))
    assert status["in_hand"] and status["to_act"] == "dave"
    old_file("check")
    assert json.loads(old_file("status", "--json"))["to_act"] == "alice"
    old_file("undo")
    assert json.loads(old_file("status", "--json")) == status


# A file of the previous version (five migrations, before m007's storage): every game, a
# tournament, a PHH import, a recorded count, a hand in play. Its outputs were printed by
# that version (tests/data/make_m005_file.py).
def _m005_expected() -> dict[str, Any]:
    with gzip.open(DATA / "m005-file-outputs.json.gz", "rt", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


@pytest.fixture
def m005_file(tmp_path: Path) -> Marquoir:
    cli = Marquoir(tmp_path)
    with gzip.open(DATA / "m005-file.db.gz", "rb") as source, open(cli.db, "wb") as target:
        shutil.copyfileobj(source, target)
    return cli


# The fields `export phh` writes since PHH goes both ways (what the session recorded around
# each hand): the previous version did not write them.
PHH_NEW = ("_marquoir = ", "_before = ", "_during = ", "_showdown = ", "_after = ")
# the views' columns that gave a tournament's chips a money value before m010 (by position:
# ledger's money and balance, players_now's result_money)
CHIPS_AS_MONEY = {"ledger": (6, 7), "players_now": (10,)}
# the outputs of the tournament's players that show money now, where they showed chips x
# a chip value before
MONEY_NOT_CHIPS = frozenset(
    f"tournoi {command}"
    for command in (
        "export csv",
        "export json",
        "report",
        "report --format html",
        "report --format json",
        "report --format md",
    )
)


@NOT_INSTALLED
def test_a_file_of_the_previous_version_migrates_and_prints_the_same(m005_file: Marquoir) -> None:
    assert _migrations(m005_file.db)[-1] == "m005_ledger_reads_leave_all"
    expected = _m005_expected()
    sessions = {row[1] for row in expected["views"]["session_settings"]}
    for key, printed in expected.items():
        if key == "views":
            continue
        code, stdout, stderr = printed
        first, *rest = key.split(" ")
        args = [*rest, "--session", first] if first in sessions else key.split(" ")
        done = m005_file.run(*args)
        if key in MONEY_NOT_CHIPS:  # changed by design: checked below
            assert (done.returncode, done.stderr) == (code, stderr), key
            continue
        ours = done.stdout
        if "export phh" in key:  # (this version adds the session's events to each hand)
            ours = "".join(
                line for line in ours.splitlines(keepends=True) if not line.startswith(PHH_NEW)
            )
        printed = (done.returncode, content_of(ours), done.stderr)
        assert printed == (code, content_of(stdout), stderr), key
    assert _migrations(m005_file.db)[-1] == migrations.names()[-1]
    # The tournament's players now show money, not chips x a chip value: 7 entries at 20 +
    # 2 fee, so the players' results add up to minus the house's 14 of fees.
    rows = m005_file("export", "csv", "--session", "tournoi").splitlines()
    column = rows[0].split(",").index("net_money")
    assert sum(Decimal(row.split(",")[column]) for row in rows[1:]) == Decimal(-14)
    assert "m011_tournament_chips_are_not_money" in _migrations(m005_file.db)
    conn = sqlite3.connect(m005_file.db)
    try:
        for view, rows in expected["views"].items():
            money = CHIPS_AS_MONEY.get(view, ())
            for row in rows:  # m010: a tournament's chips have no money value any more
                if row[0] == "tournoi":
                    for column in money:
                        row[column] = None
            now = [list(row) for row in conn.execute(f"SELECT * FROM {view}")]
            if view == "actions":  # (m013: a hand's actions may be one row since)
                assert same_actions(now, rows)
            else:
                assert now == rows, view
        # the compact forms: times in seconds, actions as arrays, players named once
        assert conn.execute(
            "SELECT count(*) FROM events WHERE typeof(created_at) != 'integer'"
        ).fetchone() == (0,)
        assert conn.execute(
            "SELECT count(*) FROM events WHERE kind = 'action' AND json_type(data) != 'array'"
        ).fetchone() == (0,)
        assert conn.execute(
            "SELECT count(*) FROM hands WHERE json_type(summary) != 'array'"
        ).fetchone() == (0,)
        # m010: a first seat [player, seat, chips], a departure [player, chips]
        kinds = conn.execute(
            "SELECT kind, json_type(data), count(*) FROM events WHERE kind IN ('seat', 'leave')"
            " AND json_extract(data, '$.returning') IS NULL GROUP BY 1, 2 ORDER BY 1"
        ).fetchall()
        assert [(kind, shape) for kind, shape, _count in kinds] == [
            ("leave", "array"),
            ("seat", "array"),
        ]
    finally:
        conn.close()
    result = json.loads(m005_file("verify", "--json"))
    assert result["sound"] and result["rebuilt"] == 0, result
    assert all(s["wrong"] == [] for s in result["sessions"])


@NOT_INSTALLED
def test_the_migrated_file_of_the_previous_version_plays_on_and_undoes(m005_file: Marquoir) -> None:
    status = json.loads(m005_file("status", "--json"))
    assert status["in_hand"]
    m005_file("fold")
    m005_file("undo")
    assert json.loads(m005_file("status", "--json")) == status
    # undo reaches back past the migration, across the end of a hand
    for _ in range(12):
        m005_file("undo")
    result = json.loads(m005_file("verify", "--json"))
    assert result["sound"] and result["rebuilt"] == 0, result
