"""A tournament kept through the installed command: its settings, entries and levels."""

from __future__ import annotations

import json

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
    assert "no recaves" in cli.refused("recave", "ann")
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
        (("--levels", "25/50", "--stack", "100"), "buy-in"),
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
