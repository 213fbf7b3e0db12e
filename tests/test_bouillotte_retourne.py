"""Bouillotte from the cards: `showdown --retourne CARD PLAYER=CARDS...` (docs/rules.md,
Bouillotte, "From the cards"). Deals and stacks worked out by hand from the rules."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED
DATA = Path(__file__).parent / "data"

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


def test_a_file_from_before_keeps_its_brelans_from_the_cards(tmp_path: Path) -> None:
    """A file written with five migrations (tests/data/m005-file.db.gz), before the showdown
    kept its brelans: in session `bouillotte`, hand 6 (armand, berthe, denis; passe 1) ends
    with `showdown --retourne` and armand's 9c 9s 9h, a brelan: one passe from each other
    player of the hand (docs/rules.md, Bouillotte), paid with the pots, its event without
    `paid` and the summary's stacks with the brelan. Opening the file migrates it (m006 on
    the old format, then m007's compact storage): the ledger has the brelan lines, the nets
    count them, and `verify` finds nothing to rebuild."""
    cli = Marquoir(tmp_path)
    with gzip.open(DATA / "m005-file.db.gz", "rb") as source, open(cli.db, "wb") as target:
        shutil.copyfileobj(source, target)
    showdown = "SELECT id FROM events WHERE kind = 'showdown' AND hand_no = 6 AND session_id = 2"
    (event,) = _rows(cli, showdown)[0]
    cli("status")  # any command brings the file up to date
    assert _rows(
        cli,
        "SELECT player, chips, event FROM ledger WHERE session = 'bouillotte'"
        f" AND kind = 'brelan' AND event = {event}",
    ) == [("armand", 2, event), ("berthe", -1, event), ("denis", -1, event)]
    # the stacks after the hand (with the brelan, as the file had them) and the nets from
    # the stacks before it (38, 27, 25): the pot of 7 to armand, and the brelan
    assert _rows(
        cli,
        "SELECT player, stack, net FROM stacks_after_hand WHERE session = 'bouillotte'"
        " AND hand = 6",
    ) == [("armand", 45, 7), ("berthe", 23, -4), ("denis", 22, -3)]
    assert _rows(cli, f"SELECT json_extract(data, '$.paid') FROM events WHERE id = {event}") == [
        ('{"armand":2,"berthe":-1,"denis":-1}',)
    ]
    assert _rows(
        cli, "SELECT json_type(summary) FROM hands WHERE session_id = 2 AND hand_no = 6"
    ) == [("array",)]
    report = json.loads(cli("report", "--format", "json", "--session", "bouillotte"))
    (hand,) = [hand for hand in report["hands"] if hand["hand"] == 6]
    assert hand["nets"] == {"armand": 7, "berthe": -4, "denis": -3}
    assert hand["stacks"] == {"armand": 45, "berthe": 23, "denis": 22}
    result = json.loads(cli("verify", "--json"))
    assert result["sound"] and result["rebuilt"] == 0, result


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
