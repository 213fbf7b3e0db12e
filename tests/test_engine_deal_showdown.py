"""The deal and the showdown with less work: the same hands as the rules make them.

The hand counts the players with chips as the forced bets are posted (no count over the
seats after them), checks the seats and finds the button's in one pass, and keeps its pots
once the betting is over; the seating finds the button's seat without lists; cards written
as a hand history writes them are read without a regular expression. Each expected value
below is worked by hand from the rules.
"""

from __future__ import annotations

import random

import pytest

from marquoir.domain import (
    Action,
    Game,
    Hand,
    IllegalAction,
    Phase,
    SeatInfo,
    ShowdownError,
    TableConfig,
)
from marquoir.domain.cards import Card, best_hand, parse_cards, ranking_from_cards
from marquoir.domain.events import Acted
from marquoir.domain.pots import Pot, award_pots, pot_winners, split_amount
from marquoir.domain.table import CavePolicy, SessionSettings, Table

from .engine_helpers import deal, play
from .sizes import sized

BLINDS = TableConfig(small_blind=1, big_blind=2)
JACKPOTS = TableConfig(0, 0, game=Game.DRAW, ante=1, jackpots=True)


# -- the players with chips, counted as the forced bets are posted ---------------------------


def test_a_big_blind_all_in_by_posting_leaves_nobody_to_bet_against() -> None:
    # heads-up: ann has the button and the small blind (1), bob's 2 chips all go in his big
    # blind. Ann calls 1 more: nobody with chips is left to bet against her, so no later
    # round is played: the hand waits for its showdown.
    hand = deal(BLINDS, {"ann": 50, "bob": 2}, button="ann")
    assert hand.to_act == "ann"
    play(hand, "call")
    assert hand.phase is Phase.SHOWDOWN and hand.to_act is None


def test_a_small_blind_all_in_by_posting_lets_the_big_blind_close_the_round() -> None:
    # heads-up: ann's only chip is her small blind; bob's big blind covers it and nobody
    # with chips is left to call a raise of his: nobody acts, the hand goes to its showdown
    hand = deal(BLINDS, {"ann": 1, "bob": 50}, button="ann")
    assert hand.phase is Phase.SHOWDOWN and hand.to_act is None


def test_a_blind_all_in_among_three_does_not_stop_the_others_betting() -> None:
    # ann (button) 50, bob (small blind) 50, cat all in with her 2-chip big blind: ann and
    # bob still bet against each other after the flop, bob first (left of the button)
    hand = deal(BLINDS, {"ann": 50, "bob": 50, "cat": 2}, button="ann")
    play(hand, "call; call")
    assert hand.street == "flop" and hand.to_act == "bob"
    play(hand, "bet 10")
    assert hand.to_act == "ann"


# -- the seats and the button, checked in one pass ---------------------------------------------


@pytest.mark.parametrize(
    ("seats", "button", "message"),
    [
        # the same seat given apart: in seat order the two are side by side
        (
            [SeatInfo("ann", 3, 50), SeatInfo("bob", 1, 50), SeatInfo("cat", 3, 50)],
            1,
            "two players sit in the same seat",
        ),
        # a seat numbered below every other first, given twice
        (
            [SeatInfo("ann", -1, 50), SeatInfo("bob", -1, 50)],
            -1,
            "two players sit in the same seat",
        ),
        (
            [SeatInfo("ann", 2, 50), SeatInfo("bob", 4, 50)],
            3,
            "the button must be on the seat of a player dealt in (seat 3)",
        ),
        # a player without chips is said before a button on nobody's seat
        (
            [SeatInfo("ann", 2, 50), SeatInfo("bob", 4, 0)],
            3,
            "bob has no chips and cannot be dealt in",
        ),
    ],
)
def test_the_seats_refused_say_the_first_fault(
    seats: list[SeatInfo], button: int, message: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        Hand(BLINDS, seats, button)
    assert str(refused.value) == message


def test_the_button_is_found_whatever_the_order_of_the_seats_given() -> None:
    seats = [SeatInfo("cat", 9, 30), SeatInfo("ann", 2, 10), SeatInfo("bob", 5, 20)]
    for button, name in ((2, "ann"), (5, "bob"), (9, "cat")):
        assert Hand(BLINDS, seats, button).button == name


# -- the button moved by the seating --------------------------------------------------------


def _table(**caves: int) -> Table:
    table = Table(SessionSettings(BLINDS, CavePolicy()))
    for name, cave in caves.items():
        table.apply(table.seat_event(name, cave=cave))
    return table


def test_the_button_moves_to_the_next_seat_dealt_in_and_round_to_the_first() -> None:
    table = _table(ann=50, bob=50, cat=50)
    players = table.seating.dealt_in()
    assert table.seating.button_seat(players) == 1  # the first deal: the first seat
    table.seating.last_button = 1
    assert table.seating.button_seat(players) == 2
    table.seating.last_button = 3  # the last seat had it: round to the first
    assert table.seating.button_seat(players) == 1
    table.seating.last_button = 9  # beyond every seat (its player left): the first
    assert table.seating.button_seat(players) == 1


def test_the_players_a_deal_takes_are_counted_by_the_tables_game() -> None:
    # Bouillotte is played by three to five: the seating asks the table's game each deal,
    # and asks the game of the configuration in force (here the same game, new blinds)
    config = TableConfig(0, 0, game=Game.BOUILLOTTE, passe=1)
    table = Table(SessionSettings(config, CavePolicy()))
    for name in ("ann", "bob", "cat", "dan", "eve", "fay"):
        table.apply(table.seat_event(name, cave=50))
    with pytest.raises(IllegalAction, match="^bouillotte is played by 5 players at most$"):
        table.deal_event()
    table.settings = table.settings._replace(table=config._replace(passe=2))
    with pytest.raises(IllegalAction, match="^bouillotte is played by 5 players at most$"):
        table.deal_event()


# -- the pots kept once the betting is over -------------------------------------------------


def test_the_pots_kept_at_the_showdown_follow_a_false_opener_out() -> None:
    # four players, antes 1 (4 dead), carol opens 4 and everyone calls (16), after the
    # draw alice, carol and dave put 10 each and bob folds: one pot of 50, the players in
    # it from the dealer's left (alice deals): carol, dave, alice
    table = Table(SessionSettings(JACKPOTS, CavePolicy()))
    for name in ("alice", "bob", "carol", "dave"):
        table.apply(table.seat_event(name, cave=100))
    table.apply(table.deal_event())
    before_the_draw = [Action.check(), Action.open(4), Action.call(), Action.call()]
    after_the_draw = [Action.check(), Action.check(), Action.bet(10), Action.call()]
    for action in [*before_the_draw, Action.call(), *after_the_draw, Action.fold(), Action.call()]:
        table.apply(Acted(action))
    hand = table.hand
    assert hand is not None and hand.phase is Phase.SHOWDOWN
    pots = hand.pots()
    assert pots == [Pot(50, ("carol", "dave", "alice"))]
    pots.clear()  # (the caller's list: the pots kept are not changed by it)
    assert hand.pots() == [Pot(50, ("carol", "dave", "alice"))]
    assert hand.pots(include_bets=True) == [Pot(50, ("carol", "dave", "alice"))]
    # the showdown shows carol opened without the jacks: out of the hand, her chips stay
    table.apply(table.act_event(Action.false_open("carol")))
    assert hand.pots() == [Pot(50, ("dave", "alice"))]


def test_the_pots_during_the_betting_are_built_each_time() -> None:
    hand = deal(BLINDS, {"ann": 50, "bob": 50, "cat": 50}, button="ann")
    # the blinds as if collected: bob's 1 and 1 of cat's 2 for both, cat's second chip his
    assert hand.pots() == []
    assert hand.pots(include_bets=True) == [Pot(2, ("bob", "cat")), Pot(1, ("cat",))]
    play(hand, "call; call; check")  # 2 each: 6 in the pot, the flop
    assert hand.pots() == [Pot(6, ("bob", "cat", "ann"))]
    play(hand, "bet 10; fold")  # cat folds: the pot is bob's or ann's
    assert hand.pots() == [Pot(6, ("bob", "ann"))]


# -- cards written as a hand history writes them ------------------------------------------


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("AhKd", (Card(14, "h"), Card(13, "d"))),
        ("Td9c2s", (Card(10, "d"), Card(9, "c"), Card(2, "s"))),
        # written otherwise: the general reading (case, spaces, 10 for a ten)
        ("ahkd", (Card(14, "h"), Card(13, "d"))),
        ("Ah 10d", (Card(14, "h"), Card(10, "d"))),
        ("", ()),
    ],
)
def test_cards_are_read_however_written(text: str, cards: tuple[Card, ...]) -> None:
    assert parse_cards(text) == cards


@pytest.mark.parametrize("text", ["AhK", "AhXd", "Ah1d"])
def test_what_is_not_cards_is_refused(text: str) -> None:
    with pytest.raises(Exception, match="cannot read the card"):
        parse_cards(text)


# -- the ranking read from the cards ------------------------------------------------------


def _ranking_by_each_hand(
    shown: dict[str, tuple[Card, ...]], board: tuple[Card, ...]
) -> tuple[tuple[str, ...], ...]:
    """The oracle: every hand valued alone by `best_hand`, grouped by equal values, the
    best first, each group in the order shown."""
    values = {name: best_hand("holdem", cards, board).key for name, cards in shown.items()}
    keys = sorted(set(values.values()), reverse=True)
    return tuple(tuple(n for n in values if values[n] == key) for key in keys)


@pytest.mark.parametrize(
    ("hands", "board", "expected"),
    [
        # two hands: the better first, whichever was shown first
        ({"ann": "AhKh", "bob": "7c7d"}, "Ad7h9s2cJd", (("bob",), ("ann",))),
        ({"bob": "7c7d", "ann": "AhKh"}, "Ad7h9s2cJd", (("bob",), ("ann",))),
        # the board plays for both: a tie, in the order shown
        ({"bob": "2c3d", "ann": "2h3s"}, "AdKdQhJsTc", (("bob", "ann"),)),
        # three hands, two of them tied (the same pair of aces, kickers on the board)
        (
            {"ann": "Ah4c", "bob": "7c7d", "cat": "As4d"},
            "Ad7h9s2cJd",
            (("bob",), ("ann", "cat")),
        ),
    ],
)
def test_the_ranking_from_the_cards(
    hands: dict[str, str], board: str, expected: tuple[tuple[str, ...], ...]
) -> None:
    shown = {name: parse_cards(text) for name, text in hands.items()}
    ranking, values = ranking_from_cards("holdem", shown, parse_cards(board))
    assert ranking == expected
    assert ranking == _ranking_by_each_hand(shown, parse_cards(board))
    assert values == {n: best_hand("holdem", c, parse_cards(board)) for n, c in shown.items()}


def test_the_ranking_from_the_cards_agrees_with_each_hand_valued_alone() -> None:
    rng = random.Random(27)
    deck = [Card(rank, suit) for rank in range(2, 15) for suit in "cdhs"]
    # few ranks, so that pairs, ties and full houses come up
    narrow = [card for card in deck if card.rank in (2, 3, 9, 13, 14)]
    for deal_number in range(sized(300, 3000)):
        cards = rng.sample(narrow if deal_number % 2 else deck, 5 + 2 * rng.randint(2, 4))
        board, rest = tuple(cards[:5]), cards[5:]
        shown = {f"p{i}": tuple(rest[2 * i : 2 * i + 2]) for i in range(len(rest) // 2)}
        ranking, _values = ranking_from_cards("holdem", shown, board)
        assert ranking == _ranking_by_each_hand(shown, board)


# -- a pot with one winner ------------------------------------------------------------------


def test_one_winner_takes_the_whole_pot_crumbs_included() -> None:
    # chips of 5: 23 is four units and 3 crumbs; alone, the winner takes all 23
    assert split_amount(23, ["ann"], chip_unit=5) == [23]
    # two winners: two units each, the crumbs with the first odd unit (none here: 3 to ann)
    assert split_amount(23, ["ann", "bob"], chip_unit=5) == [13, 10]


def test_a_pot_nobody_else_may_win_goes_to_its_player_named_or_not() -> None:
    side = Pot(40, ("bob",))
    for ranking in ((("ann",), ("bob",)), (("ann",),)):
        (award,) = award_pots([side], ranking)
        assert award.shares == (("bob", 40),) and award.high == award.low == ()
    assert pot_winners(Pot(40, ("ann", "bob")), (("cat",), ("bob",)), "main pot") == ("bob",)
    with pytest.raises(ShowdownError, match="^the main pot \\(40\\) needs a winner"):
        pot_winners(Pot(40, ("ann", "bob")), (("cat",),), "main pot")
