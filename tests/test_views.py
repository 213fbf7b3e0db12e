"""The readable views (migration m003) against the commands' own JSON.

Each example evening is played, then closed with a chip count that finds one stack wrong, a
recave that is undone, and everyone cashing out. The sums of the views must equal what
`settle --json`, `report --format json` and `stacks --json` say, and an undone event must
never show. Hand 1 of examples/evening.txt is also checked line by line against the script.
"""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from marquoir.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# (a tournament has no cash-outs nor recaves: its views are the cash game's)
SCRIPTS = sorted(
    p.name
    for p in EXAMPLES.glob("*.txt")
    if p.name not in ("closing.txt", "tournoi.txt", "club.txt")
)


class Played:
    """An example played to the end of the evening, on its own file."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = db, capsys

    def __call__(self, *args: str) -> str:
        self.capsys.readouterr()
        code = main(["--db", str(self.db), *args])
        out, err = self.capsys.readouterr()
        assert (code, err) == (0, ""), (args, err)
        return out

    def json(self, *args: str) -> Any:
        return json.loads(self(*args))

    def view(self, sql: str) -> list[tuple[Any, ...]]:
        conn = sqlite3.connect(self.db)
        try:
            return conn.execute(sql).fetchall()
        finally:
            conn.close()


@pytest.fixture(params=SCRIPTS)
def played(request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    run = Played(tmp_path / "views.db", capsys)
    run("play", str(EXAMPLES / request.param))
    stacks = {p["name"]: p["stack"] for p in run.json("stacks", "--json")["players"]}
    first, second = [name for name, stack in stacks.items() if stack > 1][:2]
    # a count finds a chip that went from one stack to another: two corrections, -1 and +1
    run("count", f"{first}={stacks[first] - 1}", f"{second}={stacks[second] + 1}", "--record")
    run("recave", first, "50")
    run("undo")  # the recave never happened: it must not show
    run("leave", "--all")
    return run


def test_the_ledger_balances_are_the_settlement(played: Played) -> None:
    settle = played.json("settle", "--json")
    rows = played.view("SELECT player, sum(balance) FROM ledger GROUP BY player")
    sums = {player: Decimal(str(total)).quantize(Decimal("0.01")) for player, total in rows}
    assert sums == {name: Decimal(amount) for name, amount in settle["balances"].items()}
    # one cave per player, no recave line from the undone one, the two corrections
    stacks = played.json("stacks", "--json")["players"]
    kinds = played.view("SELECT kind, count(*), sum(chips) FROM ledger GROUP BY kind")
    counted = {kind: (n, chips) for kind, n, chips in kinds}
    assert counted["correction"] == (2, 0)
    assert sorted(
        r[0] for r in played.view("SELECT chips FROM ledger WHERE kind = 'correction'")
    ) == [-1, 1]
    assert counted["cave"][0] == len(stacks)
    assert counted["cash-out"][1] == -sum(p["cashed_out"] for p in stacks)
    recaved = sum(p["bought"] for p in stacks) - counted["cave"][1]
    assert counted.get("recave", (0, 0))[1] == recaved
    # money is chips x the chip value, as a number
    value = Decimal(settle["chip_value"])
    for chips, money in played.view("SELECT chips, money FROM ledger"):
        assert Decimal(str(money)) == chips * value


def test_hand_results_and_stacks_are_the_report(played: Played) -> None:
    report = played.json("report", "--format", "json")
    won: dict[tuple[int, str], int] = {}
    for hand, player, chips in played.view("SELECT hand, player, won FROM hand_results"):
        won[hand, player] = won.get((hand, player), 0) + chips
    expected: dict[tuple[int, str], int] = {}
    for hand in report["hands"]:
        for pot in hand["pots"]:
            for share in pot["shares"]:
                key = (hand["hand"], share["player"])
                expected[key] = expected.get(key, 0) + share["chips"]
    assert won == expected
    stacks = {
        (hand, player): (stack, net)
        for hand, player, stack, net in played.view(
            "SELECT hand, player, stack, net FROM stacks_after_hand"
        )
    }
    assert stacks == {
        (hand["hand"], player): (stack, hand["nets"].get(player, 0))
        for hand in report["hands"]
        for player, stack in hand["stacks"].items()
    }


def test_players_now_is_stacks_json(played: Played) -> None:
    keys = ("stack", "bought", "recaves", "cashed_out", "result", "left")
    rows = played.view(f"SELECT player, {', '.join(keys)} FROM players_now")
    assert {row[0]: row[1:] for row in rows} == {
        p["name"]: tuple(int(p[key]) for key in keys)
        for p in played.json("stacks", "--json")["players"]
    }


def test_an_undone_action_is_not_in_the_actions(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    run = Played(tmp_path / "undo.db", capsys)
    run("new", "t", "--blinds", "1/2", "--cave", "100")
    for name in ("ann", "bob", "cid"):
        run("seat", name)
    run("deal")
    run("raise", "10")
    run("undo")
    run("call")
    assert run.view('SELECT hand, "order", player, verb, amount, total FROM actions') == [
        (1, 1, "ann", "call", 2, 2)
    ]
    # between hands, players_now shows the stacks before the deal and says a hand is on
    assert run.view("SELECT player, stack, hand_in_play FROM players_now") == [
        ("ann", 100, 1),
        ("bob", 100, 1),
        ("cid", 100, 1),
    ]


def test_hand_one_of_the_evening_action_by_action(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    run = Played(tmp_path / "evening.db", capsys)
    run("play", str(EXAMPLES / "evening.txt"))
    rows = run.view(
        'SELECT street, "order", player, verb, amount, total FROM actions '
        'WHERE hand = 1 ORDER BY "order"'
    )
    # examples/evening.txt, hand 1: the comments of the script say who does what
    assert rows == [
        ("preflop", 1, "dave", "raise", 6, 6),
        ("preflop", 2, "alice", "call", 6, 6),
        ("preflop", 3, "bob", "fold", 0, 1),
        ("preflop", 4, "carol", "call", 4, 6),
        ("flop", 5, "carol", "check", 0, 0),
        ("flop", 6, "dave", "bet", 10, 10),
        ("flop", 7, "alice", "call", 10, 10),
        ("flop", 8, "carol", "fold", 0, 0),
        ("turn", 9, "dave", "check", 0, 0),
        ("turn", 10, "alice", "bet", 20, 20),
        ("turn", 11, "dave", "call", 20, 20),
        ("river", 12, "dave", "check", 0, 0),
        ("river", 13, "alice", "check", 0, 0),
    ]
    # the blinds (1 + 2) and these actions make the pot of 79 alice takes (the README)
    assert sum(row[4] for row in rows) + 3 == 79
    assert run.view("SELECT pot, pot_chips, player, won FROM hand_results WHERE hand = 1") == [
        ("main pot", 79, "alice", 79)
    ]


def test_leave_all_is_one_event_the_ledger_reads(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`leave --all` records one event for everyone (one `undo`); the ledger (migration
    m004) gives each player's cash-out from it, and first the void deal's chips it gives
    back (docs/rules.md: equal shares, odd units from the left of the last button)."""
    run = Played(tmp_path / "leave-all.db", capsys)
    run("new", "salon", "--game", "bouillotte", "--cave", "20")
    for name in ("ann", "ben", "cid"):
        run("seat", name)
    run("deal")  # button ann: her passe of 1 is the only chip in the middle
    for _ in range(3):
        run("check")  # nobody opens: the deal is void, the chip waits
    run("leave", "--all")
    assert run.view("SELECT count(*) FROM events WHERE kind = 'leave-all'") == [(1,)]
    rows = run.view("SELECT player, kind, chips FROM ledger WHERE kind != 'cave'")
    assert rows == [
        ("ann", "void-deal share", 0),
        ("ben", "void-deal share", 1),  # the one odd chip: first left of the button
        ("cid", "void-deal share", 0),
        ("ann", "cash-out", -19),  # 20 less her passe
        ("ben", "cash-out", -21),
        ("cid", "cash-out", -20),
    ]
    balances = dict(run.view("SELECT player, sum(balance) FROM ledger GROUP BY player"))
    assert balances == {"ann": -1.0, "ben": 1.0, "cid": 0.0}  # 1 EUR a chip (the default)
    assert run.view("SELECT player, stack, cashed_out, left FROM players_now") == [
        ("ann", 0, 19, 1),
        ("ben", 0, 21, 1),
        ("cid", 0, 20, 1),
    ]
    run("undo")  # the whole end of the night at once: nothing of it shows
    assert run.view("SELECT kind FROM ledger WHERE kind != 'cave'") == []
    assert run.view("SELECT player, stack, left FROM players_now") == [
        ("ann", 19, 0),
        ("ben", 20, 0),
        ("cid", 20, 0),
    ]


def test_a_file_of_the_m003_ledger_is_upgraded(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A file migrated before m004 keeps m003's ledger, blind to `leave-all`, until it is
    opened: the migration recreates the view."""
    from marquoir.storage.migrations import m003_readable_views

    run = Played(tmp_path / "old.db", capsys)
    run("new", "t", "--blinds", "1/2", "--cave", "100")
    run("seat", "ann")
    run("seat", "bob")
    conn = sqlite3.connect(run.db)
    conn.execute("DROP VIEW ledger")
    conn.execute(f"CREATE VIEW ledger AS {m003_readable_views.VIEWS['ledger']}")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm005_ledger_reads_leave_all'")
    conn.commit()
    conn.close()
    run("leave", "--all")  # a write: the file is brought up to date first
    assert run.view("SELECT player, chips FROM ledger WHERE kind = 'cash-out'") == [
        ("ann", -100),
        ("bob", -100),
    ]


def test_players_now_says_which_sessions_have_a_hand_in_play(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A hand is in play from its deal to its last action; an undone deal is none. The view
    finds the deal after the session's last snapshot through the index of the deals (m008),
    not by reading every later event of the file (`standings` over 1,000 sessions)."""
    run = Played(tmp_path / "two.db", capsys)
    run("new", "lundi", "--blinds", "1/2", "--cave", "100")
    run("seat", "ann")
    run("seat", "bob")
    run("deal")  # ann, the button, posts the small blind and acts first heads-up
    run("fold")  # hand 1 over: bob wins ann's blind
    run("new", "mardi", "--blinds", "1/2", "--cave", "100")
    run("seat", "cid")
    run("seat", "dan")
    run("deal")
    in_play = "SELECT session, player, stack, hand_in_play FROM players_now"
    assert run.view(in_play) == [
        ("lundi", "ann", 99, 0),
        ("lundi", "bob", 101, 0),
        ("mardi", "cid", 100, 1),  # the stacks before the deal: not final
        ("mardi", "dan", 100, 1),
    ]
    run("undo")  # the deal undone: no hand in play
    assert [row[3] for row in run.view(in_play)] == [0, 0, 0, 0]
    plan = " ".join(str(row) for row in run.view(f"EXPLAIN QUERY PLAN {in_play}"))
    assert "events_deals" in plan
