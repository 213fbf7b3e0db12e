"""`marquoir import phh` of files nobody checked: one `Error:` line and nothing recorded for
a file that cannot be read or carries values out of bounds, the way in for a file an editor
wrote with a byte order mark."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from .installed import NOT_INSTALLED, Marquoir

HAND = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
players = ['ann', 'bob', 'cat']
"""


def rows(db: Path) -> list[int]:
    """Rows of the tables an import writes (none when the file was never made)."""
    if not db.exists():
        return [0, 0, 0, 0]
    conn = sqlite3.connect(db)
    try:
        return [
            int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
            for table in ("sessions", "events", "snapshots", "hands")
        ]
    finally:
        conn.close()


def refused(cli: Marquoir, path: Path, message: str) -> None:
    before = rows(cli.db)
    done = cli.run("import", "phh", str(path))
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("Error: "), done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert rows(cli.db) == before


@NOT_INSTALLED
def test_a_deeply_nested_file_is_one_error_line(cli: Marquoir, tmp_path: Path) -> None:
    """tomllib reads nested arrays recursively: 5,000 levels end in a RecursionError."""
    deep = tmp_path / "deep.phh"
    deep.write_text(HAND + "_x = " + "[" * 5000 + "1" + "]" * 5000 + "\n", encoding="utf-8")
    refused(cli, deep, "nested too deeply")
    table = tmp_path / "tables.phh"
    table.write_text(HAND + "_y = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n", encoding="utf-8")
    refused(cli, table, "nested too deeply")


@NOT_INSTALLED
def test_a_file_with_a_byte_order_mark_is_read(cli: Marquoir, tmp_path: Path) -> None:
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + HAND.encode())
    done = cli.run("import", "phh", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "1 hand imported into session bom"
    # p3 folds, p1 folds: bob's big blind takes ann's small blind
    players = json.loads(cli("stacks", "--json"))["players"]
    assert {p["name"]: p["result"] for p in players} == {"ann": -1, "bob": 1, "cat": 0}


@NOT_INSTALLED
@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("_chip_value = '1e400'", "a chip is worth at most 1,000,000"),
        ("_chip_value = '0'", "a chip must be worth more than 0"),
        ("_chip_value = '-1'", "a chip must be worth more than 0"),
        ("_chip_value = 'NaN'", "not an amount of money"),
        ("_chip_value = '0.0000001'", "at most 6 decimals"),
        (
            "_settings = {chip_value = '1e400', table = {small_blind = 1, big_blind = 2}}",
            "1,000,000",
        ),
        (
            "_settings = {chip_value = '1', currency = 'EUROS', "
            "table = {small_blind = 1, big_blind = 2}}",
            "a currency is an ISO 4217 code",
        ),
        (
            "_settings = {chip_value = '1', table = {small_blind = 1, big_blind = 2}, "
            "caves = {default = 1000000000000000000}}",
            "caves.default is a whole number of chips from 0 to 1,000,000,000,000,000",
        ),
        (
            "_settings = {chip_value = '1', table = {small_blind = 1, big_blind = 2, ante = -5}}",
            "table.ante is a whole number of chips",
        ),
        ("_settings = 'x'", "_settings: not a table of settings"),
    ],
)
def test_imported_fields_keep_the_bounds_of_the_command_line(
    cli: Marquoir, tmp_path: Path, field: str, message: str
) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND + field + "\n", encoding="utf-8")
    refused(cli, path, message)


@NOT_INSTALLED
def test_the_imported_chip_value_is_what_new_would_take(cli: Marquoir, tmp_path: Path) -> None:
    """The bounds refuse nothing `new --chip-value` takes: 0.05, in plain notation."""
    path = tmp_path / "hand.phh"
    path.write_text(HAND + "_chip_value = '5E-2'\ncurrency = 'chf'\n", encoding="utf-8")
    cli("import", "phh", str(path))
    settings = json.loads(cli("sessions", "--json"))["sessions"][0]["settings"]
    assert (settings["chip_value"], settings["currency"]) == ("0.05", "CHF")
    cli("report")  # the report reads the money it makes
    conn = sqlite3.connect(cli.db)
    try:
        row = conn.execute("SELECT chip_value, currency FROM session_settings").fetchone()
    finally:
        conn.close()
    assert row == (0.05, "CHF")
