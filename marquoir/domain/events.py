"""The events of a table: what the log records, one per command.

Every command the table accepts becomes one of these frozen records; `Table.apply` carries
it out.
"""

from __future__ import annotations

from .actions import Action
from .config import ForcedBetSchedule
from .outcome import SeatInfo
from .ranking import Ranking
from .records import Record


class Seated(Record):
    """A player sat down and bought in."""

    player: str
    seat: int
    chips: int
    # a player who had left comes back (his cave counts as a recave)
    returning: bool = False
    # a tournament of several tables: the seed of the seat's random draw (the seat is then
    # table x 100 + seat at the table: 207 is table 2, seat 7)
    seed: int | None = None


class Recaved(Record):
    """A player re-bought between hands."""

    player: str
    chips: int


class Left(Record):
    """A player cashed out his stack and left the table."""

    player: str
    chips: int


class LeftAll(Record):
    """The end of the night: everyone still at the table cashed out, as one event (one
    `undo`). `shares` gives back first the chips a void deal left in the middle, if any."""

    leaves: tuple[tuple[str, int], ...]
    shares: tuple[tuple[str, int], ...] = ()


class ButtonSet(Record):
    """The next deal puts the button on this player."""

    player: str


class SatOut(Record):
    """A player skips the next hands."""

    player: str


class Back(Record):
    """A player who sat out plays again."""

    player: str


class Dealt(Record):
    """A hand starts: its number, the button's seat and the players dealt in."""

    hand_no: int
    button: int
    seats: tuple[SeatInfo, ...]
    # chips a void deal (or a false opener's fine) left for this hand's pot
    dead: int = 0
    # a tournament of several tables: the table the hand is dealt at (0: the only table)
    table: int = 0


class Acted(Record):
    """A betting action in the hand in play."""

    action: Action


class ShowedDown(Record):
    """The showdown result of the hand in play (and who takes a split's odd chips first).

    When the table gave the cards, `board` and `cards` (player, cards shown) keep them: the
    ranking was read from them. In a hi-lo game `low` ranks the players with a qualifying
    low, best first (None: nobody has one, the high hand scoops).
    """

    ranking: Ranking
    odd_chip: str | None = None
    board: str = ""
    cards: tuple[tuple[str, str], ...] = ()
    low: Ranking | None = None


class CarrySplit(Record):
    """The chips a void deal left in the middle go back to the players, at the end of the
    night (equal shares, odd chips in seat order from the dealer's left)."""

    shares: tuple[tuple[str, int], ...]


class BrelansPaid(Record):
    """Bouillotte: the brelans shown in the last hand, best first; each is paid one passe by
    every other player at the table (two for a brelan carré), outside the pot. `misdeal`:
    those of a misdeal (its deal undone), paid by the players it dealt in."""

    players: tuple[str, ...]
    carre: str | None = None
    misdeal: bool = False


class BlindsSet(Record):
    """Between hands, the forced-bet schedule changes: the next deal posts these bets."""

    schedule: ForcedBetSchedule


class LevelSet(Record):
    """Tournament: the director moves to this level; its blinds apply from the next deal
    (TDA 2024 rule 23: a new level applies to the next hand)."""

    level: int


class Rebought(Record):
    """Tournament: a rebuy, more chips for the same entry (not a new entry)."""

    player: str
    chips: int


class AddedOn(Record):
    """Tournament: the add-on, once an entry, at the end of the rebuy period."""

    player: str
    chips: int


class Reentered(Record):
    """Tournament: a busted player buys a new entry (it counts in the field); with several
    tables, at the seat drawn from `seed` (table x 100 + seat)."""

    player: str
    chips: int
    seat: int = 0
    seed: int | None = None


class Moved(Record):
    """Tournament of several tables: a player moves to another seat (table x 100 + seat),
    to balance the tables (TDA 2024 rule 11) or as the director says."""

    player: str
    seat: int


class WentOut(Record):
    """Tournament of several tables: a player busted at a table whose hands are not
    recorded; `by`: who won his last chips ("" when not said)."""

    player: str
    by: str = ""


class Chopped(Record):
    """Tournament: the players left make a deal (`icm`, `chips` or `even`): each takes his
    `shares` (entry, money as text) now; `keep` (money) stays to play for."""

    method: str
    keep: str
    shares: tuple[tuple[str, str], ...]


class Raced(Record):
    """Tournament: the chip race of a colour-up (TDA 2024 rule 24): the odd chips of the
    `removed` denomination each player held (`odd`, in seat order) raced into chips of
    `next_chip`; `draw` is the racing players by their highest card, highest first (read at
    the table, or dealt here from `seed`, the `cards` kept); `won` got one chip each,
    `protected` one chip so as not to be raced out."""

    removed: int
    next_chip: int
    odd: tuple[tuple[str, int], ...]
    draw: tuple[str, ...]
    seed: int | None
    cards: tuple[tuple[str, str], ...]
    won: tuple[str, ...]
    protected: tuple[str, ...]

    def change(self, player: str) -> int:
        """What the race does to `player`'s stack: his odd chips go, a chip won comes."""
        count = dict(self.odd).get(player, 0)
        new = int(player in self.won or player in self.protected)
        return new * self.next_chip - count * self.removed


class Paused(Record):
    """Tournament: the director stops the clock; with `minutes`, a break of that length
    starts now (the clock runs again by itself at its end)."""

    minutes: int | None = None


class Resumed(Record):
    """Tournament: the director starts the stopped clock again."""


class Corrected(Record):
    """A chip count found a different stack: the count replaces the tracked stack."""

    player: str
    stack: int


class Fined(Record):
    """A house fine (the dealer who forgot his duty, ...): chips of the player's stack that
    wait in the middle for the next pot."""

    player: str
    chips: int


class PotALaClef(Record):
    """Jackpots: the next deal is the pot à la clef, and it falls with the regular pot, so
    every player's ante is doubled for that deal."""


class Settled(Record):
    """The session was settled: its books are closed until it is reopened.

    When the chips cashed out did not match the chips bought (a count short or long), the
    host said who absorbs the `difference` (chips cashed out minus chips bought): `missing`
    is "shared", "host" or a player's name; empty when the count balanced."""

    missing: str = ""
    difference: int = 0


class Reopened(Record):
    """A settled session is reopened: table commands are accepted again."""


TableEvent = (
    Seated
    | Recaved
    | Left
    | LeftAll
    | ButtonSet
    | SatOut
    | Back
    | Dealt
    | Acted
    | ShowedDown
    | Corrected
    | Fined
    | PotALaClef
    | BlindsSet
    | LevelSet
    | Rebought
    | AddedOn
    | Reentered
    | Moved
    | WentOut
    | Chopped
    | Raced
    | Paused
    | Resumed
    | BrelansPaid
    | CarrySplit
    | Settled
    | Reopened
)


class CountLine(Record):
    """One player of a chip count: the tracked stack, the counted one, the difference."""

    player: str
    tracked: int
    counted: int

    @property
    def difference(self) -> int:
        return self.counted - self.tracked
