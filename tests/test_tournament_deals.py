"""A custom deal (`chop --custom NAME=AMOUNT ...`): the players' own amounts, checked against
the prizes still to be won, recorded as an event, undone and shown in the report."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from jsonschema import Draft202012Validator

from .installed import Marquoir
from .test_input import file_bytes, usage_error
from .test_tournament_cli import FREEZEOUT

ROOT = Path(__file__).resolve().parent.parent

# Nine players, 20 each: a pool of 180 paid 50/30/20 = 90, 54, 36. FREEZEOUT stopped before
# its last two hands leaves p3 (6,030 chips), p8 (2,000) and p9 (970).
THREE_LEFT = "\n".join(FREEZEOUT.splitlines()[:-9]) + "\n"


def test_a_custom_deal_shares_what_is_left_as_the_players_wrote(cli: Marquoir) -> None:
    cli.play(THREE_LEFT)
    # 80 + 60 + 40 = 180, the whole pool
    out = cli("chop", "--custom", "p3=80", "p8=60", "p9=40")
    assert "deal (custom): p3 80, p8 60, p9 40 EUR" in out
    assert "the tournament ends with the deal" in out
    prizes = {row["name"]: row["prize"] for row in json.loads(cli("places", "--json"))["places"]}
    assert (prizes["p3"], prizes["p8"], prizes["p9"]) == ("80", "60", "40")
    # each paid 22: p3 +58, p8 +38, p9 +18
    balances = json.loads(cli("settle", "--json"))["balances"]
    assert (balances["p3"], balances["p8"], balances["p9"]) == ("58.00", "38.00", "18.00")


def test_a_custom_deal_with_money_kept_and_cents(cli: Marquoir) -> None:
    cli.play(THREE_LEFT)
    # 180 - 30 kept = 150 = 70.50 + 45.50 + 34
    data = json.loads(
        cli("chop", "--custom", "p3=70.50,p8=45.50", "p9=34", "--keep", "30", "--json")
    )
    assert data["method"] == "custom" and data["kept"] == "30"
    schema = json.loads((ROOT / "marquoir" / "schemas" / "chop.json").read_text("utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(data)] == []
    assert [(r["name"], Decimal(r["amount"])) for r in data["shares"]] == [
        ("p3", Decimal("70.50")),
        ("p8", Decimal("45.50")),
        ("p9", Decimal(34)),
    ]
    # the game goes on for the 30: p3 wins the last two hands of the freezeout
    cli.play("\n".join(FREEZEOUT.splitlines()[-9:]) + "\n")
    prizes = {row["name"]: row["prize"] for row in json.loads(cli("places", "--json"))["places"]}
    assert Decimal(prizes["p3"]) == Decimal("100.50")  # 70.50 + the 30 kept
    report = cli("report")
    assert "deal (custom): p3 70.50, p8 45.50, p9 34; 30 kept to play for" in report


def test_a_custom_deal_that_does_not_add_up_is_refused(cli: Marquoir) -> None:
    cli.play(THREE_LEFT)
    before = file_bytes(cli)
    assert "make 179, the prizes still to win make 180" in cli.refused(
        "chop", "--custom", "p3=80", "p8=60", "p9=39"
    )
    assert "less 30 kept make 150" in cli.refused(
        "chop", "--custom", "p3=80", "p8=60", "p9=40", "--keep", "30"
    )
    assert "nothing to p9" in cli.refused("chop", "--custom", "p3=120", "p8=60")
    assert "p1 is not one of the players left (p3, p8, p9)" in cli.refused(
        "chop", "--custom", "p3=80", "p8=60", "p9=40", "p1=0"
    )
    assert "named twice" in cli.refused("chop", "--custom", "p3=80", "p3=60", "p9=40")
    assert "between 0 and 90" in cli.refused(
        "chop", "--custom", "p3=0", "p8=0", "p9=0", "--keep", "180"
    )
    assert "NAME=AMOUNT" in usage_error(cli, "chop", "--custom", "p3", "p8=60")
    assert "amount of money" in usage_error(cli, "chop", "--custom", "p3=lots")
    assert "amount of money" in usage_error(cli, "chop", "--custom", "p3=-5")
    assert "2 decimals" in usage_error(cli, "chop", "--custom", "p3=1.005")
    assert "--custom" in usage_error(cli, "chop", "p3=80", "p8=60", "p9=40")
    assert "choose one" in usage_error(cli, "chop", "--icm", "--custom", "p3=180")
    assert file_bytes(cli) == before


def test_a_custom_deal_is_undone_and_replays(cli: Marquoir) -> None:
    cli.play(THREE_LEFT)
    cli("chop", "--custom", "p3=100", "p8=50", "p9=30")
    assert "sound" in cli("verify")
    assert "deal (custom)" in cli("undo")
    assert "still played" in cli.refused("settle")
    cli("chop", "--even")  # another deal once the first is undone: 60 each
    prizes = {row["name"]: row["prize"] for row in json.loads(cli("places", "--json"))["places"]}
    assert (prizes["p3"], prizes["p8"], prizes["p9"]) == ("60", "60", "60")
