"""Bouillotte from the cards: `showdown --retourne CARD PLAYER=CARDS...` (docs/rules.md,
Bouillotte, "From the cards"). Deals and stacks worked out by hand from the rules."""

from __future__ import annotations

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

FOUR = "new bo --game bouillotte --cave 20\nseat alice\nseat bob\nseat carol\nseat dave\n"


def test_the_five_hearts_make_48_and_belong_to_the_ace(cli: Marquoir) -> None:
    # alice deals; bob opens, carol and dave hold, alice passes; carol passes the word and
    # dave, the last to hold, abats
    cli.play(FOUR + "deal\nopen 2\ncall\ncall\nfold\nparole\nabattre\n")
    out = cli(
        "showdown", "--retourne", "9h", "bob=Ah Kh 8c", "carol=Qh 8h 9s", "dave=Ks Qs 9c"
    ).splitlines()
    # the five hearts laid down, the retourne included: 11 + 10 + 10 + 9 + 8 = 48, to bob
    assert "couleur gagnante : cœur (48), à bob" in out
    assert "main pot: 7 to bob 7" in out
    assert cli.stacks() == {"alice": 19, "bob": 25, "carol": 18, "dave": 18}


def test_a_winning_colour_cannot_lose_in_the_side_pot(cli: Marquoir) -> None:
    """bob, short, wins the main pot with the five clubs; between carol (the five spades)
    and dave, dave's eight of clubs wins the side pot."""
    cli.play(
        "new bo --game bouillotte --cave 20\nseat alice\nseat bob --cave 5\nseat carol\n"
        "seat dave\ndeal\nopen 2\ncall\ncall\nfold\n"
        # second turn: carol raises to 10, dave holds, bob holds with his last 3; the word
        # to dave (bob is all-in), who abats
        "raise 10\ncall\nallin\nabattre\n"
    )
    out = cli(
        "showdown",
        "--retourne",
        "9s",
        "alice=9c 8s Ad",
        "bob=Ac Kc Qc",
        "carol=As Ks Qs",
        "dave=8c Ah Kh",
    ).splitlines()
    # clubs and spades both make 48: bob, first in cards, owns the winning colour
    assert "couleur gagnante : trèfle (48), à bob" in out
    # the main pot: the passe and 5 from each of the three; the side pot: 5 from carol and
    # dave each
    assert "main pot: 16 to bob 16" in out
    assert "side pot 1: 10 to dave 10" in out
    assert cli.stacks() == {"alice": 19, "bob": 16, "carol": 10, "dave": 20}


def test_a_carre_with_the_retourne_is_paid_two_by_each_player(cli: Marquoir) -> None:
    cli.play(
        "new bo --game bouillotte --cave 20\nseat alice\nseat bob\nseat carol\n"
        "deal\nopen 2\ncall\nfold\nabattre\n"
    )
    out = cli(
        "showdown", "--retourne", "Kd", "alice=As Qs 8s", "bob=Kh Ks Kc", "carol=Ah Qh 9h"
    ).splitlines()
    assert "bob : brelan carré de rois" in out
    assert "main pot: 5 to bob 5" in out
    # two passes (2 chips) from alice and from carol, recorded with the showdown
    assert "brelans paid: alice -2, bob +4, carol -2" in out
    assert cli.stacks() == {"alice": 17, "bob": 27, "carol": 16}
    assert cli.refused("brelan", "bob") == (
        "Error: the brelans of the last hand are paid once, after the hand"
    )
    # undo takes back the showdown and its brelans together
    cli("undo")
    assert cli.stacks() == {"alice": 19, "bob": 18, "carol": 18}


def test_every_engaged_player_shows(cli: Marquoir) -> None:
    cli.play(FOUR + "deal\nopen 2\ncall\ncall\nfold\nparole\nabattre\n")
    before = cli("status", "--json")
    assert cli.refused("showdown", "--retourne", "9h", "bob=Ah Kh 8c", "carol=Qh 8h 9s") == (
        "Error: every engaged player lays down his cards: dave"
    )
    assert cli.refused(
        "showdown", "--retourne", "2h", "bob=Ah Kh 8c", "carol=Qh 8h 9s", "dave=Ks Qs 9c"
    ).startswith("Error: there is no 2h in the Bouillotte deck")
    assert cli("status", "--json") == before
