"""The betting structures by name: shared by the table's settings and the games."""

from __future__ import annotations

from .enums import StrEnum


class BettingKind(StrEnum):
    """Betting structures: no-limit, pot-limit, fixed-limit."""

    NO_LIMIT = "nl"
    POT_LIMIT = "pl"
    FIXED_LIMIT = "fl"


__all__ = ["BettingKind"]
