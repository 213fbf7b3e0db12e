"""Reading the hands of a `.phhs` file: hands that share lines (the forced bets, the stacks,
the players) read as if each were alone, each with its own values; a field that differs
from one hand to the next, in value or only in type, checked in each hand; the actions
written the usual way read as the general notation reads them."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from marquoir.domain.phh import PHHAction, PHHError, loads, parse_action
from marquoir.storage.ledger import Ledger
from marquoir.storage.phh_import import PHHSource, import_phh

from .test_phh import HEADER  # (three players at 1/2, 200 each)

ACTIONS = "actions = ['d dh p1 AsKd', 'd dh p2 7c7d', 'd dh p3 2h3h', 'p3 f', 'p1 f']\n"
PLAYERS = "players = ['ann', 'bob', 'cy']\n"


def two_hands(second: str = "", first: str = "") -> str:
    """Two hands with the same lines, the second's (or the first's) lines added."""
    hand = HEADER + ACTIONS + PLAYERS
    return f"[1]\n{hand}{first}\n[2]\n{hand}{second}"


def test_hands_that_share_their_lines_read_as_written() -> None:
    one, two = loads(two_hands(second="finishing_stacks = [201, 199, 200]\n"))
    for hand in (one, two):
        assert hand.variant == "NT" and hand.ante_trimming_status is True
        assert hand.antes == (0, 0, 0) and hand.blinds_or_straddles == (1, 2, 0)
        assert hand.min_bet == 2 and hand.small_bet is None and hand.big_bet is None
        assert hand.starting_stacks == (200, 200, 200)
        assert hand.actions == ("d dh p1 AsKd", "d dh p2 7c7d", "d dh p3 2h3h", "p3 f", "p1 f")
        assert hand.players == ("ann", "bob", "cy")
    assert (one.key, two.key) == ("1", "2")
    assert one.finishing_stacks is None and two.finishing_stacks == (201, 199, 200)


def test_each_hand_has_its_own_other_fields() -> None:
    text = two_hands(first="seats = [1, 4, 6]\n", second="seats = [1, 4, 6]\n")
    one, two = loads(text)
    assert dict(one.extra) == {"seats": [1, 4, 6]} and dict(two.extra) == {"seats": [1, 4, 6]}
    dict(one.extra)["seats"].append(9)  # (a list, as TOML gives: the other hand's is another)
    assert dict(two.extra)["seats"] == [1, 4, 6]
    assert loads(text)[0].extra == (("seats", [1, 4, 6]),)


def test_a_field_of_another_type_is_refused_after_the_same_value_was_read() -> None:
    # (true == 1 and (true, 0, 0) == (1, 0, 0) in Python: the second hand's antes is
    # still looked at)
    text = two_hands().replace("antes = [0, 0, 0]", "antes = [1, 0, 0]", 1)
    text = text.replace("antes = [0, 0, 0]", "antes = [true, 0, 0]")
    with pytest.raises(PHHError, match=r"hand 2: antes must be a number \(got True\)"):
        loads(text)


def test_an_amount_with_decimals_is_kept_after_the_same_whole_amount() -> None:
    text = two_hands().replace("[200, 200, 200]", "[200.0, 200, 200]", 1)
    one, two = loads(text.replace("min_bet = 2", "min_bet = 2.0", 1))
    assert one.starting_stacks == (200, 200, 200) and type(one.starting_stacks[0]) is Decimal
    assert type(one.min_bet) is Decimal and one.min_bet == Decimal("2.0")
    assert two.starting_stacks == (200, 200, 200) and type(two.starting_stacks[0]) is int
    assert type(two.min_bet) is int


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("antes = [0, 0, 0]", "antes = [0, 0]", "hand 2: antes has 2 entries for 3 players"),
        ("antes = [0, 0, 0]", "antes = [0, -1, 0]", r"hand 2: antes cannot be negative"),
        ("[1, 2, 0]", "[1, 2]", "hand 2: blinds_or_straddles has 2 entries for 3"),
        ("min_bet = 2", "min_bet = 2000000000000000", "hand 2: min_bet is at most"),
        ("[200, 200, 200]", "[200, 200, 2000000000000000]", "hand 2: starting_stacks is at"),
        ("min_bet = 2", "min_bet = true", r"hand 2: min_bet must be a number \(got True\)"),
        ("[200, 200, 200]", "[200]", "hand 2: a hand needs at least two players"),
        ("variant = 'NT'", "variant = 1", "hand 2: variant must be a string"),
        ("'ann', 'bob', 'cy'", "'ann', 'bob'", "hand 2: players must list 3 names"),
        ("'ann', 'bob', 'cy'", "'ann', 'bob', 3", "hand 2: players must list 3 names"),
        ("'p3 f', 'p1 f'", "'p3 f', 1", "hand 2: actions must be a list of strings"),
        (ACTIONS, "", "hand 2: the field actions is missing"),
    ],
)
def test_a_field_wrong_in_the_second_hand_alone_is_refused(
    old: str, new: str, message: str
) -> None:
    first, second = two_hands().split("[2]")
    with pytest.raises(PHHError, match=message):
        loads(first + "[2]" + second.replace(old, new))


def test_finishing_stacks_are_counted_in_each_hand() -> None:
    text = two_hands(
        first="finishing_stacks = [200, 200, 200]\n", second="finishing_stacks = [200, 200]\n"
    )
    with pytest.raises(PHHError, match="hand 2: finishing_stacks has 2 entries for 3 players"):
        loads(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("p2 sm AsKd", PHHAction("p2", "sm", 2, "AsKd")),
        ("p2 sm ????", PHHAction("p2", "sm", 2, "????")),
        ("p10 cbr 1000000", PHHAction("p10", "cbr", 10, amount=1_000_000)),
        ("p2 cbr 0225", PHHAction("p2", "cbr", 2, amount=225)),
        ("p2 cbr 2.50", PHHAction("p2", "cbr", 2, amount=Decimal("2.5"))),
        ("p2 cbr 30.0", PHHAction("p2", "cbr", 2, amount=30)),
        ("d db 9dKd8d # flop", PHHAction("d", "db", None, "9dKd8d", comment="flop")),
        ("d db ??????", PHHAction("d", "db", None, "??????")),
        ("d dh p12 AsKd", PHHAction("d", "dh", 12, "AsKd")),
    ],
)
def test_the_usual_actions_read_as_the_notation_says(text: str, expected: PHHAction) -> None:
    assert parse_action(text) == expected
    assert type(parse_action(text).amount) is type(expected.amount)


@pytest.mark.parametrize(
    "text", ["p1 cbr 0", "p1 sm As1d", "p1 sm AsK", "d db AsKx", "p0 cbr 5", "p0 sm AsKd"]
)
def test_actions_close_to_the_usual_ones_are_refused(text: str) -> None:
    with pytest.raises(PHHError):
        parse_action(text)


def test_a_bet_with_decimals_read_before_scales_every_session_it_is_in(tmp_path: Path) -> None:
    """The same bet of 8.5 at two tables (blinds 1-2, then 2-4), the rest whole numbers:
    each session's chips are tenths."""
    actions = "actions = ['p3 cbr 8.5', 'p1 f', 'p2 f']\n"
    first = HEADER + actions
    second = HEADER.replace("[1, 2, 0]", "[2, 4, 0]").replace("min_bet = 2", "min_bet = 4")
    text = f"[1]\n{first}\n[2]\n{second}{actions}"
    with Ledger(tmp_path / "marquoir.db") as ledger:
        report = import_phh(ledger, [PHHSource("d.phhs", text)], session="s")
        assert report.sessions == ("s", "s-2")
        assert report.scales == {"s": 10, "s-2": 10}
        assert ledger.session_named("s").settings.table.big_blind == 20
        assert ledger.session_named("s-2").settings.table.big_blind == 40


@pytest.mark.parametrize(("written", "expected"), [("7", 7), ("'7b'", "7b"), ("true", None)])
def test_the_hand_number_is_an_integer_or_a_string(
    written: str, expected: int | str | None
) -> None:
    # (the spec's `hand` is an integer; a string is kept too; a boolean is no number)
    one, two = loads(two_hands(first="hand = 1\n", second=f"hand = {written}\n"))
    assert one.hand == 1 and two.hand == expected and type(two.hand) is type(expected)
