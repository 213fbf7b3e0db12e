"""A session's settings and a player's account in it (shared by the table and its
tournament side)."""

from __future__ import annotations

from .caves import CavePolicy
from .config import TableConfig
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .tournament.session import TournamentSettings


class SessionSettings(Record):
    """A session's rules: the table, the caves, and what a chip is worth."""

    table: TableConfig
    caves: CavePolicy = CavePolicy()
    chip_value: str = "1"
    currency: str = "EUR"
    # a tournament's structure (None: a cash game)
    tournament: TournamentSettings | None = None
    # the language of the session's output ("fr" or "en"), "" to follow the locale
    lang: str = ""


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
        """Dealt in at the next hand: seated, with chips, not sitting out (`playing` says
        it, for many players at once)."""
        return bool(playing((self,)))

    @property
    def result(self) -> int:
        """Chips won (positive) or lost so far: what he holds or took out minus what he paid."""
        return self.stack + self.cashed_out - self.bought


def playing(accounts: Iterable[Account]) -> list[Account]:
    """Those of `accounts` dealt in at the next hand (`Account.plays`), in their order: seated,
    with chips, not sitting out. The one place that says it, asked of everyone at each deal
    without a property's call for each player."""
    return [a for a in accounts if not a.left and not a.sitting_out and a.stack > 0]


__all__ = ["Account", "SessionSettings", "playing"]
