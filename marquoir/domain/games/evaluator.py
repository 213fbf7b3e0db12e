"""How a game reads the cards shown: its evaluator, written as data.

An `Evaluator` says what the deck is (its lowest rank: 2 for 52 cards, 6 for the 36-card
short deck, 7 for the French 32-card game), how many cards a player holds and how many lie
on the board, how many of the hand's cards a five-card hand must use (Omaha: exactly two),
the order of the hand categories (the 32-card game ranks three of a kind above a straight
and a flush above a full house), and the low rule (none, eight or better, or the low alone as
in razz). `cards.py` does the reading for any evaluator; a game declares its evaluator in its
own module (`GameRules.evaluator`), so a new game with its own deck or order needs no edit
of `cards.py` (PokerKit describes its games as data the same way).

This module imports nothing: a table command loads it with its game, without the cards.
"""

from __future__ import annotations

# The hand categories, weakest first in the usual order.
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH = range(9)
USUAL_ORDER = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH)

# The low rules: none (the high hand wins), eight or better for the low half of a hi-lo game,
# or the low hand alone (razz: ace-to-five, no qualifier).
NO_LOW, EIGHT_OR_BETTER, LOW_ONLY = "", "eight", "only"


class Evaluator:
    """A game's way of reading cards: deck, hole and board counts, hand order, low rule.

    `order` lists the categories weakest first; `strength` gives each category's place in it
    (what a hand's value compares first)."""

    __slots__ = ("board", "from_hand", "hole", "low", "lowest", "name", "order", "strength")

    def __init__(
        self,
        name: str,
        *,
        hole: int,
        board: int = 0,
        lowest: int = 2,
        order: tuple[int, ...] = USUAL_ORDER,
        from_hand: int = 0,
        low: str = NO_LOW,
    ) -> None:
        if sorted(order) != list(USUAL_ORDER):
            raise ValueError(f"{name}: the order must list each hand category once")
        self.name = name  # how tests and messages name it ("holdem", "piquet")
        self.hole = hole  # cards in a player's hand
        self.board = board  # cards on the board
        self.lowest = lowest  # the deck's lowest rank (the ace also plays just below it)
        self.order = order
        self.strength = {category: place for place, category in enumerate(order)}
        self.from_hand = from_hand  # exactly this many from the hand (0: any five)
        self.low = low

    @property
    def split(self) -> bool:
        """Whether the pot is split with a low half (hi-lo)."""
        return self.low == EIGHT_OR_BETTER

    @property
    def full_deck(self) -> bool:
        """Whether the deck has every rank from the two, in the usual order (the counting
        shortcut of `cards.best_five` applies)."""
        return self.lowest == 2 and self.order == USUAL_ORDER and not self.from_hand

    def __repr__(self) -> str:
        return f"Evaluator({self.name!r})"


__all__ = [
    "EIGHT_OR_BETTER",
    "FLUSH",
    "FULL",
    "HIGH",
    "LOW_ONLY",
    "NO_LOW",
    "PAIR",
    "QUADS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "USUAL_ORDER",
    "Evaluator",
]
