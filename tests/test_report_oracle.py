"""The reports say exactly what they said before they were made to stream: byte for byte.

The files in tests/data/report-oracle/ were written by the report code as it was before the
hand log was streamed (commit 68180b2; then by main's after the French translation, which
changed the tournament's settlement lines and added the French reports), on small sessions
chosen to cover what a report can say: side pots, caves, recaves and departures, a settled
evening, jackpots' void deals, Bouillotte's brelans, a tournament, stud, and a session with
odd names, changed blinds, a count correction and a hand still in play. They are the
oracle: the new code must write the same bytes. Regenerate them (`python
tests/test_report_oracle.py`) only when a report is meant to say something new, and say so
in the commit. The standings too, over the same sessions.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # (run as a script to regenerate the files)
    sys.path.insert(0, str(ROOT))

from marquoir.cli import main  # noqa: E402

EXAMPLES = ROOT / "examples"
ORACLE = Path(__file__).resolve().parent / "data" / "report-oracle"
FORMATS = ("text", "md", "csv", "json", "html")
EXTENSIONS = {"text": "txt", "md": "md", "csv": "csv", "json": "json", "html": "html"}
# a fixed creation time, read in UTC: the report shows the session's date and time
CREATED = "2026-11-27T20:30:00+00:00"
ODD = "a&b<c|_x_"

SCENARIOS: dict[str, list[list[str]]] = {
    # hold'em, side pots, a short cave, recaves, dave leaves; the others still hold chips
    "evening": [["play", str(EXAMPLES / "evening.txt")]],
    # the same evening counted and cashed out: settled
    "settled": [
        ["play", str(EXAMPLES / "evening.txt")],
        ["count", "alice=47", "bob=200", "carol=493"],
        ["leave", "--all"],
    ],
    "jackpots": [["play", str(EXAMPLES / "jackpots.txt")]],
    "bouillotte": [["play", str(EXAMPLES / "bouillotte.txt")]],
    "tournoi": [["play", str(EXAMPLES / "tournoi.txt")]],
    "stud": [["play", str(EXAMPLES / "stud.txt")]],
    # names Markdown, HTML and CSV must escape, accents, new blinds, a correction, a hand
    # left in play
    "odd": [
        ["new", "mardi", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.25"],
        ["seat", ODD],
        ["seat", "zoé"],
        ["seat", "Hélène"],
        ["deal"],
        ["fold"],
        ["fold"],
        ["blinds", "2/4", "--ante", "1"],
        ["deal"],
        ["call"],
        ["call"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["check"],
        ["showdown", f"zoé = {ODD} > Hélène"],
        ["count", "--record", "zoé=90"],
        ["deal"],
        ["call"],
    ],
}


def build(db: Path, commands: list[list[str]]) -> None:
    """The scenario's session, created at a fixed time."""
    for command in commands:
        assert main(["--db", str(db), *command]) == 0, command
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE sessions SET created_at = ?", (CREATED,))
    conn.close()


def report(db: Path, fmt: str, out: Path, lang: str = "en") -> bytes:
    target = out / f"report.{lang}.{EXTENSIONS[fmt]}"
    command = ["--lang", lang, "--db", str(db), "report", "--format", fmt, "-o", str(target)]
    assert main(command) == 0
    return target.read_bytes()


# In French too: the words of the text, Markdown and HTML reports (CSV and JSON are data,
# in English whatever the language).
FRENCH = ("evening", "odd", "tournoi")
FRENCH_FORMATS = ("text", "md", "html")


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The report shows times in the reader's zone: UTC here, as the oracle was written."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_format_says_what_it_said(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / f"{name}.db"
    build(db, SCENARIOS[name])
    capsys.readouterr()
    for fmt in FORMATS:
        out = tmp_path / fmt
        out.mkdir()
        expected = (ORACLE / f"{name}.{EXTENSIONS[fmt]}").read_bytes()
        assert report(db, fmt, out) == expected, f"{name} in {fmt}"
        if name in FRENCH and fmt in FRENCH_FORMATS:
            expected = (ORACLE / f"{name}.fr.{EXTENSIONS[fmt]}").read_bytes()
            assert report(db, fmt, out, "fr") == expected, f"{name} in {fmt}, in French"


# `standings` over every scenario but "settled" (the same session name as "evening") in one
# file, the sessions a day apart from 2026-11-21: all of them, and a range of days
STANDINGS_RUNS = {
    "standings.txt": ["standings"],
    "standings.json": ["standings", "--json"],
    "standings-range.txt": ["standings", "--from", "2026-11-22", "--to", "2026-11-24"],
}


def build_club(db: Path) -> None:
    """Every scenario but "settled" in one file, one day apart."""
    for name in sorted(SCENARIOS):
        if name != "settled":
            build(db, SCENARIOS[name])
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE sessions SET created_at = "
            "strftime('%Y-%m-%dT20:30:00+00:00', '2026-11-20', '+' || id || ' days')"
        )
    conn.close()


def standings_of(db: Path, args: list[str], capsys: pytest.CaptureFixture[str] | None) -> bytes:
    if capsys is not None:
        capsys.readouterr()
    assert main(["--db", str(db), *args]) == 0
    if capsys is not None:
        return capsys.readouterr().out.encode()
    raise AssertionError("no output captured")


def test_standings_say_what_they_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.db"
    build_club(db)
    for file, args in STANDINGS_RUNS.items():
        assert standings_of(db, args, capsys) == (ORACLE / file).read_bytes(), file


def regenerate() -> None:
    """Write the oracle files from the code as it is (see the module's docstring)."""
    import os
    import tempfile

    os.environ["TZ"] = "UTC"
    time.tzset()
    ORACLE.mkdir(parents=True, exist_ok=True)
    for name, commands in SCENARIOS.items():
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / f"{name}.db"
            build(db, commands)
            for fmt in FORMATS:
                out = Path(folder) / fmt
                out.mkdir()
                (ORACLE / f"{name}.{EXTENSIONS[fmt]}").write_bytes(report(db, fmt, out))
                if name in FRENCH and fmt in FRENCH_FORMATS:
                    french = report(db, fmt, out, "fr")
                    (ORACLE / f"{name}.fr.{EXTENSIONS[fmt]}").write_bytes(french)
    import contextlib
    import io

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.db"
        build_club(db)
        for file, args in STANDINGS_RUNS.items():
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                assert main(["--db", str(db), *args]) == 0
            (ORACLE / file).write_bytes(printed.getvalue().encode())


if __name__ == "__main__":
    regenerate()
