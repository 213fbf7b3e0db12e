"""End to end: jackpots, Bouillotte and seven-card stud through the installed `marquoir`.

The three example evenings (examples/jackpots.txt, bouillotte.txt, stud.txt) run with
`marquoir play FILE` on a database in tmp_path; the exact final stacks are checked, and that
the chips are conserved: every chip bought is behind a player, cashed out, or waiting in the
middle for the next deal after a void deal (`carry` in `stacks --json` and `status --json`).
Then a few commands one process at a time: a void jackpot deal, a bet refused after a void
Bouillotte deal, the stud scorekeeper naming who speaks first, the brelan payments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def player(name: str, seat: int, stack: int, bought: int, **more: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "seat": seat,
        "stack": stack,
        "bought": bought,
        "recaves": 0,
        "cashed_out": 0,
        "left": False,
        "sitting_out": False,
        "busted": stack == 0,
    }
    data.update(more)
    data["result"] = data["stack"] + data["cashed_out"] - data["bought"]
    return data


def play_example(cli: Marquoir, name: str) -> list[str]:
    done = cli.run("play", str(EXAMPLES / name))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout.splitlines()


# -- the three example evenings ----------------------------------------------------------------


def test_the_jackpots_evening(cli: Marquoir) -> None:
    lines = play_example(cli, "jackpots.txt")
    for expected in (
        # two void deals: the antes carry over
        "nobody opened: the deal is void, 4 chips stay in the middle for the next deal",
        "hand 1 over | ann 99 (-1), ben 99 (-1), cid 99 (-1), dee 39 (-1)",
        "waiting in the middle for the next deal: 4",
        "nobody opened: the deal is void, 8 chips stay in the middle for the next deal",
        "hand 2 over | ann 98 (-1), ben 98 (-1), cid 98 (-1), dee 38 (-1)",
        # then 12 in the middle before the opening: ben takes 47 at the showdown
        "ann opens 5 | pot 17",
        "main pot: 47 to ben 47",
        "hand 3 over | ann 82 (-16), ben 129 (+31), cid 97 (-1), dee 32 (-6)",
        # the false opener: out of the hand, his chips stay, one ante for the next pot
        "ben opened falsely: out of the hand, fine 1 to the next pot",
        "-- showdown -- pot 52",
        "main pot: 52 to cid 52",
        "fine for the next pot: ben 1",
        "hand 4 over | ann 65 (-17), ben 111 (-18), cid 132 (+35), dee 31 (-1)",
        # the fine and the antes, dee all-in: a main pot and a side pot
        "hand 5: button ann | ben ante 1, cid ante 1, dee ante 1, ann ante 1",
        "-- showdown -- pot 163: main pot: 95 (cid, dee, ann) | side pot 1: 68 (cid, ann)",
        "main pot: 95 to dee 95",
        "side pot 1: 68 to ann 68",
        "hand 5 over | ann 68 (+3), ben 110 (-1), cid 67 (-65), dee 95 (+64)",
    ):
        assert expected in lines
    assert cli.stacks_json() == {
        "session": "jackpots",
        "hand": 5,
        "in_hand": False,
        "carry": 0,
        "players": [
            player("ann", 1, 68, 100),
            player("ben", 2, 110, 100),
            player("cid", 3, 67, 100),
            player("dee", 4, 95, 40),
        ],
    }
    assert cli.stacks() == {"ann": 68, "ben": 110, "cid": 67, "dee": 95}


def test_the_bouillotte_evening(cli: Marquoir) -> None:
    lines = play_example(cli, "bouillotte.txt")
    for expected in (
        "hand 1: button armand | armand passe 1",
        "hand 1 over | armand 19 (-1), berthe 20 (0), camille 20 (0), denis 10 (0)",
        # la passe est double: 2 in the middle, 2 to open
        "hand 2: button berthe | berthe passe 1",
        "camille to speak, first turn: open 2-20 | pass (check)",
        "berthe has the word: raise 3-19 | pass the word (parole) | go (fold)",
        "denis has the word: raise 3-10 | abattre | go (fold)",
        "main pot: 8 to armand 8",
        "brelans paid: armand +3, berthe -1, camille -1, denis -1",
        # an opening nobody holds: the passe to the opener
        "denis gets back 3 (uncalled)",
        "denis takes 1 (no showdown)",
        "hand 3 over | armand 28 (0), berthe 16 (0), camille 18 (-1), denis 8 (+1)",
        # va-tout: main pot and side pot; then the carré and a short payer
        "camille raises to 7 | pot 14",
        "denis calls 5 (all-in) | pot 19",
        "armand has the word: raise 8-28 | pass the word (parole) | go (fold)",
        "camille has the word: raise 17-18 | abattre | go (fold)",
        "berthe to speak: hold 4 (call) and abattre | raise 7-20 | go (fold)",
        "-- showdown -- pot 56: main pot: 29 (armand, berthe, camille, denis)"
        " | side pot 1: 27 (armand, berthe, camille)",
        "main pot: 29 to denis 29",
        "side pot 1: 27 to armand 27",
        "hand 4 over | armand 39 (+11), berthe 0 (-16), camille 2 (-16), denis 29 (+21)",
        "brelans paid: camille -2, denis +2",
        "berthe recaves 20: stack 20",
        "camille leaves with 0 chips (bought 20, result -20)",
        "hand 5: button armand | armand passe 1",
        "hand 5 over | armand 38 (-1), berthe 27 (+7), denis 25 (-6)",
        # from the cards: a brelan de neuf beats the point, and is paid one passe by each
        "armand : brelan de neuf",
        "main pot: 7 to armand 7",
        "hand 6 over | armand 43 (+5), berthe 24 (-3), denis 23 (-2)",
        "brelans paid: armand +2, berthe -1, denis -1",
        # a tie: the first in cards (armand, after the dealer denis) takes the pot
        "at Bouillotte a tie does not split: the first in cards wins: armand > denis",
        "hand 7 over | armand 50 (+5), berthe 21 (-2), denis 19 (-3)",
    ):
        assert expected in lines
    # (the void deal's line: "1 chip stay[s] in the middle for the next deal")
    assert "nobody opened: the deal is void, 1 chip sta" in "\n".join(lines)
    assert cli.stacks_json() == {
        "session": "bouillotte",
        "hand": 7,
        "in_hand": False,
        "carry": 0,
        "players": [
            player("armand", 1, 50, 20),
            player("berthe", 2, 21, 40, recaves=1),
            player("denis", 4, 19, 10),
            player("camille", 3, 0, 20, left=True, busted=False),
        ],
    }
    assert cli.stacks() == {"armand": 50, "berthe": 21, "denis": 19, "camille": 0}


def test_the_stud_evening(cli: Marquoir) -> None:
    lines = play_example(cli, "stud.txt")
    for expected in (
        "hand 1: button ann | ben ante 1, cid ante 1, dee ante 1, ann ante 1",
        "cid brings in 1 | pot 5",
        "dee completes to 4 | pot 9",
        "-- fourth street -- pot 17",
        "who speaks first on fourth street? `first PLAYER` (the best hand showing)",
        "dee speaks first | pot 17",
        "ben speaks first | pot 41",
        "-- seventh street -- pot 57",
        # a split pot: the odd chip to the named winner, not to ben left of the dealer
        "main pot: 73 to ann 37, ben 36",
        "hand 1 over | ann 108 (+8), ben 107 (+7), cid 98 (-2), dee 87 (-13)",
        # the bring-in completed by its owner
        "dee completes to 4 | pot 8",
        "dee raises to 16 | pot 48",  # a big bet on fifth street
        "dee takes 56 (no showdown)",
        "hand 2 over | ann 103 (-5), ben 106 (-1), cid 73 (-25), dee 118 (+31)",
    ):
        assert expected in lines
    assert sum(line.endswith(" speaks first | pot 57") for line in lines) == 2
    assert cli.stacks_json() == {
        "session": "stud",
        "hand": 2,
        "in_hand": False,
        "carry": 0,
        "players": [
            player("ann", 1, 103, 100),
            player("ben", 2, 106, 100),
            player("cid", 3, 73, 100),
            player("dee", 4, 118, 100),
        ],
    }
    assert cli.stacks() == {"ann": 103, "ben": 106, "cid": 73, "dee": 118}


# -- command by command ------------------------------------------------------------------------


def test_a_void_jackpot_deal_carries_the_antes(cli: Marquoir) -> None:
    cli.play("new jp --game draw --open jacks --ante 1 --cave 50\nseat a\nseat b\nseat c\n")
    assert cli("deal").splitlines()[0] == "hand 1: button a | b ante 1, c ante 1, a ante 1"
    cli("check")
    cli("check")
    assert cli("check") == (
        "a checks\n"
        "nobody opened: the deal is void, 3 chips stay in the middle for the next deal\n"
        "hand 1 over | a 49 (-1), b 49 (-1), c 49 (-1)\n"
    )
    assert cli.stacks() == {"a": 49, "b": 49, "c": 49}  # and 3 in the middle
    status = json.loads(cli("status", "--json"))
    assert (status["carry"], status["in_hand"]) == (3, False)
    # The next deal: the 3 carried and 3 new antes make the main pot before the opening.
    assert cli("deal").splitlines()[0] == "hand 2: button b | c ante 1, a ante 1, b ante 1"
    status = json.loads(cli("status", "--json"))
    assert status["carry"] == 0
    assert status["pots"] == [{"name": "main pot", "amount": 6, "eligible": ["c", "a", "b"]}]
    assert cli.refused("bet", "3") == (
        "Error: in jackpots the first bet opens the pot: once the opener has shown jacks or "
        "better, say `open N`"
    )
    assert cli("open", "3").splitlines()[0] == "c opens 3 | pot 9"


def test_a_bet_below_the_double_passe_is_refused(cli: Marquoir) -> None:
    cli.play(
        "new bo --game bouillotte --passe 1 --cave 20\nseat a\nseat b\nseat c\nseat d\n"
        "deal\ncheck\ncheck\ncheck\ncheck\n"
    )
    assert cli.stacks() == {"a": 19, "b": 20, "c": 20, "d": 20}  # a's passe waits
    assert cli("deal") == (
        "hand 2: button b | b passe 1\nc to speak, first turn: open 2-20 | pass (check)\n"
    )
    before = cli("status", "--json")
    assert cli.refused("bet", "1") == "Error: the minimum bet is 2"
    assert cli("status", "--json") == before  # nothing recorded
    assert cli("open", "2") == (
        # nobody raises in the first turn
        "c opens 2 | pot 4\nd to speak, first turn: hold 2 (call) | pass (fold)\n"
    )


def test_stud_the_scorekeeper_names_who_brings_in_and_who_speaks_first(cli: Marquoir) -> None:
    cli.play(
        "new st --game stud --betting fl --limits 4/8 --bring-in 1 --ante 1 --cave 50\n"
        "seat a\nseat b\nseat c\n"
    )
    assert cli("deal") == (
        "hand 1: button a | b ante 1, c ante 1, a ante 1\n"
        "who brings in? `bringin PLAYER` (the lowest up-card), `--complete` to complete\n"
    )
    assert cli.refused("call") == "Error: name who brings in first: `bringin PLAYER`"
    assert cli("bringin", "c") == "c brings in 1 | pot 4\na to act: call 1 | raise 4 | fold\n"
    cli("call")
    assert cli("call") == (
        "b calls 1\n"
        "-- fourth street -- pot 6\n"
        "who speaks first on fourth street? `first PLAYER` (the best hand showing)\n"
    )
    assert cli.refused("check") == "Error: name who speaks first on fourth street: `first PLAYER`"
    assert cli("first", "a") == "a speaks first | pot 6\na to act: check | bet 4 | fold\n"
    assert cli.refused("first", "b") == "Error: nobody is to be named first now"


def test_brelan_payments(cli: Marquoir) -> None:
    cli.play(
        "new br --game bouillotte --passe 2 --cave 30\nseat a\nseat b\nseat c\nseat d --cave 5\n"
        "deal\nopen 2\ncall\ncall\nfold\nparole\nabattre\n"
    )
    assert cli.refused("brelan", "b") == (
        "Error: cannot pay the brelans during a hand: hand 1 waits for its showdown result"
    )
    cli("showdown", "c > b > d")
    assert cli.stacks() == {"a": 28, "b": 28, "c": 36, "d": 3}
    # c's brelan carré: two passes (4) from a and d; b's brelan: one passe (2) from a and d;
    # b and c pay each other nothing; d, short (3 for 6), pays the carré first.
    assert cli("brelan", "b", "--carre", "c") == "brelans paid: a -6, b +2, c +7, d -3\n"
    assert cli.refused("brelan", "b") == (
        "Error: the brelans of the last hand are paid once, after the hand"
    )
    assert cli.stacks_json()["players"] == [
        player("a", 1, 22, 30),
        player("b", 2, 30, 30),
        player("c", 3, 43, 30),
        player("d", 4, 0, 5),
    ]
    assert cli.stacks() == {"a": 22, "b": 30, "c": 43, "d": 0}
