"""Bouillotte from the cards: `showdown --retourne CARD PLAYER=CARDS...` (docs/rules.md,
Bouillotte, "From the cards"). Deals and stacks worked out by hand from the rules."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from marquoir.storage import migrations

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


CARRE = (
    "new bo --game bouillotte --cave 20\nseat alice\nseat bob\nseat carol\n"
    "deal\nopen 2\ncall\nfold\nabattre\n"
    "showdown --retourne Kd alice=AsQs8s bob=KhKsKc carol=AhQh9h\n"
)


def _rows(cli: Marquoir, query: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(cli.db)
    try:
        return list(conn.execute(query))
    finally:
        conn.close()


def test_the_brelans_read_from_the_cards_are_in_the_ledger_and_the_reports(
    cli: Marquoir,
) -> None:
    """The carré above, worked by hand: before the showdown alice (the dealer, her passe
    and nothing more) 19, bob and carol 18 (2 each in the pot of 5). bob takes the 5 and
    two passes from each other player: alice 17 (-3), bob 27 (+7), carol 16 (-4)."""
    cli.play(CARRE)
    assert _rows(cli, "SELECT player, chips FROM ledger WHERE kind = 'brelan'") == [
        ("alice", -2),
        ("bob", 4),
        ("carol", -2),
    ]
    assert _rows(cli, "SELECT player, stack, net FROM stacks_after_hand WHERE hand = 1") == [
        ("alice", 17, -3),
        ("bob", 27, 7),
        ("carol", 16, -4),
    ]
    report = json.loads(cli("report", "--format", "json"))
    (hand,) = report["hands"]
    assert hand["nets"] == {"alice": -3, "bob": 7, "carol": -4}
    assert hand["stacks"] == {"alice": 17, "bob": 27, "carol": 16}
    rows = json.loads(cli("export", "json", "--what", "hands", "-o", "-"))["rows"]
    assert {r["player"]: (r["won"], r["net"], r["stack"]) for r in rows} == {
        "alice": (0, -3, 17),
        "bob": (5, 7, 27),
        "carol": (0, -4, 16),
    }
    assert "all match" in cli("verify")
    cli("undo")  # the showdown and its brelans leave the books together
    assert _rows(cli, "SELECT count(*) FROM ledger WHERE kind = 'brelan'") == [(0,)]


def test_a_file_from_before_keeps_its_brelans_from_the_cards(cli: Marquoir) -> None:
    """A file written before the showdown kept its brelans: no `paid` in the event, the
    summary's stacks with the brelans, the old views. Opening it for a command migrates it:
    the ledger and the nets then count the brelans, and `verify` finds nothing to rebuild."""
    cli.play(CARRE)
    conn = sqlite3.connect(cli.db)
    with conn:
        conn.execute("UPDATE events SET data = json_remove(data, '$.paid') WHERE kind = 'showdown'")
        summary = json.loads(conn.execute("SELECT summary FROM hands").fetchone()[0])
        summary["final"] = {"alice": 19, "bob": 23, "carol": 18}
        summary["stacks"] = {"alice": 17, "bob": 27, "carol": 16}
        conn.execute("UPDATE hands SET summary = ?", [json.dumps(summary)])
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm006_brelans_from_the_cards'")
        conn.execute("DROP VIEW ledger")
        conn.execute(f"CREATE VIEW ledger AS {migrations.M005_LEDGER}")
    conn.close()
    cli("seat", "dave")  # any command that writes brings the file up to date
    assert _rows(cli, "SELECT player, chips FROM ledger WHERE kind = 'brelan'") == [
        ("alice", -2),
        ("bob", 4),
        ("carol", -2),
    ]
    assert _rows(cli, "SELECT player, stack, net FROM stacks_after_hand WHERE hand = 1") == [
        ("alice", 17, -3),
        ("bob", 27, 7),
        ("carol", 16, -4),
    ]
    assert "all match" in cli("verify")


def test_the_brelan_of_a_misdeal_is_paid_as_if_the_deal_were_good(cli: Marquoir) -> None:
    """A card seen during the deal makes a misdeal, but the dealer dealt on and bob holds a
    brelan: it is paid "comme si le coup était bon" (docs/rules.md, Bouillotte). The deal is
    undone, bob's brelan paid one passe by each of the three others, and alice deals
    again; the last hand's brelans are still to pay after it."""
    cli.play(FOUR + "deal\nundo\n")
    assert (
        cli("brelan", "bob", "--misdeal") == "brelans paid: alice -1, bob +3, carol -1, dave -1\n"
    )
    assert cli.stacks() == {"alice": 19, "bob": 23, "carol": 19, "dave": 19}
    # alice deals again; bob opens and nobody holds: the passe to him
    cli.play("deal\nopen 2\nfold\nfold\nfold\n")
    assert cli.stacks() == {"alice": 18, "bob": 24, "carol": 19, "dave": 19}
    cli("brelan", "carol")  # the brelan of the hand played
    assert cli.stacks() == {"alice": 17, "bob": 23, "carol": 22, "dave": 18}
    assert _rows(cli, "SELECT player, chips FROM ledger WHERE kind = 'brelan'") == [
        ("alice", -1),
        ("bob", 3),
        ("carol", -1),
        ("dave", -1),
        ("alice", -1),
        ("bob", -1),
        ("carol", 3),
        ("dave", -1),
    ]
    # the misdeal's brelan belongs to no hand: hand 1's net is its own and its brelan's
    assert _rows(cli, "SELECT player, stack, net FROM stacks_after_hand WHERE hand = 1") == [
        ("alice", 17, -2),
        ("bob", 23, 0),
        ("carol", 22, 3),
        ("dave", 18, -1),
    ]
    assert "all match" in cli("verify")
    assert cli("undo").splitlines()[0] == "undone: the brelans of carol"


def test_the_brelan_of_a_misdeal_refused(cli: Marquoir) -> None:
    cli.play(FOUR + "sitout dave\n")
    before = cli("stacks", "--json")
    assert cli.refused("brelan", "dave", "--misdeal") == (
        "Error: dave is not dealt in: the misdeal dealt the others"
    )
    assert cli.refused("brelan", "--misdeal") == "Error: name the players who showed a brelan"
    cli("deal")
    assert cli.refused("brelan", "bob", "--misdeal") == (
        "Error: cannot pay the brelans during a hand: hand 1 is in play (bob to act)"
    )
    cli("undo")
    assert cli("stacks", "--json") == before
