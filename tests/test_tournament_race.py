"""The chip race at a colour-up through the installed command (TDA 2024 rule 24: the odd
chips of the removed denomination are raced, at most one chip to a player, and a player is
never raced out). Every expected stack is worked out by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from .installed import Marquoir
from .test_input import file_bytes, usage_error

ROOT = Path(__file__).resolve().parent.parent

# Four players, 1,000 chips each, chips 25/100/500. Hand 1: dora raises to 975 and chloe
# calls; chloe wins the showdown. Then anne 1,000, bruno 975 (his small blind), chloe 2,000,
# dora 25: a single chip of 25, her whole stack.
SHORT = """new r --tournament --buy-in 10 --stack 1000 --levels 25/50,50/100 --chips 25,100,500
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


def stacks(cli: Marquoir) -> dict[str, int]:
    """Each player's stack (the race adds and removes chips: no conservation check here)."""
    return {p["name"]: p["stack"] for p in cli.stacks_json()["players"]}


def test_a_single_odd_chip_is_never_raced_out(cli: Marquoir) -> None:
    cli.play(SHORT)
    # Odd 25s after changing up: anne 3, bruno 1, chloe 2, dora 1: 7 x 25 = 175, 1.75 chips
    # of 100, rounded to 2 (half a chip or more makes one). Cards read at the table: chloe
    # highest, then anne, bruno, dora. chloe and anne win a 100; bruno gets nothing; dora
    # loses her last chip in the race and is given a 100 (never raced out).
    out = cli(
        "race", "25", "anne=3", "bruno=1", "chloe=2", "dora=1", "--draw", "chloe,anne,bruno,dora"
    )
    assert "175 in odd chips make 2 x 100" in out
    assert "dora (1 x 25) is given a 100, never raced out: stack 100" in out
    # anne 1000 - 75 + 100; bruno 975 - 25; chloe 2000 - 50 + 100; dora 25 - 25 + 100
    assert stacks(cli) == {"anne": 1025, "bruno": 950, "chloe": 2050, "dora": 100}
    assert "sound" in cli("verify")
    # the race is one event: undo gives every odd chip back
    assert "the chip race of the 25 chips" in cli("undo")
    assert stacks(cli) == {"anne": 1000, "bruno": 975, "chloe": 2000, "dora": 25}


def test_the_short_stack_who_wins_the_race_takes_one_chip_only(cli: Marquoir) -> None:
    cli.play(SHORT)
    # dora's card is the highest: she wins a 100, chloe the other; anne and bruno nothing.
    cli("race", "25", "anne=3", "bruno=1", "chloe=2", "dora=1", "--draw", "dora,chloe,anne,bruno")
    # anne 1000 - 75; bruno 975 - 25; chloe 2000 - 50 + 100; dora 25 - 25 + 100
    assert stacks(cli) == {"anne": 925, "bruno": 950, "chloe": 2050, "dora": 100}


def test_odd_chips_worth_less_than_half_a_chip_are_removed(cli: Marquoir) -> None:
    cli.play(SHORT)
    # bruno's single 25 is a quarter of a 100: no chip is raced, his 25 leaves the table
    # (he has 950 more: not raced out).
    out = cli("race", "25", "bruno=1", "--draw", "bruno")
    assert "25 in odd chips make 0 x 100" in out and "bruno (1 x 25) gets nothing" in out
    assert stacks(cli)["bruno"] == 950


def test_a_race_dealt_here_from_a_seed_is_recorded_and_replayed(cli: Marquoir) -> None:
    cli.play(SHORT)
    data = json.loads(
        cli("race", "25", "anne=3", "bruno=1", "chloe=2", "dora=1", "--seed", "7", "--json")
    )
    assert data["version"] == 1 and data["seed"] == 7
    schema = json.loads((ROOT / "marquoir" / "schemas" / "race.json").read_text("utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(data)] == []
    assert [len(data["cards"][p].split()) for p in ("anne", "bruno", "chloe", "dora")] == [
        3,
        1,
        2,
        1,
    ]
    # the draw follows the highest card of each player (rank, then suit s > h > d > c)
    ranks, suits = "23456789TJQKA", "cdhs"

    def best(player: str) -> tuple[int, int]:
        return max((ranks.index(c[0]), suits.index(c[1])) for c in data["cards"][player].split())

    assert data["draw"] == sorted(data["cards"], key=best, reverse=True)
    assert data["won"] == data["draw"][:2]  # 175 -> 2 chips of 100
    winners = set(data["won"])
    expected = {"anne": 1000 - 75, "bruno": 975 - 25, "chloe": 2000 - 50, "dora": 0}
    for player in expected:
        expected[player] += 100 if player in winners or player == "dora" else 0
    assert data["stacks"] == expected
    assert stacks(cli) == expected
    assert "sound" in cli("verify")


def test_bad_races_are_refused_and_record_nothing(cli: Marquoir) -> None:
    cli.play(SHORT)
    before = file_bytes(cli)
    assert "4 make a 100: change them first" in cli.refused("race", "25", "anne=4")
    assert "1 to 3 chips of 25" in cli.refused("race", "25", "anne=0")
    assert "fewer than 2 x 25" in cli.refused("race", "25", "dora=2")
    assert "500 is not a chip that can leave the set (25, 100)" in cli.refused(
        "race", "500", "anne=1"
    )
    assert "named twice" in cli.refused("race", "25", "anne=1", "anne=2")
    assert "unknown player" in cli.refused("race", "25", "zed=1")
    assert "each player with odd chips once" in cli.refused(
        "race", "25", "anne=1", "bruno=1", "--draw", "anne"
    )
    assert "NAME=COUNT" in usage_error(cli, "race", "25", "anne=three")
    assert "NAME=COUNT" in usage_error(cli, "race", "25", "anne")
    assert "not both" in usage_error(cli, "race", "25", "anne=1", "--draw", "anne", "--seed", "3")
    assert file_bytes(cli) == before


def test_a_race_needs_a_chip_set_and_a_tournament(cli: Marquoir) -> None:
    cli("new", "t", "--tournament", "--buy-in", "10", "--stack", "1000", "--levels", "25/50")
    cli("seat", "anne")
    assert "needs the chip set" in cli.refused("race", "25", "anne=1")
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    cli("seat", "anne")
    assert "for tournaments" in cli.refused("race", "25", "anne=1")


def test_the_race_in_french(cli: Marquoir) -> None:
    cli.play(SHORT)
    # the French words of the table: `course aux jetons` is `race`
    out = cli("--lang", "fr", "course", "aux", "jetons", "25", "dora=1", "--draw", "dora")
    # 25 is a quarter of a 100: no chip raced, but dora's last chip: she is given a 100
    assert "dora (1 x 25) reçoit un 100, la course n'élimine personne\u202f: tapis 100" in out
    assert "la course aux jetons de 25" in cli("--lang", "fr", "annuler")


def test_a_denomination_is_raced_once(cli: Marquoir) -> None:
    cli.play(SHORT)
    race = ("race", "25", "bruno=1", "--draw", "bruno")
    cli(*race)
    # the 25s left the table at their race: nobody holds one to race again
    before = file_bytes(cli)
    refused = cli.refused(*race)
    assert refused == "Error: the 25 chips were raced already: `undo` takes that race back"
    assert file_bytes(cli) == before
    fr = cli.run("--lang", "fr", *race)
    assert (fr.returncode, fr.stdout) == (1, "")
    assert fr.stderr == (
        "Erreur : la course aux jetons de 25 a déjà eu lieu\u202f: `annuler` reprend cette course\n"
    )
    assert file_bytes(cli) == before
    # undo takes the first race back: the 25s are on the table again and may be raced
    cli("undo")
    assert "25 in odd chips make 0 x 100" in cli(*race)
    assert "sound" in cli("verify")
