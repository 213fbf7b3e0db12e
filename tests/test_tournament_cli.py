"""A tournament kept through the installed command: its settings, entries and levels."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from .installed import Marquoir

NEW = (
    "new",
    "cup",
    "--tournament",
    "--buy-in",
    "20",
    "--fee",
    "2",
    "--stack",
    "5000",
    "--levels",
    "25/50,50/100,100/200:bb",
    "--level-minutes",
    "20",
    "--late-until",
    "2",
)


def test_a_tournament_session_keeps_its_structure(cli: Marquoir) -> None:
    cli(*NEW)
    data = json.loads(cli("sessions", "--json"))
    tournament = data["sessions"][0]["settings"]["tournament"]
    assert tournament["buy_in"] == "20"
    assert tournament["fee"] == "2"
    assert tournament["stack"] == 5000
    assert tournament["levels"] == "25/50,50/100,100/200:bb"
    assert tournament["level_minutes"] == 20
    # the first level's blinds are the table's
    assert data["sessions"][0]["settings"]["table"]["big_blind"] == 50


def test_a_cash_game_stores_no_tournament(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    data = json.loads(cli("sessions", "--json"))
    assert "tournament" not in data["sessions"][0]["settings"]


def test_an_entry_gets_the_starting_stack_and_no_recave(cli: Marquoir) -> None:
    cli(*NEW)
    assert "with 5000 chips" in cli("seat", "ann")
    cli("seat", "bob")
    assert "starting stack (5000 chips)" in cli.refused("seat", "cid", "--cave", "300")
    # a table says recave for a rebuy: the tournament's rebuy rules answer (none here)
    assert "this tournament has no rebuys" in cli.refused("recave", "ann")
    assert "already seated" in cli.refused("seat", "ann")


def test_a_new_level_applies_from_the_next_deal(cli: Marquoir) -> None:
    cli(*NEW)
    cli("seat", "ann")
    cli("seat", "bob")
    cli("seat", "cid")
    cli("deal")
    # TDA: the level changes between hands, never in the middle of one
    assert "change the level" in cli.refused("level", "next")
    cli("fold")
    cli("fold")
    assert "level 2 of 3: 50/100" in cli("level", "next")
    assert "| level 2" in cli("status")
    out = cli("deal")
    assert "small blind 50" in out and "big blind 100" in out
    cli("fold")
    cli("fold")
    cli("level", "3")
    status = json.loads(cli("status", "--json"))
    # level 3 is 100/200 with a big-blind ante of 200
    assert status["forced_bets"]["ante"] == 200
    assert status["forced_bets"]["bb_ante"] is True
    assert "level 2 of 3" in cli("level", "prev")
    assert "1 to 3" in cli.refused("level", "4")


def test_late_registration_closes_after_its_level(cli: Marquoir) -> None:
    cli(*NEW)
    cli("seat", "ann")
    cli("seat", "bob")
    cli("level", "3")
    assert "late registration closed at the end of level 2" in cli.refused("seat", "cid")


def test_a_preset_gives_levels_stack_and_minutes(cli: Marquoir) -> None:
    cli("new", "home", "--tournament", "--buy-in", "10", "--levels", "home-20")
    tournament = json.loads(cli("sessions", "--json"))["sessions"][0]["settings"]["tournament"]
    assert tournament["stack"] == 5000
    assert tournament["level_minutes"] == 20
    assert tournament["breaks"] == "4:10"


def test_bad_tournament_options_are_refused(cli: Marquoir) -> None:
    for args, words in (
        (("--levels", "25/50", "--stack", "100", "--bounty", "5"), "buy-in"),
        (("--buy-in", "20", "--stack", "100"), "levels"),
        (("--buy-in", "20", "--levels", "25/50"), "starting stack"),
        (("--buy-in", "20", "--stack", "100", "--levels", "50/25"), "smaller"),
        (("--buy-in", "x", "--stack", "100", "--levels", "25/50"), "amount of money"),
        (("--buy-in", "20", "--stack", "100", "--levels", "nope"), "preset"),
        (("--buy-in", "20", "--stack", "100", "--levels", "25/50", "--rebuys", "2"), "until"),
    ):
        done = cli.run("new", "t", "--tournament", *args)
        assert done.returncode in (1, 2), args
        assert done.stdout == "" and words in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr


# A nine-player freezeout, 1,000 chips, 20 each (pool 180, 50/30/20: 90, 54, 36). Worked by
# hand: hand 1 p3 busts p4; hand 2 p6 (1,000 at the start of the hand) and p2 (990) bust on
# the same hand: p6 finishes 7th, p2 8th (the larger starting stack higher: WSOP, usual practice);
# then p7, p1, p5, p9 and p8 go one by one and p3 wins. `--as` checks each seat's turn.
FREEZEOUT = (
    "new f9 --tournament --buy-in 20 --fee 2 --stack 1000 --levels 10/20,20/40,40/80"
    " --payouts 50/30/20\n"
    """seat p1
seat p2
seat p3
seat p4
seat p5
seat p6
seat p7
seat p8
seat p9
deal
allin --as p4
fold --as p5
fold --as p6
fold --as p7
fold --as p8
fold --as p9
fold --as p1
fold --as p2
call --as p3
win p3
deal
allin --as p6
fold --as p7
fold --as p8
fold --as p9
fold --as p1
allin --as p2
call --as p3
fold --as p5
showdown "p3 > p6 > p2"
deal
allin --as p8
fold --as p9
fold --as p1
fold --as p3
fold --as p5
call --as p7
win p8
deal
allin --as p1
call --as p3
fold --as p5
fold --as p8
fold --as p9
win p3
deal
allin --as p5
fold --as p8
fold --as p9
call --as p3
win p3
deal
allin --as p9
call --as p3
fold --as p8
win p3
deal
allin --as p3
call --as p8
win p3
"""
)


def test_a_nine_player_freezeout_to_the_end(cli: Marquoir) -> None:
    out = cli.play(FREEZEOUT)
    assert "p4 is out in place 9" in out
    assert "p6 is out in place 7" in out and "p2 is out in place 8" in out
    assert "p3 wins the tournament" in out
    data = json.loads(cli("places", "--json"))
    assert data["version"] == 1 and data["session"] == "f9"
    assert data["prize_pool"] == "180"
    order = [(row["place"], row["name"], row["prize"]) for row in data["places"]]
    assert order == [
        (1, "p3", "90"),
        (2, "p8", "54"),
        (3, "p9", "36"),
        (4, "p5", "0"),
        (5, "p1", "0"),
        (6, "p7", "0"),
        (7, "p6", "0"),
        (8, "p2", "0"),
        (9, "p4", "0"),
    ]
    assert sum(Decimal(row["prize"]) for row in data["places"]) == Decimal(data["prize_pool"])
    assert "at least two players" in cli.refused("deal")


# Four players, 10 each, one rebuy until level 4, an add-on of 1,500 for 10, one re-entry.
# d busts on hand 1 and rebuys, b rebuys at 990 (at or below the starting stack); d busts
# again on hand 2 with no rebuy left and re-enters (a new entry, "d #2"); a and b take the
# add-on at level 4, c at level 5 before its first hand. Field 5 entries, 2 rebuys, 3 add-ons:
# pool 5 x 10 + 2 x 10 + 3 x 10 = 100, paid 60/40.
REBUYS = (
    "new rb --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40,40/80,80/160,100/200"
    " --rebuys 1 --rebuy-until 4 --add-on 1500 --add-on-price 10 --reentries 1 --late-until 4"
    " --payouts 60/40\n"
    """seat a
seat b
seat c
seat d
deal
allin --as d
call --as a
fold --as b
fold --as c
win a
rebuy d
rebuy b
deal
allin --as a
fold --as b
fold --as c
call --as d
win a
reenter d
level 4
addon a
addon b
level 5
addon c
deal
allin --as b
call --as c
fold --as d
fold --as a
showdown "b > c"
deal
allin --as d
call --as a
fold --as b
win a
deal
allin --as a
call --as b
win b
"""
)


def test_a_rebuy_tournament_with_reentries_and_add_ons(cli: Marquoir) -> None:
    out = cli.play(REBUYS)
    assert "d has no chips: out unless a rebuy comes before the next deal" in out
    assert "d #2 re-enters with 1000 chips (a new entry)" in out
    data = json.loads(cli("places", "--json"))
    assert (data["entries"], data["rebuys"], data["add_ons"]) == (5, 2, 3)
    assert data["prize_pool"] == "100"
    order = [(row["place"], row["name"], row["prize"]) for row in data["places"]]
    assert order == [(1, "b", "60"), (2, "a", "40"), (3, "d #2", "0"), (4, "c", "0"), (5, "d", "0")]


def test_rebuys_add_ons_and_reentries_are_refused_outside_their_rules(cli: Marquoir) -> None:
    lines = REBUYS.splitlines()
    cli.play("\n".join(lines[: lines.index("rebuy b")]) + "\n")
    assert "at or below the starting stack (1000); a has 2030" in cli.refused("rebuy", "a")
    assert "still has chips" in cli.refused("reenter", "b")
    assert "break after level 4" in cli.refused("addon", "a")
    cli("rebuy", "b")
    assert "used the 1 rebuy" in cli.refused("rebuy", "b")
    cli("level", "4")
    cli("addon", "a")
    assert "taken the add-on already" in cli.refused("addon", "a")
    cli("level", "5")
    # the break that ends the rebuy period is level 5 before its first hand: rebuys still
    # open there (a bust on the last hand of level 4 may rebuy); closed from its first deal
    cli("deal")
    cli("fold")
    cli("fold")
    cli("fold")
    assert "rebuy period ended with level 4" in cli.refused("rebuy", "c")
    assert "break after level 4" in cli.refused("addon", "c")


def test_settle_pays_the_prizes_with_the_fewest_transfers(cli: Marquoir) -> None:
    cli.play(REBUYS)
    data = json.loads(cli("settle", "--json"))
    # paid: a 10 + add-on 10; b 10 + rebuy 10 + add-on 10; c 10 + add-on 10; d 10 + rebuy 10
    # + re-entry 10. Won: b 60, a 40.
    assert data["balances"] == {"a": "20.00", "b": "30.00", "c": "-20.00", "d": "-30.00"}
    assert len(data["transfers"]) == 2
    bank = json.loads(cli("settle", "--bank", "--json"))["bank"]
    assert {(t["payee"], t["amount"]) for t in bank} == {("b", "60.00"), ("a", "40.00")}


def test_settle_waits_for_the_end_and_the_fees_go_to_the_house(cli: Marquoir) -> None:
    lines = FREEZEOUT.splitlines()
    # (stopped before the last two hands, nine lines)
    cli.play("\n".join(lines[:-9]) + "\n")
    assert "still played" in cli.refused("settle")
    cli.play("\n".join(lines[-9:]) + "\n")
    balances = json.loads(cli("settle", "--json"))["balances"]
    # each paid 20 + 2; p3 won 90, p8 54, p9 36; nine fees of 2 are the house's
    assert balances["p3"] == "68.00" and balances["p8"] == "32.00" and balances["p9"] == "14.00"
    assert balances["p4"] == "-22.00" and balances["house"] == "18.00"


def test_a_deal_at_three_by_icm_ends_the_freezeout(cli: Marquoir) -> None:
    from pokerkit import calculate_icm

    lines = FREEZEOUT.splitlines()
    cli.play("\n".join(lines[:-9]) + "\n")  # three left: p3 6,030, p8 2,000, p9 970
    data = json.loads(cli("chop", "--icm", "--json"))
    assert data["version"] == 1 and data["kept"] == "0"
    shares = {row["name"]: Decimal(row["amount"]) for row in data["shares"]}
    oracle = calculate_icm([90, 54, 36], [6030, 2000, 970])
    for name, equity in zip(("p3", "p8", "p9"), oracle, strict=True):
        assert abs(float(shares[name]) - equity) < 1  # rounded to the payout unit, 1
    assert sum(shares.values()) == 180
    assert "ended with a deal" in cli.refused("deal")
    places = json.loads(cli("places", "--json"))["places"]
    prizes = {row["name"]: Decimal(row["prize"]) for row in places}
    assert prizes == {**dict.fromkeys(("p1", "p2", "p4", "p5", "p6", "p7"), 0), **shares}
    assert [row["name"] for row in places if row["place"] is not None] == [
        "p5",
        "p1",
        "p7",
        "p6",
        "p2",
        "p4",
    ]
    balances = json.loads(cli("settle", "--json"))["balances"]
    assert Decimal(balances["p3"]) == shares["p3"] - 22


def test_a_deal_with_money_kept_to_play_for(cli: Marquoir) -> None:
    lines = FREEZEOUT.splitlines()
    cli.play("\n".join(lines[:-9]) + "\n")
    # the last prize each (36) and the rest (180 - 30 kept - 3 x 36 = 42) by chips:
    # 42 x 6030/9000 = 28.14, 42 x 2000/9000 = 9.33, 42 x 970/9000 = 4.53 -> 28, 9, 5
    out = cli("chop", "--chips", "--keep", "30")
    assert "deal (chips): p3 64, p8 45, p9 41 EUR" in out
    assert "30 EUR stay to play for" in out
    assert "already" in cli.refused("chop", "--even")
    cli.play("\n".join(lines[-9:]) + "\n")  # p3 wins the rest
    prizes = {row["name"]: row["prize"] for row in json.loads(cli("places", "--json"))["places"]}
    assert (prizes["p3"], prizes["p8"], prizes["p9"]) == ("94", "45", "41")


CLOCKED = (
    "new clk --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40,40/80"
    " --level-minutes 20 --breaks 2:10"
)


def _age_events(cli: Marquoir, seconds: int) -> None:
    """Move every recorded event `seconds` into the past (the clock reads their times; the
    log keeps them as seconds since 1970)."""
    import sqlite3

    conn = sqlite3.connect(cli.db)
    with conn:
        conn.execute("UPDATE events SET created_at = created_at - ?", (seconds,))
    conn.close()


def test_the_clock_runs_from_the_first_deal_and_stops_when_paused(cli: Marquoir) -> None:
    cli.play(CLOCKED + "\nseat a\nseat b\n")
    assert "the clock starts with the first deal" in cli("status", "--clock")
    cli("deal")
    clock = json.loads(cli("status", "--clock", "--json"))["clock"]
    assert clock["level"] == 1 and 1190 <= clock["seconds_left"] <= 1200
    assert "clock" not in json.loads(cli("status", "--json"))  # --json alone: no clock
    cli("fold")
    cli("pause")
    _age_events(cli, 3600)  # an hour ago: dealt, then paused at once
    assert "(the clock is stopped)" in cli("status", "--clock")
    assert json.loads(cli("status", "--clock", "--json"))["clock"]["level"] == 1
    cli("resume")
    assert "already" not in cli("status", "--clock")


def test_the_clock_moves_the_level_at_the_next_deal(cli: Marquoir) -> None:
    cli.play(CLOCKED + "\nseat a\nseat b\ndeal\nfold\n")
    _age_events(cli, 25 * 60)  # 25 minutes of 20-minute levels: level 2, 15 minutes left
    clock = json.loads(cli("status", "--clock", "--json"))["clock"]
    assert clock["level"] == 2 and 14 * 60 < clock["seconds_left"] <= 15 * 60
    # the table still posts level 1 until the next deal, which applies level 2 (TDA)
    assert json.loads(cli("status", "--json"))["blinds"] == [10, 20]
    out = cli("deal")
    assert "the clock moves to level 2 of 3: 20/40" in out
    assert "small blind 20" in out
    cli("fold")
    _age_events(cli, 20 * 60)  # 45 minutes: level 2 over at 40, then the 10-minute break
    assert "break: " in cli("status", "--clock")


def test_levels_by_hands_move_at_the_deal(cli: Marquoir) -> None:
    cli.play(
        "new h --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40 --level-hands 2\n"
        "seat a\nseat b\n" + "deal\nfold\n" * 2
    )
    out = cli("deal")  # hand 3 is level 2's first
    assert "small blind 20" in out
    assert "| level 2" in cli("status")


def test_the_tournament_outputs_validate_against_their_schemas(cli: Marquoir) -> None:
    from pathlib import Path

    from jsonschema import Draft202012Validator

    schemas = Path(__file__).resolve().parent.parent / "marquoir" / "schemas"

    def check(name: str, data: object) -> None:
        loaded = json.loads((schemas / f"{name}.json").read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(loaded)
        assert list(Draft202012Validator(loaded).iter_errors(data)) == []
        assert list(Draft202012Validator(loaded).iter_errors({"version": 2}))  # refuses

    lines = FREEZEOUT.splitlines()
    cli.play("\n".join(lines[:-9]) + "\n")
    check("places", json.loads(cli("places", "--json")))
    check("chop", json.loads(cli("chop", "--even", "--json")))
    check("places", json.loads(cli("places", "--json")))


def test_the_starting_stack_from_the_chip_set(cli: Marquoir) -> None:
    cli(
        "new", "home", "--tournament", "--buy-in", "10", "--levels", "home-20",
        "--chips", "25,100,500,1000",
    )  # fmt: skip
    # docs/rules.md's worked example: 5,000 at 25/50 in 25/100/500/1000 is 8, 8, 4 and 2
    # (8 x 25 + 8 x 100 + 4 x 500 + 2 x 1000 = 200 + 800 + 2,000 + 2,000 = 5,000)
    assert cli("chips") == "a starting stack of 5,000: 8 x 25, 8 x 100, 4 x 500, 2 x 1000\n"
    cli("new", "bare", "--tournament", "--buy-in", "10", "--levels", "home-20")
    assert "no chip set" in cli.refused("chips")


def test_the_report_has_a_tournament_section(cli: Marquoir) -> None:
    lines = FREEZEOUT.splitlines()
    cli.play("\n".join(lines[:-9]) + "\n")
    cli("chop", "--even")
    report = cli("report")
    assert "Tournament\n----------\n" in report
    assert "buy-in 20 + 2 fee EUR, 1,000 chips, levels 10/20, 20/40, 40/80" in report
    assert "9 entries, 0 rebuys, 0 add-ons: prize pool 180 EUR" in report
    assert "deal (even): p3 60, p8 60, p9 60" in report
    assert "deal p3: 60" in report and "4. p5: 0" in report


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tournoi.txt"


def test_the_example_tournament_fixed_bounties(cli: Marquoir) -> None:
    cli("play", str(EXAMPLE))
    data = json.loads(cli("places", "--json"))
    bounties = {row["name"]: row["bounties"] for row in data["places"]}
    # chloe busted david, emma, bruno and david #2 (4 x 5) and, the game ended by a deal,
    # each of the three keeps the 5 on his own head: 7 entries x 5 = 35 in all
    assert bounties == {
        "anne": "5",
        "chloe": "25",
        "felix": "5",
        "david #2": "0",
        "emma": "0",
        "bruno": "0",
        "david": "0",
    }
    assert data["prize_pool"] == "105"  # 7 x (20 - 5)
    assert sum(Decimal(row["prize"]) for row in data["places"]) == 105


def test_progressive_bounties(cli: Marquoir) -> None:
    script = EXAMPLE.read_text(encoding="utf-8").replace("--bounty 5", "--bounty 10 --progressive")
    cli.play(script)
    bounties = {
        row["name"]: row["bounties"] for row in json.loads(cli("places", "--json"))["places"]
    }
    # heads of 10: each knockout pays chloe half the head (5) and puts 5 on her own head
    # (15, 20, 25, 30 after her four knockouts); the deal ends it, each keeps his own head
    assert (bounties["chloe"], bounties["anne"], bounties["felix"]) == ("50", "10", "10")
