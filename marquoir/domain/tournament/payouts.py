"""Prize pool and payouts: percentages by place, or the preset table by field size, turned
into amounts rounded to a unit whose total is exactly the prize pool.

Amounts are `Decimal` money. Each place gets its percentage of the pool rounded *down* to
the unit; the rounding remainder (always >= 0 and less than one unit a paid place) goes to
first place, and `Payouts.remainder` says how much that was.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from ..errors import UsageError
from ..i18n import _
from .money import ONE, floor_to_unit

HUNDRED = Decimal(100)

# The preset table: the places paid and their percentages, by number of places. It pays
# the home tiers on one table and about 15 % of larger fields (see `places_paid`),
# top-heavy like the tables clubs post: first place about twice second at two or three
# places paid, the last paid place at least an even split of the pool (4 % at 69 entries,
# where an even share is 1.45 %). Each row
# sums to exactly 100.
_TABLE: dict[int, tuple[str, ...]] = {
    1: ("100",),
    2: ("65", "35"),
    3: ("50", "30", "20"),
    4: ("40", "27", "19", "14"),
    5: ("36", "24", "17", "13", "10"),
    6: ("33", "22", "16", "12", "9.5", "7.5"),
    7: ("31", "20", "15", "11", "9", "7.5", "6.5"),
    8: ("30", "19", "14", "10.5", "8.5", "7", "6", "5"),
    9: ("29", "18", "13", "10", "8", "6.5", "5.5", "5", "5"),
    10: ("28", "17", "12.5", "9.5", "7.5", "6.5", "5.5", "5", "4.5", "4"),
}
PAID_SHARE = Decimal("0.15")
# (most entries, places paid) for small fields, the home tiers (see `places_paid`)
SINGLE_TABLE_TIERS = ((4, 1), (6, 2), (20, 3))


def parse_payouts(spec: str) -> tuple[Decimal, ...]:
    """Percentages by place from `50/30/20`; they must sum to 100 and never grow down the
    places (a lower place cannot pay more). `parse_payouts("60/40") == (60, 40)`."""
    parts = spec.split("/")
    try:
        shares = tuple(Decimal(part.strip()) for part in parts)
    except InvalidOperation:
        raise UsageError(
            _("payouts: {spec!r} is not percentages like 50/30/20").format(spec=spec)
        ) from None
    if any(not s.is_finite() or s <= 0 for s in shares):
        raise UsageError(_("payouts: each percentage must be a positive number"))
    if sum(shares) != HUNDRED:
        raise UsageError(
            _("payouts: the percentages sum to {value}, not 100").format(value=sum(shares))
        )
    if any(b > a for a, b in itertools.pairwise(shares)):
        raise UsageError(_("payouts: a lower place cannot pay more than a higher one"))
    return shares


def places_paid(field: int) -> int:
    """Places paid by the preset table. A single table pays as home games do: 1 place up to
    4 entries, 2 places (65/35) at 5 or 6, 3 places (50/30/20) from 7 (the tiers
    pokerclock.com and homepokergames.com publish for home tournaments: "5 or 6, the top 2;
    7 to 10, the top 3"); larger fields pay 15 % of the field rounded half up, never fewer
    than 3.

    4 entries -> 1; 6 -> 2; 9 -> 3; 20 -> 3; 23 -> 3.45 -> 3; 24 -> 3.6 -> 4.
    """
    if field < 1:
        raise UsageError(_("a tournament needs at least one entry"))
    if field <= SINGLE_TABLE_TIERS[-1][0]:
        return next(paid for most, paid in SINGLE_TABLE_TIERS if field <= most)
    paid = (Decimal(field) * PAID_SHARE).to_integral_value(rounding=ROUND_HALF_UP)
    return max(3, int(paid))


def preset_percentages(field: int) -> tuple[Decimal, ...]:
    """The preset table's percentages for a field (`preset_percentages(20) == (50, 30, 20)`):
    the table's rows up to 10 places paid (69 entries), `spread_percentages` beyond."""
    paid = places_paid(field)
    if paid in _TABLE:
        return tuple(Decimal(p) for p in _TABLE[paid])
    return spread_percentages(paid)


def spread_percentages(places: int) -> tuple[Decimal, ...]:
    """Percentages for more than 10 places paid (a club's 70 entries and more): place i
    weighs 1 / (i + 1), each share rounded down to 0.01 %, the rounding to first place, so
    the row sums to exactly 100 and never grows down the places.

    45 places (300 entries): first 14.81 %, second 9.75 %, the 45th 0.63 % (about twice an
    entry when the pool is the entries' money).
    """
    weights = [Decimal(1) / (place + 1) for place in range(1, places + 1)]
    total = sum(weights, Decimal(0))
    shares = [floor_to_unit(HUNDRED * w / total, Decimal("0.01")) for w in weights]
    shares[0] += HUNDRED - sum(shares, Decimal(0))
    return tuple(shares)


@dataclass(frozen=True)
class Payouts:
    """Amounts by place (first place first) and the rounding remainder added to first."""

    amounts: tuple[Decimal, ...]
    remainder: Decimal

    def note(self) -> str:
        """The sentence a report prints about the rounding."""
        if not self.remainder:
            return _("No rounding remainder.")
        return _("The rounding remainder ({remainder}) went to first place.").format(
            remainder=self.remainder
        )


def payouts(prize_pool: Decimal, percentages: Sequence[Decimal], *, unit: Decimal = ONE) -> Payouts:
    """Amounts by place: each percentage of `prize_pool` rounded down to `unit`, the
    remainder to first place, the total exactly `prize_pool`.

    Worked example: a pool of 185, 50/30/20, unit 1: 92.5 -> 92, 55.5 -> 55, 37 -> 37,
    that is 184; the remainder 1 goes to first: (93, 55, 37).
    """
    if not prize_pool.is_finite() or prize_pool < 0:
        raise UsageError(_("the prize pool cannot be negative"))
    if not percentages or sum(percentages, Decimal(0)) != HUNDRED:
        raise UsageError(_("the payout percentages must sum to 100"))
    amounts = [floor_to_unit(prize_pool * p / HUNDRED, unit) for p in percentages]
    remainder = prize_pool - sum(amounts, Decimal(0))
    amounts[0] += remainder
    return Payouts(tuple(amounts), remainder)
