"""Betting structures: what a bet or raise may be in no-limit, pot-limit and fixed-limit.

Each structure is a small strategy object; the hand state machine asks it for the bounds of
a bet or raise, tells it when one is made, and asks whether what a player faced since he
last acted reopens the betting for him.
"""

from __future__ import annotations

from .config import BettingKind, TableConfig
from .records import Record


class RoundState:
    """The betting state of one round (street).

    `current_bet` is the amount to match; `min_inc` the last full bet or raise (no-limit and
    pot-limit); `full_level` the last bet level that counted as a full bet (fixed-limit);
    `opened` whether the opening bet is in and `raises` how many full raises followed it.
    """

    __slots__ = ("current_bet", "full_level", "min_inc", "opened", "raises", "street")

    def __init__(self, street: int) -> None:
        self.street = street
        self.current_bet = 0
        self.min_inc = 0
        self.full_level = 0
        self.opened = False
        self.raises = 0

    def next_round(self) -> None:
        """On to the next round, nothing bet yet (the state kept: a round state is made
        once a hand, where making one is a costlier call than a method's)."""
        self.street += 1
        self.current_bet = self.min_inc = self.full_level = self.raises = 0
        self.opened = False


class RaiseContext(Record):
    """What a structure needs to know about the table when bounding a raise."""

    bet: int  # the acting player's bet in front
    pot: int  # chips in the middle from earlier rounds, antes and dead money included
    front: int  # every bet in front this round (short blinds count as full pre-flop)
    players_in_hand: int


class BettingStructure:
    """The no-limit rules, which the other structures refine.

    A bet is at least the big blind; a raise adds at least the last full bet or raise of the
    round (TDA 43-A) and has no maximum.
    """

    needs_pot = False  # whether `bounds` reads the pot and the bets in front
    # whether a full bet over an incomplete one (a bring-in, a short all-in) is said to
    # complete it (fixed-limit); elsewhere it is a raise
    completes = False

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        # (read once: a setting computed from others, asked at each later round's start)
        self.min_bet = config.min_bet
        # (the class's flags set on the structure, made once a table: the hand reads them at
        # every bet, where a class attribute read through an instance is a full look-up)
        self.needs_pot, self.completes = self.needs_pot, self.completes

    def start_round(self, rnd: RoundState, opening: int, *, min_bet: int | None = None) -> None:
        """Set up a round; `opening` is the blind (or straddle) price pre-flop, else 0.

        `min_bet` overrides the smallest opening bet (Bouillotte's passe after void deals).
        """
        rnd.current_bet = opening
        rnd.min_inc = opening or min_bet or self.min_bet

    def bounds(self, rnd: RoundState, ctx: RaiseContext) -> tuple[int, int | None] | None:
        """(smallest, largest) total for a bet or raise, before the stack; None: not allowed."""
        return rnd.current_bet + rnd.min_inc, None

    def record(self, rnd: RoundState, total: int) -> None:
        """A bet or raise to `total` was made (it may be a short all-in)."""
        increment = total - rnd.current_bet
        if increment >= rnd.min_inc:
            rnd.min_inc = increment
        rnd.current_bet = total

    def is_full(self, rnd: RoundState, total: int) -> bool:
        """Whether a bet or raise to `total` is a full one (it reopens the betting)."""
        return total - rnd.current_bet >= rnd.min_inc

    def reopens(self, rnd: RoundState, faced: int) -> bool:
        """Whether having faced `faced` more chips since acting lets a player raise (TDA 47-A)."""
        return faced >= rnd.min_inc


class NoLimit(BettingStructure):
    """No-limit betting."""


class PotLimit(BettingStructure):
    """Pot-limit: at most current bet + (pot + all bets in front + the amount to call)."""

    needs_pot = True

    def bounds(self, rnd: RoundState, ctx: RaiseContext) -> tuple[int, int | None] | None:
        smallest = rnd.current_bet + rnd.min_inc
        to_call = rnd.current_bet - ctx.bet
        largest = rnd.current_bet + ctx.pot + ctx.front + to_call
        return smallest, max(smallest, largest)


class FixedLimit(BettingStructure):
    """Fixed-limit: a bet or raise is exactly one unit; a cap on raises; half-unit all-ins."""

    completes = True

    def __init__(self, config: TableConfig) -> None:
        super().__init__(config)
        # (read once a table: a setting computed from others, asked at every bet, raise and
        # round's start; the big-bet round is the game's, asked of the registry each time, as
        # a game may be registered again)
        self.limits = config.limits

    def unit(self, street: int) -> int:
        """The small bet in the first rounds, the big bet from the game's big-bet round on."""
        small, big = self.limits
        return small if street < self.config.big_bet_street else big

    def start_round(self, rnd: RoundState, opening: int, *, min_bet: int | None = None) -> None:
        rnd.current_bet = opening
        rnd.raises = 0
        # The big blind is the opening bet pre-flop when it is at least half a unit.
        rnd.opened = opening > 0 and 2 * opening >= self.unit(rnd.street)
        rnd.full_level = opening if rnd.opened else 0

    def capped(self, rnd: RoundState, ctx: RaiseContext) -> bool:
        """Whether the raise cap is reached (no cap heads-up when the setting says so)."""
        cap = self.config.cap
        if cap is None or (self.config.heads_up_uncapped and ctx.players_in_hand == 2):
            return False
        return rnd.opened and rnd.raises >= cap

    def bounds(self, rnd: RoundState, ctx: RaiseContext) -> tuple[int, int | None] | None:
        if self.capped(rnd, ctx):
            return None
        target = rnd.full_level + self.unit(rnd.street)
        return target, target

    def is_full(self, rnd: RoundState, total: int) -> bool:
        # An all-in of at least half a unit counts as a full bet or raise (TDA 47-B).
        return 2 * (total - rnd.full_level) >= self.unit(rnd.street)

    def record(self, rnd: RoundState, total: int) -> None:
        if self.is_full(rnd, total):
            if rnd.opened:
                rnd.raises += 1
            rnd.opened = True
            rnd.full_level = total
        rnd.current_bet = total

    def reopens(self, rnd: RoundState, faced: int) -> bool:
        # A full bet made since he acted reopens the betting for him: facing half a unit or
        # more, or a bet that completed an incomplete one (stud: completing the bring-in lets
        # those who brought in or called it raise, however close it is to the small bet).
        acted_at = rnd.current_bet - faced
        return 2 * faced >= self.unit(rnd.street) or rnd.full_level > acted_at


_STRUCTURES: dict[BettingKind, type[BettingStructure]] = {
    BettingKind.NO_LIMIT: NoLimit,
    BettingKind.POT_LIMIT: PotLimit,
    BettingKind.FIXED_LIMIT: FixedLimit,
}


# The structure made for the last configuration asked for, which the next deal of the same
# table asks again: a structure keeps no state of its own (each round's is a `RoundState`),
# so the hands of one configuration may share one.
_LAST: list[tuple[TableConfig, BettingStructure]] = []


def structure_for(config: TableConfig) -> BettingStructure:
    """The betting structure strategy of a table."""
    if _LAST and _LAST[0][0] is config:
        return _LAST[0][1]
    made = _STRUCTURES[config.betting](config)
    _LAST[:] = [(config, made)]
    return made
