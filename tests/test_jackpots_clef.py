"""The dealer's duties in jackpots (docs/rules.md, "Jackpots"; [FR-jackpots]): the pot à la
clef falls with the regular pot, so its ante is doubled ("la mise au pot est doublée"); the
dealer who forgets to announce it pays one chip to the next pot. Stacks worked by hand."""

from __future__ import annotations

import json

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

JACKPOTS = "new jp --game draw --ante 1 --open jacks --cave 50\nseat alice\nseat bob\nseat carol\n"


def _status(cli: Marquoir) -> dict[str, object]:
    data: dict[str, object] = json.loads(cli("status", "--json"))
    return data


def _ante(cli: Marquoir) -> object:
    forced = _status(cli)["forced_bets"]
    assert isinstance(forced, dict)
    return forced["ante"]


def test_the_pot_a_la_clef_doubles_every_ante_of_one_deal(cli: Marquoir) -> None:
    cli.play(JACKPOTS)
    assert cli("clef") == (
        "the next deal is the pot à la clef: the ante is doubled, 2 from each player\n"
    )
    # the forced bets of the next deal
    assert _ante(cli) == 2
    out = cli("deal").splitlines()
    # alice deals: everyone antes 2, bob (at her left) speaks first
    assert out[:2] == [
        "hand 1: button alice | bob ante 2, carol ante 2, alice ante 2",
        "this deal is the pot à la clef: the ante is doubled, 2 from each player",
    ]
    assert cli.stacks() == {"alice": 48, "bob": 48, "carol": 48}
    assert _status(cli)["pot"] == 6
    # bob opens for 4, carol holds, alice passes; after the draw both check: bob's hand wins
    # the 6 antes and the two 4s: bob 48 - 4 + 14 = 58, carol 48 - 4 = 44, alice 48
    cli.play("open 4\ncall\nfold\ncheck\ncheck\nshowdown bob>carol\n")
    assert cli.stacks() == {"alice": 48, "bob": 58, "carol": 44}
    assert _ante(cli) == 1
    # the next deal antes one chip again
    cli("deal")
    assert cli.stacks() == {"alice": 47, "bob": 57, "carol": 43}
    assert _status(cli)["pot"] == 3
    # the report gives each hand the ante it was dealt with
    hands = json.loads(cli("report", "--format", "json"))["hands"]
    assert [h["stakes"] for h in hands] == ["ante 2"]


def test_the_dealer_who_forgot_the_pot_a_la_clef_pays_a_chip_to_the_next_pot(
    cli: Marquoir,
) -> None:
    """alice dealt the pot à la clef without announcing it: the hand stands ("le coup est
    bon"), played with the single ante; after it she pays one chip to the next pot."""
    cli.play(JACKPOTS + "deal\nopen 2\nfold\nfold\n")
    # bob's opening comes back to him with the three antes: bob 49 + 3 = 52
    assert cli.stacks() == {"alice": 49, "bob": 52, "carol": 49}
    assert cli("fine", "alice") == (
        "alice pays a fine of 1 to the next pot: stack 48, waiting in the middle 1\n"
    )
    cli("deal")  # bob deals: the fine and the three antes
    assert _status(cli)["pot"] == 4
    assert cli.stacks() == {"alice": 47, "bob": 51, "carol": 48}


def test_the_pot_a_la_clef_refused_and_undone(cli: Marquoir) -> None:
    cli.play("new he --blinds 1/2 --cave 50\nseat alice\nseat bob\n")
    before = cli("status", "--json")
    assert cli.refused("clef") == (
        "Error: the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)"
    )
    assert cli("status", "--json") == before
    cli.play(JACKPOTS)
    cli("clef")
    assert cli.refused("clef") == "Error: the next deal is already the pot à la clef"
    assert cli("undo").splitlines()[0] == "undone: the pot à la clef"
    assert (
        cli("deal").splitlines()[0]
        == "hand 1: button alice | bob ante 1, carol ante 1, alice ante 1"
    )
    assert cli.refused("clef") == (
        "Error: cannot announce the pot à la clef during a hand: hand 1 is in play (bob to act)"
    )


def test_a_false_opener_of_the_pot_a_la_clef_is_fined_one_chip_not_two(cli: Marquoir) -> None:
    """The stake is doubled, not the false opener's fine: "une amende d'un chip"."""
    cli.play(JACKPOTS + "clef\ndeal\nopen 4\ncall\n")  # bob opens, carol holds: too late
    assert cli("false-open", "bob").splitlines()[0] == (
        "bob opened falsely: out of the hand, fine 1 to the next pot | pot 14"
    )
    cli.play("fold\n")  # alice passes: carol alone takes the pot
    # the 6 antes and bob's 4 and carol's 4 to carol: 48 - 4 + 14 = 58; bob 48 - 4 - 1 = 43
    assert cli.stacks() == {"alice": 48, "bob": 43, "carol": 58}
    assert _status(cli)["carry"] == 1
