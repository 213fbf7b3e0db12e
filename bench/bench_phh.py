"""Importing PHH hand histories: Marquoir against PokerKit's replay of the same file.

Run with the project's virtualenv (pokerkit comes with the `test` extra):

    python bench/bench_phh.py [FILE] [--repeat R]

FILE defaults to `pluribus.phhs` (the 10,000 no-limit hold'em hands of the public PHH
dataset) in the folder given by MARQUOIR_PHH_DIR (download the public PHH dataset there);
without it, to the 258-hand sample the tests read, tests/data/pluribus-sample.phhs (README
there). The first line printed names the file.
Both sides start from the file's bytes, in the same process, alternating, `--repeat` times
(the best run of each is reported):

- Marquoir: `import_phh` into a new SQLite file: reading the TOML, replaying every hand
  through the table's rules (seats, button, deal, actions, the showdown read from the cards,
  everyone leaving), writing every event, snapshots and hand summaries in one transaction,
  in one process, as `marquoir import phh` runs it (wall time, and its CPU time);
- Marquoir's parse and replay alone: `replay_phh`, the same reading and replay with each
  hand's rows and summary made, nothing written (its CPU time: what the import costs
  before SQLite);
- PokerKit: `HandHistory.load_all`, then iterating every hand's states to the end (its own
  automations: forced bets, bet collection, showdown, chips pushed and pulled). PokerKit
  writes nothing.

On a machine shared with other work the wall times wait for a core, the CPU times less:
compare the CPU ratio too.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout: use the repository's copies
    sys.path.insert(0, str(ROOT))

from pokerkit import HandHistory  # noqa: E402

from marquoir.storage.ledger import Ledger  # noqa: E402
from marquoir.storage.phh_import import ImportReport, import_phh, replay_phh  # noqa: E402

SAMPLE = ROOT / "tests" / "data" / "pluribus-sample.phhs"


def default_file() -> tuple[Path, str]:
    """The full Pluribus file when its folder is known, else the sample in the repository;
    and which of them it is."""
    named = os.environ.get("MARQUOIR_PHH_DIR")
    if not named:
        return SAMPLE, "the sample in the repository; MARQUOIR_PHH_DIR=FOLDER for the full file"
    full = Path(named) / "pluribus.phhs"
    if full.is_file():
        return full, "the full dataset"
    sys.exit(f"Error: MARQUOIR_PHH_DIR: {full} is not a file")  # a folder named must hold it


def marquoir(path: Path, folder: Path, name: str) -> tuple[float, float, ImportReport]:
    """(wall seconds, CPU seconds, the report)."""
    with Ledger(folder / f"{name}.db") as book:
        cpu = time.process_time()
        start = time.perf_counter()
        report = import_phh(book, [path], session="bench")
        return time.perf_counter() - start, time.process_time() - cpu, report


def replay_alone(path: Path) -> float:
    """CPU seconds of the parse and replay without the database."""
    cpu = time.process_time()
    replay_phh([path])
    return time.process_time() - cpu


def pokerkit(path: Path) -> tuple[float, float, float, int]:
    """(seconds to load, seconds to replay, CPU seconds of both, hands)."""
    cpu = time.process_time()
    start = time.perf_counter()
    with open(path, "rb") as file:
        histories = list(HandHistory.load_all(file))
    loaded = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in histories:
            for _state in history:
                pass
    ended = time.perf_counter()
    return loaded - start, ended - loaded, time.process_time() - cpu, len(histories)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    args.file, kind = (args.file, "given") if args.file else default_file()
    print(f"file: {args.file} ({kind})", flush=True)
    ours: list[tuple[float, float]] = []
    alone: list[float] = []
    theirs: list[tuple[float, float, float]] = []
    report = None
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.repeat):
            gc.collect()
            seconds, cpu, report = marquoir(args.file, Path(folder), f"run-{run}")
            ours.append((seconds, cpu))
            gc.collect()
            alone.append(replay_alone(args.file))
            gc.collect()
            load, replay, their_cpu, count = pokerkit(args.file)
            theirs.append((load, replay, their_cpu))
    assert report is not None
    best, _ = min(ours)
    cpu = min(c for _, c in ours)
    load, replay, _ = min(theirs, key=lambda t: t[0] + t[1])
    their_cpu = min(t[2] for t in theirs)
    hands = len(report.hands)
    print(f"{args.file.name}: {hands} hands, best of {args.repeat} runs, one process each")
    print(
        f"  Marquoir import_phh (parse, replay, SQLite): {best:6.2f} s  "
        f"{report.imported / best:8.0f} hands/s  ({report.imported} imported, "
        f"{report.matching} of {report.compared} match their finishing_stacks; "
        f"CPU {cpu:.2f} s)"
    )
    print(f"    the parse and replay alone (replay_phh, nothing written): CPU {min(alone):.2f} s")
    print(
        f"  PokerKit load_all + replay:                 {load + replay:6.2f} s  "
        f"{count / (load + replay):8.0f} hands/s  (load {load:.2f} s, replay {replay:.2f} s; "
        f"CPU {their_cpu:.2f} s)"
    )
    # (on a machine shared with other work the wall times wait for a core: the CPU times
    # say what each side costs)
    print(
        f"  Marquoir / PokerKit speed: {(load + replay) / best:.2f}x wall, "
        f"{their_cpu / cpu:.2f}x CPU; the parse and replay alone {their_cpu / min(alone):.2f}x CPU"
    )


if __name__ == "__main__":
    main()
