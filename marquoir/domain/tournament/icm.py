"""The Independent Chip Model (Malmuth-Harville) and the deals made with it or without it.

Malmuth-Harville: a player wins first place with probability stack / total chips; given who
finished above, each remaining player takes the next place with probability his stack over
the chips still unplaced. A player's equity is the sum over places of P(place) x prize.

`icm_equities` computes it by a memoised recursion over the subsets of players still
unplaced (2^n subsets, n^2 2^n steps: 10 players in a few milliseconds) where enumerating
finishing orders would take n!/(n-k)! orders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from ..errors import UsageError
from ..i18n import _
from .money import ONE, check_unit, split_exact

MAX_PLAYERS = 16


def _check_stacks(stacks: Sequence[int | float]) -> None:
    if not stacks:
        raise UsageError(_("no players to share the prizes"))
    if len(stacks) > MAX_PLAYERS:
        raise UsageError(
            _("ICM is computed for at most {MAX_PLAYERS} players").format(MAX_PLAYERS=MAX_PLAYERS)
        )
    if any(s <= 0 for s in stacks):
        raise UsageError(_("ICM counts players with chips: every stack must be positive"))


def icm_equities(
    stacks: Sequence[int | float], prizes: Sequence[int | float | Decimal]
) -> tuple[float, ...]:
    """Each player's Malmuth-Harville equity, in the same unit as `prizes` (first place
    first; places beyond the number of players are never reached and are ignored).

    Worked example (prizes 70 and 30; stacks A 50, B 30, C 20): A is first with
    probability 50/100 = .5; A is second after B (.3 x 50/70 = .2143) or after C
    (.2 x 50/80 = .125), .3393 in all; A's equity = 70 x .5 + 30 x .3393 = 45.18. Likewise B
    32.25, C 22.57: the figures of
    PokerKit's `calculate_icm([70, 30], [50, 30, 20])` gives (note its order: prizes first).
    """
    _check_stacks(stacks)
    chips = tuple(float(s) for s in stacks)
    values = tuple(float(p) for p in prizes)[: len(chips)]
    n = len(chips)

    @cache
    def unplaced_equity(mask: int) -> tuple[float, ...]:
        """Expected prizes of the players in `mask`, the places above them already taken."""
        place = n - mask.bit_count()
        result = [0.0] * n
        if place >= len(values):
            return tuple(result)
        members = [i for i in range(n) if mask >> i & 1]
        total = sum(chips[i] for i in members)
        for j in members:
            p = chips[j] / total
            result[j] += p * values[place]
            for i, value in enumerate(unplaced_equity(mask & ~(1 << j))):
                result[i] += p * value
        return tuple(result)

    return unplaced_equity((1 << n) - 1)


@dataclass(frozen=True)
class Deal:
    """A deal: what each player takes now (in the order of the stacks), the amount `kept` to
    play for (it goes to the winner of the rest of the game), and how it was computed."""

    amounts: tuple[Decimal, ...]
    kept: Decimal
    method: str


def _deal_prizes(
    stacks: Sequence[int], prizes: Sequence[Decimal], keep: Decimal, unit: Decimal
) -> list[Decimal]:
    """The prizes of the remaining places, padded with zeros to one a player, `keep` taken
    off first place (it stays on the table for the winner)."""
    _check_stacks(stacks)
    check_unit(unit)
    if len(prizes) > len(stacks):
        raise UsageError(
            _("{count} prizes left for {count2} players").format(
                count=len(prizes), count2=len(stacks)
            )
        )
    if any(p < 0 for p in prizes):
        raise UsageError(_("a prize cannot be negative"))
    table = list(prizes) + [Decimal(0)] * (len(stacks) - len(prizes))
    if not keep.is_finite() or keep < 0 or keep > table[0]:
        raise UsageError(
            _("the amount kept to play for must be between 0 and {value}").format(value=table[0])
        )
    table[0] -= keep
    return table


def chop_icm(
    stacks: Sequence[int],
    prizes: Sequence[Decimal],
    *,
    keep: Decimal = Decimal(0),
    unit: Decimal = ONE,
) -> Deal:
    """An ICM deal: each player takes his Malmuth-Harville equity of the prizes still to be
    won (minus `keep`, taken off first prize), rounded to `unit`, the total exact."""
    table = _deal_prizes(stacks, prizes, keep, unit)
    equities = icm_equities(stacks, table)
    weights = [Decimal(e) for e in equities]
    amounts = split_exact(sum(table, Decimal(0)), weights, unit=unit)
    return Deal(amounts, keep, "icm")


def chop_chips(
    stacks: Sequence[int],
    prizes: Sequence[Decimal],
    *,
    keep: Decimal = Decimal(0),
    unit: Decimal = ONE,
) -> Deal:
    """A chip-count deal: each player takes the last prize still to be paid (the least he is
    sure of), plus a share of the rest in proportion to his chips.

    Worked example: prizes 500, 300, 200, stacks 60,000, 30,000, 10,000: each takes 200, the
    rest 1,000 - 3 x 200 = 400 splits 60/30/10 %: 240, 120, 40 -> 440, 320, 240.
    """
    table = _deal_prizes(stacks, prizes, keep, unit)
    # (the least a player is sure of: the last prize, or less when what is kept to play for
    # leaves first place below it)
    floor_prize = min(table)
    rest = sum(table, Decimal(0)) - floor_prize * len(table)
    shares = split_exact(rest, [Decimal(s) for s in stacks], unit=unit) if rest else ()
    amounts = tuple(floor_prize + (shares[i] if shares else 0) for i in range(len(stacks)))
    if floor_prize % unit:
        # a last prize off the unit: round the whole deal again so every amount is on it
        amounts = split_exact(sum(amounts, Decimal(0)), list(amounts), unit=unit)
    return Deal(amounts, keep, "chips")


def chop_even(
    stacks: Sequence[int],
    prizes: Sequence[Decimal],
    *,
    keep: Decimal = Decimal(0),
    unit: Decimal = ONE,
) -> Deal:
    """An even deal: the prizes still to be won (minus `keep`) in equal parts, rounded to
    `unit` (the odd units to the players listed first), the total exact."""
    table = _deal_prizes(stacks, prizes, keep, unit)
    amounts = split_exact(sum(table, Decimal(0)), [ONE] * len(stacks), unit=unit)
    return Deal(amounts, keep, "even")
