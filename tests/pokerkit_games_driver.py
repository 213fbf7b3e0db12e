"""Replay an Omaha or seven-card stud hand (high, hi-lo, razz) in PokerKit 0.7.x.

The hold'em driver (`tests.pokerkit_driver`) explains the seating, the seeded deck and the
automations; this one reuses them for the other games Marquoir compares with PokerKit:

    game       PokerKit class                                         hand types
    omaha      PotLimitOmahaHoldem                                    OmahaHoldemHand
    omaha8     FixedLimitOmahaHoldemHighLowSplitEightOrBetter (pl)    + OmahaEightOrBetterLowHand
               _FixedLimitOmahaHighLow (fl, built below)
    stud       FixedLimitSevenCardStud                                StandardHighHand
    stud8      FixedLimitSevenCardStudHighLowSplitEightOrBetter       + EightOrBetterLowHand
    razz       FixedLimitRazz                                         RegularLowHand

Facts about PokerKit 0.7.7 this driver relies on (checked against `pokerkit/games.py` and
`pokerkit/state.py`):

* `FixedLimitOmahaHoldemHighLowSplitEightOrBetter` is built on `PotLimitPokerMixin`: its
  betting is pot-limit, with the small bet as the minimum bet before the turn and the big
  bet after. Passing the big blind for both makes it plain pot-limit Omaha hi-lo; a real
  fixed-limit Omaha hi-lo is built below the way `FixedLimitTexasHoldem` is.
* Stud games have no button. PokerKit player 0 is the first seat left of OUR button, so the
  mapping is the hold'em one: ``ours = (pk + 1) % n``. The bring-in goes to the lowest
  up-card (stud, stud hi-lo) or the highest (razz) and PokerKit asks him first
  (`can_post_bring_in`); on later streets it asks the best hand showing (the lowest in
  razz) first. Marquoir leaves both to the scorekeeper (`bringin`, `first`): the test names
  whoever PokerKit asks.
* Stud hole cards are dealt street by street, so hole dealing is not automated: after each
  action the driver deals what PokerKit waits for, from the seeded deck. Razz uses
  `Deck.REGULAR` (the ace low), the others `Deck.STANDARD`.
* Chips pushing (`State._begin_chips_pushing`): each pot is divided between the hand types
  some player still in holds (a low hand type only when somebody has a qualifying low), the
  first type (high) taking the remainder; inside a type the whole remainder goes to the
  first winner in PokerKit order. When a pot's players hold no low but another player does,
  the low half of that pot goes to all of its players whose low is "None", i.e. all of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pokerkit import (
    Card,
    Deck,
    EightOrBetterLowHand,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitPokerMixin,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Folding,
    Hand,
    Holdem,
    HoleDealing,
    Mode,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    OmahaHoldemMixin,
    PotLimitOmahaHoldem,
    RegularLowHand,
    StandardHighHand,
    State,
)

from .pokerkit_driver import AUTOMATIONS

__all__ = ["GAME_HANDS", "PKGame", "PKGameSpec", "stacked_omaha_deck"]


class _FixedLimitOmahaHighLow(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Fixed-limit Omaha hi-lo eight or better, built like `FixedLimitTexasHoldem` (PokerKit
    0.7.7's class of that name bets pot-limit)."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


# the hand types that decide a showdown: (high or razz low, the low half or None)
GAME_HANDS: dict[str, tuple[type[Hand], type[Hand] | None]] = {
    "omaha": (OmahaHoldemHand, None),
    "omaha8": (OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "stud": (StandardHighHand, None),
    "stud8": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand, None),
}
STUD_GAMES = {
    "stud": FixedLimitSevenCardStud,
    "stud8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": FixedLimitRazz,
}

# PokerKit minus hole dealing, done here street by street
_AUTOMATIONS = AUTOMATIONS


@dataclass(frozen=True)
class PKGameSpec:
    """A hand to replay; stacks in OUR order (index 0 = the button, then clockwise)."""

    game: str  # a key of GAME_HANDS
    betting: str  # "pl" or "fl" (flop games); stud games are "fl"
    stacks: tuple[int, ...]
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    seed: int = 0
    # cards on top of the deck, in the order PokerKit deals them (`stacked_omaha_deck`);
    # the rest of the deck follows, shuffled by the seed
    top: tuple[Card, ...] = ()


def _create_state(spec: PKGameSpec) -> State:
    n = len(spec.stacks)
    raw_stacks = tuple(spec.stacks[(pk + 1) % n] for pk in range(n))
    if spec.game in STUD_GAMES:
        return STUD_GAMES[spec.game].create_state(
            _AUTOMATIONS,
            True,
            spec.ante,
            spec.bring_in,
            spec.small_bet,
            spec.big_bet,
            raw_stacks,
            n,
            mode=Mode.TOURNAMENT,
        )
    blinds = (spec.small_blind, spec.big_blind)
    if spec.game == "omaha":
        return PotLimitOmahaHoldem.create_state(
            _AUTOMATIONS, True, spec.ante, blinds, spec.big_blind, raw_stacks, n
        )
    if spec.betting == "pl":  # PokerKit's "fixed-limit" class bets pot-limit (see above)
        cls: Any = FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        small = big = spec.big_blind
    else:
        cls, small, big = _FixedLimitOmahaHighLow, spec.small_bet, spec.big_bet
    game = cls(_AUTOMATIONS, True, spec.ante, blinds, small, big, mode=Mode.TOURNAMENT)
    state: State = game(raw_stacks, n)
    return state


def stacked_omaha_deck(hands: list[str], board: str) -> tuple[Card, ...]:
    """The top of a deck that deals `hands` (OUR order: index 0 is the button) and `board`
    in Omaha: hole cards one at a time from PokerKit player 0 (the first seat left of the
    button), then a burn card before the flop, the turn and the river."""
    n = len(hands)
    held = [list(Card.parse(hands[(pk + 1) % n])) for pk in range(n)]
    board_cards = list(Card.parse(board))
    used = {*board_cards, *(card for cards in held for card in cards)}
    spare = iter(card for card in Deck.STANDARD if card not in used)
    top = [cards[k] for k in range(4) for cards in held]
    flop, turn, river = board_cards[:3], board_cards[3], board_cards[4]
    top += [next(spare), *flop, next(spare), turn, next(spare), river]
    return tuple(top)


class PKGame:
    """One hand in PokerKit, addressed with OUR seat indices (0 = the button)."""

    def __init__(self, spec: PKGameSpec) -> None:
        self.spec = spec
        self.n = len(spec.stacks)
        self.state = _create_state(spec)
        deck = list(Deck.REGULAR if spec.game == "razz" else Deck.STANDARD)
        if len(self.state.deck_cards) != len(deck):  # pragma: no cover
            raise RuntimeError("pokerkit drew cards before hole dealing; cannot seed the deck")
        random.Random(spec.seed).shuffle(deck)
        deck = [*spec.top, *(card for card in deck if card not in spec.top)]
        self.state.deck_cards.clear()
        self.state.deck_cards.extend(deck)
        self._deal()

    def _deal(self) -> None:
        while self.state.can_deal_hole():
            self.state.deal_hole()

    def _ours(self, pk: int) -> int:
        return (pk + 1) % self.n

    def _pk(self, ours: int) -> int:
        return (ours - 1) % self.n

    # -- betting ------------------------------------------------------------------------

    def actor(self) -> int | None:
        pk = self.state.actor_index
        return None if pk is None else self._ours(pk)

    def waits_for_bring_in(self) -> bool:
        return bool(self.state.can_post_bring_in())

    def post_bring_in(self) -> None:
        self.state.post_bring_in()
        self._deal()

    def fold(self) -> None:
        self.state.fold()
        self._deal()

    def check_or_call(self) -> None:
        self.state.check_or_call()
        self._deal()

    def bet_to(self, total: int) -> None:
        self.state.complete_bet_or_raise_to(total)
        self._deal()

    def can_bet_to(self, total: int) -> bool:
        return bool(self.state.can_complete_bet_or_raise_to(total))

    def min_max_bet_to(self) -> tuple[int, int] | None:
        if not self.state.can_complete_bet_or_raise_to():
            return None
        low = self.state.min_completion_betting_or_raising_to_amount
        high = self.state.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None
        return int(low), int(high)

    # -- cards and the end of the hand --------------------------------------------------

    def hole_cards(self, player: int) -> list[Card]:
        pk = self._pk(player)
        return [
            card
            for op in self.state.operations
            if isinstance(op, HoleDealing) and op.player_index == pk
            for card in op.cards
        ]

    def board(self) -> list[Card]:
        return list(self.state.get_board_cards(0))

    def folded(self) -> set[int]:
        return {
            self._ours(op.player_index) for op in self.state.operations if isinstance(op, Folding)
        }

    def hands(self, player: int) -> tuple[Hand, Hand | None]:
        """PokerKit's high hand (razz: low) and qualifying low (None) of a player."""
        high_type, low_type = GAME_HANDS[self.spec.game]
        hole, board = self.hole_cards(player), self.board()
        high = high_type.from_game(hole, board)
        if low_type is None:
            return high, None
        try:
            return high, low_type.from_game(hole, board)
        except ValueError:  # "No valid ... hand can be formed": no qualifying low
            return high, None

    def finish(self) -> tuple[int, ...]:
        if self.state.actor_index is not None:
            raise RuntimeError(f"betting is not over: player {self.actor()} to act")
        if self.state.status:  # pragma: no cover
            raise RuntimeError("pokerkit state still expects a non-betting operation")
        return tuple(int(self.state.stacks[self._pk(i)]) for i in range(self.n))
