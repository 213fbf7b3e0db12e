"""Several tables of one tournament: seats drawn at random, tables balanced and broken, the
final table redrawn.

Pure functions of the room as it stands (who sits where, and where each table's button is
when it is known) and of a seeded `random.Random`, so that a draw recorded with its seed is
drawn again, identically, when the log is replayed. The rules, with their TDA numbers, are
in docs/rules.md ("Several tables"):

- a new entry (first entry, late entry, re-entry) draws a seat at random among the open
  seats of the tables that have the fewest players, so that tables fill evenly;
- tables are balanced when the largest has two players more than the smallest (the TDA's
  "should balance" for flop games): the table that gives is the largest (when several, the
  first after the short table in table order), and the player who moves is the one who would
  be big blind next there; he takes the worst position at the short table: the open seat that
  would be big blind next, or the nearest after it, never the small blind;
- when the players left fit on one table fewer, the table with the highest number breaks and
  its players draw new seats as new entries do; down to the final table's size, everyone
  redraws for the final table (table 1).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

# The gap between the largest and the smallest table at which a table gives a player.
BALANCE_GAP = 2


@dataclass(frozen=True, order=True)
class Place:
    """A table and a seat at it, written `2:7`."""

    table: int
    seat: int

    def __str__(self) -> str:
        return f"{self.table}:{self.seat}"

    @classmethod
    def parse(cls, text: str) -> Place:
        """`2:7` -> table 2, seat 7 (ValueError otherwise)."""
        table, sep, seat = text.partition(":")
        if not sep or not table.isdigit() or not seat.isdigit():
            raise ValueError(text)
        return cls(int(table), int(seat))


@dataclass(frozen=True)
class Move:
    """A player to move from one table to another. `player` and `to.seat` are None when the
    rule names a position whose holder is not known here (a table whose button was not
    recorded): the director finds him at the table, then records the move."""

    source: int
    table: int
    player: str | None
    seat: int | None
    why: str  # "balance", "break" or "final"


@dataclass
class Room:
    """The tables of a tournament: seat -> player at each open table, the seats a table has,
    and the seat of each table's button for its next hand, where known."""

    seats: int
    tables: dict[int, dict[int, str]] = field(default_factory=dict)
    buttons: dict[int, int] = field(default_factory=dict)
    final_table: int = 0  # seats at the final table (0: as many as at the other tables)

    @classmethod
    def open(cls, *, tables: int, seats: int, final_table: int = 0) -> Room:
        """A room of `tables` empty tables of `seats` seats."""
        return cls(seats, {t: {} for t in range(1, tables + 1)}, {}, final_table)

    # -- reading the room ----------------------------------------------------------------

    def count(self, table: int) -> int:
        """How many players sit at `table`."""
        return len(self.tables[table])

    @property
    def players(self) -> int:
        """How many players are seated in the room."""
        return sum(len(seats) for seats in self.tables.values())

    def where(self, player: str) -> Place | None:
        """Where `player` sits, or None."""
        for table, seats in self.tables.items():
            for seat, name in seats.items():
                if name == player:
                    return Place(table, seat)
        return None

    def open_seats(self, table: int) -> list[int]:
        """The empty seats of `table`, in seat order."""
        taken = self.tables[table]
        return [s for s in range(1, self.seats_at(table) + 1) if s not in taken]

    def seats_at(self, table: int) -> int:
        """How many seats `table` has (the final table may have its own number)."""
        final = len(self.tables) == 1 and self.final_table
        return final or self.seats

    def seat_list(self) -> list[tuple[str, Place]]:
        """Every seated player and his place, by name (the list a player looks up)."""
        return sorted(
            ((name, Place(t, s)) for t, seats in self.tables.items() for s, name in seats.items()),
            key=lambda item: (item[0].casefold(), item[1]),
        )

    # -- changing it -----------------------------------------------------------------------

    def sit(self, player: str, place: Place) -> None:
        """`player` takes `place` (leaving the seat he had, if any)."""
        if place.table not in self.tables:
            raise ValueError(f"no table {place.table}")
        if place.seat not in self.open_seats(place.table):
            raise ValueError(f"seat {place} is taken or does not exist")
        self.remove(player)
        self.tables[place.table][place.seat] = player

    def remove(self, player: str) -> Place | None:
        """`player` leaves the room (busted); where he sat, or None."""
        place = self.where(player)
        if place is not None:
            del self.tables[place.table][place.seat]
        return place

    # -- the rules -------------------------------------------------------------------------

    def draw(self, rng: random.Random) -> Place:
        """A seat for a new entry: at random among the open seats of the tables that have
        the fewest players (ValueError when the room is full)."""
        candidates = [t for t in sorted(self.tables) if self.open_seats(t)]
        if not candidates:
            raise ValueError("every seat is taken")
        fewest = min(self.count(t) for t in candidates)
        seats = [
            Place(t, s) for t in candidates if self.count(t) == fewest for s in self.open_seats(t)
        ]
        return rng.choice(seats)

    def table_to_break(self) -> int | None:
        """The table to break now: the highest-numbered, when the players left fit on the
        other tables (None otherwise)."""
        if len(self.tables) < 2:
            return None
        others = len(self.tables) - 1
        if self.final_table and self.players <= self.final_table:
            return None  # the final table is drawn instead (`final_due`)
        if self.players <= others * self.seats:
            return max(self.tables)
        return None

    def final_due(self) -> bool:
        """Whether the players left fit on the final table and still sit at several."""
        size = self.final_table or self.seats
        return len(self.tables) > 1 and self.players <= size

    def balance(self) -> Move | None:
        """The next move that balances the room, or None when it is balanced."""
        if len(self.tables) < 2:
            return None
        counts = {t: self.count(t) for t in self.tables}
        short = min(sorted(counts), key=lambda t: counts[t])
        if max(counts.values()) - counts[short] < BALANCE_GAP:
            return None
        order = sorted(self.tables)
        after_short = order[order.index(short) + 1 :] + order[: order.index(short)]
        source = next(t for t in after_short if counts[t] == max(counts.values()))
        return Move(
            source,
            short,
            self.next_big_blind(source),
            self.worst_seat(short),
            "balance",
        )

    def next_big_blind(self, table: int) -> str | None:
        """Who would be big blind at `table`'s next hand (None: its button is not known)."""
        button = self.buttons.get(table)
        seats = self.tables[table]
        if button is None or len(seats) < 2:
            return None
        ring = _clockwise(seats, button)
        # heads-up, the button posts the small blind and the other player the big blind
        return seats[ring[0]] if len(seats) == 2 else seats[ring[1]]

    def worst_seat(self, table: int) -> int | None:
        """The worst position at `table` for a player who joins it: the open seat that would
        be big blind next, or the nearest after it; never the small blind (TDA). None when the
        table's button is not known (any open seat when the table is empty or alone)."""
        free = self.open_seats(table)
        if not free:
            return None
        seats = self.tables[table]
        button = self.buttons.get(table)
        if button is None:
            return free[0] if len(seats) < 2 else None

        # each open seat tried in turn: where would the newcomer stand in the order of the
        # blinds? Index 1 is the next big blind (the worst position), then 2, 3...; index 0
        # would make him small blind, taken only when nothing else is open
        def rank(seat: int) -> int:
            index = _clockwise({**seats, seat: ""}, button).index(seat)
            return index if index else len(seats) + 1

        return min(free, key=rank)

    def break_table(self, table: int, rng: random.Random) -> list[Move]:
        """Break `table`: its players, in a random order, each draw a seat at the other tables
        as a new entry does (the moves are made here)."""
        players = [self.tables[table][s] for s in sorted(self.tables[table])]
        rng.shuffle(players)
        del self.tables[table]
        self.buttons.pop(table, None)
        moves = []
        for player in players:
            place = self.draw(rng)
            self.tables[place.table][place.seat] = player
            moves.append(Move(table, place.table, player, place.seat, "break"))
        return moves

    def final_redraw(self, rng: random.Random) -> list[Move]:
        """Everyone left draws a seat at the final table, table 1 (the moves are made
        here)."""
        before = {name: place for name, place in self.seat_list()}
        players = sorted(before, key=str.casefold)
        self.tables = {1: {}}
        self.buttons = {}
        seats = list(range(1, self.seats_at(1) + 1))
        rng.shuffle(seats)
        moves = []
        for player, seat in zip(players, seats, strict=False):
            self.tables[1][seat] = player
            moves.append(Move(before[player].table, 1, player, seat, "final"))
        return moves


def next_button(seats: Mapping[int, str], last: int) -> int:
    """Where the button goes after seat `last`: the next occupied seat (no dead button)."""
    ring = _clockwise(seats, last)
    return ring[0]


def _clockwise(seats: Mapping[int, str], button: int) -> list[int]:
    """The occupied seats in the order the blinds go round, starting after `button`."""
    after = sorted(s for s in seats if s > button)
    before = sorted(s for s in seats if s <= button)
    return after + before


def settle_room(room: Room, rng: random.Random) -> list[Move]:
    """What the room needs after a bust, made at once where Marquoir can name everyone: the
    final table drawn, or a table broken; the balancing move, when one is due, is returned
    (not made) for the director to carry out and record."""
    if room.final_due():
        return room.final_redraw(rng)
    table = room.table_to_break()
    if table is not None:
        return room.break_table(table, rng)
    move = room.balance()
    return [move] if move is not None else []


def seat_counts(room: Room) -> dict[int, int]:
    """Players at each open table."""
    return {t: room.count(t) for t in sorted(room.tables)}


def spread(counts: Iterable[int]) -> int:
    """The gap between the largest and the smallest table."""
    values = list(counts)
    return max(values) - min(values) if values else 0
