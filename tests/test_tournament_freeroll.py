"""A freeroll: the French club's weekly tournament, with no buy-in (an association may not
take stakes for money prizes), played for places and the season's league points.

Before this, `new --tournament` without `--buy-in` was refused, and so was the structure
proposal that issue 22 gives word for word (`new ... --duration 4h --players 9 --chips
25,100,500,1000 --stack 5000`)."""

from __future__ import annotations

import json

from .installed import Marquoir

PROPOSAL = "new club --tournament --duration 4h --players 9 --chips 25,100,500,1000 --stack 5000"
# Three players: p1 all-in from the button, p2 (small blind) calls, p3 (big blind) calls; p1
# wins the side of nobody: 3 x 5,000 = 15,000 to p1. p2 and p3, 5,000 each at the start,
# share places 2 and 3.
SHOWDOWN = "deal\nallin\ncall\ncall\nwin p1\n"


def test_the_structure_proposal_with_no_buy_in_records_a_freeroll(cli: Marquoir) -> None:
    out = cli(*PROPOSAL.split())
    # The levels the director asked for are proposed, then recorded (issue 22's command).
    assert "level 1: 25/50" in out
    assert "freeroll" in out
    for name in ("p1", "p2", "p3"):
        cli("seat", name)
    places = json.loads(cli("places", "--json"))
    assert places["prize_pool"] == "0"
    assert all(row["prize"] == "0" for row in places["places"])
    assert "payouts: none" in cli("places")
    assert "payouts: none" in cli("report")


def test_a_freeroll_has_no_deal_to_make(cli: Marquoir) -> None:
    cli.play(PROPOSAL + "\nseat p1\nseat p2\nseat p3\n")
    before = cli("export", "json")
    error = cli.refused("chop", "--icm")
    assert "no prize money" in error
    assert cli("export", "json") == before  # nothing recorded


def test_a_freeroll_is_played_for_league_points_and_owes_nothing(cli: Marquoir) -> None:
    cli.play(PROPOSAL + "\nseat p1\nseat p2\nseat p3\n" + SHOWDOWN)
    places = {r["name"]: r for r in json.loads(cli("places", "--json"))["places"]}
    assert places["p1"]["place"] == 1
    assert {places["p2"]["place"], places["p3"]["place"]} == {2}  # a shared second place
    settle = json.loads(cli("settle", "--json"))
    assert not settle["transfers"]
    # League points, the field formula (entries - place + 1): 3 for the winner; the two who
    # share places 2 and 3 share their points, (2 + 1) / 2 each.
    table = cli("standings")
    rows = {line.split()[0]: line.split() for line in table.splitlines() if line.startswith("p")}
    assert rows["p1"][2] == "3"
    assert rows["p2"][2] == rows["p3"][2] == "1.5"


def test_a_bounty_still_needs_a_buy_in_to_come_from(cli: Marquoir) -> None:
    done = cli.run(*PROPOSAL.split(), "--bounty", "5")
    assert done.returncode == 2  # the settings clash: a usage error
    assert done.stderr.startswith("Error: the bounty must be less than the buy-in")
    assert "club" not in cli("sessions")
