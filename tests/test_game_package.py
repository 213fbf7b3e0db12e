"""Adding a game is one package and one registry line.

The fixture package `tests/fixtures/shortdeck` is short-deck hold'em; registered with one
line, a table plays it with the cards shown read by its own evaluator, a file gets its
streets from the code, and the order of hands agrees with PokerKit's `ShortDeckHoldemHand`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from marquoir.domain import ShowdownError, TableConfig
from marquoir.domain.actions import Action
from marquoir.domain.cards import parse_cards, ranking_from_cards
from marquoir.domain.games import GAMES, evaluator_named, game_named
from marquoir.domain.table import CavePolicy, SessionSettings, Table
from marquoir.storage.codec import settings_from_dict, settings_to_dict
from marquoir.storage.game_data import ensure_streets, streets_rows

from .fixtures.shortdeck import ShortDeck


@pytest.fixture
def shortdeck() -> Iterator[str]:
    GAMES["shortdeck"] = ShortDeck  # the one registry line
    try:
        yield "shortdeck"
    finally:
        del GAMES["shortdeck"]


def played(board: str, shown: dict[str, str]) -> tuple[Table, dict[str, int]]:
    """A short-deck hand between alice (button) and bob, 100 each at 1/2: both call and
    check down, then show; the table's stacks after the showdown read from the cards."""
    table = Table(SessionSettings(TableConfig(1, 2, game=game_named("shortdeck")), CavePolicy()))
    for name in ("alice", "bob"):
        table.apply(table.seat_event(name, cave=100))
    table.apply(table.deal_event())
    table.apply(table.act_event(Action.call()))  # alice, the button, completes the small blind
    table.apply(table.act_event(Action.check()))  # bob, the big blind
    for _street in ("flop", "turn", "river"):
        table.apply(table.act_event(Action.check()))
        table.apply(table.act_event(Action.check()))
    event, _values = table.game.cards_showdown_event(board, shown)
    table.apply(event)
    return table, {a.name: a.stack for a in table.present()}


def test_a_flush_beats_a_full_house(shortdeck: str) -> None:
    # alice: the flush of hearts, ace high; bob: kings full of sevens. In hold'em bob wins.
    board, shown = "Ah Kh 7h Ks 7c", {"alice": "Qh 6h", "bob": "Kc 7d"}
    _table, stacks = played(board, shown)
    assert stacks == {"alice": 102, "bob": 98}
    holdem = {name: parse_cards(text) for name, text in shown.items()}
    ranking, _ = ranking_from_cards("holdem", holdem, parse_cards(board))
    assert ranking == (("bob",), ("alice",))


def test_the_ace_plays_low_in_a_six_high_straight(shortdeck: str) -> None:
    # alice: A-6-7-8-9, the lowest straight of the short deck; bob: three kings
    _table, stacks = played("6c 7d 8h Ks Kd", {"alice": "Ah 9s", "bob": "Kh Qc"})
    assert stacks == {"alice": 102, "bob": 98}


def test_no_card_below_the_six(shortdeck: str) -> None:
    with pytest.raises(ShowdownError, match="there is no 5c in a 36-card deck"):
        played("6c 7d 8h Ks Kd", {"alice": "Ah 5c", "bob": "Kh Qc"})


def test_the_order_of_hands_is_pokerkits() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    evaluator = ShortDeck.evaluators[0]
    deals = [
        ("Ah Kh 7h Ks 7c", "Qh 6h", "Kc 7d"),  # flush against full house
        ("6c 7d 8h Ks Kd", "Ah 9s", "Kh Qc"),  # A-6-7-8-9 against three of a kind
        ("6c 7d 8h 9s Kd", "Ah Qc", "Th Jc"),  # A-6-7-8-9 against 7-8-9-T-J
        ("Ac Ad 9h 9s 6d", "As Kc", "9c 6h"),  # aces full against nines full
        ("Tc Jc Qc 8d 6s", "Kc Ac", "9c 7h"),  # royal flush against a straight
        ("6h 7h 8c 9d Ts", "Jh Qs", "Ah Ac"),  # straight to the queen against one to the ten
    ]
    for board, first, second in deals:
        cards = {"a": parse_cards(first), "b": parse_cards(second)}
        ours, _ = ranking_from_cards(evaluator, cards, parse_cards(board))
        one, two = (
            pokerkit.ShortDeckHoldemHand.from_game(hole.replace(" ", ""), board.replace(" ", ""))
            for hole in (first, second)
        )
        theirs = (
            (("a", "b"),) if one == two else ((("a",), ("b",)) if one > two else (("b",), ("a",)))
        )
        assert ours == theirs, (board, first, second)


def test_its_settings_and_streets_are_the_registrys(shortdeck: str) -> None:
    config = TableConfig(1, 2, game=game_named("shortdeck"))
    assert config.title() == "short-deck hold'em no-limit 1/2"
    assert evaluator_named("shortdeck") is ShortDeck.evaluators[0]
    settings = SessionSettings(config, CavePolicy())
    assert settings_from_dict(settings_to_dict(settings)) == settings
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE streets (game TEXT, number INTEGER, name TEXT)")
    ensure_streets(conn, "shortdeck")
    rows = conn.execute("SELECT * FROM streets ORDER BY number").fetchall()
    assert rows == [
        ("shortdeck", 0, "preflop"),
        ("shortdeck", 1, "flop"),
        ("shortdeck", 2, "turn"),
        ("shortdeck", 3, "river"),
    ]
    assert streets_rows("shortdeck") == rows
    ensure_streets(conn, "shortdeck")  # already there: nothing written twice
    assert conn.execute("SELECT count(*) FROM streets").fetchone() == (4,)


def test_an_unregistered_game_is_refused() -> None:
    with pytest.raises(ValueError, match="'shortdeck' is not a game"):
        game_named("shortdeck")
