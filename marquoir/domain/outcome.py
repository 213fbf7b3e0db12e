"""What a hand is made of and what it produces: seats, forced bets, views, results."""

from __future__ import annotations

from .enums import StrEnum
from .pots import PotAward
from .ranking import Ranking
from .records import Record


class Phase(StrEnum):
    """Where a hand stands: players betting, waiting for the showdown result, or over."""

    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


class SeatInfo(Record):
    """A player dealt in: name, seat number (order of play) and chips behind."""

    name: str
    seat: int
    stack: int


class ForcedBet(Record):
    """An ante, blind or straddle posted at the start of a hand."""

    player: str
    kind: str
    amount: int
    all_in: bool


class PlayerView(Record):
    """A player's position in the hand: chips behind, in front, put in, folded."""

    name: str
    seat: int
    stack: int
    bet: int
    live: int
    dead: int
    folded: bool

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def put_in(self) -> int:
        """Everything this player put in the hand (bets and antes)."""
        return self.live + self.dead


class ShowdownEvent(Record):
    """The showdown as the log keeps it: the ranking given and how each pot went; in a hi-lo
    game, `low` ranks the players with a qualifying low (None: nobody has one)."""

    ranking: Ranking
    awards: tuple[PotAward, ...]
    odd_chip: str | None = None
    low: Ranking | None = None


class HandResult(Record):
    """The end of a hand: stacks before and after, each pot and its winners, returned bets."""

    start: dict[str, int]
    final: dict[str, int]
    awards: tuple[PotAward, ...]
    returned: dict[str, int]
    by_fold: bool
    # a void deal (nobody opened): what stays in the middle for the next deal, with fines
    carry: int = 0
    void: bool = False

    @property
    def nets(self) -> dict[str, int]:
        """Each player's win (positive) or loss (negative) on the hand."""
        return {name: self.final[name] - self.start[name] for name in self.start}

    def won(self) -> dict[str, int]:
        """The chips each player took from the pots."""
        totals: dict[str, int] = {}
        for award in self.awards:
            for name, amount in award.shares:
                totals[name] = totals.get(name, 0) + amount
        return totals
