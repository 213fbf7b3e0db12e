"""League points: what each player scores in a tournament, for `standings` over a season.

A formula gives the points of place `p` in a field of `n` entries (re-entries count in the
field, as in the prize pool); a player scores once a tournament, for his best entry.

- `field` (the default): n - p + 1. The winner of 9 entries scores 9, the 9th 1: every
  entry scores, and a larger field is worth more. Worked example, 9 entries: 1st 9, 2nd 8,
  4th 6, 9th 1.
- `sqrt`: 10 x sqrt(n / p), to the hundredth (half up): it rewards the top places more.
  Worked example, 9 entries: 1st 10 x 3 = 30, 4th 10 x 1.5 = 15, 9th 10, 2nd
  10 x 2.1213... = 21.21.
- a table `10/7/5/3/1`: those points to places 1 to 5, nothing below.

Entries sharing places (out on the same hand with equal stacks) share those places' points
equally: sharing 7th and 8th of 9 in `field` scores (3 + 2) / 2 = 2.5 each. The players of
a deal that ends the tournament share the places still to be played for the same way: a
deal at three of 9 in `field` gives each (9 + 8 + 7) / 3 = 8. A tournament still played
scores only for the places already decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from ..errors import UsageError
from ..i18n import _

DEFAULT_POINTS = "field"
CENT = Decimal("0.01")


def parse_points(spec: str) -> str:
    """The formula `spec` names, checked: `field`, `sqrt` or a table like `10/7/5/3/1`
    (`UsageError` otherwise); returned as written, normalised."""
    text = spec.strip().lower()
    if text in ("field", "sqrt"):
        return text
    parts = text.split("/")
    try:
        values = [Decimal(part) for part in parts]
    except ArithmeticError:
        values = []
    if not values or any(not v.is_finite() or v < 0 for v in values):
        raise UsageError(
            _("--points is field, sqrt or points by place like 10/7/5/3/1 (got {spec!r})").format(
                spec=spec
            )
        )
    return "/".join(str(v) for v in values)


def place_points(formula: str, field_size: int, place: int) -> Decimal:
    """The points of `place` in a field of `field_size` entries by `formula`."""
    if not 1 <= place <= field_size:
        raise UsageError(
            _("place {place} is outside a field of {size}").format(place=place, size=field_size)
        )
    if formula == "field":
        return Decimal(field_size - place + 1)
    if formula == "sqrt":
        value = (Decimal(field_size) / Decimal(place)).sqrt() * 10
        return value.quantize(CENT, rounding=ROUND_HALF_UP)
    table = [Decimal(part) for part in formula.split("/")]
    return table[place - 1] if place <= len(table) else Decimal(0)


def shared_points(formula: str, field_size: int, place: int, shared: int) -> Decimal:
    """The points of each of `shared` entries sharing places `place` to `place + shared - 1`:
    the average of those places' points, to the hundredth (half up)."""
    total = sum(
        (place_points(formula, field_size, p) for p in range(place, place + shared)),
        Decimal(0),
    )
    return (total / shared).quantize(CENT, rounding=ROUND_HALF_UP)


def tournament_points(
    formula: str,
    field_size: int,
    places: Sequence[tuple[str, int | None, int]],
    *,
    ended_by_deal: bool,
) -> dict[str, Decimal]:
    """Each player's points in one tournament from `places` (player, place or None while he
    plays, how many share it), his best entry counting. The players without a place share
    the places still open when a deal ended the game; otherwise they score nothing yet."""
    best: dict[str, Decimal] = {}
    unplaced = [player for player, place, _ in places if place is None]
    for player, place, shared in places:
        if place is not None:
            points = shared_points(formula, field_size, place, shared)
            best[player] = max(best.get(player, points), points)
    if ended_by_deal and unplaced:
        points = shared_points(formula, field_size, 1, len(unplaced))
        for player in unplaced:
            best[player] = max(best.get(player, points), points)
    return best


def points_text(points: Decimal) -> str:
    """Points as shown: `9`, `2.5`, `21.21` (no trailing zeros)."""
    text = f"{points.quantize(CENT):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


__all__ = [
    "DEFAULT_POINTS",
    "parse_points",
    "place_points",
    "points_text",
    "shared_points",
    "tournament_points",
]
