"""The import gives the same file after its speed-ups: the PHH samples imported, and what
Marquoir prints and shows of them, compared with what the import printed and wrote before
it was made faster (`tests/data/phh-import-outputs.json.gz`, written by the version before
those changes with `python -m tests.test_phh_import_same FOLDER`).

What is compared is what a user sees: the import's own report, each session's report (JSON),
its PHH and CSV exports, its status, `verify`, and the rows of the readable views (without
their event and session ids, which say where a row is kept, not what it says); and the PHH
export of the Pluribus sample imported back (Marquoir's own hands, replayed as recorded).
"""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from .installed import Marquoir

DATA = Path(__file__).resolve().parent / "data"
EXPECTED = DATA / "phh-import-outputs.json.gz"
SAMPLES = ("pluribus-sample", "wsop-sample", "famous")
# one moment for the whole run: the events' and sessions' times, and the exports' dates
NOW = 1767225600
COMMANDS = (
    "report --format json",
    "export phh",
    "export csv",
    "export csv --what hands",
)
VIEWS = ("session_settings", "ledger", "actions", "hand_results", "stacks_after_hand")
# (where a row is kept, not what it says)
IDS = frozenset({"event", "session_id"})
# a time of day or a date, should a part of the file read the system's clock after all
_MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\+00:00)?|\b\d\d:\d\d:\d\d\b")


def _steady(text: str) -> str:
    return _MOMENT.sub("<time>", text)


# How many rows the log keeps and how often the table is saved are the storage's business,
# not what the import gives: `verify`'s counts of them are left out of the comparison.
_ROWS = re.compile(r"\d+ events? replayed, \d+ snapshots?")


# The files' folder, which the import's messages name, is the checkout's.
_FOLDER = re.compile(r"(?:/[\w.+-]+)+/tests/data/")


def _comparable(found: dict[str, Any]) -> dict[str, Any]:
    code, out, err = found["verify"]
    found = {**found, "verify": [code, _ROWS.sub("<rows>", out), err]}
    data: dict[str, Any] = json.loads(_FOLDER.sub("<data>/", json.dumps(found)))
    return data


def _views(db: Path) -> dict[str, list[list[Any]]]:
    conn = sqlite3.connect(db)
    try:
        views = {}
        for view in VIEWS:
            cursor = conn.execute(f"SELECT * FROM {view}")  # (our own names)
            names = [column[0] for column in cursor.description]
            keep = [i for i, name in enumerate(names) if name not in IDS]
            views[view] = [[_steady(str(row[i])) for i in keep] for row in cursor]
        return views
    finally:
        conn.close()


def outputs(folder: Path) -> dict[str, Any]:
    """What Marquoir prints and shows of the samples imported, in a new file in `folder`."""
    cli = Marquoir(folder, in_process=True)
    cli.env["MARQUOIR_NOW"] = str(NOW)
    found: dict[str, Any] = {}

    def run(key: str, *args: str) -> None:
        done = cli.run(*args)
        found[key] = [done.returncode, _steady(done.stdout), _steady(done.stderr)]

    for sample in SAMPLES:
        run(f"import {sample}", "import", "phh", str(DATA / f"{sample}.phhs"), "--session", sample)
    found["sessions"] = cli("sessions")
    with sqlite3.connect(cli.db) as conn:
        sessions = [row[0] for row in conn.execute("SELECT name FROM sessions ORDER BY id")]
    conn.close()
    exported = folder / "exported.phhs"
    exported.write_text(cli("export", "phh", "--session", "pluribus-sample"), encoding="utf-8")
    run("import again", "import", "phh", str(exported), "--session", "again")
    for session in [*sessions, "again"]:
        for command in COMMANDS:
            run(f"{session} {command}", *command.split(" "), "--session", session)
        cli("use", session)
        run(f"{session} status --json", "status", "--json")
    run("verify", "verify")
    found["views"] = _views(cli.db)
    return found


@pytest.fixture
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's clock stopped at `NOW` (the import times its rows by it)."""
    monkeypatch.setattr(time, "time", lambda: float(NOW))


@pytest.mark.usefixtures("fixed_clock")
def test_the_import_gives_what_it_gave_before_its_speed_ups(tmp_path: Path) -> None:
    with gzip.open(EXPECTED, "rt", encoding="utf-8") as file:
        expected = json.load(file)
    expected = _comparable(expected)
    found = _comparable(json.loads(json.dumps(outputs(tmp_path))))
    assert found.keys() == expected.keys()
    for key in expected:
        assert found[key] == expected[key], key


def main() -> None:
    """Write the expectation into FOLDER (run by the version the tests compare with)."""
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    real = time.time
    time.time = lambda: float(NOW)
    try:
        found = outputs(folder)
    finally:
        time.time = real
    with gzip.open(folder / EXPECTED.name, "wt", 9, encoding="utf-8") as target:
        json.dump(found, target, ensure_ascii=False, sort_keys=True)


if __name__ == "__main__":
    main()


def test_the_replay_alone_reports_each_hand_as_the_import_does(tmp_path: Path) -> None:
    """`replay_phh` (what the benchmark times apart from the database) replays the hands as
    the import does: the same fate for each hand, finishing stacks compared alike."""
    from marquoir.storage.ledger import Ledger
    from marquoir.storage.phh_import import import_phh, replay_phh

    files = [DATA / f"{sample}.phhs" for sample in SAMPLES]
    with Ledger(tmp_path / "m.db") as book:
        imported = import_phh(book, files, session="s").hands
    alone = replay_phh(files)
    assert [(h.label, h.compared, h.differs, h.message) for h in alone] == [
        (h.label, h.compared, h.differs, h.message) for h in imported
    ]
    assert sum(h.compared and not h.differs for h in alone) == 250 + 25  # (tests/data/README.md)
