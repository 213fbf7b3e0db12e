"""Replay a hold'em hand in PokerKit 0.7.x so Marquoir's engine can be compared to it.

:class:`PKSpec` describes the table (seats in *our* order: index 0 is the button,
then clockwise) and :class:`PKHand` drives one pokerkit ``State``. The caller
only supplies the betting actions. Everything else (antes, blinds, straddle, bet
collection, burning, dealing, showdown, hand killing, chips pushing and pulling)
is automated.

Facts about PokerKit 0.7.7, checked by experiment against the installed source
(``pokerkit/state.py`` and ``pokerkit/games.py``). The ``__main__`` self-check
re-asserts most of them.

Seating and heads-up
    * With three or more players, pokerkit player 0 posts the small blind, 1 the big
      blind, 2 the straddle (if any), and player ``n - 1`` is the button.
    * Heads-up, pokerkit swaps the raw blind and ante values (it reads entry
      ``not i`` for player ``i``): pokerkit player 0 posts the big blind and player 1
      (the button) posts the small blind. The button acts first pre-flop and last
      after the flop. Hole cards are dealt starting from player 0.
    * So in every case ``ours = (pk + 1) % n`` and ``pk = (ours - 1) % n``.

Antes
    * A uniform ante is ``raw_antes=<int>`` with ``ante_trimming_status=True``.
    * A big-blind ante is ``raw_antes={1: amount}``. Raw index 1 is the big-blind
      role, and this also holds heads-up. It needs ``ante_trimming_status=False``:
      with ``True``, the lone BB ante counts as an "overbet" at the ante collection
      and is handed straight back to the big blind, so the pot gets no ante.
    * With trimming off, ``State.pots`` puts every ante into the main pot as dead
      money, so antes never create side pots. With trimming on, antes count
      towards side-pot layering.
    * When a stack is short, the ante is posted before the blind. Example: a big
      blind with 3 chips, a BB ante of 2 and a blind of 2 posts the 2 ante and a
      1-chip blind.

Straddle and minimum raises
    * A straddle is a third entry, ``raw_blinds_or_straddles=(sb, bb, straddle)``,
      posted by pokerkit player 2. Action starts left of the straddler, and the
      straddler gets the last option. Three-handed, the straddler is the button.
    * Minimum raise-to = ``max(bets) + max(last full raise increment, min_bet)``.
      The increment starts at 0 on every street, and blinds and straddles do *not*
      set it. Over a straddle, the minimum raise-to is therefore ``straddle +
      big_blind``, not ``2 * straddle``. With 1/2/4, the min raise-to is 6; after a
      raise to 6, the next min raise-to is 8. This driver passes
      ``min_bet = big_blind`` for nl/pl.
    * A short all-in "raise" does not reopen the betting for players who already
      acted (they can only call or fold). The minimum stays based on the last
      full increment. Example: 1/2, raise to 6, all-in for 7, next min raise-to 11.

Limits
    * Pot-limit maximum = ``2 * max(bets) - own bet + total_pot_amount``, where
      ``total_pot_amount`` includes the bets still in front of players. This is the
      standard pot raise: at 1/2 three-handed the button can raise to 7. pokerkit
      0.7.7 has no ``PotLimitTexasHoldem``, so one is built below the same way
      ``NoLimitTexasHoldem`` is.
    * No-limit maximum = the actor's stack plus their current bet. It is *not*
      capped by the largest stack they could lose. The uncalled excess is
      returned at bet collection.
    * Fixed-limit allows at most 4 completions/bets/raises per street. Pre-flop
      the blind does not count, so the cap is the big blind plus 4 raises (1/2 with
      2/4 caps at 10). After the flop the cap is a bet plus 3 raises. Heads-up is
      capped too. The minimum and maximum are always equal.

All-ins and who acts
    * A player facing an all-in bet is still asked to act, even when everybody
      else is all in. They may only call or fold:
      ``can_complete_bet_or_raise_to()`` is False ("no reason to ... raise").
    * When a betting round ends with at most one player who still has chips, no
      further round is opened. ``actor_index`` becomes None, and the board is run
      out to 5 cards (tournament mode: one runout, no runout-count selection).
    * A player whose bet already matches every opponent's all-in is not asked.
      Example: heads-up, the big blind is all in posting one chip and the button's
      one-chip small blind already matches it, so the hand runs out at creation.
    * ``fold()`` when a check is possible raises ValueError in tournament mode
      (cash-game mode only warns).

Automation gotchas
    * ``State`` shuffles its deck with the global ``random`` module while it is
      being constructed. For seed-determinism, ``HOLE_DEALING`` is left
      *un*-automated. Right after creation (antes and blinds are posted, and no
      card has been drawn yet), the public ``deck_cards`` deque is replaced by a
      ``random.Random(seed)`` shuffle. Hole cards are then dealt with
      ``deal_hole()``. ``CARD_BURNING`` and ``BOARD_DEALING`` draw from the front
      of that deck.
    * With everything automated, the hand can end inside the last betting call,
      or even during the last ``deal_hole()`` when everyone is all in from the
      blinds. Folded and beaten hands are mucked (``statuses`` False and
      ``hole_cards`` cleared). The driver therefore reads hole cards from the
      ``HoleDealing`` operations and folds from the ``Folding`` operations, not
      from the final state.
    * ``Mode.CASH_GAME`` would additionally need ``RUNOUT_COUNT_SELECTION``
      automated. This driver uses ``Mode.TOURNAMENT``.
    * Split pots: the odd chip goes to the winner with the lowest pokerkit index.
      That is the first winner clockwise from the button (heads-up: the big blind).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pokerkit import (
    Automation,
    Card,
    Deck,
    FixedLimitTexasHoldem,
    Folding,
    HoleDealing,
    Mode,
    NoLimitTexasHoldem,
    PotLimitPokerMixin,
    StandardHighHand,
    State,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)

from marquoir.domain import BettingKind, TableConfig

__all__ = ["AUTOMATIONS", "PKHand", "PKSpec"]

AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    # Automation.HOLE_DEALING is deliberately absent: see the module docstring.
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Every pokerkit automation except hole dealing (done by :class:`PKHand`)."""


class _PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em (absent from pokerkit 0.7.7), built like ``NoLimitTexasHoldem``."""


@dataclass(frozen=True)
class PKSpec:
    """A hold'em hand to replay. All seat indices are in OUR order (0 = button, then clockwise)."""

    betting: str  # "nl", "pl" or "fl"
    stacks: tuple[int, ...]  # index 0 = the button, then clockwise
    small_blind: int
    big_blind: int
    ante: int = 0  # every player's ante (0 = none)
    bb_ante: int = 0  # big-blind ante, posted by the big blind alone (0 = none)
    straddle: int = 0  # live straddle by the player after the big blind (0 = none)
    small_bet: int = 0  # fixed-limit only
    big_bet: int = 0  # fixed-limit only
    seed: int = 0  # for dealing the cards

    @classmethod
    def for_table(
        cls, config: TableConfig, stacks: tuple[int, ...], *, straddled: bool, seed: int
    ) -> PKSpec:
        """The spec of a hand of our engine's table (stacks in our order, button first)."""
        fixed = config.betting is BettingKind.FIXED_LIMIT
        small_bet, big_bet = config.limits if fixed else (0, 0)
        return cls(
            betting=config.betting.value,
            stacks=stacks,
            small_blind=config.small_blind,
            big_blind=config.big_blind,
            ante=0 if config.bb_ante else config.ante,
            bb_ante=config.ante if config.bb_ante else 0,
            straddle=config.straddle_amount if straddled else 0,
            small_bet=small_bet,
            big_bet=big_bet,
            seed=seed,
        )


def _validate(spec: PKSpec) -> None:
    """Reject specs that the driver does not model (raise ValueError)."""
    n = len(spec.stacks)
    if spec.betting not in ("nl", "pl", "fl"):
        raise ValueError(f"betting must be 'nl', 'pl' or 'fl', not {spec.betting!r}")
    if n < 2:
        raise ValueError("need at least 2 players")
    if min(spec.stacks) <= 0:
        raise ValueError("pokerkit requires every starting stack to be positive")
    if min(spec.small_blind, spec.big_blind, spec.ante, spec.bb_ante, spec.straddle) < 0:
        raise ValueError("negative blind, ante or straddle")
    if spec.ante and spec.bb_ante:
        raise ValueError("use either ante or bb_ante, not both")
    if spec.straddle and (n < 3 or spec.betting == "fl"):
        raise ValueError("a straddle needs >= 3 players and nl/pl betting")
    if spec.betting == "fl" and (spec.small_bet <= 0 or spec.big_bet <= 0):
        raise ValueError("fixed-limit needs positive small_bet and big_bet")
    if spec.betting != "fl" and spec.big_blind <= 0:
        raise ValueError("nl/pl need a positive big blind (it is pokerkit's min_bet)")


def _create_state(spec: PKSpec) -> State:
    """Create the pokerkit state (antes/blinds/straddle get posted, no card is dealt yet)."""
    n = len(spec.stacks)
    raw_stacks = tuple(spec.stacks[(pk + 1) % n] for pk in range(n))
    raw_antes: Any
    if spec.bb_ante:
        raw_antes, trimming = {1: spec.bb_ante}, False
    else:
        raw_antes, trimming = spec.ante, True
    raw_blinds: tuple[int, ...] = (spec.small_blind, spec.big_blind)
    if spec.straddle:
        raw_blinds += (spec.straddle,)
    if spec.betting == "nl":
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS,
            trimming,
            raw_antes,
            raw_blinds,
            spec.big_blind,
            raw_stacks,
            n,
            mode=Mode.TOURNAMENT,
        )
    if spec.betting == "pl":
        game = _PotLimitTexasHoldem(
            AUTOMATIONS,
            trimming,
            raw_antes,
            raw_blinds,
            spec.big_blind,
            mode=Mode.TOURNAMENT,
        )
        return game(raw_stacks, n)
    return FixedLimitTexasHoldem.create_state(
        AUTOMATIONS,
        trimming,
        raw_antes,
        raw_blinds,
        spec.small_bet,
        spec.big_bet,
        raw_stacks,
        n,
        mode=Mode.TOURNAMENT,
    )


class PKHand:
    """One hold'em hand replayed in pokerkit, addressed with OUR seat indices.

    Betting methods raise pokerkit's ``ValueError`` when pokerkit refuses the action.
    """

    def __init__(self, spec: PKSpec) -> None:
        _validate(spec)
        self.spec: PKSpec = spec
        self.n: int = len(spec.stacks)
        self.state: State = _create_state(spec)
        if len(self.state.deck_cards) != len(Deck.STANDARD):  # pragma: no cover
            raise RuntimeError("pokerkit drew cards before hole dealing; cannot seed the deck")
        deck: list[Card] = list(Deck.STANDARD)
        random.Random(spec.seed).shuffle(deck)
        self.state.deck_cards.clear()
        self.state.deck_cards.extend(deck)
        while self.state.can_deal_hole():
            self.state.deal_hole()  # one card at a time, from the front of the seeded deck

    # -- index mapping ------------------------------------------------------------------

    def _ours(self, pk: int) -> int:
        return (pk + 1) % self.n

    def _pk(self, ours: int) -> int:
        return (ours - 1) % self.n

    # -- betting ------------------------------------------------------------------------

    def actor(self) -> int | None:
        """Our index of the player pokerkit expects to act, or None when no betting is pending."""
        pk = self.state.actor_index
        return None if pk is None else self._ours(pk)

    def fold(self) -> None:
        self.state.fold()

    def check_or_call(self) -> None:
        self.state.check_or_call()

    def bet_to(self, total: int) -> None:
        """Complete/bet/raise so that the actor's bet in this round totals ``total``."""
        self.state.complete_bet_or_raise_to(total)

    def can_bet_to(self, total: int) -> bool:
        return bool(self.state.can_complete_bet_or_raise_to(total))

    def min_max_bet_to(self) -> tuple[int, int] | None:
        """pokerkit's (min, max) completion/bet/raise-to amounts now, or None if none is allowed."""
        if not self.state.can_complete_bet_or_raise_to():
            return None
        lo = self.state.min_completion_betting_or_raising_to_amount
        hi = self.state.max_completion_betting_or_raising_to_amount
        assert lo is not None and hi is not None
        return int(lo), int(hi)

    # -- cards --------------------------------------------------------------------------

    def hole_cards(self, player: int) -> list[Card]:
        """The hole cards pokerkit dealt to ``player`` (our index), even if mucked later."""
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
        """Our indices of the players who folded."""
        return {
            self._ours(op.player_index) for op in self.state.operations if isinstance(op, Folding)
        }

    # -- end of hand --------------------------------------------------------------------

    def ranking(self) -> list[list[int]]:
        """The players still in the hand, grouped best first (ties share a group), by pokerkit's
        ``StandardHighHand`` (best 5 of 7). One group of one player if everyone else folded."""
        if self.state.actor_index is not None:
            raise RuntimeError(f"betting is not over: player {self.actor()} to act")
        folded = self.folded()
        alive = [i for i in range(self.n) if i not in folded]
        if len(alive) == 1:
            return [alive]
        board = self.board()
        if len(board) != 5:  # pragma: no cover - the automations always run the board out
            raise RuntimeError(f"board not fully dealt: {board}")
        hands = {i: StandardHighHand.from_game(self.hole_cards(i), board) for i in alive}
        groups: list[list[int]] = []
        for i in sorted(alive, key=lambda j: hands[j], reverse=True):
            if groups and hands[groups[-1][0]] == hands[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        return groups

    def finish(self) -> tuple[int, ...]:
        """Run the rest of the hand (already automated) and return final stacks in OUR order."""
        if self.state.actor_index is not None:
            raise RuntimeError(f"betting is not over: player {self.actor()} to act")
        if self.state.status:  # pragma: no cover - nothing else is manual
            raise RuntimeError("pokerkit state still expects a non-betting operation")
        return tuple(int(self.state.stacks[self._pk(i)]) for i in range(self.n))


if __name__ == "__main__":

    def play_calling(name: str, spec: PKSpec) -> PKHand:
        """Play ``spec`` with every player always checking or calling, and print the result."""
        hand = PKHand(spec)
        first = hand.actor()
        while hand.actor() is not None:
            hand.check_or_call()
        ranking = hand.ranking()
        stacks = hand.finish()
        assert sum(stacks) == sum(spec.stacks), (stacks, spec.stacks)
        assert len(hand.board()) == 5
        print(f"{name:<22} first actor {first}  ranking {ranking}  board {hand.board()}")
        print(f"{'':<22} stacks {spec.stacks} -> {stacks}")
        return hand

    play_calling("6-max nl", PKSpec("nl", (200, 200, 200, 200, 200, 200), 1, 2, seed=1))
    play_calling("heads-up nl", PKSpec("nl", (100, 300), 1, 2, seed=2))
    play_calling("ante nl", PKSpec("nl", (100, 80, 120, 100), 1, 2, ante=1, seed=3))
    play_calling("bb-ante nl", PKSpec("nl", (100, 100, 100, 100, 100), 1, 2, bb_ante=2, seed=4))
    play_calling("straddle nl", PKSpec("nl", (100, 100, 100, 100), 1, 2, straddle=4, seed=5))
    play_calling("fl", PKSpec("fl", (50, 50, 50), 1, 2, small_bet=2, big_bet=4, seed=6))
    play_calling("pl 3-handed", PKSpec("pl", (100, 100, 100), 1, 2, seed=7))
    play_calling("heads-up short bb", PKSpec("nl", (100, 1), 1, 2, seed=8))

    # Spot-check the conventions claimed in the module docstring.
    hu = PKHand(PKSpec("nl", (100, 300), 1, 2, bb_ante=1))
    assert hu.actor() == 0  # heads-up: the button acts first pre-flop...
    assert hu.state.stacks[hu._pk(0)] == 99  # ...having posted the small blind,
    assert hu.state.stacks[hu._pk(1)] == 297  # while the big blind posts blind + BB ante
    hu.check_or_call()
    hu.check_or_call()
    assert hu.actor() == 1  # ...and the big blind acts first after the flop

    st = PKHand(PKSpec("nl", (100, 100, 100, 100), 1, 2, straddle=4))
    assert st.actor() == 0  # four-handed, the button is first to act over a straddle
    assert st.min_max_bet_to() == (6, 100)  # min raise-to is straddle + big blind
    st.bet_to(6)
    assert st.min_max_bet_to() == (8, 100)

    pl = PKHand(PKSpec("pl", (100, 100, 100), 1, 2))
    assert pl.min_max_bet_to() == (4, 7)  # pot-size raise-to is 7 at 1/2, three-handed

    fl = PKHand(PKSpec("fl", (100, 100, 100), 1, 2, small_bet=2, big_bet=4))
    caps = []
    while (bounds := fl.min_max_bet_to()) is not None:
        caps.append(bounds[0])
        fl.bet_to(bounds[0])
    assert caps == [4, 6, 8, 10], caps  # the blind + 4 raises pre-flop

    allin = PKHand(PKSpec("nl", (50, 30, 200), 1, 2))  # button 50, SB 30, BB 200
    allin.bet_to(50)
    allin.check_or_call()  # SB calls all-in for 30
    assert allin.actor() == 2 and allin.min_max_bet_to() is None  # BB may only call or fold
    allin.check_or_call()
    assert allin.actor() is None and len(allin.board()) == 5
    print("all-in hand ranking", allin.ranking(), "stacks", allin.finish())
    print("self-check OK")
