"""`marquoir standings` over 1,000 sessions of 100 hands, beside the previous code.

    python bench/bench_standings.py [--sessions 1000] [--hands 100] [--runs 3]
                                    [--reference 68180b2 | --reference none]

One session of `--hands` random hands (four players; the hands of `bench_report.py`) is
recorded through the `Ledger` API, then copied in SQL into `--sessions` sessions (each its
own name and players' rows: the reading is what is timed, not the building). Then
`marquoir standings` runs `--runs` times as a fresh process; the median wall and CPU times
are printed next to those of the reference (the code of commit `--reference`, as in
`bench_report.py`), the target (1 s) and `marquoir status` on the same file (the cost of
any command).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_report import (  # noqa: E402
    REFERENCE,
    build,
    load,
    marquoir_command,
    reference_command,
    timed,
)

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reference", default=REFERENCE, help="a git revision, or none")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="marquoir-bench-standings-"))
    try:
        path = folder / "standings.db"
        build(path, options.hands)
        copy_sessions(path, options.sessions)
        env = dict(os.environ, MARQUOIR_DB=str(path), XDG_CONFIG_HOME=str(folder))
        command = marquoir_command()
        wall, cpu, out = timed([*command, "standings"], env, options.runs)
        status, status_cpu, _ = timed([*command, "status"], env, options.runs)
        reference = reference_command(options.reference, folder)
        theirs = ""
        if reference is not None:
            ref_wall, ref_cpu, ref_out = timed([*reference, "standings"], env, options.runs, 600)
            same = "the same output" if ref_out == out else "a DIFFERENT output"
            theirs = f"; reference {options.reference}: {ref_wall:.2f} s ({ref_cpu:.2f} s), {same}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    verdict = "met" if wall <= TARGET else "NOT met"
    print(
        f"standings over {options.sessions:,} sessions of {options.hands} hands, median of "
        f"{options.runs}, wall (CPU): {wall:.2f} s ({cpu:.2f} s) (target <= {TARGET:.0f} s: "
        f"{verdict}){theirs}; `marquoir status` on the same file: {status:.2f} s "
        f"({status_cpu:.2f} s); {load()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
