"""The end of the evening from the command line: count, leave --all, settle, standings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from marquoir.cli import main

ROOT = Path(__file__).resolve().parent.parent
EVENING = ROOT / "examples" / "evening.txt"


@pytest.fixture(scope="module")
def evening_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("evening") / "evening.db"
    assert main(["--db", str(path), "play", str(EVENING)]) == 0
    return path


class Run:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = db, capsys

    def __call__(self, *args: str) -> str:
        self.capsys.readouterr()
        code = main(["--db", str(self.db), *args])
        out, err = self.capsys.readouterr()
        assert (code, err) == (0, ""), err
        return out

    def refused(self, *args: str, code: int = 1) -> str:
        self.capsys.readouterr()
        assert main(["--db", str(self.db), *args]) == code
        out, err = self.capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and err.startswith("Error: ")
        return err[len("Error: ") : -1]


@pytest.fixture
def run(evening_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    copy = tmp_path / "copy.db"
    shutil.copy(evening_db, copy)
    return Run(copy, capsys)


def stacks(run: Run) -> dict[str, int]:
    return {p["name"]: p["stack"] for p in json.loads(run("stacks", "--json"))["players"]}


def test_settle_refuses_while_players_hold_chips(run: Run) -> None:
    assert run.refused("settle") == (
        "cannot settle vendredi yet: alice, bob, carol still hold chips at the table: cash out "
        "with `leave PLAYER` (or `leave --all`) first"
    )


def test_settle_refuses_during_a_hand(run: Run) -> None:
    run("deal")
    assert run.refused("settle") == "cannot settle vendredi yet: hand 5 is still in play"
    assert run.refused("leave", "--all") == (
        "cannot leave during a hand: hand 5 is in play (bob to act)"
    )


def test_leave_all_then_settle_with_the_fewest_transfers(run: Run) -> None:
    assert run("leave", "--all") == (
        # (dave went home earlier)
        "alice leaves with 47, bob leaves with 200, carol leaves with 493\n"
    )
    assert run("settle", "--why") == (
        "session vendredi: 1 chip = 0.10 EUR\n"
        "  alice  -15.30 EUR\n"
        "  bob    -30.00 EUR\n"
        "  carol  +29.30 EUR\n"
        "  dave   +16.00 EUR\n"
        "3 transfers:\n"
        "  bob pays carol 29.30 EUR\n"
        "  alice pays dave 15.30 EUR\n"
        "  bob pays dave 0.70 EUR\n"
        "why: 4 players have a balance; they form 1 group that settles on its own, and "
        "a group of k players needs k - 1 transfers (4 - 1 = 3):\n"
        "  alice, bob, carol, dave\n"
    )
    data = json.loads(run("settle", "--json"))
    assert data["balances"] == {
        "alice": "-15.30",
        "bob": "-30.00",
        "carol": "29.30",
        "dave": "16.00",
    }
    assert data["bank"] is None
    paid: dict[str, float] = dict.fromkeys(data["balances"], 0.0)
    for t in data["transfers"]:
        paid[t["payer"]] -= float(t["amount"])
        paid[t["payee"]] += float(t["amount"])
    assert {n: round(v, 2) for n, v in paid.items()} == {
        n: float(b) for n, b in data["balances"].items()
    }


def test_settle_with_the_bank(run: Run) -> None:
    run("leave", "--all")
    out = run("settle", "--bank")
    assert out.splitlines()[-5:] == [
        "the bank pays back the chips cashed out:",
        "  bank pays alice 4.70 EUR",
        "  bank pays bob 20.00 EUR",
        "  bank pays carol 49.30 EUR",
        "  bank pays dave 26.00 EUR",
    ]
    bank = json.loads(run("settle", "--bank", "--json"))["bank"]
    # the bank pays out every chip on the table: 1000 chips bought, worth 100.00 EUR
    assert sum(float(t["amount"]) for t in bank) == pytest.approx(100.00)


def test_count_compares_and_records_corrections(run: Run) -> None:
    assert run("count", "alice=40", "bob=200", "carol=500") == (
        "player  tracked  counted  difference\n"
        "alice   47       40       -7\n"
        "bob     200      200      ok\n"
        "carol   493      500      +7\n"
        "2 stacks differ: `count ... --record` corrects them\n"
    )
    assert stacks(run)["alice"] == 47  # nothing recorded without --record
    assert run("count", "alice=40", "carol=500", "--record") == (
        "2 corrections recorded\nnot counted: bob\n"
    )
    assert stacks(run) | {"dave": 0} == {"alice": 40, "bob": 200, "carol": 500, "dave": 0}
    run("leave", "--all")
    # the chips moved from one stack to another: the settlement still balances
    assert run("settle").splitlines()[-3:] == [
        "2 transfers:",
        "  alice pays dave 16.00 EUR",
        "  bob pays carol 30.00 EUR",
    ]
    run("undo")  # the settlement (it closed the session)
    run("undo")  # carol's leave
    assert stacks(run)["carol"] == 500


def test_a_correction_that_loses_chips_blocks_the_settlement(run: Run) -> None:
    run("count", "alice=44", "--record")
    run("leave", "--all")
    assert run.refused("settle") == (
        "cannot settle vendredi yet: the chips cashed out are 3 fewer than the chips bought "
        "(after the count corrections): recount and correct the stacks, or say who absorbs "
        "the difference: `settle --missing shared|host|PLAYER`"
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["count", "alice"], 2, "write each count as PLAYER=CHIPS, e.g. alice=340 (got 'alice')"),
        (
            ["count", "alice=4.5"],
            2,
            "write each count as PLAYER=CHIPS, e.g. alice=340 (got 'alice=4.5')",
        ),
        (["count", "alice=1", "alice=2"], 2, "alice is counted twice"),
        (["count", "zoe=10"], 1, "unknown player: zoe (at the table: alice, bob, carol)"),
        (["count", "dave=10"], 1, "dave has left the table"),
        (["leave"], 2, "Invalid value for 'PLAYER': name one PLAYER, or give --all"),
        (
            ["leave", "alice", "--all"],
            2,
            "Invalid value for 'PLAYER': name one PLAYER, or give --all",
        ),
    ],
)
def test_bad_closing_commands(run: Run, args: list[str], code: int, message: str) -> None:
    before = run("stacks", "--json")
    assert run.refused(*args, code=code) == message
    assert run("stacks", "--json") == before


def test_standings_across_sessions_with_a_date_filter(run: Run) -> None:
    run("leave", "--all")
    run("new", "samedi", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.10")
    run("seat", "alice")
    run("seat", "carol")
    run("deal")
    run("fold")  # alice (button, small blind) folds to carol
    data = json.loads(run("standings", "--json"))
    assert data["sessions"] == ["vendredi", "samedi"]
    assert [(p["player"], p["sessions"], p["hands"], p["net"]) for p in data["players"]] == [
        ("carol", 2, 5, "29.40"),
        ("dave", 1, 3, "16.00"),
        ("alice", 2, 5, "-15.40"),
        ("bob", 1, 4, "-30.00"),
    ]
    alice = data["players"][2]
    assert (alice["best_session"], alice["best_net"]) == ("samedi", "-0.10")
    assert (alice["worst_session"], alice["worst_net"]) == ("vendredi", "-15.30")
    empty = json.loads(run("standings", "--json", "--to", "2000-01-01"))
    assert (empty["sessions"], empty["players"]) == ([], [])
    assert run("standings", "--from", "2000-01-01").splitlines()[0] == "2 sessions, amounts in EUR"
    assert run.refused("standings", "--from", "yesterday", code=2) == (
        "Invalid value: a date is YYYY-MM-DD (got 'yesterday')"
    )


def test_settle_a_session_where_nobody_bought_in(run: Run) -> None:
    run("new", "vide", "--blinds", "1/2")
    assert run("settle") == ("session vide: 1 chip = 1 EUR\nnobody bought in: nothing to settle\n")
