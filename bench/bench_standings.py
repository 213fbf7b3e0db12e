"""`marquoir standings` over 1,000 sessions of 100 hands.

    python bench/bench_standings.py [--sessions 1000] [--hands 100] [--runs 3]

One session of `--hands` random hands (four players; the hands of `bench_report.py`) is
recorded through the `Ledger` API, then copied in SQL into `--sessions` sessions (each its
own name and players' rows: the reading is what is timed, not the building). Then
`marquoir standings` runs `--runs` times as a fresh process; the median is printed next to
the target (1 s) and to `marquoir status` on the same file (the cost of any command).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_report import build, marquoir_command  # noqa: E402

TARGET = 1.0


def copy_sessions(path: Path, sessions: int) -> None:
    """The first session copied `sessions - 1` times (events, snapshots, hands)."""
    import sqlite3

    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for number in range(2, sessions + 1):
        sid = conn.execute(
            "INSERT INTO sessions (name, settings, created_at) "
            "SELECT ?, settings, created_at FROM sessions WHERE id = 1",
            (f"bench{number}",),
        ).lastrowid
        offset = conn.execute("SELECT max(id) FROM events").fetchone()[0]
        conn.execute(
            "INSERT INTO events (id, session_id, hand_no, kind, data, undone, created_at) "
            "SELECT id + ?, ?, hand_no, kind, data, undone, created_at FROM events "
            "WHERE session_id = 1",
            (offset, sid),
        )
        for table, column in (("snapshots", "state"), ("hands", "summary")):
            key = "event_id" if table == "snapshots" else "hand_no, event_id"
            conn.execute(
                f"INSERT INTO {table} (session_id, {key}, {column}) "
                f"SELECT ?, {key.replace('event_id', 'event_id + ?')}, {column} FROM {table} "
                "WHERE session_id = 1",
                (sid, offset),
            )
    conn.execute("COMMIT")
    conn.close()


def timed(args: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="marquoir-bench-standings-"))
    try:
        path = folder / "standings.db"
        build(path, options.hands)
        copy_sessions(path, options.sessions)
        env = dict(os.environ, MARQUOIR_DB=str(path), XDG_CONFIG_HOME=str(folder))
        command = marquoir_command()
        seconds = timed([*command, "standings"], env, options.runs)
        status = timed([*command, "status"], env, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    verdict = "met" if seconds <= TARGET else "NOT met"
    print(
        f"standings over {options.sessions:,} sessions of {options.hands} hands, median of "
        f"{options.runs}: {seconds:.2f} s (target <= {TARGET:.0f} s: {verdict}; "
        f"`marquoir status` on the same file: {status:.2f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
