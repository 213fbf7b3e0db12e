"""A club's big night: 300 entries on 34 tables, each command beside a one-table command.

    python bench/bench_club.py [--entries 300] [--tables 34] [--seats 9] [--final-table 9]
                               [--busts 290] [--seed 7] [--page-runs 5] [--no-page] [--json]

Every command runs as a fresh `marquoir` process, as the director types it: the seat draw
of every entry (`seat`), then `--busts` busts recorded without hands (`out NAME --by NAME`,
the players chosen at random with `--seed`), each followed by `balance --json` and, when a
table must give a player, the `move` it names (the director picks the player at a table
whose button is not known: the first player there, and the first open seat at the short
table); tables break and the final table is drawn by the busts themselves. Then `places
--json` and `standings --json` (the league points), and a scorekeeper's hand at the first
table left: `status --table T`, a deal, folds each taken back by `undo --table T` (beside a
one-table tournament's `status` and `undo`).

In the same run, the same commands on a one-table tournament of `--seats` players (a seat,
`out`, `places`, `standings`), once before the room and once after it: the median of each
command on the big room is printed beside the one-table median of the same verb (for
`balance` and `move`, which a single table does not have, beside the one-table `out`, the
cheapest command that records an event), and the ratio (target: each <= 2).

Last, the page: `marquoir serve` on the room right after the draw (every table full, the
longest seat list), and the median time to answer `/tournament/NAME` and its `.json`, and,
where Chromium is installed, to draw the page in it (target < 1 s).

`--json` prints the figures as one JSON document (the tests run a small room this way).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "bench", ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_report import load, marquoir_command  # noqa: E402

TARGET_RATIO = 2.0
TARGET_PAGE = 1.0
NEW = "--tournament --buy-in 20 --stack 10000 --levels 50/100,100/200,200/400 --payouts 50/30/20"


class Runner:
    """`marquoir` on one file, each command a process; the wall time of each, by verb."""

    def __init__(self, path: Path, folder: Path) -> None:
        self.command = marquoir_command()
        self.env = dict(
            os.environ,
            MARQUOIR_DB=str(path),
            XDG_CONFIG_HOME=str(folder / "config"),
            HOME=str(folder / "home"),
            LANGUAGE="en",
        )
        self.times: dict[str, list[float]] = {}

    def __call__(self, *args: str) -> str:
        start = time.perf_counter()
        done = subprocess.run(
            [*self.command, *args], env=self.env, capture_output=True, text=True, check=False
        )
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"marquoir {' '.join(args)}: exit {done.returncode}: {done.stderr}")
        # (one table's view and undo in a room timed apart: `status --table`, `undo --table`)
        verb = f"{args[0]} --table" if "--table" in args else args[0]
        self.times.setdefault(verb, []).append(took)
        return done.stdout

    def median(self, verb: str) -> float:
        return statistics.median(self.times[verb])


def room_night(run: Runner, options: argparse.Namespace, page: Any) -> dict[str, Any]:
    """The big room: draw, busts with balancing, places and points; the page after the
    draw (`page(run)`)."""
    run("new", "club", *NEW.split(), "--tables", str(options.tables), "--seats",
        str(options.seats), "--final-table", str(options.final_table), "--seed",
        str(options.seed))  # fmt: skip
    players = [f"p{number:03d}" for number in range(1, options.entries + 1)]
    for name in players:
        run("seat", name)
    figures = page(run) if page is not None else {}
    rng = random.Random(options.seed)
    alive = list(players)
    moves = 0
    for _ in range(options.busts):
        loser, winner = rng.sample(alive, 2)
        run("out", loser, "--by", winner)
        alive.remove(loser)
        while True:
            room = json.loads(run("balance", "--json"))
            if not room["moves"]:
                break
            run("move", *_move_args(room, room["moves"][0]))
            moves += 1
    places = json.loads(run("places", "--json"))
    standings = json.loads(run("standings", "--json"))
    room = json.loads(run("balance", "--json"))
    counts = [len(t["players"]) for t in room["tables"]]
    one_table_s_hand(run, f"{room['tables'][0]['table']}")
    return {
        **figures,
        "moves": moves,
        "players_left": sum(counts),
        "tables_left": len(counts),
        "spread": max(counts) - min(counts) if counts else 0,
        "places": len(places["places"]),
        "placed": sorted(p["place"] for p in places["places"] if p.get("place")),
        "points": {p["player"]: p.get("points", "0") for p in standings["players"]},
    }


def _move_args(room: dict[str, Any], move: dict[str, Any]) -> list[str]:
    """The `move` a balancing asks for; where Marquoir cannot name the player or the seat
    (no hand recorded at those tables), the director's choice: the first player at the
    table that gives, the first open seat at the short table."""
    tables = {t["table"]: t for t in room["tables"]}
    player = move["player"] or tables[move["from_table"]]["players"][0]["name"]
    seat = move["to_seat"]
    if seat is None:
        short = tables[move["to_table"]]
        taken = {p["seat"] for p in short["players"]}
        seat = next(s for s in range(1, short["seats"] + 1) if s not in taken)
    return [player, f"{move['to_table']}:{seat}"]


def one_table_s_hand(run: Runner, table: str = "") -> None:
    """A scorekeeper's hand at one table (`table`: the room's table, `--table T` on every
    command): its status three times, a deal, then three folds each taken back by `undo`
    (in a room `undo --table T`, which reads the whole log to find the last event's table)."""
    at = ["--table", table] if table else []
    for _ in range(3):
        run("status", *at)
    run("deal", *at)
    for _ in range(3):
        run("fold", *at)
        run("undo", *at)


def one_table(run: Runner, options: argparse.Namespace) -> None:
    """The same verbs on one table of `--seats` players (a tournament of one table)."""
    run("new", "one", *NEW.split(), "--tables", "1", "--seats", str(options.seats))
    players = [f"q{number}" for number in range(1, options.seats + 1)]
    for name in players:
        run("seat", name)
    for loser, winner in itertools.pairwise(players[:-1]):
        run("out", loser, "--by", winner)
    for _ in range(3):
        run("places", "--json")
        run("standings", "--json")
    one_table_s_hand(run)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def page_figures(run: Runner, runs: int, folder: Path) -> dict[str, Any]:
    """`serve` on the room as it is: the median time to answer the page and its data, and
    to draw the page in a headless Chromium (where there is one)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [*run.command, "serve", "--port", str(port)],
        env=run.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_until_up(base + "/", server)
        figures: dict[str, Any] = {}
        for key, path in (("page", "/tournament/club"), ("data", "/tournament/club.json")):
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                with urllib.request.urlopen(base + path, timeout=30) as answer:
                    size = len(answer.read())
                times.append(time.perf_counter() - start)
            figures[f"{key}_seconds"] = statistics.median(times)
            figures[f"{key}_bytes"] = size
        figures["browser_seconds"] = _browser_median(base + "/tournament/club", runs, folder)
        return figures
    finally:
        server.terminate()
        server.wait(timeout=10)


def _browser_median(url: str, runs: int, folder: Path) -> float | None:
    """The median time from Chromium's request for the page to the room drawn in it (the
    page's own `performance.now()` once its seat list is filled; None without Chromium)."""
    from screen_browser import CHROMIUM, Browser

    if CHROMIUM is None:
        return None
    times = []
    with Browser(folder / "profile") as browser:
        browser.size(1920, 1080, mobile=False)
        for _ in range(runs):
            browser.open("about:blank")
            browser.open(url, ready="window.marquoirRoomDrawn > 0")
            times.append(browser.run("window.marquoirRoomDrawn") / 1000)
    return statistics.median(times)


def _wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("marquoir serve stopped (is marquoir[serve] installed?)")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("marquoir serve did not answer")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--tables", type=int, default=34)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--final-table", type=int, default=9)
    parser.add_argument("--busts", type=int, default=290)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--page-runs", type=int, default=5)
    parser.add_argument("--no-page", action="store_true", help="leave the page out")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="marquoir-bench-club-"))
    try:
        # the one-table night before and after the room, in files of their own, its times
        # pooled: the machine's load drifts over the minutes the room takes
        single = Runner(folder / "one.db", folder)
        one_table(single, options)
        room = Runner(folder / "room.db", folder)
        page = None if options.no_page else (lambda r: page_figures(r, options.page_runs, folder))
        figures = room_night(room, options, page)
        single.env["MARQUOIR_DB"] = str(folder / "one-after.db")
        one_table(single, options)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    pairs = {"seat": "seat", "out": "out", "balance": "out", "move": "out"}
    pairs |= {"places": "places", "standings": "standings"}
    pairs |= {"status --table": "status", "undo --table": "undo"}
    commands = {}
    for verb, reference in pairs.items():
        if verb not in room.times:
            continue
        mine, theirs = room.median(verb), single.median(reference)
        commands[verb] = {
            "runs": len(room.times[verb]),
            "median": mine,
            "one_table": reference,
            "one_table_median": theirs,
            "ratio": mine / theirs,
        }
    figures["commands"] = commands
    if options.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"{options.entries} entries on {options.tables} tables of {options.seats}, "
        f"{options.busts} busts, {figures['moves']} balancing moves; {load()}"
    )
    for verb, row in commands.items():
        verdict = "met" if row["ratio"] <= TARGET_RATIO else "NOT met"
        print(
            f"  {verb:<14} median {row['median'] * 1000:6.0f} ms over {row['runs']:>3} runs;"
            f" one table `{row['one_table']}` {row['one_table_median'] * 1000:4.0f} ms;"
            f" ratio {row['ratio']:.2f} (target <= {TARGET_RATIO:.0f}: {verdict})"
        )
    if "page_seconds" in figures:
        browser = figures["browser_seconds"]
        drawn = "no Chromium" if browser is None else f"drawn in Chromium {browser:.3f} s"
        worst = max(figures["page_seconds"], browser or 0)
        verdict = "met" if worst < TARGET_PAGE else "NOT met"
        print(
            f"  page of {options.tables} tables: answered in {figures['page_seconds']:.3f} s"
            f" ({figures['page_bytes']:,} bytes), data {figures['data_seconds']:.3f} s"
            f" ({figures['data_bytes']:,} bytes), {drawn} (target < {TARGET_PAGE:.0f} s:"
            f" {verdict})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
