"""`marquoir play` of a long script: milliseconds a line, commit included.

    python bench/bench_play.py [--lines 50000] [--runs 3] [--seed 1]

A script of random legal no-limit hold'em (four players, 1/2 blinds, deep caves, recaves
when a player is broke) is written with the domain's own rules, so that every line is legal;
then `marquoir play SCRIPT` runs it `--runs` times on a fresh file each time, as a fresh
process. The figure is the median of the runs divided by the lines; beside it the target
(0.5 ms a line) and the floor of one line run as its own command (`python -c "import
sqlite3"`, the least a fresh process costs). Every database lives in a temporary folder
named by MARQUOIR_DB. Standard library only (plus marquoir).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    from marquoir.domain import Action
    from marquoir.domain.table import SessionSettings, Table
    from marquoir.storage.ledger import Ledger
except ImportError:  # run from a checkout that is not installed: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from marquoir.domain import Action
    from marquoir.domain.table import SessionSettings, Table
    from marquoir.storage.ledger import Ledger

PLAYERS = ("alice", "bob", "carol", "dave")
CAVE = 400
TARGET_MS = 0.5
NEW = f"new bench --blinds 1/2 --cave {CAVE}"


def marquoir_script() -> str:
    """The console script installed next to this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "marquoir"
    if beside.exists():
        return str(beside)
    found = shutil.which("marquoir")
    if found is None:
        raise SystemExit("cannot find the `marquoir` script: install the project first")
    return found


def _settings(marquoir: str, folder: Path) -> SessionSettings:
    """The settings `new` records for the benchmark's session (read back from a file)."""
    db = folder / "settings.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), XDG_CONFIG_HOME=str(folder))
    subprocess.run([marquoir, *NEW.split()], env=env, check=True, capture_output=True)
    with Ledger(db) as book:
        return book.current().settings


def _action_line(table: Table, rng: random.Random) -> tuple[str, Action]:
    """A random legal action of the player to act, as a script line and as an Action."""
    assert table.hand is not None
    legal = table.hand.legal()
    roll = rng.random()
    if legal.min_to is not None and roll < 0.15:
        top = legal.max_to if legal.max_to is not None else legal.min_to
        total = min(top, legal.min_to + rng.randrange(0, 3) * 2)
        verb = "raise" if legal.current_bet else "bet"
        return f"{verb} {total}", Action.bet(total)
    if legal.can_fold and legal.to_call and roll < 0.45:
        return "fold", Action.fold()
    if legal.can_check:
        return "check", Action.check()
    return "call", Action.call()


def script(lines: int, seed: int, settings: SessionSettings) -> list[str]:
    """At least `lines` legal lines: the session, the seats, then whole hands."""
    from marquoir.domain import tie
    from marquoir.domain.ranking import parse_ranking

    rng = random.Random(seed)
    out = [NEW] + [f"seat {name}" for name in PLAYERS]
    table = Table(settings)
    for name in PLAYERS:
        table.apply(table.seat_event(name))
    while len(out) < lines:
        for account in table.present():
            if account.stack == 0:
                out.append(f"recave {account.name}")
                table.apply(table.house.recave_event(account.name))
        out.append("deal")
        table.apply(table.deal_event())
        while table.hand is not None:
            hand = table.hand
            if hand.to_act is None:
                alive = [p.name for p in hand.players if not p.folded]
                rng.shuffle(alive)
                if len(alive) == 1:
                    out.append(f"win {alive[0]}")
                    table.apply(table.showdown_event(tie(alive)))
                else:  # side pots need more than a winner: everyone's rank
                    ranking = " > ".join(alive)
                    out.append(f'showdown "{ranking}"')
                    table.apply(table.showdown_event(parse_ranking(ranking)))
                continue
            line, action = _action_line(table, rng)
            out.append(line)
            table.apply(table.act_event(action))
    return out


def run_once(marquoir: str, path: Path, folder: Path) -> float:
    db = folder / f"play-{time.monotonic_ns()}.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), XDG_CONFIG_HOME=str(folder))
    start = time.perf_counter()
    done = subprocess.run(
        [marquoir, "play", str(path)], env=env, capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"play failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return elapsed


def floor(folder: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import sqlite3"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    marquoir = marquoir_script()
    with tempfile.TemporaryDirectory(prefix="marquoir-play-") as tmp:
        folder = Path(tmp)
        lines = script(options.lines, options.seed, _settings(marquoir, folder))
        path = folder / "script.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        times = [run_once(marquoir, path, folder) for _ in range(options.runs)]
        per_line = statistics.median(times) / len(lines) * 1000
        fresh = floor(folder, 10) * 1000
    print(f"`marquoir play` of a {len(lines):,}-line script, median of {options.runs} runs:")
    print(f"  {statistics.median(times):.2f} s, {per_line:.3f} ms a line (commit included)")
    print(f"  target: <= {TARGET_MS} ms a line: {'met' if per_line <= TARGET_MS else 'NOT met'}")
    print(f"  reference: one fresh process a line costs at least {fresh:.1f} ms (the floor)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
