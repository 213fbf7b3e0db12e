"""A player's account in a session: his seat, his chips behind, his caves and cash-out."""

from __future__ import annotations


class Account:
    """A player's account in the session: seat, chips behind, caves, cash-out."""

    __slots__ = (
        "adjusted",
        "bought",
        "cashed_out",
        "left",
        "name",
        "recaves",
        "seat",
        "sitting_out",
        "stack",
    )

    def __init__(self, name: str, seat: int, stack: int = 0) -> None:
        self.name = name
        self.seat = seat
        self.stack = stack
        self.bought = 0
        self.recaves = 0
        self.cashed_out = 0
        self.left = False
        self.sitting_out = False
        # chips added (or taken, when negative) by count corrections
        self.adjusted = 0

    @property
    def busted(self) -> bool:
        return not self.left and self.stack == 0

    @property
    def plays(self) -> bool:
        """Dealt in at the next hand: seated, with chips, not sitting out."""
        return not self.left and not self.sitting_out and self.stack > 0

    @property
    def result(self) -> int:
        """Chips won (positive) or lost so far: what he holds or took out minus what he paid."""
        return self.stack + self.cashed_out - self.bought
