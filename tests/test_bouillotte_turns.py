"""Bouillotte's turns of speaking, worked by hand from the rules (docs/rules.md, Bouillotte).

Every table: the first seat deals and puts in the passe of 1 chip; the next seat is first
in cards and speaks first. Stacks are worked out by hand: the passe and every chip engaged
go to the winner, nothing else moves.
"""

from __future__ import annotations

from .installed import NOT_INSTALLED, Marquoir
from .test_games import BOUILLOTTE, new_table, refused, tdeal, tplay, tshow


def test_three_players_two_turns_and_a_pass_of_the_word() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    hand = tdeal(t)
    assert hand.legal().describe() == "bob to speak, first turn: open 1-20 | pass (check)"
    # first turn: bob opens of two, carol and alice hold; nobody raises
    assert tplay(t, "open 2; call") == ["bob opens 2", "carol calls 2"]
    assert refused(t, "raise 5") == "nobody raises in the first turn: hold (call) or pass (fold)"
    assert refused(t, "abattre") == "nobody abats in the first turn: open, hold (call) or pass"
    tplay(t, "call")
    # second turn: the word to carol, at the right of bob who made the money; she may not
    # abattre, alice holds after her
    assert hand.legal().describe() == (
        "carol has the word: raise 3-20 | pass the word (parole) | go (fold)"
    )
    assert refused(t, "abattre").startswith("carol may not abattre yet: alice must speak")
    assert tplay(t, "parole") == ["carol checks"]
    # alice, the last to hold, may abattre; she raises of four more instead
    assert hand.legal().describe() == "alice has the word: raise 3-19 | abattre | go (fold)"
    assert tplay(t, "raise 6; fold") == ["alice raises to 6", "bob folds"]
    # bob went, leaving his 2: two are left, and carol holds the raise: that is abattre
    assert hand.legal().describe() == (
        "carol to speak: hold 4 (call) and abattre | raise 7-20 | go (fold)"
    )
    assert tplay(t, "call") == ["carol calls 4"]
    # the passe 1, bob's 2, 6 each from alice and carol: 15 to carol
    assert tshow(t, "carol > alice") == {"alice": 13, "bob": 18, "carol": 29}


def test_the_rules_example_three_engaged_the_first_may_not_abattre() -> None:
    """1st opens, 2nd and 3rd hold; 2nd raises, 3rd holds: the 1st holds or goes, he may not
    abattre until the 3rd has raised or passed the word (the right to raise belongs to the
    player nearest the right of the one who last put money in)."""
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20, dave=20)
    tdeal(t)
    tplay(t, "open 2; call; call; fold")  # alice, the dealer, passes
    assert tplay(t, "raise 6; call") == ["carol raises to 6", "dave calls 4"]
    assert refused(t, "abattre") == (
        "bob may not abattre with more than two engaged: hold (call) or go (fold)"
    )
    assert refused(t, "raise 10") == (
        "facing a raise one holds (call) or goes (fold); the word comes after"
    )
    tplay(t, "call")
    # the word to dave, at carol's right; then bob, once dave has passed it
    assert refused(t, "abattre").startswith("dave may not abattre yet: bob must speak")
    assert tplay(t, "parole; abattre") == ["dave checks", "bob abats"]
    # the passe 1 and 6 from each of the three: 19 to dave
    assert tshow(t, "dave > bob > carol") == {"alice": 19, "bob": 14, "carol": 14, "dave": 33}


def test_four_engaged_two_must_pass_the_word_before_the_last_abats() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20, dave=20)
    tdeal(t)
    tplay(t, "open 2; call; call; call")  # bob opens, the three others hold
    assert refused(t, "abattre").startswith("carol may not abattre yet: dave, alice must speak")
    tplay(t, "parole")
    assert tplay(t, "raise 5") == ["dave raises to 5"]
    tplay(t, "call; call; call")  # alice, bob, carol hold the raise
    # the word from dave's right: alice, bob, carol; two pass it and carol may abattre
    assert refused(t, "abattre").startswith("alice may not abattre yet: bob, carol must speak")
    assert tplay(t, "parole; parole") == ["alice checks", "bob checks"]
    assert tplay(t, "abattre") == ["carol abats"]
    # the passe 1 and 5 from each of the four: 21 to bob
    assert tshow(t, "bob > carol > dave > alice") == {
        "alice": 14,
        "bob": 36,
        "carol": 15,
        "dave": 15,
    }


def test_two_engaged_either_may_abattre_or_raise_again() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    hand = tdeal(t)
    tplay(t, "open 2; call; fold")  # bob opens, carol holds, alice passes
    # carol, the only one to hold, may abattre at once
    assert hand.legal().describe() == "carol has the word: raise 3-20 | abattre | go (fold)"
    assert tplay(t, "raise 6") == ["carol raises to 6"]
    # bob may hold and abattre, or raise again: any amount more, no minimum raise
    assert hand.legal().describe() == (
        "bob to speak: hold 4 (call) and abattre | raise 7-20 | go (fold)"
    )
    assert tplay(t, "raise 7") == ["bob raises to 7"]
    assert tplay(t, "abattre") == ["carol holds 1 and abats"]
    # the passe 1 and 7 from each: 15 to bob
    assert tshow(t, "bob > carol") == {"alice": 19, "bob": 28, "carol": 13}


def test_a_tie_goes_to_the_first_in_cards() -> None:
    """ "Lorsqu'il y a égalité de points entre deux joueurs, celui qui est premier en cartes
    l'emporte": no split; the first in cards is the first dealt, at the dealer's right."""
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    tdeal(t)  # alice deals: bob, carol, alice receive their cards in that order
    tplay(t, "open 2; call; call; parole; abattre")
    # alice and carol have the same point: carol, dealt before alice, takes the 7
    assert tshow(t, "alice = carol > bob") == {"alice": 17, "bob": 18, "carol": 25}


@NOT_INSTALLED
def test_win_with_a_tie_says_who_takes_the_pot(cli: Marquoir) -> None:
    cli.play(
        "new bo --game bouillotte --cave 20\nseat alice\nseat bob\nseat carol\n"
        "deal\nopen 2\ncall\ncall\nparole\nabattre\n"
    )
    assert cli("win", "alice", "carol").splitlines()[:3] == [
        "showdown: alice = carol",
        "at Bouillotte a tie does not split: the first in cards wins: carol > alice",
        "main pot: 7 to carol 7",
    ]
    assert cli.stacks() == {"alice": 17, "bob": 18, "carol": 25}
