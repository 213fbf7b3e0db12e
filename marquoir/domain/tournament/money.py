"""Splitting an amount of money into parts rounded to a unit, the total kept exact.

Every prize, deal and bounty goes through here so that the same rounding rule holds
everywhere: each part is rounded *down* to the unit, then the units still missing go one at
a time to the parts with the largest rounded-off fraction (ties: the part listed first);
whatever is smaller than a unit (a total that is not a multiple of the unit) goes to the
first part. The parts always sum to the total exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_FLOOR, Decimal

from ..errors import UsageError
from ..i18n import _

ONE = Decimal(1)


def check_unit(unit: Decimal) -> None:
    """Refuse a rounding unit that is not a positive amount."""
    if not unit.is_finite() or unit <= 0:
        raise UsageError(
            _("the rounding unit must be a positive amount, not {unit}").format(unit=unit)
        )


def floor_to_unit(amount: Decimal, unit: Decimal = ONE) -> Decimal:
    """`amount` rounded down to a multiple of `unit` (`floor_to_unit(Decimal("12.7")) == 12`)."""
    check_unit(unit)
    return (amount / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


def split_exact(
    total: Decimal, weights: Sequence[Decimal], *, unit: Decimal = ONE
) -> tuple[Decimal, ...]:
    """Split `total` in proportion to `weights`, each part a multiple of `unit`, sum exact.

    Worked example: 100 split 1:1:1 with unit 1 -> 33.33 each, rounded down to 33, 33, 33
    (99); the missing unit goes to the largest fraction, all equal, so to the first part:
    (34, 33, 33).
    """
    check_unit(unit)
    if not weights:
        raise UsageError(_("nothing to split the amount between"))
    if any(w < 0 for w in weights):
        raise UsageError(_("a share cannot be negative"))
    weight_sum = sum(weights, Decimal(0))
    if total == 0:
        return tuple(Decimal(0) for _ in weights)
    if weight_sum == 0:
        raise UsageError(_("the shares are all zero"))
    exact = [total * w / weight_sum for w in weights]
    parts = [floor_to_unit(x, unit) for x in exact]
    missing_units = int((total - sum(parts, Decimal(0))) / unit)
    # Largest remainder first; `sorted` is stable, so equal fractions keep the listed order.
    order = sorted(range(len(parts)), key=lambda i: exact[i] - parts[i], reverse=True)
    for i in order[:missing_units]:
        parts[i] += unit
    parts[0] += total - sum(parts, Decimal(0))  # less than a unit: to the first part
    return tuple(parts)
