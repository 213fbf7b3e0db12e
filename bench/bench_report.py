"""How long `marquoir report` takes on a session of 100,000 hands, beside the previous code.

    python bench/bench_report.py [--hands 100000] [--block 1000] [--runs 3]
                                 [--reference 68180b2 | --reference none]
                                 [--reference-runs 1] [--timeout 600] [--only report]

Builds (untimed) a database where four players play `--block` hands: raises, calls, folds and
showdowns with side pots now and then, recaves, through the same `Ledger` API as the command
line in one transaction; then copies that block in SQL (events, hand summaries, the last
snapshot; hand numbers and event ids shifted) until the session has `--hands` hands: a file
of 100,000 hands in seconds, not the ten minutes of playing them all. Then times, as fresh
processes, `marquoir report` in every format and the exports, and prints for each the median
wall time and CPU time (user + system: on a shared machine the wall time also measures the
neighbours), beside the same command run by the reference: the code of commit `--reference`
(the report before it streamed; extracted with `git archive`; `--reference-runs` runs, a
minute each at 100,000 hands, its HTML chart much more: `--timeout` seconds at most), or
the target (2 s) when there is no reference. `--only WORD` keeps the commands naming it.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from marquoir.domain import Action, LegalActions, TableConfig, parse_ranking  # noqa: E402
from marquoir.domain.table import CavePolicy, SessionSettings  # noqa: E402
from marquoir.storage.ledger import Ledger  # noqa: E402

PLAYERS = ("alice", "bob", "carol", "dave")


def policy(mode: int, step: int, legal: LegalActions) -> Action:
    """Four kinds of hands, cycled: folds to the big blind; a raise called and checked down;
    all-ins (side pots); everyone calls and checks to a split pot."""
    if mode == 0:
        return Action.check() if legal.can_check else Action.fold()
    if mode == 1 and step == 0 and legal.min_to is not None:
        return Action.bet(legal.min_to)
    if mode == 2 and legal.allin_ok:
        return Action.allin()
    return Action.call()


def marquoir_command() -> list[str]:
    script = Path(sys.executable).parent / "marquoir"
    if script.exists():
        return [str(script)]
    found = shutil.which("marquoir")
    return [found] if found else [sys.executable, "-c", "from marquoir.cli import main; main()"]


def build(path: Path, hands: int, *, block: int | None = None) -> float:
    """The database of `hands` hands, the first `block` of them played and the others
    copies of those (`copy_hands`); returns how long it took."""
    played = hands if block is None else min(hands, block)
    start = time.perf_counter()
    book = Ledger(path)
    config = TableConfig(small_blind=1, big_blind=2)
    book.create_session("bench", SessionSettings(config, CavePolicy(default=200), "0.10"))
    for name in PLAYERS:
        book.execute(lambda t, n=name: t.seat_event(n))
    book.conn.execute("BEGIN")
    book.transaction = lambda: _NoTransaction()  # type: ignore[method-assign,assignment]
    for number in range(played):
        table = book.execute(lambda t: t.deal_event()).table
        step = 0
        while table.hand is not None and table.hand.to_act is not None:
            action = policy(number % 4, step, table.hand.legal())
            table = book.execute(lambda t, a=action: t.act_event(a)).table
            step += 1
        if table.hand is not None:  # the showdown
            alive = [p.name for p in table.hand.players if not p.folded]
            text = " = ".join(alive) if number % 4 == 3 else " > ".join(alive)
            table = book.execute(lambda t, r=text: t.showdown_event(parse_ranking(r))).table
        for account in list(table.present()):
            if account.stack < 50:
                book.execute(lambda t, n=account.name: t.house.recave_event(n, 200))
    book.conn.execute("COMMIT")
    book.close()
    if played < hands:
        copy_hands(path, played, hands)
    return time.perf_counter() - start


def copy_hands(path: Path, block: int, hands: int) -> None:
    """The session's `block` hands copied until it has `hands`: their events (deals numbered
    on), their summaries, and the last snapshot moved after the last copy (the stacks and
    the accounts are those after the first block: the file reads as a long session, not as
    one whose books balance)."""
    import sqlite3

    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    first, last = conn.execute(
        "SELECT min(id), max(id) FROM events WHERE session_id = 1 AND id >= "
        "(SELECT min(id) FROM events WHERE kind = 'deal')"
    ).fetchone()
    span = last - first + 1
    copies = -(-hands // block)
    for k in range(1, copies):
        shift = k * block
        conn.execute(
            "INSERT INTO events (id, session_id, hand_no, kind, data, undone, created_at) "
            "SELECT id + ?1, session_id, hand_no + ?2, kind, CASE kind WHEN 'deal' "
            "THEN json_set(data, '$.hand', json_extract(data, '$.hand') + ?2) ELSE data END, "
            "undone, created_at FROM events WHERE session_id = 1 AND id BETWEEN ?3 AND ?4 "
            "AND (hand_no IS NULL OR hand_no + ?2 <= ?5)",
            (k * span, shift, first, last, hands),
        )
        conn.execute(
            "INSERT INTO hands (session_id, hand_no, event_id, summary) "
            "SELECT session_id, hand_no + ?1, event_id + ?2, summary FROM hands "
            "WHERE session_id = 1 AND hand_no <= ?3 AND hand_no + ?1 <= ?4",
            (shift, k * span, block, hands),
        )
    conn.execute(
        "INSERT INTO snapshots (session_id, event_id, state) "
        "SELECT session_id, (SELECT max(id) FROM events), "
        "json_set(state, '$.hand_no', ?) FROM snapshots WHERE session_id = 1 "
        "ORDER BY event_id DESC LIMIT 1",
        (hands,),
    )
    conn.execute("COMMIT")
    conn.close()


class _NoTransaction:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def timed(
    args: list[str], env: dict[str, str], runs: int, timeout: float | None = None
) -> tuple[float, float, bytes]:
    """The median wall time and CPU time (user + system) of `runs` runs of `args`, and what
    it printed; NaN when the command failed, infinity past `timeout` seconds."""
    walls, cpus, printed = [], [], b""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            done = subprocess.run(args, env=env, capture_output=True, check=False, timeout=timeout)
        except subprocess.TimeoutExpired:
            return math.inf, math.inf, b""
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            return math.nan, math.nan, b""
        printed = done.stdout
    return statistics.median(walls), statistics.median(cpus), printed


def reference_command(revision: str, folder: Path) -> list[str] | None:
    """A command running Marquoir as it was at `revision` (its package extracted with
    `git archive` into `folder`), or None without git or that revision."""
    if revision == "none":
        return None
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "marquoir"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        return None
    target = folder / "reference"
    target.mkdir()
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    code = f"import sys; sys.path.insert(0, {str(target)!r}); from marquoir.cli import main; main()"
    return [sys.executable, "-c", code]


def load() -> str:
    """The machine's load average over the last minute, and its number of cores."""
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


REFERENCE = "68180b2"  # the last commit before the reports streamed
TARGET = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--block", type=int, default=1000, help="hands played, then copied")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reference", default=REFERENCE, help="a git revision, or none")
    parser.add_argument("--reference-runs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600, help="seconds, a reference run")
    parser.add_argument("--only", default="", help="the commands whose name holds this")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="marquoir-bench-report-"))
    try:
        path = folder / "report.db"
        took = build(path, options.hands, block=options.block)
        size = path.stat().st_size // 1024
        print(f"built {options.hands:,} hands in {took:.1f} s; file {size:,} KiB; {load()}")
        env = dict(os.environ, MARQUOIR_DB=str(path))
        command = marquoir_command()
        reference = reference_command(options.reference, folder)
        rows = [
            ("report (text)", ["report"]),
            ("report --format md", ["report", "--format", "md"]),
            ("report --format json", ["report", "--format", "json"]),
            ("report --format html", ["report", "--format", "html"]),
            ("report --format csv", ["report", "--format", "csv"]),
            ("export csv --what hands", ["export", "csv", "--what", "hands"]),
            ("export pokernow", ["export", "pokernow"]),
            ("settle", ["settle"]),
            ("status", ["status"]),
        ]
        rows = [(label, args) for label, args in rows if options.only in label]
        against = (
            f"reference {options.reference}, median of {options.reference_runs}"
            if reference
            else f"target {TARGET:.0f} s"
        )
        print(
            f"median of {options.runs}: wall s (CPU s); {against}; output KiB, and whether "
            "it is the reference's, byte for byte\n"
            f"{'command':26s} {'ours':>15s} {'reference':>15s} {'output':>8s} same"
        )
        for label, args in rows:
            if label == "settle":
                subprocess.run(
                    [*command, "leave", "--all"], env=env, capture_output=True, check=True
                )
            wall, cpu, out = timed([*command, *args], env, options.runs)
            same = ""
            if reference is not None:
                ref_wall, ref_cpu, ref_out = timed(
                    [*reference, *args], env, options.reference_runs, options.timeout
                )
                theirs = f"{ref_wall:7.2f} ({ref_cpu:5.2f})"
                same = "yes" if out == ref_out else "no"
            else:
                theirs = f"{TARGET:7.2f} target" if label.startswith("report") else ""
            size = len(out) // 1024
            print(f"{label:26s} {wall:7.2f} ({cpu:5.2f}) {theirs:>15s} {size:8d} {same}")
        print(load())
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
