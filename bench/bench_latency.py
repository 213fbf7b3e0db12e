"""Latency of the table commands against the floor (docs/design.md, "The hot path").

Run with the project's virtualenv:

    python bench/bench_latency.py [--runs N] [--hands N] [--importtime] [--inherit-bytecode]
                                  [--lang fr|en] [--dir FOLDER]

Every command runs as a fresh process (the `marquoir` script next to this Python), timed
with `time.perf_counter` around `subprocess.run`. Each round runs every measure once in a
shuffled order, and runs the floor `python -c "import sqlite3"` before and after each of
them, so that machine noise hits all of them alike: medians are reported, with `paired`, the
median of each run divided by the mean of the two floor runs around it, which also cancels
bursts of load from other processes; the verdict uses the paired ratios.

Each table command is timed on two databases in the same state (four players, a hand just
dealt, the first player facing the big blind): a fresh one, and one that already holds
`--hands` completed hands. Before each timed run the state where the command is legal is set
up in-process, and afterwards its events are undone (`Ledger.undo`), both untimed. Every
database lives in a temporary directory named by MARQUOIR_DB; the user's own files are never
touched. By default the children keep their .pyc files in a temporary PYTHONPYCACHEPREFIX
(as an installed package has them), even if PYTHONDONTWRITEBYTECODE is set; then `call` is
also timed as the environment runs it. `call --lang fr` is timed beside `call` in every run
(the French catalog read and the message translated: its cost, paired with the English
`call`); `--lang fr` runs every command in French. Standard library only (plus marquoir).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

try:
    from marquoir.domain import Action
    from marquoir.storage.ledger import Ledger
except ImportError:  # run from a checkout that is not installed: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from marquoir.domain import Action
    from marquoir.storage.ledger import Ledger

PLAYERS = ("alice", "bob", "carol", "dave")
BLINDS = "1/2"
BIG_BLIND = 2
CAVE = 200
RAISE_TO = 3 * BIG_BLIND
TABLE_COMMANDS = ("call", "check", "raise", "fold", "call-fr")
MAX_RATIO = 1.5  # at most 1.5 times `python -c "import sqlite3"` (issue 16)
MAX_GROWTH = 0.10  # at 100,000 hands within 10% of a fresh database


def marquoir_script() -> str:
    """The console script installed next to this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "marquoir"
    if beside.exists():
        return str(beside)
    found = shutil.which("marquoir")
    if found is None:
        raise SystemExit("cannot find the `marquoir` script: install the project first")
    return found


def env_for(db: Path, home: Path, pycache: Path | None) -> dict[str, str]:
    """The environment of every run: MARQUOIR_DB names the benchmark's file.

    With `pycache`, the children read and write their bytecode under that folder (as an
    installed package would have its .pyc files), even when the environment says
    PYTHONDONTWRITEBYTECODE; without it, the inherited bytecode settings stay as they are.
    """
    env = dict(os.environ)
    env["MARQUOIR_DB"] = str(db)
    env["XDG_CONFIG_HOME"] = str(home)  # belt and braces: never the user's app dir
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def run_checked(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(
            f"`{' '.join(argv)}` failed with exit code {proc.returncode}:\n"
            f"{proc.stdout}{proc.stderr}"
        )
    return proc


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall time of one fresh process, in milliseconds; a failure stops the benchmark."""
    start = time.perf_counter()
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if proc.returncode != 0:
        raise SystemExit(
            f"`{' '.join(argv)}` failed with exit code {proc.returncode}:\n"
            f"{proc.stdout}{proc.stderr}"
        )
    return elapsed


# -- the databases ---------------------------------------------------------------------------


def act(db: Path, actions: list[Action]) -> None:
    """Record betting actions in-process (untimed set-up)."""
    with Ledger(db) as book:
        for action in actions:
            book.execute(lambda table, action=action: table.act_event(action))


def undo(db: Path, count: int) -> None:
    """Undo the last `count` events in-process (untimed restore)."""
    with Ledger(db) as book:
        for _ in range(count):
            book.undo()


def live_events(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM events WHERE undone = 0").fetchone()[0])
    finally:
        conn.close()


def checkpoint(db: Path) -> None:
    """Fold the WAL back into the database file, so both files start alike."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def file_size(db: Path) -> int:
    """The database file plus its WAL, in bytes."""
    wal = db.with_name(db.name + "-wal")
    return db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


class _OneTransaction:
    """Stands in for `Ledger.transaction` during the build: the build's own transactions
    (BEGIN ... COMMIT every `BUILD_BATCH` hands) hold many events each."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


BUILD_BATCH = 5_000  # hands a build transaction holds


def build(db: Path, env: dict[str, str], script: str, hands: int) -> float:
    """A session, four players, `hands` completed hands, and a new hand dealt.

    The session and the seats go through the command line (once each); the hands are
    recorded in-process with the Ledger API, the table kept in memory between events
    (`keep_open`, as `play` does) and `BUILD_BATCH` hands to a transaction with
    `synchronous = OFF` on this one connection (only the build, not the timed runs): the
    rows are those the command line writes, 100,000 hands in minutes rather than hours.
    Every hand folds to the big blind. Returns the seconds the hands took.
    """
    run_checked([script, "new", "bench", "--blinds", BLINDS, "--cave", str(CAVE)], env)
    for player in PLAYERS:
        run_checked([script, "seat", player], env)
    folds = [Action.fold()] * (len(PLAYERS) - 1)
    start = time.perf_counter()
    book = Ledger(db, keep_open=True)
    try:
        book.conn.execute("PRAGMA synchronous = OFF")
        book.transaction = _OneTransaction  # type: ignore[method-assign,assignment]
        for first in range(0, hands, BUILD_BATCH):
            book.conn.execute("BEGIN IMMEDIATE")
            for _ in range(min(BUILD_BATCH, hands - first)):
                book.execute(lambda table: table.deal_event())
                for action in folds:
                    book.execute(lambda table, action=action: table.act_event(action))
            book.conn.execute("COMMIT")
        elapsed = time.perf_counter() - start
    finally:
        book.close()
    with Ledger(db) as book:  # the last deal as a command records it
        book.execute(lambda table: table.deal_event())
    checkpoint(db)
    return elapsed


# -- what is timed ---------------------------------------------------------------------------


class Case(NamedTuple):
    """A timed command: its arguments, the untimed set-up, and how many events it records."""

    name: str  # the key; table commands are named as in TABLE_COMMANDS
    label: str
    args: list[str]
    setup: Callable[[Path], int]  # records events in-process, returns how many
    records: int  # events the timed command itself records (undone afterwards)
    inherit_bytecode: bool = False  # run with the inherited bytecode settings


def _nothing(db: Path) -> int:
    return 0


def _call_round(db: Path) -> int:
    """Everyone calls round to the big blind, who may then check."""
    calls = [Action.call()] * (len(PLAYERS) - 1)
    act(db, calls)
    return len(calls)


def _fold_round(db: Path) -> int:
    """Everyone folds to the big blind: the hand is over and the next may be dealt."""
    folds = [Action.fold()] * (len(PLAYERS) - 1)
    act(db, folds)
    return len(folds)


CASES = [
    Case("call", "call", ["call"], _nothing, 1),
    Case("check", "check", ["check"], _call_round, 1),
    Case("raise", f"raise {RAISE_TO}", ["raise", str(RAISE_TO)], _nothing, 1),
    Case("fold", "fold", ["fold"], _nothing, 1),
    Case("status", "status (info)", ["status"], _nothing, 0),
    Case("deal", "deal (info)", ["deal"], _fold_round, 1),
    # the same `call` in French: the catalog is read and the output translated
    Case("call-fr", "call --lang fr", ["--lang", "fr", "call"], _nothing, 1),
]
# When the environment forbids writing bytecode, the same `call` as the environment runs it
# (every module of marquoir compiled from source at each command), for comparison.
NO_PYC_CASE = Case("call-no-pyc", "call (no .pyc)", ["call"], _nothing, 1, True)


class Target(NamedTuple):
    """One database the cases run on."""

    label: str
    db: Path
    env: dict[str, str]
    events: int  # live events in the base state, checked after every restore
    inherited_env: dict[str, str]  # the same, with the inherited bytecode settings


def time_case(script: str, case: Case, target: Target, lang: list[str]) -> float:
    added = case.setup(target.db)
    env = target.inherited_env if case.inherit_bytecode else target.env
    elapsed = timed([script, *lang, *case.args], env)
    undo(target.db, added + case.records)
    if live_events(target.db) != target.events:
        raise SystemExit(f"restoring after `{case.name}` on the {target.label} database failed")
    return elapsed


# -- the report ------------------------------------------------------------------------------

FLOOR = ("floor", "import sqlite3")
PASS_KEY = ("floor", "python -c pass")


class Stats(NamedTuple):
    """The samples of one measure, summed up."""

    median: float  # ms
    low: float  # 25th percentile, ms
    high: float  # 75th percentile, ms
    paired: float  # median of (time / the floor runs just before and after it)


def summarize(times: list[float], ratios: list[float]) -> Stats:
    if len(times) >= 2:
        low, _, high = statistics.quantiles(times, n=4)
    else:
        low = high = times[0]
    paired = statistics.median(ratios) if ratios else float("nan")
    return Stats(statistics.median(times), low, high, paired)


def report(
    stats: dict[tuple[str, str], Stats], targets: list[Target], cases: list[Case], hands: int
) -> bool:
    floor = stats[FLOOR]
    fresh, big = targets[0].label, targets[1].label
    print()
    print(
        "median wall time of one fresh process, ms; `x floor` = median / median of "
        '`python -c "import sqlite3"`;'
    )
    print(
        "`paired` = median of each run / the floor runs just before and after it "
        "(cancels bursts of load)"
    )
    header = (
        f"{'command':<16}{'fresh':>8}{'x floor':>9}{'paired':>8}"
        f"{f'{hands} hands':>14}{'x floor':>9}{'paired':>8}{'growth':>9}"
    )
    print(header)
    print("-" * len(header))
    for name, key in (("python -c pass", PASS_KEY), ("import sqlite3", FLOOR)):
        row = stats[key]
        print(
            f"{name:<16}{row.median:>8.1f}{row.median / floor.median:>8.2f}x"
            f"{'' if key == FLOOR else f'{row.paired:.2f}x':>8}"
            f"   (p25-p75 {row.low:.1f}-{row.high:.1f} ms)"
        )
    for case in cases:
        a, b = stats[(fresh, case.name)], stats[(big, case.name)]
        print(
            f"{case.label:<16}{a.median:>8.1f}{a.median / floor.median:>8.2f}x{a.paired:>7.2f}x"
            f"{b.median:>14.1f}{b.median / floor.median:>8.2f}x{b.paired:>7.2f}x"
            f"{(b.paired / a.paired - 1) * 100:>+8.1f}%"
        )
    print("(growth = paired ratio at the larger database / paired ratio on the fresh one - 1)")
    for target in (fresh, big) if (fresh, "call-fr") in stats else ():
        english, french = stats[(target, "call")], stats[(target, "call-fr")]
        print(
            f"the French catalog, {target}: `call --lang fr` - `call` = "
            f"{french.median - english.median:+.1f} ms median, "
            f"{(french.paired / english.paired - 1) * 100:+.1f}% paired"
        )
    spread = (floor.high - floor.low) / floor.median
    if spread > 0.2:
        print(
            f"warning: the machine was noisy (floor p25-p75 spans {spread:.0%} of its median); "
            "trust the paired ratios more than the raw medians, or run again"
        )
    print()
    print(
        f"targets (on the paired ratios): a table command at most {MAX_RATIO:g}x the floor, "
        f"and at {hands} hands within {MAX_GROWTH:.0%} of the fresh database"
    )
    all_ok = True
    for case in cases:
        if case.name not in TABLE_COMMANDS:
            continue
        a, b = stats[(fresh, case.name)].paired, stats[(big, case.name)].paired
        checks = [
            (f"fresh {a:.2f}x", a <= MAX_RATIO),
            (f"{hands} hands {b:.2f}x", b <= MAX_RATIO),
            (f"growth {(b / a - 1) * 100:+.1f}%", b / a - 1 <= MAX_GROWTH),
        ]
        ok = all(passed for _, passed in checks)
        all_ok &= ok
        details = ", ".join(f"{text} {'ok' if passed else 'MISSED'}" for text, passed in checks)
        print(f"  {case.label:<15}{'PASS' if ok else 'FAIL'}  ({details})")
    print(f"verdict: {'PASS' if all_ok else 'FAIL'}")
    return all_ok


def catalog_cost() -> None:
    """The French catalog in-process, where the process timings cannot see it: reading the
    .mo, then the first lookups of the messages a `call` prints (best of many runs)."""
    import timeit

    from marquoir.domain import i18n

    path = Path(i18n.__file__).parent.parent / "locale" / "fr" / "LC_MESSAGES" / "marquoir.mo"
    data = path.read_bytes()
    said = ["{player} calls {added}", "{player} to act: ", "call {amount}", "raise {span}"]
    said += ["all-in {amount}", "fold", "pot {pot}", "Error: "]

    def load() -> None:
        i18n._catalog = None
        i18n.catalog()

    def lookups() -> None:
        catalog = i18n.Catalog(data)
        for message in said:
            catalog.gettext(message)

    load_us = min(timeit.repeat(load, number=100, repeat=20)) / 100 * 1e6
    said_us = min(timeit.repeat(lookups, number=100, repeat=20)) / 100 * 1e6
    print(
        f"the French catalog in-process ({len(data) / 1024:.0f} KiB): read in {load_us:.0f} us, "
        f"the {len(said)} messages of a `call` found in {said_us:.0f} us"
    )


def importtime(python: str, target: Target, top: int) -> None:
    """The imports of `marquoir call` (python -X importtime) on `target`, then undone."""
    code = (
        "import sys; from marquoir.cli import main; sys.argv = ['marquoir', 'call']; "
        "sys.exit(main())"
    )
    proc = run_checked([python, "-X", "importtime", "-c", code], target.env)
    undo(target.db, 1)
    rows: list[tuple[int, int, str]] = []  # self us, cumulative us, indented name
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "[us]" in line:
            continue
        own, cumulative, name = line[len("import time:") :].split("|")
        rows.append((int(own), int(cumulative), name.rstrip()))
    total = sum(own for own, _, _ in rows)
    print()
    print(
        f"imports of `marquoir call` ({target.label}, python -X importtime, which inflates "
        f"them): {len(rows)} modules, {total / 1000:.1f} ms"
    )
    print(f"{'self ms':>8}{'cumul ms':>10}  module (largest self time)")
    for own, cumulative, name in sorted(rows, reverse=True)[:top]:
        print(f"{own / 1000:>8.1f}{cumulative / 1000:>10.1f}  {name.strip()}")
    print(f"{'self ms':>8}{'cumul ms':>10}  module (the tree, two levels, cumulative >= 0.5 ms)")
    for own, cumulative, name in rows:
        depth = (len(name) - len(name.lstrip()) - 1) // 2
        if depth <= 1 and cumulative >= 500:
            print(f"{own / 1000:>8.1f}{cumulative / 1000:>10.1f}  {name[1:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="timed runs per command (30)")
    parser.add_argument("--hands", type=int, default=100_000, help="hands already played (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the shuffled order")
    parser.add_argument(
        "--importtime", action="store_true", help="also list the imports of `marquoir call`"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary databases")
    parser.add_argument(
        "--dir",
        default=None,
        help="make the temporary databases in this folder (default: the system's temporary "
        "folder); /dev/shm leaves the disk's syncs out of the figures",
    )
    parser.add_argument(
        "--inherit-bytecode",
        action="store_true",
        help="run every command with the inherited bytecode settings (by default the children "
        "keep .pyc files in a temporary PYTHONPYCACHEPREFIX, as an installed package would)",
    )
    parser.add_argument(
        "--lang",
        choices=("fr", "en"),
        help="run every command in this language (`--lang` before the command)",
    )
    options = parser.parse_args()
    lang = ["--lang", options.lang] if options.lang else []
    if options.runs < 1 or options.hands < 0:
        parser.error("--runs must be at least 1 and --hands not negative")

    script = marquoir_script()
    python = sys.executable
    workdir = Path(tempfile.mkdtemp(prefix="marquoir-bench-", dir=options.dir))
    print(f"python {sys.version.split()[0]} ({python}), script {script}")
    print(f"{os.cpu_count()} cpus, databases in {workdir}")
    pycache = None if options.inherit_bytecode else workdir / "pycache"
    cases = list(CASES)
    if options.lang:  # every command speaks it: `call --lang fr` would be `call` again
        cases = [case for case in cases if case.name != "call-fr"]
    if pycache is None:
        print("bytecode: as inherited", end="")
    else:
        print(f"bytecode: cached in {pycache}", end="")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            cases.append(NO_PYC_CASE)
    print(f" (PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r})")
    try:
        targets: list[Target] = []
        for label, hands in (("fresh", 0), (f"{options.hands} hands", options.hands)):
            db = workdir / label.replace(" ", "-") / "marquoir.db"
            db.parent.mkdir()
            env = env_for(db, workdir / "config", pycache)
            seconds = build(db, env, script, hands)
            if hands:
                rate = hands / seconds if seconds else float("inf")
                print(
                    f"built {hands} hands ({hands * len(PLAYERS)} events) in {seconds:.2f} s "
                    f"({rate:.0f} hands/s)"
                )
            print(f"{label} database: {file_size(db) / 1024:.0f} KiB")
            inherited = env_for(db, workdir / "config", None)
            targets.append(Target(label, db, env, live_events(db), inherited))

        floor_env = targets[0].env

        def floor_run() -> float:
            return timed([python, "-c", "import sqlite3"], floor_env)

        jobs: list[tuple[tuple[str, str], Callable[[], float]]] = [
            (PASS_KEY, lambda: timed([python, "-c", "pass"], floor_env)),
        ]
        for target in targets:
            for case in cases:
                jobs.append(
                    (
                        (target.label, case.name),
                        lambda case=case, target=target: time_case(script, case, target, lang),
                    )
                )

        floor_run()  # warm-up round, not counted: caches, .pyc files, the WAL
        for _, job in jobs:
            job()
        order = random.Random(options.seed)
        times: dict[tuple[str, str], list[float]] = {key: [] for key, _ in [(FLOOR, None), *jobs]}
        ratios: dict[tuple[str, str], list[float]] = {key: [] for key in times}
        start = time.perf_counter()
        for _ in range(options.runs):
            order.shuffle(jobs)
            before = floor_run()
            times[FLOOR].append(before)
            for key, job in jobs:  # floor, job, floor, job, ..., floor
                elapsed = job()
                after = floor_run()
                times[FLOOR].append(after)
                times[key].append(elapsed)
                ratios[key].append(elapsed / ((before + after) / 2))
                before = after
        print(
            f"{options.runs} runs of {len(jobs)} measures, shuffled, each between two floor runs, "
            f"in {time.perf_counter() - start:.1f} s"
        )

        stats = {key: summarize(times[key], ratios[key]) for key in times}
        ok = report(stats, targets, cases, options.hands)
        for target in targets:
            print(f"{target.label} database after the runs: {file_size(target.db) / 1024:.0f} KiB")
        catalog_cost()
        if options.importtime:
            importtime(python, targets[1], 12)
        return 0 if ok else 1
    finally:
        if options.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
