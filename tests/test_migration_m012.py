"""A file of the version before deals were stored by their button (eleven migrations, up to
m011) opens, migrates (m012), and gives what that version gave: every session's reports,
exports and status, the readable views, and `verify` replaying the log against the
snapshots and hand summaries that version wrote.

The expected outputs were printed by that version from the same file
(tests/data/make_m011_file.py): an oracle independent of today's code.
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
def m011_file(tmp_path: Path) -> Marquoir:
    cli = Marquoir(tmp_path)
    with gzip.open(DATA / "m011-file.db.gz", "rb") as source, open(cli.db, "wb") as target:
        shutil.copyfileobj(source, target)
    return cli


def _expected() -> dict[str, Any]:
    with gzip.open(DATA / "m011-file-outputs.json.gz", "rt", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _query(db: Path, sql: str) -> list[list[Any]]:
    conn = sqlite3.connect(db)
    try:
        return [list(row) for row in conn.execute(sql)]
    finally:
        conn.close()


@NOT_INSTALLED
def test_a_file_of_eleven_migrations_converts_and_prints_the_same(m011_file: Marquoir) -> None:
    db = m011_file.db
    deals = _query(db, "SELECT id, data FROM events WHERE kind = 'deal' ORDER BY id")
    assert deals and all(json.loads(data).get("seats") for _id, data in deals)
    dead = {i: json.loads(d)["dead"] for i, d in deals if json.loads(d).get("dead")}
    assert dead, "the file has deals with a void deal's chips (jackpots)"
    recaved = _query(db, "SELECT data FROM events WHERE kind = 'recave'")
    assert recaved and all(isinstance(json.loads(data), dict) for (data,) in recaved)
    expected = _expected()
    # `verify` first: it brings the file up to date, then replays every session's log
    # against the snapshots and summaries the old version wrote
    assert m011_file.run("verify").stdout == expected["verify"][1]
    assert _query(db, "SELECT name FROM _sqlite_migrations ORDER BY id")[-1] == [
        migrations.names()[-1]
    ]
    # every deal is now [button] or [button, dead]: the same buttons and dead chips
    after = dict(_query(db, "SELECT id, data FROM events WHERE kind = 'deal' ORDER BY id"))
    assert after.keys() == {i for i, _ in deals}
    for event_id, data in deals:
        old = json.loads(data)
        assert json.loads(after[event_id]) == (
            [old["button"], old["dead"]] if old.get("dead") else [old["button"]]
        )
    # every recave is now [player, chips]
    recaves = _query(db, "SELECT data FROM events WHERE kind = 'recave'")
    assert recaves and all(isinstance(json.loads(data), list) for (data,) in recaves)
    for key, printed_then in expected.items():
        if key in ("views", "verify"):
            continue
        code, stdout, stderr = printed_then
        session, *command = key.split(" ")
        done = m011_file.run(*command, "--session", session)
        printed = (done.returncode, content_of(done.stdout), done.stderr)
        assert printed == (code, content_of(stdout), stderr), key
    for view, rows in expected["views"].items():
        if view == "actions":  # (the version before wrote no streets for imported games:
            # their actions showed the street's number, which opening the file now names)
            rows = [
                _named_street(then, now)
                for then, now in zip(rows, _query(db, f"SELECT * FROM {view}"), strict=True)
            ]
        now = _query(db, f"SELECT * FROM {view}")
        if view == "actions":  # (m013: a hand's actions may be one row since)
            assert same_actions(now, rows)
        else:
            assert now == rows, view


def _named_street(then: list[Any], now: list[Any]) -> list[Any]:
    """An `actions` row of the version before, its street named as now when it was shown
    by number (the game's street of that number)."""
    if isinstance(then[3], int) and isinstance(now[3], str):
        return [*then[:3], now[3], *then[4:]]
    return then


@NOT_INSTALLED
def test_a_converted_file_plays_on_and_undoes_across_a_deal(m011_file: Marquoir) -> None:
    """The next deal after the conversion is stored by its button; an undo of it takes the
    table back, and the file stays sound."""
    m011_file("use", "vendredi")
    before = json.loads(m011_file("status", "--json"))
    assert not before["in_hand"]
    m011_file("deal")
    deal = _query(m011_file.db, "SELECT data FROM events WHERE kind = 'deal' ORDER BY id DESC")
    assert len(json.loads(deal[0][0])) == 1  # [button]
    m011_file("undo")
    assert json.loads(m011_file("status", "--json")) == before
    assert m011_file.run("verify").returncode == 0
