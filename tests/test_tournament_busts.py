"""The end of a hand that leaves one player with chips while the busted one may still
rebuy: the tournament is not won yet (he is out only if he has not rebought at the next
deal, and no next deal is possible without him)."""

from __future__ import annotations

import json

from .installed import Marquoir

REBUYS = " --rebuys 1 --rebuy-until 2"
HEADS_UP = (
    "new rb --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40"
    + REBUYS
    + """
seat a
seat b
deal
allin
call
"""
)


def test_the_last_bust_of_the_rebuy_period_waits_for_the_rebuy(cli: Marquoir) -> None:
    cli.play(HEADS_UP)
    out = cli("win", "a")
    assert "b has no chips: out unless a rebuy comes before the next deal" in out
    assert "a wins the tournament unless b rebuys" in out
    assert "the tournament is over unless b rebuys: `rebuy b`" in cli("status")
    cli("rebuy", "b")
    assert cli("status").rstrip().endswith("next: deal")


def test_without_rebuys_the_last_bust_ends_it(cli: Marquoir) -> None:
    cli.play(HEADS_UP.replace(REBUYS, ""))
    out = cli("win", "a")
    assert "b is out in place 2" in out and "a wins the tournament\n" in out


def test_two_eliminators_split_the_bounty(cli: Marquoir) -> None:
    # d (under the gun) is all in for 1,000, a and b call, c folds his big blind; a and b
    # tie and split d's chips equally: the bounty of 10 on d's head is 5 each.
    cli.play(
        "new ko --tournament --buy-in 20 --stack 1000 --levels 10/20 --bounty 10 --payouts 100\n"
        "seat a\nseat b\nseat c\nseat d\ndeal\nallin\ncall\ncall\nfold\n"
    )
    assert "d is out in place 4" in cli("showdown", "a = b > d")
    rows = json.loads(cli("places", "--json"))["places"]
    assert {r["name"]: r["bounties"] for r in rows} == {"a": "5", "b": "5", "c": "0", "d": "0"}


# Three players, a on the button speaks first before the flop: a is all in, b calls (all in
# too, same stack), c folds his big blind. b wins the showdown: a is the first one out, the
# last of three entries.
THREE = "seat a\nseat b\nseat c\ndeal\nallin\ncall\nfold\n"
OPEN = "new lr --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40"


def test_a_place_given_while_entries_are_open_is_provisional(cli: Marquoir) -> None:
    # late registration until level 1, still level 1: a new entry or a re-entry may still
    # come and push a down, so the director gives the place from the entries so far, for now
    cli.play(OPEN + " --late-until 1 --reentries 1\n" + THREE)
    out = cli("showdown", "b > a")
    assert "a is out (place 3 for now: entries are still open)\n" in out
    assert "is out in place" not in out


def test_a_place_given_once_entries_are_closed_is_final(cli: Marquoir) -> None:
    # no late registration: entries closed with the first deal, the field is the final one
    cli.play(OPEN + "\n" + THREE)
    assert "a is out in place 3\n" in cli("showdown", "b > a")


def test_the_provisional_place_in_french(cli: Marquoir) -> None:
    cli.play(OPEN + " --late-until 1 --lang fr\n" + THREE)
    out = cli("showdown", "b > a")
    assert "a sort, 3e pour l'instant (les inscriptions sont encore ouvertes)" in out
