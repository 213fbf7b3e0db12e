"""The tournament night's rules at the command line: the clock is wall time (set with
`MARQUOIR_NOW`, no sleeping), breaks, and what issue-level defects used to get wrong.
Expected values are worked by hand from the schedule, in the comments."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from .installed import Marquoir

T0 = 1_800_000_000  # a fixed start (2027-01-15), seconds since 1970

ONE_MINUTE = (
    "new cup --tournament --buy-in 20 --stack 1000"
    " --levels 10/20,20/40,30/60,50/100,100/200,200/400,300/600 --level-minutes 1"
)


def at(cli: Marquoir, seconds: float, *args: str) -> str:
    """A command run `seconds` after T0."""
    cli.env["MARQUOIR_NOW"] = str(T0 + seconds)
    return cli(*args)


def refused_at(cli: Marquoir, seconds: float, *args: str) -> str:
    cli.env["MARQUOIR_NOW"] = str(T0 + seconds)
    return cli.refused(*args)


def clock(cli: Marquoir, seconds: float) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(at(cli, seconds, "status", "--clock", "--json"))
    assert data["version"] == 1
    return data


def seat(cli: Marquoir, names: str = "a b c") -> None:
    for name in names.split():
        at(cli, 0, "seat", name)


def hand(cli: Marquoir, dealt: float, ended: float) -> None:
    """A hand dealt at `dealt`, folded round to the big blind at `ended` (three players)."""
    at(cli, dealt, "deal")
    at(cli, ended, "fold")
    at(cli, ended, "fold")


def test_the_clock_is_wall_time_whatever_the_deals_do(cli: Marquoir) -> None:
    at(cli, 0, *ONE_MINUTE.split())
    seat(cli)
    # Hands of 40 s dealt every 45 s from T0: each level end (60, 120, 180, ...) falls in a
    # hand. The schedule: level N runs from 60(N-1) to 60N.
    for n in range(8):
        hand(cli, 45 * n, 45 * n + 40)
    # At 370 s: 6 levels of 60 s are behind (360 s), level 7 is the last and never ends.
    # Earlier: at 299 s (after the deal at 270 s moved the table to level 5), level 5 with
    # 1 s left. With the old clock each level grew by the hand in play at its end.
    data = clock(cli, 299)
    assert (data["level"], data["seconds_left"]) == (5, 1)
    assert data["on_break"] is False and data["paused"] is False
    assert data["clock"]["ends_at"] == T0 + 300
    data = clock(cli, 250)
    assert (data["level"], data["seconds_left"]) == (5, 50)
    assert clock(cli, 370)["level"] == 7


def test_the_blinds_follow_the_clock_at_the_next_deal_and_level_next_counts_from_it(
    cli: Marquoir,
) -> None:
    at(cli, 0, *ONE_MINUTE.split())
    seat(cli)
    hand(cli, 0, 10)
    # At 130 s the clock is at level 3 (120-180); the table still posts level 1 until a deal.
    assert clock(cli, 130)["level"] == 3
    assert "small blind 30" in at(cli, 130, "deal")
    at(cli, 131, "fold")
    at(cli, 131, "fold")
    # `level next` at 140 s: level 4 starts now (a director's move), 60 s from 140 s.
    assert "level 4 of 7" in at(cli, 140, "level", "next")
    data = clock(cli, 150)
    assert (data["level"], data["seconds_left"]) == (4, 50)


BREAKS = ONE_MINUTE + " --breaks 2:5 --rebuys 1 --rebuy-until 2"


def test_a_scheduled_break_is_kept_shown_and_refuses_a_deal(cli: Marquoir) -> None:
    at(cli, 0, *BREAKS.split())
    seat(cli)
    hand(cli, 0, 10)
    # Levels 1 and 2 (0-120 s), then the 5-minute break (120-420 s), then level 3.
    data = clock(cli, 100)
    assert data["clock"]["seconds_to_break"] == 20
    # `level next` from level 2 would pass the break: refused, saying how to skip it
    assert "level 3" in refused_at(cli, 100, "level", "next")
    data = clock(cli, 150)
    assert data["on_break"] is True and data["level"] == 3 and data["seconds_left"] == 270
    assert "break" in refused_at(cli, 150, "deal")
    # at 420 s the break is over: level 3 with its full minute
    data = clock(cli, 420)
    assert (data["level"], data["on_break"], data["seconds_left"]) == (3, False, 60)


def test_level_next_ends_a_break_when_asked(cli: Marquoir) -> None:
    at(cli, 0, *BREAKS.split())
    seat(cli)
    hand(cli, 0, 10)
    assert "level 3 of 7" in at(cli, 200, "level", "next")
    data = clock(cli, 230)
    assert (data["level"], data["on_break"], data["seconds_left"]) == (3, False, 30)
    assert "small blind 30" in at(cli, 230, "deal")


def test_break_now_stops_the_level_and_ends_by_itself(cli: Marquoir) -> None:
    at(cli, 0, *ONE_MINUTE.split())
    seat(cli)
    hand(cli, 0, 10)
    # a 3-minute break called at 20 s: level 1 stands at 40 s left until 200 s
    assert "3 min" in at(cli, 20, "break", "3")
    data = clock(cli, 100)
    assert (data["on_break"], data["level"], data["seconds_left"]) == (True, 1, 100)
    assert "break" in refused_at(cli, 100, "deal")
    data = clock(cli, 210)
    assert (data["on_break"], data["level"], data["seconds_left"]) == (False, 1, 30)
    # the table follows: the deal after it is accepted, a pause too
    hand(cli, 210, 215)
    at(cli, 216, "pause")
    assert clock(cli, 500)["paused"] is True


def test_the_clock_stops_with_the_winner(cli: Marquoir) -> None:
    at(cli, 0, *ONE_MINUTE.replace("--stack 1000", "--stack 100").split())
    seat(cli, "a b")
    at(cli, 0, "deal")
    at(cli, 5, "allin")
    at(cli, 5, "call")
    at(cli, 10, "win", "a")
    # over at 10 s: level 1 with 50 s left, for ever
    data = clock(cli, 500)
    assert (data["level"], data["seconds_left"], data["paused"]) == (1, 50, True)
    assert data["clock"]["over"] is True


def test_marquoir_now_must_be_seconds(cli: Marquoir) -> None:
    cli.env["MARQUOIR_NOW"] = "yesterday"
    done = cli.run("new", "x", "--blinds", "1/2")
    assert done.returncode == 2 and "MARQUOIR_NOW" in done.stderr


NEW = "new t --tournament --buy-in 20 --stack 1000 --levels 25/50,50/100 --level-minutes 20"


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("--payout-unit 0", "payout unit"),
        ("--level-minutes 0", "at least 1 minute"),
        ("--level-hands 0", "at least 1 minute, or 1 hand"),
        ("--level-minutes 0.5", "a whole number"),
        ("--buy-in 1e400", "buy-in"),
        ("--buy-in 99999999999999999999999999999", "at most 1,000,000,000"),
        ("--buy-in inf", "buy-in"),
        ("--bounty 0.001", "at most 2 decimals"),
        ("--fee 1e1", "fee"),
        ("--add-on 100 --add-on-price 5E+1", "add-on-price"),
        ("--rebuys 1 --rebuy-until 1 --rebuy-price -5", "rebuy-price"),
    ],
)
def test_bad_settings_are_refused_at_new(cli: Marquoir, option: str, said: str) -> None:
    done = cli.run(*NEW.split(), *option.split())
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: ") and said in done.stderr, done.stderr
    assert "chips" not in done.stderr
    assert cli.run("sessions").stdout.count("\n") <= 1  # nothing recorded


def test_a_deal_refuses_money_with_an_exponent_or_a_thousandth(cli: Marquoir) -> None:
    cli.play(NEW + " --payouts 60/40\nseat anne\nseat bob\nseat cid\n")
    cli.play("deal\nfold\nfold\n")
    assert cli.run("chop", "--custom", "anne=1e1", "bob=20", "cid=20").returncode == 2
    assert cli.run("chop", "--even", "--keep", "1e-9").returncode == 2
    assert cli.run("chop", "--even", "--keep", "0.001").returncode == 2
    assert "deal" not in cli("places")  # nothing recorded: play goes on


T5 = (
    "new t5 --tournament --buy-in 20 --stack 1000 --levels 25/50,50/100 --level-minutes 20"
    " --rebuys 1 --rebuy-until 1 --add-on 1000 --add-on-price 20 --payouts 60/40"
)


def test_a_busted_player_takes_no_add_on(cli: Marquoir) -> None:
    """The club's way: the add-on is for a player still in; a busted one rebuys first."""
    cli.play(T5 + "\nseat a\nseat b\nseat c\ndeal\nallin\nfold\ncall\nwin c\n")
    cli("level", "next")
    assert "no chips" in cli.refused("addon", "a")
    # a busted on the last hand of the rebuy period: he may still rebuy at the break (level
    # 2 before its first hand), then take the add-on
    assert "a rebuys 1000: stack 1000" in cli("rebuy", "a")
    assert "a takes the add-on of 1000: stack 2000" in cli("addon", "a")
    # paid in: 3 x 20 + a's rebuy 20 + his add-on 20 = 100 EUR, no fee: prizes 60 + 40
    places = json.loads(cli("places", "--json"))
    assert places["prize_pool"] == "100"
    assert [row["place"] for row in places["places"]] == [None, None, None]


def test_a_bust_who_did_not_rebuy_is_out_at_the_next_deal_and_the_add_on_refused(
    cli: Marquoir,
) -> None:
    cli.play(T5 + "\nseat a\nseat b\nseat c\ndeal\nallin\nfold\ncall\nwin c\n")
    cli("level", "next")
    cli.play("deal\nfold\n")  # b folds to c: a was not dealt in, he is out
    assert "out of the tournament" in cli.refused("addon", "a")
    assert "out of the tournament" in cli.refused("rebuy", "a")


T7 = """new t7 --tournament --buy-in 20 --fee 2 --stack 1000 --levels 25/50,50/100 \
--level-minutes 20 --rebuys 1 --rebuy-until 1 --payouts 60/40
seat a
seat b
seat c
deal
allin
fold
call
win c
rebuy a
deal
allin
allin
call
win c
"""
# By hand. Paid in: a 20 + 2 fee + a rebuy 20 = 42; b 22; c 22: 86, 6 of them fees; the
# pool 80 pays 60/40: c 48, a 32 (a and b bust on the same hand; a started it with 1000
# chips, b with 975: a finishes higher, TDA 2024 rule 14). Results in money: a 32 - 42 =
# -10, b -22, c 48 - 22 = +26, the house +6 (sum 0). The chips (a bought 2,000, c holds
# 4,000) are no money.
MONEY = {"a": "-10.00", "b": "-22.00", "c": "26.00"}


def test_a_tournament_shows_money_not_chips_everywhere(cli: Marquoir) -> None:
    cli.play(T7.replace(" \\\n", " "))
    report = json.loads(cli("report", "--format", "json"))
    assert {p["player"]: p["net_money"] for p in report["players"]} == MONEY
    assert {p["player"]: p["recaves"] for p in report["players"]} == {"a": 1, "b": 0, "c": 0}
    rows = cli("export", "csv", "--what", "ledger").splitlines()
    header = rows[0].split(",")
    money = {r.split(",")[3]: r.split(",")[header.index("net_money")] for r in rows[1:]}
    assert money == MONEY
    text = cli("report")
    assert "chip value" not in text
    assert "+26.00 EUR" in text and "+3000.00 EUR" not in text
    for fmt in ("md", "html", "csv"):
        out = cli("report", "--format", fmt)
        assert "26.00" in out and "3000.00" not in out and "3,000.00" not in out, fmt
    settle = cli("settle")
    assert settle.startswith("tournament t7: buy-in 20 EUR") and "1 chip" not in settle
    assert "c      +26.00 EUR" in settle and "house  +6.00 EUR" in settle
    stacks = {p["name"]: p["recaves"] for p in cli.stacks_json()["players"]}
    assert stacks == {"a": 1, "b": 0, "c": 0}


def test_sitout_leave_and_blinds_are_refused_in_a_tournament(cli: Marquoir) -> None:
    cli.play(NEW + "\nseat anne\nseat bob\nseat cid\n")
    assert "dealt in and posts" in cli.refused("sitout", "anne")
    assert "chips are not cashed out" in cli.refused("leave", "anne")
    assert "follow its levels" in cli.refused("blinds", "100/200")
    # nothing recorded: all three are dealt in, the blinds are level 1's
    out = cli("deal")
    assert "small blind 25" in out and "big blind 50" in out
    assert [p["sitting_out"] for p in cli.stacks_json()["players"]] == [False] * 3


def test_the_cash_game_keeps_sitout_leave_and_blinds(cli: Marquoir) -> None:
    cli.play("new cash --blinds 1/2\nseat anne --cave 100\nseat bob --cave 100\n")
    cli("sitout", "anne")
    cli("blinds", "2/4")
    cli("leave", "anne")


RACE = """new r --tournament --buy-in 10 --stack 1000 --levels 25/50,50/100 --chips 25,100,500
seat anne
seat bruno
seat chloe
seat dora
deal
raise 975
fold
fold
call
check
check
check
check
check
check
showdown chloe > dora
"""


def test_an_incomplete_chip_race_says_who_still_holds_the_removed_chips(cli: Marquoir) -> None:
    cli.play(RACE)
    # anne 1,000, bruno 975 (his small blind), chloe 2,000, dora 25. bruno races his 3 x 25
    # (75 = three quarters of a 100: one chip, his); left: bruno 975 - 75 + 100 = 1,000.
    # dora's 25 was not raced: her stack is not whole 100s.
    out = cli("race", "25", "bruno=3", "--draw", "bruno")
    assert "still not whole 100s: dora 25" in out
    cli("undo")
    out = cli("race", "25", "bruno=3", "dora=1", "--draw", "bruno,dora", "--json")
    assert json.loads(out)["left_over"] == {}


def test_a_split_bounty_is_paid_to_the_cent_and_places_say_who_busted_whom(
    cli: Marquoir,
) -> None:
    cli.play(
        "new k --tournament --buy-in 20 --bounty 5 --stack 1000 --levels 25/50,50/100\n"
        "seat a\nseat b\nseat c\ndeal\nallin\nallin\nallin\n"
        'showdown "b = c > a"\n'
    )
    # a (1,000 at the start) loses everything to b and c, who tie: each wins 500 of a's
    # chips, so the 5 EUR on a's head splits 2.50 / 2.50 (before: whole euros, 3 / 2).
    data = json.loads(cli("places", "--json"))
    rows = {row["name"]: row for row in data["places"]}
    assert Decimal(rows["b"]["bounties"]) == Decimal(rows["c"]["bounties"]) == Decimal("2.50")
    assert rows["a"]["knocked_out_by"] == ["b", "c"]
    assert rows["b"]["head"] == "5"
    assert "out by b, c" in cli("places")


def test_a_progressive_head_is_shown(cli: Marquoir) -> None:
    cli.play(
        "new k --tournament --buy-in 20 --bounty 8 --progressive --stack 1000"
        " --levels 25/50,50/100\nseat a\nseat b\nseat c\ndeal\nallin\nfold\ncall\nwin c\n"
    )
    # c busts a: half of a's 8 (4) in cash, the other half onto c's head: 8 + 4 = 12.
    rows = {row["name"]: row for row in json.loads(cli("places", "--json"))["places"]}
    assert (rows["c"]["bounties"], rows["c"]["head"]) == ("4", "12")
    assert "bounty on the head 12" in cli("places")


NINE = (
    "new t9 --tournament --buy-in 20 --fee 2 --stack 1000 --levels 25/50,50/100"
    " --level-minutes 20 --rebuys 1 --rebuy-until 1 --add-on 1000 --add-on-price 20"
    " --bounty 5 --breaks 1:10"
)


def test_new_says_back_the_structure(cli: Marquoir) -> None:
    out = cli(*NINE.split())
    assert "buy-in 20 EUR + fee 2 EUR, starting stack 1,000 chips" in out
    assert "2 levels, 20 min a level, a 10-minute break after every level" in out
    assert "every 1 levels" not in out
    assert "1 rebuy an entry until level 1, 20 EUR" in out
    assert "add-on 1,000 chips for 20 EUR" in out and "bounty 5 EUR on each head" in out


def test_the_new_refusals_speak_french(cli: Marquoir) -> None:
    cli.play(NEW + " --lang fr\nseat anne\nseat bob\n")
    done = cli.run("sitout", "anne")
    assert done.returncode == 1 and "reçoit ses cartes et paie ses blindes" in done.stderr
    done = cli.run("blinds", "100/200")
    assert done.returncode == 1 and "suivent ses niveaux" in done.stderr


def test_the_views_give_a_tournament_s_chips_no_money(cli: Marquoir) -> None:
    import sqlite3

    cli.play(
        T7.replace(" \\\n", " ") + "new cash --blinds 1/2 --chip-value 0.5\nseat x --cave 100\n"
    )
    conn = sqlite3.connect(cli.db)
    try:
        ledger = conn.execute("SELECT session, money, balance FROM ledger").fetchall()
        players = conn.execute("SELECT session, result_money FROM players_now").fetchall()
    finally:
        conn.close()
    # t7's caves (1,000 chips each) were "1000.00 EUR" before; x's 100 chips at 0.50 are 50
    assert {row for row in ledger if row[0] == "t7"} == {("t7", None, None)}
    assert ("cash", 50.0, -50.0) in ledger
    assert {row for row in players if row[0] == "t7"} == {("t7", None)}


def test_resume_starts_the_clock_of_a_tournament_whose_hands_are_not_typed(cli: Marquoir) -> None:
    # A club room records busts with `out` and deals no hand in Marquoir: the clock used to
    # stand still for good ("paused", and `resume` answered "the clock is running").
    at(cli, 0, *ONE_MINUTE.split(), "--tables", "2", "--seats", "6", "--seed", "7")
    seat(cli, "a b c d e f g h")
    assert clock(cli, 30)["paused"] is True  # not started: no hand dealt yet
    assert "the clock starts at level 1" in at(cli, 100, "resume")
    assert "nothing to resume" in refused_at(cli, 101, "resume")
    # Started at 100 s: level 1 runs to 160, level 2 to 220; at 190 s, level 2, 30 s left.
    data = clock(cli, 190)
    assert (data["level"], data["seconds_left"], data["paused"]) == (2, 30, False)
    at(cli, 200, "undo")  # the start undone: the clock stands still again
    assert clock(cli, 300)["paused"] is True
