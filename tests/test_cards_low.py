"""Low hands (`marquoir.domain.cards`): eight-or-better for the hi-lo games, ace-to-five for
razz. Worked examples from the rules, then thousands of random deals against PokerKit.

The rules (Robert's Rules of Poker, "Lowball" and "High-low split"): the ace is the lowest
card, straights and flushes do not count against a low hand; a qualifying low for the split
games has five cards of different ranks, none above an eight; hands are compared from the
highest card down (8-6-4-3-2 beats 8-7-3-2-A). In Omaha the low, like the high, uses exactly
two cards from the hand and three from the board. Razz has no qualifier: a pair is worse
than any five different ranks.

PokerKit's `EightOrBetterLowHand` (stud), `OmahaEightOrBetterLowHand` (Omaha) and
`RegularLowHand` (razz) are the oracle of the differential tests: for every pair of players
our comparison (better / equal / worse, or who has no low at all) must be PokerKit's.
"""

from __future__ import annotations

import os
import random
from itertools import combinations

import pokerkit
import pytest

from marquoir.domain.cards import (
    FULL,
    HIGH,
    PAIR,
    QUADS,
    TRIPS,
    TWO_PAIR,
    Card,
    HandValue,
    best_hand,
    best_low,
    low_ranking_from_cards,
    parse_cards,
    ranking_from_cards,
)

from .sizes import sized

P = parse_cards
DEALS = int(os.environ.get("MARQUOIR_CARD_DEALS", sized(700, 2000)))  # full in CI
SEED = 20261201
FULL_DECK = [Card(rank, suit) for rank in range(2, 15) for suit in "cdhs"]


def low(variant: str, hand: str, board: str = "") -> HandValue | None:
    return best_low(variant, P(hand), P(board))


# -- worked examples ------------------------------------------------------------------------


def test_the_wheel_is_the_best_low_straight_and_flush_do_not_count() -> None:
    wheel = low("stud8", "As2s3s4s5s Kd Kc")  # a straight flush for the high
    assert wheel is not None and wheel.name("en") == "low 5-4-3-2-A"
    assert wheel.name("fr") == "bas 5-4-3-2-A"
    six = low("stud8", "As2c3d4h6s Kd Kc")
    assert six is not None and wheel.key > six.key


def test_lows_compare_from_the_highest_card_down() -> None:
    better, worse = low("stud8", "8s6c4d3h2s Kd Qc"), low("stud8", "8c7d3s2hAs Kh Qd")
    assert better is not None and worse is not None
    assert better.key > worse.key  # 8-6 beats 8-7 although 8-7-3-2-A has an ace
    assert low("stud8", "8s7c6d5h4s Kd Qc") is not None  # 8-7-6-5-4 still qualifies


@pytest.mark.parametrize("hand", ["9s7c4d3h2s Kd Qc", "AsAc2d2h3s3c Kd", "8s8c7d7h6s6c Kd"])
def test_no_qualifying_low(hand: str) -> None:
    """A nine in every five different ranks, or pairs leaving fewer than five low ranks."""
    assert low("stud8", hand) is None


def test_pairs_do_not_play_in_the_low() -> None:
    # A-A-2-3-4-K-Q: the best low uses one ace and needs a fifth card below nine: none
    assert low("stud8", "AsAc2d3h4sKdQc") is None
    found = low("stud8", "AsAc2d3h4s8dQc")
    assert found is not None and found.ranks == (8, 4, 3, 2, 1)


def test_omaha_low_takes_two_from_the_hand_and_three_from_the_board() -> None:
    # The board has A-2-3-4-5: a player with no two low cards of his own has no low.
    assert low("omaha8", "KsKdQcQh", "Ac2d3h4s5c") is None
    # One low card in the hand is not enough either.
    assert low("omaha8", "6sKdQcQh", "Ac2d3h9s9c") is None
    found = low("omaha8", "6s7dQcQh", "Ac2d3h9s9c")
    assert found is not None and found.ranks == (7, 6, 3, 2, 1)
    # Only two board cards of eight or less: no low for anybody.
    assert low("omaha8", "As2d3c4h", "5c6dKhKsQc") is None


def test_razz_counts_pairs_against_the_hand() -> None:
    nothing = best_hand("razz", P("KsQcJd9h8s7c6d"))
    assert nothing.category == HIGH and nothing.name("en") == "low J-9-8-7-6"
    pair = best_hand("razz", P("AsAc2d2h3s3c4d"))  # four ranks only: a pair, the lowest
    assert pair.category == PAIR and pair.ranks == (1, 1, 4, 3, 2)
    assert pair.name("en") == "pair of aces (low)"
    kings = best_hand("razz", P("KsKcKdKh2s3c4d"))  # five cards of four ranks: a pair
    assert kings.category == PAIR and kings.ranks == (13, 13, 4, 3, 2)
    assert kings.name("en") == "pair of kings (low)"
    assert nothing.key > kings.key  # any five different ranks beat a pair
    aces = best_hand("razz", P("AsAcAdKh2s2c2d"))  # A, K, 2: two pairs at best
    assert aces.category == TWO_PAIR and aces.ranks == (2, 2, 1, 1, 13)
    worst = best_hand("razz", P("KsKcKdKhQsQcQd"))
    assert worst.category == FULL and worst.name("fr") == "full aux dames par les rois (bas)"
    assert best_hand("razz", P("KsKcKdKh3s3c3d")).ranks == (3, 3, 3, 13, 13)
    assert best_hand("razz", P("KsKcKdKh3s")).category == QUADS
    assert best_hand("razz", P("KsKcKd3h4s")).category == TRIPS


def test_razz_ranking_best_low_first() -> None:
    shown = {
        "alice": P("7s5c4d3h2s Kd Kc"),
        "bob": P("As2c3d4h6s Qd Qc"),
        "carol": P("Ah2d3c4s6d Jd Jc"),
    }
    ranking, values = ranking_from_cards("razz", shown)
    assert ranking == (("bob", "carol"), ("alice",))
    assert values["alice"].name("en") == "low 7-5-4-3-2"


def test_low_ranking_names_only_the_qualifying_lows() -> None:
    board = P("2c 5d 8h Ks Qd")
    shown = {
        "alice": P("As 3c Kd Kh"),  # 8-5-3-2-A
        "bob": P("Ad 4c Jd Jh"),  # 8-5-4-2-A
        "carol": P("Ts 9s Js Qs"),  # no low
        "dave": P("Ac 3d 9c 9d"),  # 8-5-3-2-A, ties alice
    }
    ranking, values = low_ranking_from_cards("omaha8", shown, board)
    assert ranking == (("alice", "dave"), ("bob",))
    assert "carol" not in values
    high, _ = ranking_from_cards("omaha8", shown, board)
    assert high[0] == ("alice",)  # three kings


# -- differential tests against PokerKit ----------------------------------------------------


def _pk(cards: tuple[Card, ...]) -> str:
    return "".join(map(str, cards))


def _deck(rng: random.Random, needed: int) -> list[Card]:
    """Often a deck of few (mostly small) ranks: many lows, many ties, many pairs."""
    if rng.random() < 0.4:
        return FULL_DECK
    ranks = rng.sample([14, 2, 3, 4, 5, 6, 7, 8, 9, 13], rng.randint(5, 8))
    pool = [c for c in FULL_DECK if c.rank in ranks]
    return pool if len(pool) >= needed else FULL_DECK


def _pk_low(pk_class: type[pokerkit.Hand], hand: str, board: str) -> pokerkit.Hand | None:
    try:
        return pk_class.from_game(hand, board)
    except ValueError:  # PokerKit: "No valid ... hand can be formed"
        return None


def _order(a: object | None, b: object | None) -> int:
    """1 when a is the better low, -1 when b is, 0 when equal (or neither has one)."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (a > b) - (a < b)  # type: ignore[operator]


# variant: (cards in hand, board cards, PokerKit class, most players)
LOW_SPECS = {
    "stud8": (7, 0, pokerkit.EightOrBetterLowHand, 5),
    "omaha8": (4, 5, pokerkit.OmahaEightOrBetterLowHand, 5),
    "razz": (7, 0, pokerkit.RegularLowHand, 5),
}


@pytest.mark.parametrize("variant", list(LOW_SPECS))
def test_low_hands_agree_with_pokerkit(variant: str) -> None:
    in_hand, on_board, pk_class, most = LOW_SPECS[variant]
    rng = random.Random(f"{SEED}-{variant}")
    outcomes = {-1: 0, 0: 0, 1: 0}
    no_low = with_low = 0
    for _ in range(DEALS):
        n = rng.randint(2, most)
        cards = rng.sample(_deck(rng, n * in_hand + on_board), n * in_hand + on_board)
        board = tuple(cards[:on_board])
        hands = [
            tuple(cards[on_board + i * in_hand : on_board + (i + 1) * in_hand]) for i in range(n)
        ]
        if variant == "razz":
            ours: list[HandValue | None] = [best_hand(variant, h, board) for h in hands]
        else:
            ours = [best_low(variant, h, board) for h in hands]
        theirs = [_pk_low(pk_class, _pk(h), _pk(board)) for h in hands]
        for mine, pk_value in zip(ours, theirs, strict=True):
            assert (mine is None) == (pk_value is None), (variant, hands, board, mine)
            no_low += mine is None
            with_low += mine is not None
        for i, j in combinations(range(n), 2):
            mine_ij = _order(
                None if ours[i] is None else ours[i].key,  # type: ignore[union-attr]
                None if ours[j] is None else ours[j].key,  # type: ignore[union-attr]
            )
            expected = _order(theirs[i], theirs[j])
            assert mine_ij == expected, (variant, hands[i], hands[j], board, ours[i], ours[j])
            outcomes[expected] += 1
    assert outcomes[-1] >= DEALS // 3 and outcomes[1] >= DEALS // 3 and outcomes[0] >= 5
    if variant != "razz":
        assert no_low >= DEALS // 5 and with_low >= DEALS // 5, (no_low, with_low)
