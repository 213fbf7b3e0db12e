"""Kill `marquoir` processes inside their write transaction, hundreds of times, then check the
file with `marquoir verify`: no event may be half-written.

    python bench/bench_crash.py [--kills 300] [--seed 1] [--json]

Each round runs one table command (deal, call, check, fold, raise, win, recave, undo: what the
table allows at that moment) as its own process, and kills it with SIGKILL in one of three
ways:

- in the transaction (most rounds): this script polls the file with `BEGIN IMMEDIATE` and a
  zero busy timeout; the moment the poll finds the write lock taken, the command is between
  its `BEGIN IMMEDIATE` and its `COMMIT`; it is killed after a random 0-5 ms more, so the
  kills fall all along the transaction and just after it;
- at a random moment of its life (start-up, reading, writing, printing);
- while it waits for the lock, which this script holds from another connection.

A quarter of the commands run to their end, so that the evening moves on hand after hand.

Then `report -o` is killed at random moments (`--report-kills`, a fifth as many as the
table's): the report file must be absent, or the whole report, never a part of one.

After each kill the log must have grown by nothing or by the whole event, and the table must
load; at the end `marquoir verify --json` must find every snapshot and hand row equal to the
replay of the log, none missing, and SQLite's integrity check clean.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from marquoir.storage.db import READ
from marquoir.storage.ledger import Ledger

PLAYERS = ("alice", "bob", "carol", "dave")


def marquoir() -> str:
    beside = Path(sys.executable).with_name("marquoir")
    found = str(beside) if beside.exists() else shutil.which("marquoir")
    if found is None:
        sys.exit("the marquoir command is not installed (pip install -e .)")
    return found


def next_command(path: Path, rng: random.Random) -> list[str]:
    """A command the table accepts now (an undo now and then)."""
    with Ledger(path, mode=READ) as book:
        _session, table = book.read()
    if rng.random() < 0.06:
        return ["undo"]
    hand = table.hand
    if hand is None:
        broke = [a.name for a in table.present() if a.stack == 0]
        return ["recave", broke[0]] if broke else ["deal"]
    if hand.to_act is None:
        return ["win", hand.pots()[0].eligible[0]]
    legal = hand.legal()
    roll = rng.random()
    if roll < 0.15:
        return ["fold"]
    if roll < 0.35 and legal.min_to is not None:
        return ["raise", str(legal.min_to)]
    return ["check"] if legal.can_check else ["call"]


def log_size(conn: sqlite3.Connection) -> tuple[int, int]:
    """(events, undone events): a command adds one event, or marks one undone."""
    row = conn.execute("SELECT count(*), coalesce(sum(undone), 0) FROM events").fetchone()
    return int(row[0]), int(row[1])


def kill_in_transaction(
    process: subprocess.Popen[bytes], poll: sqlite3.Connection, rng: random.Random
) -> bool:
    """Kill the process once it holds the write lock; False when it finished first."""
    while process.poll() is None:
        try:
            poll.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # "database is locked": the command is writing
            time.sleep(rng.uniform(0, 0.005))
            process.send_signal(signal.SIGKILL)
            return True
        poll.execute("ROLLBACK")
        time.sleep(0.00005)
    return False


def run(kills: int, seed: int, folder: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    exe = marquoir()
    path = folder / "crash.db"
    env = dict(os.environ, MARQUOIR_DB=str(path))

    def command(*args: str) -> None:
        subprocess.run([exe, *args], env=env, check=True, capture_output=True)

    command("new", "crash", "--blinds", "1/2", "--cave", "200")
    for name in PLAYERS:
        command("seat", name)
    poll = sqlite3.connect(path, isolation_level=None, timeout=0)
    poll.execute("PRAGMA busy_timeout = 0")
    counts = {"in_transaction": 0, "random": 0, "waiting": 0, "finished": 0}
    # how each kill ended, by way of killing: nothing recorded, or the whole event
    rolled_back = dict.fromkeys(counts, 0)
    recorded_whole = dict.fromkeys(counts, 0)
    torn = 0
    started = time.perf_counter()
    done = 0
    while done < kills:
        args = next_command(path, rng)
        before = log_size(poll)
        how = rng.choices(["in_transaction", "random", "waiting", "none"], [0.5, 0.15, 0.1, 0.25])[
            0
        ]
        if how == "none":  # some commands run to the end, so that the evening moves on
            subprocess.run([exe, *args], env=env, capture_output=True, check=False)
            counts["finished"] += 1
            continue
        if how == "waiting":
            poll.execute("BEGIN IMMEDIATE")  # the command will wait for this lock
        process = subprocess.Popen(
            [exe, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if how == "in_transaction":
            killed = kill_in_transaction(process, poll, rng)
        else:
            time.sleep(rng.uniform(0.005, 0.08) if how == "random" else rng.uniform(0.03, 0.08))
            killed = process.poll() is None
            process.send_signal(signal.SIGKILL)
        process.wait()
        if how == "waiting":
            poll.execute("ROLLBACK")
        killed = killed and process.returncode == -signal.SIGKILL
        after = log_size(poll)
        grew = (after[0] - before[0]) + (after[1] - before[1])
        if grew not in (0, 1):
            torn += 1
        if not killed:
            counts["finished"] += 1
            continue
        counts[how] += 1
        done += 1
        rolled_back[how] += grew == 0
        recorded_whole[how] += grew == 1
        next_command(path, rng)  # the table loads after every kill
    poll.close()
    elapsed = time.perf_counter() - started
    reports = kill_reports(exe, env, folder, rng, max(1, kills // 5))
    checked = subprocess.run(
        [exe, "verify", "--json"], env=env, capture_output=True, text=True, check=False
    )
    verdict = json.loads(checked.stdout)
    session = verdict["sessions"][0]
    half_written = len(session["wrong"]) + session["unsnapshotted"] + torn
    return {
        "kills": done,
        "in_transaction": counts["in_transaction"],
        "at_random": counts["random"],
        "waiting_for_the_lock": counts["waiting"],
        "finished_before_the_kill": counts["finished"],
        "killed_and_rolled_back": sum(rolled_back.values()),
        "killed_after_commit": sum(recorded_whole.values()),
        "in_transaction_rolled_back": rolled_back["in_transaction"],
        "in_transaction_after_commit": recorded_whole["in_transaction"],
        "at_random_rolled_back": rolled_back["random"],
        "at_random_after_commit": recorded_whole["random"],
        "events": session["events"],
        "hands": session["hands"],
        "half_written": half_written,
        "integrity": verdict["integrity"],
        "verify_exit": checked.returncode,
        "seconds": round(elapsed, 1),
        **reports,
    }


def kill_reports(
    exe: str, env: dict[str, str], folder: Path, rng: random.Random, kills: int
) -> dict[str, int]:
    """`report -o` killed at random moments: the file named is whole or absent."""
    target = folder / "report.html"
    started = time.perf_counter()
    whole = subprocess.run(
        [exe, "report", "-f", "html", "-o", "-"], env=env, capture_output=True, check=True
    ).stdout
    # (the kills fall within the time a whole report took: a moment drawn beyond it, as a
    # fixed 0.4 s drew most of them once reports got faster, kills nothing)
    took = time.perf_counter() - started
    partial = killed = 0
    for _ in range(kills):
        if rng.random() < 0.5:
            target.unlink(missing_ok=True)  # sometimes a new file, sometimes replaced
        process = subprocess.Popen(
            [exe, "report", "-f", "html", "-o", str(target), "--force"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.01, max(0.02, took)))
        process.send_signal(signal.SIGKILL)
        process.wait()
        killed += process.returncode == -signal.SIGKILL
        # (`-o -` ends with the newline `-o FILE` leaves out)
        if target.exists() and target.read_bytes().rstrip(b"\n") != whole.rstrip(b"\n"):
            partial += 1
    return {"report_kills": killed, "report_partial": partial}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = run(options.kills, options.seed, Path(folder))
    if options.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{figures['kills']} kills: {figures['in_transaction']} while the command held the "
            f"write lock ({figures['in_transaction_rolled_back']} before its COMMIT, nothing "
            f"recorded; {figures['in_transaction_after_commit']} just after, recorded whole), "
            f"{figures['at_random']} at a random moment ({figures['at_random_rolled_back']} "
            f"recorded nothing, {figures['at_random_after_commit']} recorded whole), "
            f"{figures['waiting_for_the_lock']} while it waited for the lock; "
            f"{figures['finished_before_the_kill']} commands ran to their end"
        )
        print(
            f"log: {figures['events']} events, {figures['hands']} hands; integrity "
            f"{figures['integrity']}; half-written events: {figures['half_written']} "
            f"({figures['seconds']} s)"
        )
        print(
            f"report -o killed {figures['report_kills']} times: "
            f"{figures['report_partial']} partial report files"
        )
    if figures["half_written"] or figures["verify_exit"] or figures["report_partial"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
