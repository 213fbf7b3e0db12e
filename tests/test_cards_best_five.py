"""The best five of six or seven cards found by counting (`cards.best_five`), against the best
of every five-card hand (the evaluator's own `evaluate_five` over `itertools.combinations`,
the first of equal hands: what `best_hand` returned before the counting).

Both must give the same `HandValue`: the same strength and the same five cards in the same
order (the showdown prints them). Deals come from the full deck and from decks with few
ranks or two suits, so that every category, wheels and ties of kickers come up; worked
examples fix the cards chosen where several fives make the best hand. PokerKit's comparison
of the same hands is tests/test_cards.py's differential test.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from marquoir.domain.cards import (
    FLUSH,
    FULL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TWO_PAIR,
    Card,
    HandValue,
    best_five,
    best_hand,
    best_value,
    evaluate_five,
    parse_cards,
)

from .sizes import sized

FULL_DECK = [Card(rank, suit) for rank in range(2, 15) for suit in "cdhs"]
DEALS = sized(6000, 40000)


def _first_best(cards: tuple[Card, ...]) -> HandValue:
    """The reference: every five-card hand valued, the first of the best kept."""
    return max((evaluate_five(five) for five in combinations(cards, 5)), key=lambda v: v.key)


def _deck(rng: random.Random) -> list[Card]:
    kind = rng.random()
    if kind < 0.3:
        return FULL_DECK
    if kind < 0.55:  # flushes and straight flushes
        suits = rng.sample("cdhs", 2)
        return [c for c in FULL_DECK if c.suit in suits]
    if kind < 0.75:  # straights, wheels among them
        low = rng.choice([2, 2, 3, 6, 9, 10])
        straight = {14, *range(low, low + 5), rng.randint(2, 14)}
        return [c for c in FULL_DECK if c.rank in straight]
    few = rng.sample(range(2, 15), rng.randint(3, 5))  # pairs, trips, fulls, quads
    return [c for c in FULL_DECK if c.rank in few]


@pytest.mark.parametrize("count", [6, 7])
def test_best_five_is_the_first_best_of_every_five(count: int) -> None:
    rng = random.Random(f"best-five-{count}")
    categories: set[int] = set()
    for _ in range(DEALS):
        cards = tuple(rng.sample(_deck(rng), count))
        expected = _first_best(cards)
        assert evaluate_five(best_five(cards)) == expected, cards
        categories.add(expected.category)
    assert categories == set(range(9)), categories


@pytest.mark.parametrize("count", [6, 7])
def test_best_value_is_the_first_best_of_every_five(count: int) -> None:
    # the value counted with the five cards (ranks counted once) is the very record the
    # best of every five-card hand makes: strength, category, ranks, cards, `low`
    rng = random.Random(f"best-value-{count}")
    categories: set[int] = set()
    for _ in range(DEALS):
        cards = tuple(rng.sample(_deck(rng), count))
        expected = _first_best(cards)
        value = best_value(cards)
        assert value == expected and type(value) is HandValue, cards
        assert value.low is False and value.ranks == expected.ranks
        assert best_hand("holdem", cards[:2], cards[2:]) == expected, cards
        categories.add(expected.category)
    assert categories == set(range(9)), categories


@pytest.mark.parametrize(
    ("cards", "five", "category"),
    [
        # two straights: the higher; the ace plays low only in the wheel
        ("Ah 2c 3d 4s 5h 6c Kd", "2c 3d 4s 5h 6c", STRAIGHT),
        ("Ah 2c 3d 4s 5h Kc Kd", "Ah 2c 3d 4s 5h", STRAIGHT),
        # a straight flush beats the higher straight beside it
        ("9h Th Jh Qh Kh Ac 2d", "9h Th Jh Qh Kh", STRAIGHT_FLUSH),
        ("5d 4d 3d 2d Ad 6c Kd", "5d 4d 3d 2d Ad", STRAIGHT_FLUSH),
        # six of a suit: the five highest
        ("2s 9s 4s Ks 7s 3s Ah", "9s 4s Ks 7s 3s", FLUSH),
        # two trips: a full of the higher over two of the lower, the first two dealt
        ("7c 7d Kh 7h Ks Kc 2d", "7c 7d Kh Ks Kc", FULL),
        # three pairs: the two highest and the best card left, the third pair's first
        ("4c 4d 9h 9s Jc Jd 2h", "4c 9h 9s Jc Jd", TWO_PAIR),
    ],
)
def test_worked_examples(cards: str, five: str, category: int) -> None:
    dealt = parse_cards(cards)
    assert best_five(dealt) == parse_cards(five)
    assert _first_best(dealt).cards == parse_cards(five)
    assert evaluate_five(best_five(dealt)).category == category


def test_best_hand_counts_for_holdem_and_stud_and_falls_back_otherwise() -> None:
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh Jh Th 2c 3d")
    assert best_hand("holdem", hole, board) == _first_best((*hole, *board))
    seven = parse_cards("2c 2d 2h 5s 5c 9d Kh")
    assert best_hand("stud", seven) == _first_best(seven)
    # a card twice (refused before a showdown, but `best_hand` takes any cards): the old way
    twice = parse_cards("Ah Ah Kh Qh Jh 2c 3d")
    assert best_hand("stud", twice) == _first_best(twice)
