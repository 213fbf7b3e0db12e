"""A small run of the club bench (the full one, 300 entries on 34 tables:
`python bench/bench_club.py`): the room it plays ends as the rules say, and every command
it times ran."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from .installed import NOT_INSTALLED

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_club.py"


@NOT_INSTALLED
def test_a_small_club_night_ends_as_the_rules_say() -> None:
    # 9 entries on 3 tables of 4 (3, 3, 3), 6 busts at random with the balancing moves: the
    # first leaves 8, who fit on 2 tables (table 3 breaks), the fifth leaves 4, the final
    # table's size
    done = subprocess.run(
        [sys.executable, str(BENCH), "--entries", "9", "--tables", "3", "--seats", "4",
         "--final-table", "4", "--busts", "6", "--seed", "3", "--no-page", "--json"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    # 3 left: down to 4 the final table was drawn, so one table, everyone at it
    assert (figures["players_left"], figures["tables_left"], figures["spread"]) == (3, 1, 0)
    # every entry listed; the 6 out placed 9th to 4th
    assert figures["places"] == 9
    assert figures["placed"] == list(range(4, 10))
    # league points by the field formula (9 - place + 1): 6 + 5 + ... + 1 = 21 among the
    # 6 out, 6 for the 4th; the 3 still playing score nothing yet
    points = {name: Decimal(value) for name, value in figures["points"].items()}
    assert sum(points.values()) == 21 and max(points.values()) == 6
    assert sorted(points.values())[:3] == [0, 0, 0]
    # every command timed, each beside a one-table median
    commands = figures["commands"]
    assert commands["seat"]["runs"] == 9 and commands["out"]["runs"] == 6
    assert commands["balance"]["runs"] >= 7  # after each bust, and once more at the end
    # a scorekeeper's hand at the table left: 3 views of it, 3 folds taken back at that table
    assert commands["status --table"]["runs"] == 3 and commands["undo --table"]["runs"] == 3
    for verb in ("seat", "out", "balance", "places", "standings", "status --table", "undo --table"):
        row = commands[verb]
        assert row["median"] > 0 and row["one_table_median"] > 0
        assert row["ratio"] == row["median"] / row["one_table_median"]
