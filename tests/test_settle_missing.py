"""The end of the night when the count does not balance: `settle --missing shared|host|PLAYER`.

The evening of examples/evening.txt ends with alice 47, bob 200, carol 493 at the table and
dave gone with 260 (caves: alice 200, bob 500, carol 200, dave 100; a chip is worth 0.10
EUR). Counting alice at 44 loses 3 chips: the chips cashed out (44 + 200 + 493 + 260 = 997)
are 3 fewer than the 1,000 bought, and the results (alice -156, bob -300, carol +293, dave
+160) sum to -3. Counting her at 50 makes 3 too many (1,003 cashed out, results sum to +3).
The expected amounts below are worked out by hand in the comments.
"""

from __future__ import annotations

import json
import random
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from marquoir.domain.missing import absorbed_chips
from marquoir.domain.settlement import bank_payouts, money_balances

from .installed import Marquoir

ROOT = Path(__file__).resolve().parent.parent
EVENING = ROOT / "examples" / "evening.txt"


def validate(name: str, data: object) -> None:
    """`data` against marquoir/schemas/NAME.json."""
    schema = json.loads((ROOT / "marquoir" / "schemas" / f"{name}.json").read_text("utf-8"))
    Draft202012Validator(schema).validate(data)


def counted(cli: Marquoir, alice: int) -> Marquoir:
    """The evening, alice counted at `alice` chips and recorded, then everyone cashed out."""
    cli("play", str(EVENING))
    cli("count", f"alice={alice}", "--record")
    cli("leave", "--all")
    return cli


def balances(cli: Marquoir, *args: str) -> dict[str, str]:
    data = json.loads(cli("settle", "--json", *args))
    assert data["version"] == 1
    amounts: dict[str, str] = data["balances"]
    assert sum(Decimal(a) for a in amounts.values()) == 0
    return amounts


def test_a_short_count_is_refused_and_the_refusal_names_the_options(cli: Marquoir) -> None:
    counted(cli, 44)
    assert cli.refused("settle") == (
        "Error: cannot settle vendredi yet: the chips cashed out are 3 fewer than the chips "
        "bought (after the count corrections): recount and correct the stacks, or say who "
        "absorbs the difference: `settle --missing shared|host|PLAYER`"
    )
    assert "settle --missing" in cli.refused("settle")  # still open: nothing recorded


def test_shared_in_proportion_to_the_chips_cashed_out(cli: Marquoir) -> None:
    counted(cli, 44)
    out = cli("settle", "--missing", "shared")
    assert out.splitlines()[1] == (
        "3 chips missing at the count (0.30 EUR): shared in proportion to the chips each "
        "player cashed out"
    )
    # Each player takes 3 x (his cash-out / 997) chips: alice 132/997 = 0.1324, bob 0.6018,
    # carol 1.4835, dave 0.7824. In cents: alice (-156 + 0.1324) x 10 = -1558.676, bob
    # -2993.982, carol 2944.835, dave 1607.824. Rounded down: -1559, -2994, 2944, 1607 (sum
    # -2): the two largest remainders (carol .835, dave .824) take one cent more.
    assert balances(cli) == {
        "alice": "-15.59",
        "bob": "-29.94",
        "carol": "29.45",
        "dave": "16.08",
    }


def test_the_house_absorbs_it(cli: Marquoir) -> None:
    counted(cli, 44)
    out = cli("settle", "--missing", "host")
    assert "3 chips missing at the count (0.30 EUR): absorbed by the house" in out
    # the players settle exactly on their chips; the house keeps the 3 chips' 0.30
    assert balances(cli) == {
        "alice": "-15.60",
        "bob": "-30.00",
        "carol": "29.30",
        "dave": "16.00",
        "house": "0.30",
    }
    paid_to_house = json.loads(cli("settle", "--json"))["transfers"]
    assert sum(Decimal(t["amount"]) for t in paid_to_house if t["payee"] == "house") == Decimal(
        "0.30"
    )


def test_one_player_absorbs_it_his_name_in_any_case(cli: Marquoir) -> None:
    counted(cli, 44)
    assert "absorbed by carol" in cli("settle", "--missing", "CAROL")
    assert balances(cli) == {
        "alice": "-15.60",
        "bob": "-30.00",
        "carol": "29.60",  # (293 + 3 chips)
        "dave": "16.00",
    }


def test_a_surplus_is_absorbed_the_same_way(cli: Marquoir) -> None:
    counted(cli, 50)
    assert cli.refused("settle").endswith(
        "are 3 more than the chips bought (after the count corrections): recount and correct "
        "the stacks, or say who absorbs the difference: `settle --missing shared|host|PLAYER`"
    )
    out = cli("settle", "--missing", "shared")
    assert "3 chips too many at the count (0.30 EUR): shared in proportion" in out
    # Each takes -3 x (cash-out / 1003) chips: in cents alice (-150 - 150/1003) x 10 =
    # -1501.4955, bob -3005.982, carol 2915.254, dave 1592.223; rounded down -1502, -3006,
    # 2915, 1592 (sum -1): alice's remainder (.5045) is the largest, she gets the cent.
    assert balances(cli) == {
        "alice": "-15.01",
        "bob": "-30.06",
        "carol": "29.15",
        "dave": "15.92",
    }
    cli("reopen")
    cli("settle", "--missing", "bob")  # the forgotten recave was his: he pays for 3 chips
    assert balances(cli)["bob"] == "-30.30"


def test_the_choice_is_recorded_undone_and_kept_by_the_report(cli: Marquoir) -> None:
    counted(cli, 44)
    cli("settle", "--missing", "partagé")  # the French word for shared
    report = json.loads(cli("report", "--format", "json"))
    assert report["settlement"]["missing"] == {"by": "shared", "chips": -3, "money": "-0.30"}
    validate("report", report)
    validate("settle", json.loads(cli("settle", "--json")))
    assert report["settlement"]["balances"]["carol"] == "29.45"
    line = "3 chips missing at the count (0.30 EUR): shared in proportion to the chips each"
    for fmt in ("text", "md", "csv", "html"):
        assert line in cli("report", "--format", fmt), fmt
    # printed again as it was settled; another choice is refused until reopened
    assert "shared in proportion" in cli("settle", "--missing", "shared")
    assert cli.refused("settle", "--missing", "host") == (
        "Error: this session is settled already, the count's difference otherwise: "
        "`marquoir reopen`, then `settle --missing` again, changes it"
    )
    assert cli("verify").endswith("the file is sound\n")
    cli("undo")  # the settlement: the count's difference is open again
    assert "settle --missing" in cli.refused("settle")
    assert json.loads(cli("report", "--format", "json"))["settlement"] is None


def test_a_balanced_count_needs_nobody(cli: Marquoir) -> None:
    counted(cli, 47)  # the tracked stack: nothing to correct
    data = json.loads(cli("settle", "--json", "--missing", "host"))
    assert "missing" not in data
    assert "house" not in data["balances"]


def test_an_unknown_name_is_a_usage_error_and_nothing_is_recorded(cli: Marquoir) -> None:
    counted(cli, 44)
    done = cli.run("settle", "--missing", "zoe")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Error: zoe did not play in this session: --missing takes shared, host or a player "
        "of the session\n"
    )
    assert "settle --missing" in cli.refused("settle")
    long = cli.run("settle", "--missing", "x" * 10_000)
    assert long.returncode == 2 and long.stderr.startswith("Error: " + "x" * 60 + " did not")
    assert cli.run("settle", "--missing", "").stderr.startswith("Error: '' did not play")


def test_the_bank_pays_back_the_shares(cli: Marquoir) -> None:
    counted(cli, 44)
    data = json.loads(cli("settle", "--json", "--bank", "--missing", "shared"))
    # the bank took 1,000 chips' 100.00 and pays it all back, each chip at 1000/997 x 0.10
    paid = {t["payee"]: t["amount"] for t in data["bank"]}
    assert sum(Decimal(a) for a in paid.values()) == Decimal("100.00")
    # alice: 44 x 100/997 = 4.4132 -> 4.41; bob 20.0602 -> 20.06; carol 49.4483 -> 49.45;
    # dave 26.0782 -> 26.08 (sum 100.00)
    assert paid == {"alice": "4.41", "bob": "20.06", "carol": "49.45", "dave": "26.08"}


def test_in_french(cli: Marquoir) -> None:
    counted(cli, 44)
    out = cli("--lang", "fr", "settle", "--missing", "maison")
    assert "3 jetons manquants au comptage (0,30\u00a0€) : pris en charge par la maison" in out


@pytest.mark.parametrize("seed", range(30))
def test_shared_balances_are_exact_to_the_cent_and_sum_to_zero(seed: int) -> None:
    """Against the exact value of a chip once the money paid in is shared over the chips
    handed back: a player's balance is his cash-out x (bought / cashed out) - his caves."""
    rng = random.Random(seed)
    bought = {f"p{i}": rng.randrange(1, 2000) for i in range(rng.randrange(2, 9))}
    cashed = {name: rng.randrange(0, 3000) for name in bought}
    cashed["p0"] = max(cashed["p0"], 1)
    value = Decimal(rng.choice(["0.10", "0.05", "1", "0.25", "0.015"]))
    results = {name: cashed[name] - bought[name] for name in bought}
    gap = sum(results.values())
    got = money_balances(results, value, absorbed=absorbed_chips("shared", gap, cashed))
    assert sum(got.values()) == 0
    total_bought, total_cashed = sum(bought.values()), sum(cashed.values())
    for name in bought:
        exact = (Fraction(cashed[name] * total_bought, total_cashed) - bought[name]) * Fraction(
            value
        )
        assert abs(Fraction(got[name]) - exact) < Fraction(1, 100), name
    payouts = bank_payouts(cashed, value, absorbed=absorbed_chips("shared", gap, cashed))
    # the bank pays back all it took in, to the cent (the sum rounded half up)
    paid_in = (total_bought * value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert sum(t.amount for t in payouts) == paid_in


def test_a_tournament_refuses_it_its_chips_are_not_money(cli: Marquoir) -> None:
    from .test_tournament_cli import REBUYS

    cli.play(REBUYS)
    done = cli.run("settle", "--missing", "shared")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Error: --missing is for a cash game's count: a tournament pays prizes\n"
    )
    assert "missing" not in json.loads(cli("settle", "--json"))


def test_a_snapshot_keeps_who_absorbed_the_difference(cli: Marquoir) -> None:
    from marquoir.storage.codec import table_from_snapshot, table_to_snapshot
    from marquoir.storage.db import READ
    from marquoir.storage.ledger import Ledger

    counted(cli, 44)
    cli("settle", "--missing", "dave")
    with Ledger(str(cli.db), mode=READ) as book:
        session, table = book.read()
    assert table.house.absorbed == ("dave", -3)
    again = table_from_snapshot(session.settings, table_to_snapshot(table))
    assert (again.house.closed, again.house.absorbed) == (True, ("dave", -3))
    cli("reopen")
    with Ledger(str(cli.db), mode=READ) as book:
        assert book.read()[1].house.absorbed is None


def ledger(cli: Marquoir) -> dict[str, Decimal]:
    """SUM(balance) by player in the `ledger` view, to the cent."""
    import sqlite3

    conn = sqlite3.connect(cli.db)
    try:
        rows = conn.execute("SELECT player, sum(balance) FROM ledger GROUP BY player").fetchall()
    finally:
        conn.close()
    return {player: Decimal(str(total)).quantize(Decimal("0.01")) for player, total in rows}


def test_the_ledger_view_reads_who_absorbed_the_difference(cli: Marquoir) -> None:
    counted(cli, 44)
    cli("settle", "--missing", "host")
    assert ledger(cli) == {name: Decimal(a) for name, a in balances(cli).items()}
    cli("reopen")  # that settlement no longer holds: its line goes
    assert "house" not in ledger(cli)
    cli("settle", "--missing", "shared")
    # each one's exact part, before the settlement rounds it to cents (see above): alice
    # -15.58676, bob -29.93982, carol 29.44835, dave 16.07824
    assert ledger(cli) == {
        "alice": Decimal("-15.59"),
        "bob": Decimal("-29.94"),
        "carol": Decimal("29.45"),
        "dave": Decimal("16.08"),
    }


def test_the_standings_count_each_ones_part(cli: Marquoir) -> None:
    counted(cli, 44)
    cli("settle", "--missing", "carol")
    nets = {p["player"]: p["net"] for p in json.loads(cli("standings", "--json"))["players"]}
    # carol's 293 chips and the 3 missing ones (29.60), the others on their chips
    assert nets == {"carol": "29.60", "dave": "16.00", "alice": "-15.60", "bob": "-30.00"}
    cli("reopen")
    cli("settle", "--missing", "host")  # the house is no player of the standings
    nets = {p["player"]: p["net"] for p in json.loads(cli("standings", "--json"))["players"]}
    assert nets == {"carol": "29.30", "dave": "16.00", "alice": "-15.60", "bob": "-30.00"}
