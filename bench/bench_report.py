"""How long `marquoir report` takes on a session of 100,000 hands.

    python bench/bench_report.py [--hands N] [--runs R]

Builds (once, untimed) a database where four players play N hands: raises, calls, folds and
showdowns with side pots now and then, through the same `Ledger` API as the command line but
inside one transaction (the per-command disk sync would make building 100,000 hands take
minutes). Then times, as fresh processes, `marquoir report` in every format and the exports,
and prints the medians. The target: seconds, not minutes.
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


def build(path: Path, hands: int) -> float:
    """The database of `hands` hands; returns how long it took."""
    start = time.perf_counter()
    book = Ledger(path)
    config = TableConfig(small_blind=1, big_blind=2)
    book.create_session("bench", SessionSettings(config, CavePolicy(default=200), "0.10"))
    for name in PLAYERS:
        book.execute(lambda t, n=name: t.seat_event(n))
    book.conn.execute("BEGIN")
    book.transaction = lambda: _NoTransaction()  # type: ignore[method-assign,assignment]
    for number in range(hands):
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
                book.execute(lambda t, n=account.name: t.recave_event(n, 200))
    book.conn.execute("COMMIT")
    book.close()
    return time.perf_counter() - start


class _NoTransaction:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def timed(args: list[str], env: dict[str, str], runs: int) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(args, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        size = len(done.stdout)
    return statistics.median(times), size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="marquoir-bench-report-"))
    try:
        path = folder / "report.db"
        took = build(path, options.hands)
        print(
            f"built {options.hands} hands in {took:.1f} s; file {path.stat().st_size // 1024} KiB"
        )
        env = dict(os.environ, MARQUOIR_DB=str(path))
        command = marquoir_command()
        rows = [
            ("report (text)", ["report"]),
            ("report --format md", ["report", "--format", "md"]),
            ("report --format json", ["report", "--format", "json"]),
            ("report --format csv", ["report", "--format", "csv"]),
            ("report --format html", ["report", "--format", "html"]),
            ("export csv --what hands", ["export", "csv", "--what", "hands"]),
            ("export pokernow", ["export", "pokernow"]),
            ("settle", ["settle"]),
            ("status", ["status"]),
        ]
        print(f"{'command':26s} {'median s':>9s} {'output KiB':>11s}")
        for label, args in rows:
            if label == "settle":
                subprocess.run(
                    [*command, "leave", "--all"], env=env, capture_output=True, check=True
                )
            seconds, size = timed([*command, *args], env, options.runs)
            print(f"{label:26s} {seconds:9.2f} {size // 1024:11d}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
